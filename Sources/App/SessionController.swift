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
    let throttle = SignInThrottle()

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
        // Made now, once a process, so that the first unknown email is not told apart by its making.
        _ = Self.unknownUserHash
        open.post("session", use: signIn)
        signedIn.get("session", use: current)
        signedIn.delete("session", use: signOut)
    }

    @Sendable func signIn(_ request: Request, context: AppRequestContext) async throws -> Response {
        let body = try await request.decodeJSON(as: SignIn.self, context: context)
        let account = body.email.lowercased()
        let address = context.remoteAddress ?? "local"
        if let wait = await throttle.wait(account: account, address: address) {
            var response = ErrorMiddleware<AppRequestContext>.response(
                .tooManyRequests, code: "rate_limited",
                "too many wrong passwords; try again in \(wait / 60 + 1) minutes", field: "password")
            response.headers[.retryAfter] = String(wait)
            return response
        }
        let found = try await UserRepository(store: store).credentials(email: body.email)
        // Hash even for an unknown email, at the accounts' cost, so the answer takes as long either way.
        let hash = found?.passwordHash ?? Self.unknownUserHash
        let matches = try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(body.password, hash: hash) }
        guard let user = found?.user, matches else {
            await throttle.failed(account: account, address: address)
            throw APIError(.unauthorized, code: "unauthorized", "the email or the password is wrong", field: "password")
        }
        await throttle.succeeded(account: account)
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

    /// A bcrypt hash of nothing anyone can type, checked against when the email is unknown: made at
    /// the accounts' cost, so that the time of a refusal does not tell whether the account exists.
    static let unknownUserHash = Passwords.hash(SessionMiddleware.newToken())
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
actor SignInThrottle {
    static let perAccount = 5
    static let perAddress = 30
    static let window: TimeInterval = 15 * 60

    private var failures: [String: [Date]] = [:]

    /// Seconds to wait before another try, or nil to go on.
    func wait(account: String, address: String, now: Date = Date()) -> Int? {
        let waits = [("account:" + account, Self.perAccount), ("address:" + address, Self.perAddress)].compactMap {
            key, limit -> Int? in
            let recent = (failures[key] ?? []).filter { now.timeIntervalSince($0) < Self.window }
            failures[key] = recent.isEmpty ? nil : recent
            guard recent.count >= limit, let oldest = recent.first else { return nil }
            return max(1, Int((Self.window - now.timeIntervalSince(oldest)).rounded(.up)))
        }
        return waits.max()
    }

    func failed(account: String, address: String, now: Date = Date()) {
        for key in ["account:" + account, "address:" + address] { failures[key, default: []].append(now) }
        if failures.count > 100_000 {
            failures = failures.filter { now.timeIntervalSince($0.value.last ?? now) < Self.window }
        }
    }

    func succeeded(account: String) { failures["account:" + account] = nil }
}
