import Booking
import Hummingbird
import HummingbirdWebSocket

/// The context every route gets: the signed-in member of staff, once `SessionMiddleware` has found them.
public struct AppRequestContext: RequestContext, WebSocketRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Where a WebSocket route leaves its handler for the upgrade.
    public let webSocket = WebSocketHandlerReference<Self>()
    public var user: User?
    /// Where the request came from, for rate limits; nil in tests without a socket.
    public var remoteAddress: String?

    public init(source: Source) {
        coreContext = .init(source: source)
        user = nil
        remoteAddress = source.channel.remoteAddress?.ipAddress
    }

    /// The signed-in user; 401 without one.
    func requireUser() throws -> User {
        guard let user else { throw APIError(.unauthorized, code: "unauthorized", "sign in first") }
        return user
    }
}

/// A refusal of the API itself (not of the domain's rules): no session, not allowed, too large.
struct APIError: Error {
    var status: HTTPResponse.Status
    var code: String
    var message: String
    var field: String?

    init(_ status: HTTPResponse.Status, code: String, _ message: String, field: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
    }
}
