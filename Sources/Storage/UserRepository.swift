import Booking
import SQLKit

/// Staff accounts and their sessions. Passwords arrive hashed; session tokens arrive hashed too, so
/// the database never holds anything that signs someone in.
public struct UserRepository: Sendable {
    let store: Store

    public init(store: Store) {
        self.store = store
    }

    public func create(email: String, name: String, role: StaffRole, passwordHash: String) async throws -> User {
        do {
            return try await store.write { sql in
                let rowID = try await sql.insertReturningID(
                    """
                    INSERT INTO users (email, name, role, password_hash)
                    VALUES (\(bind: email.lowercased()), \(bind: name), \(bind: role.rawValue), \(bind: passwordHash))
                    RETURNING id
                    """
                )
                return User(
                    id: rowID, email: email.lowercased(), name: name, role: role)
            }
        } catch  where error.isConstraintFailure {
            throw DomainError(.conflict, "there is already an account for \(email)", field: "email")
        }
    }

    /// A user and their password hash, by email (any case).
    public func credentials(email: String) async throws -> (user: User, passwordHash: String)? {
        try await store.read { sql in
            guard let row = try await sql.raw("SELECT * FROM users WHERE email = \(bind: email.lowercased())").first()
            else { return nil }
            return (try Self.user(from: row), try row.decode(column: "password_hash", as: String.self))
        }
    }

    public func startSession(userID: Int, tokenHash: String, expiresAtMillis: Int) async throws {
        try await store.write { sql in
            try await sql.raw("DELETE FROM sessions WHERE expires_at < \(bind: Clock.nowMillis)").run()
            try await sql.raw(
                """
                INSERT INTO sessions (token_hash, user_id, expires_at)
                VALUES (\(bind: tokenHash), \(bind: userID), \(bind: expiresAtMillis))
                """
            ).run()
        }
    }

    /// The user a session belongs to, unless it has expired.
    public func user(sessionTokenHash: String) async throws -> User? {
        try await store.read { sql in
            try await sql.raw(
                """
                SELECT u.* FROM sessions s JOIN users u ON u.id = s.user_id
                WHERE s.token_hash = \(bind: sessionTokenHash) AND s.expires_at > \(bind: Clock.nowMillis)
                """
            ).first().map(Self.user(from:))
        }
    }

    public func endSession(tokenHash: String) async throws {
        try await store.write { sql in
            try await sql.raw("DELETE FROM sessions WHERE token_hash = \(bind: tokenHash)").run()
        }
    }

    static func user(from row: any SQLRow) throws -> User {
        User(
            id: try row.decode(column: "id", as: Int.self), email: try row.decode(column: "email", as: String.self),
            name: try row.decode(column: "name", as: String.self),
            role: StaffRole(rawValue: try row.decode(column: "role", as: String.self)) ?? .viewer)
    }
}
