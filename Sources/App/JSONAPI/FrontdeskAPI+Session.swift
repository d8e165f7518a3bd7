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
        let attempt: SignInThrottle.Try
        switch await throttle.begin(account: account, address: address) {
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
        let found = try await store.users.credentials(email: body.email)
        // Hash even for an unknown email, at the accounts' cost, so the answer takes as long either way.
        let hash = found?.passwordHash ?? Self.unknownUserHash
        let matches = try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(body.password, hash: hash) }
        guard let user = found?.user, matches else {
            throw APIError(.unauthorized, code: "unauthorized", "the email or the password is wrong", field: "password")
        }
        await throttle.succeeded(attempt)
        let token = SessionMiddleware.newToken()
        let expires = store.clock.nowMillis + Self.sessionLifetimeSeconds * 1000
        try await store.users.startSession(
            userID: user.id, tokenHash: SessionMiddleware.hash(token), expiresAtMillis: expires)
        return .ok(
            .init(
                headers: .init(setCookie: sessionCookie(token, maxAge: Self.sessionLifetimeSeconds)),
                body: .json(try .init(user))))
    }

    func getSession(_ input: Operations.GetSession.Input) async throws -> Operations.GetSession.Output {
        .ok(.init(body: .json(try .init(try context.requireUser()))))
    }

    func signOut(_ input: Operations.SignOut.Input) async throws -> Operations.SignOut.Output {
        if let tokenHash = try context.sessionTokenHash {
            try await store.users.endSession(tokenHash: tokenHash)
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

/// Slows down password guessing: after `perAccount` wrong passwords for one email (or `perAddress`
/// from one address) within `window`, sign-in is refused with 429 until the oldest ages out, whatever
/// the password. A right password clears the account's count. Kept in memory, per server instance.
///
/// A try is counted as wrong when it starts, before its password is checked, and taken back when the
/// password was right: guesses sent at once are counted one after another, never all checked against
/// the same count.
actor SignInThrottle {
    static let perAccount = 5
    static let perAddress = 30
    static let window: Duration = .seconds(15 * 60)

    /// A try under way: when it was counted, to take it back from the address's count.
    struct Try: Sendable {
        let account: String
        let address: String
        let at: ContinuousClock.Instant
    }

    private var failures: [String: [ContinuousClock.Instant]] = [:]

    /// Counts a try for `account` from `address`, or answers the seconds to wait when either is at its
    /// limit (the try is then not counted).
    func begin(account: String, address: String, now: ContinuousClock.Instant = .now) -> Result<Try, Wait> {
        let keys = [("account:" + account, Self.perAccount), ("address:" + address, Self.perAddress)]
        let waits = keys.compactMap { key, limit -> Int? in
            let recent = (failures[key] ?? []).filter { $0.duration(to: now) < Self.window }
            failures[key] = recent.isEmpty ? nil : recent
            guard recent.count >= limit, let oldest = recent.first else { return nil }
            return max(1, Int((Self.window - oldest.duration(to: now)).inSeconds.rounded(.up)))
        }
        if let wait = waits.max() { return .failure(Wait(seconds: wait)) }
        for (key, _) in keys { failures[key, default: []].append(now) }
        if failures.count > 100_000 {
            failures = failures.filter { ($0.value.last ?? now).duration(to: now) < Self.window }
        }
        return .success(Try(account: account, address: address, at: now))
    }

    /// The password was right: the account's count starts again, and the try no longer counts against
    /// the address.
    func succeeded(_ attempt: Try) {
        failures["account:" + attempt.account] = nil
        let key = "address:" + attempt.address
        if let index = failures[key]?.firstIndex(of: attempt.at) { failures[key]?.remove(at: index) }
        if failures[key]?.isEmpty == true { failures[key] = nil }
    }

    struct Wait: Error {
        let seconds: Int
    }
}
