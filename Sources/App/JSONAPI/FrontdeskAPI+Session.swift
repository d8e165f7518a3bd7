import API
import Booking
import Foundation
import Hummingbird
import HummingbirdBcrypt
import NIOPosix
import Storage

/// Signing in and out: `POST /api/v1/session` sets an HttpOnly, SameSite cookie.
extension FrontdeskAPI {
    static let sessionLifetimeSeconds = 12 * 60 * 60

    func signIn(_ input: Operations.SignIn.Input) async throws -> Operations.SignIn.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let account = body.email.lowercased()
        let address = try context.remoteAddress ?? "local"
        let attempt: LimitRepository.SignInTry
        switch try await store.beginSignIn(account: account, address: address) {
        case .success(let counted): attempt = counted
        case .failure(let wait):
            return .tooManyRequests(
                .init(
                    headers: .init(retryAfter: String(wait.seconds)),
                    body: .json(
                        .init(
                            error: .init(
                                code: "rate_limited",
                                message: "too many wrong passwords; try again in \(wait.seconds / 60 + 1) minutes",
                                field: "password")))))
        }
        let found = try await store.credentials(email: body.email)
        // Hash even for an unknown email, at the accounts' cost, so the answer takes as long either way.
        let hash = found?.passwordHash ?? Self.unknownUserHash
        let matches = try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(body.password, hash: hash) }
        guard let user = found?.user, matches else {
            throw APIError(.unauthorized, code: "unauthorized", "the email or the password is wrong", field: "password")
        }
        try await store.signedIn(attempt)
        let token = SessionMiddleware.newToken()
        let expires = store.clock.nowMillis + Self.sessionLifetimeSeconds * 1000
        let tokenHash = SessionMiddleware.hash(token)
        try await store.startSession(userID: user.id, tokenHash: tokenHash, expiresAtMillis: expires)
        // The properties the member works at come with the answer: the desk opens one of them next.
        let roles = try await store.staff(sessionTokenHash: tokenHash)?.roles ?? [:]
        let properties = try await settings.properties(by: Staff(user, work: .reading) { roles[$0] })
        return .ok(
            .init(
                headers: .init(setCookie: sessionCookie(token, maxAge: Self.sessionLifetimeSeconds)),
                body: .json(
                    .init(
                        id: user.id, email: user.email, name: user.name, role: try documented(user.role.rawValue),
                        properties: try properties.map { try .init($0.property, member: $0.role) }))))
    }

    func getSession(_ input: Operations.GetSession.Input) async throws -> Operations.GetSession.Output {
        .ok(.init(body: .json(try .init(try context.requireUser()))))
    }

    func signOut(_ input: Operations.SignOut.Input) async throws -> Operations.SignOut.Output {
        if let tokenHash = try context.sessionTokenHash {
            try await store.endSession(tokenHash: tokenHash)
        }
        return .noContent(.init(headers: .init(setCookie: sessionCookie("", maxAge: 0))))
    }

    private func sessionCookie(_ token: String, maxAge: Int) -> String {
        Cookie(
            name: SessionMiddleware.cookieName, value: token, maxAge: maxAge, path: "/",
            secure: configuration.https, httpOnly: true, sameSite: .lax
        ).description
    }

    /// A bcrypt hash of nothing anyone can type, checked against when the email is unknown: made at
    /// the accounts' cost, so that the time of a refusal does not tell whether the account exists.
    static let unknownUserHash = Passwords.hash(SessionMiddleware.newToken())

    func getHealth(_ input: Operations.GetHealth.Input) async throws -> Operations.GetHealth.Output {
        .ok(.init(body: .json(.init(status: .ok, database: try documented(store.dialect.rawValue)))))
    }
}

extension Components.Schemas.User {
    init(_ user: Booking.User) throws {
        self.init(id: user.id, email: user.email, name: user.name, role: try documented(user.role.rawValue))
    }
}

/// How staff passwords are hashed.
public enum Passwords {
    /// bcrypt's cost for every account (and for the stand-in hash of an unknown email).
    public static let cost: UInt8 = 12

    public static func hash(_ password: String) -> String { Bcrypt.hash(password, cost: cost) }
}
