import Booking
import Foundation
import Hummingbird
import HummingbirdBcrypt
import NIOPosix
import Storage

/// Signing in and out: `POST /api/v1/session` sets an HttpOnly, SameSite cookie.
struct SessionController {
    let store: Store
    let configuration: ServerConfiguration

    static let lifetimeSeconds = 12 * 60 * 60

    struct SignIn: Decodable {
        var email: String
        var password: String
    }

    struct UserJSON: ResponseEncodable {
        var id: Int
        var email: String
        var name: String
        var role: String

        init(_ user: User) {
            id = user.id
            email = user.email
            name = user.name
            role = user.role.rawValue
        }
    }

    /// Routes open to anyone (signing in) and routes for the signed-in (who am I, signing out).
    func register(open: RouterGroup<AppRequestContext>, signedIn: RouterGroup<AppRequestContext>) {
        open.post("session", use: signIn)
        signedIn.get("session", use: current)
        signedIn.delete("session", use: signOut)
    }

    @Sendable func signIn(_ request: Request, context: AppRequestContext) async throws -> Response {
        let body = try await request.decodeJSON(as: SignIn.self, context: context)
        let found = try await UserRepository(store: store).credentials(email: body.email)
        // Hash even for an unknown email, so the answer takes as long either way.
        let hash = found?.passwordHash ?? Self.unknownUserHash
        let matches = try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(body.password, hash: hash) }
        guard let user = found?.user, matches else {
            throw APIError(.unauthorized, code: "unauthorized", "the email or the password is wrong", field: "password")
        }
        let token = SessionMiddleware.newToken()
        let expires = Int(Date().timeIntervalSince1970 * 1000) + Self.lifetimeSeconds * 1000
        try await UserRepository(store: store).startSession(
            userID: user.id, tokenHash: SessionMiddleware.hash(token), expiresAtMillis: expires)
        var response = try UserJSON(user).response(from: request, context: context)
        response.setCookie(
            Cookie(
                name: SessionMiddleware.cookieName, value: token, maxAge: Self.lifetimeSeconds, path: "/",
                secure: configuration.secureCookies, httpOnly: true, sameSite: .lax))
        return response
    }

    @Sendable func current(_ request: Request, context: AppRequestContext) async throws -> UserJSON {
        UserJSON(try context.requireUser())
    }

    @Sendable func signOut(_ request: Request, context: AppRequestContext) async throws -> Response {
        if let token = request.cookies[SessionMiddleware.cookieName]?.value {
            try await UserRepository(store: store).endSession(tokenHash: SessionMiddleware.hash(token))
        }
        var response = Response(status: .noContent)
        response.setCookie(
            Cookie(
                name: SessionMiddleware.cookieName, value: "", maxAge: 0, path: "/",
                secure: configuration.secureCookies,
                httpOnly: true, sameSite: .lax))
        return response
    }

    /// A bcrypt hash of nothing anyone can type, checked against when the email is unknown.
    static let unknownUserHash = Bcrypt.hash(SessionMiddleware.newToken(), cost: 10)
}
