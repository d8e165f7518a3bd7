import Booking
import Hummingbird
import HummingbirdWebSocket
import Storage

/// The context every route gets: the signed-in member of staff, once `SessionMiddleware` has found them.
public struct AppRequestContext: RequestContext, WebSocketRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Where a WebSocket route leaves its handler for the upgrade.
    public let webSocket = WebSocketHandlerReference<Self>()
    public var user: User?
    /// The signed-in session's token, as stored (its SHA-256), for signing out.
    var sessionTokenHash: String?
    /// Where the request came from, for rate limits; nil in tests without a socket.
    public var remoteAddress: String?
    /// The signed-in member of staff's role at each property they work at (set with the user).
    var roles: [Int: StaffRole] = [:]
    /// Whether the request changes anything (neither GET nor HEAD): the work a role must allow when a
    /// route names none.
    var changes = false

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

    /// Whether the member of staff's role at a property reads money: answers to one that does not leave
    /// balances, payments and revenue out.
    func readsMoney(at propertyID: Int) -> Bool {
        roles[propertyID]?.readsMoney ?? false
    }

    /// The member of staff signed in, their roles, and the work the request does.
    func staff(for work: StaffWork? = nil) throws -> Staff {
        let roles = roles
        return Staff(try requireUser(), work: work ?? (changes ? .deskWork : .reading)) { roles[$0] }
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

extension Parameters {
    /// A path parameter that must be a positive whole number (an id), for the routes served by hand.
    func requireID(_ name: String) throws -> Int {
        guard let text = self.get(name), let id = Int(text), id > 0 else {
            throw DomainError(.invalid, "'\(self.get(name) ?? "")' is not an id", field: name)
        }
        return id
    }
}
