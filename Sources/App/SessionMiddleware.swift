import Booking
import Crypto
import Foundation
import Hummingbird
import Storage

/// Finds the member of staff behind a request's session cookie, with their role at each property:
/// 401 without one, and 403 when someone whose roles allow no change anywhere tries one. The role at
/// the property a route acts on is checked by the domain's operation it calls (`StayOperations`,
/// `Staff.worksAt`), with the member of staff this finds (`AppRequestContext.staff`).
struct SessionMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    static let cookieName = "frontdesk_session"

    let store: Store

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard let token = request.cookies[Self.cookieName]?.value,
            case let tokenHash = Self.hash(token),
            let (user, roles) = try await store.staff(sessionTokenHash: tokenHash)
        else { throw APIError(.unauthorized, code: "unauthorized", "sign in first") }
        let signingOut = request.method == .delete && request.uri.path == "/api/v1/session"
        let changes = request.method != .get && request.method != .head && !signingOut
        // Someone who works nowhere finds nothing (404), at each route's own check.
        if changes && !roles.isEmpty && !roles.values.contains(where: { $0.may(.deskWork) || $0.may(.housekeeping) }) {
            throw APIError(.forbidden, code: "forbidden", "a viewer cannot change anything")
        }
        var context = context
        context.user = user
        context.sessionTokenHash = tokenHash
        context.roles = roles
        context.changes = changes
        return try await next(request, context)
    }

    /// Tokens are stored only as their SHA-256, so the database holds nothing that signs anyone in.
    static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// A new random session token: 32 bytes, URL-safe.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
