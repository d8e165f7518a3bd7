import Booking
import SQLKit

/// Staff accounts and their sessions. Passwords arrive hashed; session tokens arrive hashed too, so
/// the database never holds anything that signs someone in.
public struct UserRepository: Sendable {
    let store: Store

    init(store: Store) {
        self.store = store
    }

    /// A new account, with `role` at each of `properties`; nil gives it every property there is now.
    /// `recorded` writes in the same transaction (an audit row).
    public func create(
        email: String, name: String, role: StaffRole, passwordHash: String, properties: [Int]? = nil,
        recorded: (@Sendable (User, any SQLDatabase) async throws -> Void)? = nil
    ) async throws -> User {
        do {
            return try await store.write { sql in
                let rowID = try await sql.insertReturningID(
                    """
                    INSERT INTO users (email, name, role, password_hash)
                    VALUES (\(bind: email.lowercased()), \(bind: name), \(bind: role.rawValue), \(bind: passwordHash))
                    RETURNING id
                    """
                )
                if let properties {
                    for propertyID in properties {
                        try await Self.grant(userID: rowID, propertyID: propertyID, role: role, in: sql)
                    }
                } else {
                    try await sql.raw(
                        """
                        INSERT INTO staff_memberships (user_id, property_id, role)
                        SELECT \(bind: rowID), id, \(bind: role.rawValue) FROM properties
                        """
                    ).run()
                }
                let user = User(id: rowID, email: email.lowercased(), name: name, role: role)
                try await recorded?(user, sql)
                return user
            }
        } catch  where error.isConstraintFailure {
            throw DomainError(
                .conflict, "there is already an account for \(email), or no such property", field: "email",
                reason: .staffEmailTaken, params: ["email": email.lowercased()])
        }
    }

    /// Gives a member of staff a role at a property, or a new one there.
    public func grant(userID: Int, propertyID: Int, role: StaffRole) async throws {
        try await store.write { sql in try await Self.grant(userID: userID, propertyID: propertyID, role: role, in: sql)
        }
    }

    /// Takes a member of staff off a property's staff.
    public func revoke(userID: Int, propertyID: Int) async throws {
        try await store.write { sql in try await Self.revoke(userID: userID, propertyID: propertyID, in: sql) }
    }

    private static func revoke(userID: Int, propertyID: Int, in sql: any SQLDatabase) async throws {
        try await sql.raw(
            "DELETE FROM staff_memberships WHERE user_id = \(bind: userID) AND property_id = \(bind: propertyID)"
        ).run()
    }

    private static func grant(userID: Int, propertyID: Int, role: StaffRole, in sql: any SQLDatabase) async throws {
        try await sql.raw(
            """
            INSERT INTO staff_memberships (user_id, property_id, role)
            VALUES (\(bind: userID), \(bind: propertyID), \(bind: role.rawValue))
            ON CONFLICT (user_id, property_id) DO UPDATE SET role = excluded.role
            """
        ).run()
    }

    /// A member of staff's role at each property they work at.
    public func roles(userID: Int) async throws -> [Int: StaffRole] {
        try await store.read { sql in try await Self.roles(userID: userID, in: sql) }
    }

    private static func roles(userID: Int, in sql: any SQLDatabase) async throws -> [Int: StaffRole] {
        var roles: [Int: StaffRole] = [:]
        for row in try await sql.raw(
            "SELECT property_id, role FROM staff_memberships WHERE user_id = \(bind: userID)"
        ).all() {
            guard let role = StaffRole(rawValue: try row.decode(column: "role", as: String.self)) else { continue }
            roles[try row.decode(column: "property_id", as: Int.self)] = role
        }
        return roles
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
            try await sql.raw(
                """
                INSERT INTO sessions (token_hash, user_id, expires_at)
                VALUES (\(bind: tokenHash), \(bind: userID), \(bind: expiresAtMillis))
                """
            ).run()
        }
    }

    /// The user a session belongs to, unless it has expired, and their role at each property.
    public func staff(sessionTokenHash: String) async throws -> (user: User, roles: [Int: StaffRole])? {
        try await store.read { sql in
            guard
                let user = try await sql.raw(
                    """
                    SELECT u.* FROM sessions s JOIN users u ON u.id = s.user_id
                    WHERE s.token_hash = \(bind: sessionTokenHash) AND s.expires_at > \(bind: store.clock.nowMillis)
                    """
                ).first().map(Self.user(from:))
            else { return nil }
            return (user, try await Self.roles(userID: user.id, in: sql))
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

    // MARK: - A property's staff

    /// The accounts working at a property, with their role there, by name.
    public func staffAccounts(propertyID: Int) async throws -> [StaffAccount] {
        try await store.read { sql in
            try await sql.raw(
                """
                SELECT u.*, m.role AS property_role FROM staff_memberships m JOIN users u ON u.id = m.user_id
                WHERE m.property_id = \(bind: propertyID) ORDER BY u.name, u.id
                """
            ).all().map { row in
                StaffAccount(
                    user: try Self.user(from: row),
                    role: StaffRole(rawValue: try row.decode(column: "property_role", as: String.self)) ?? .viewer)
            }
        }
    }

    /// An account by email (any case) or id, with its role at each property it works at.
    public func account(email: String) async throws -> (user: User, roles: [Int: StaffRole])? {
        try await account(where: "email = \(bind: email.lowercased())")
    }

    public func account(id: Int) async throws -> (user: User, roles: [Int: StaffRole])? {
        try await account(where: "id = \(bind: id)")
    }

    private func account(where condition: SQLQueryString) async throws -> (user: User, roles: [Int: StaffRole])? {
        try await store.read { sql in
            guard let user = try await sql.raw("SELECT * FROM users WHERE \(condition)").first().map(Self.user(from:))
            else { return nil }
            return (user, try await Self.roles(userID: user.id, in: sql))
        }
    }

    /// A new account working at one property, with an audit row there.
    public func createAccount(
        email: String, name: String, role: StaffRole, passwordHash: String, propertyID: Int, by byUserID: Int
    ) async throws -> User {
        try await create(email: email, name: name, role: role, passwordHash: passwordHash, properties: [propertyID]) {
            user, sql in
            try await Journal.record(
                in: sql, at: store.clock.nowMillis, propertyID: propertyID, userID: byUserID, entity: "staff",
                entityID: user.id, action: "added",
                before: nil as StaffRecord?, after: StaffRecord(email: user.email, role: role.rawValue))
        }
    }

    /// Gives an account a role at a property (or a new one there), with an audit row.
    public func setRole(_ role: StaffRole, userID: Int, propertyID: Int, by byUserID: Int) async throws {
        try await store.write { sql in
            let before = try await Self.roles(userID: userID, in: sql)[propertyID]
            try await Self.grant(userID: userID, propertyID: propertyID, role: role, in: sql)
            try await Journal.record(
                in: sql, at: store.clock.nowMillis, propertyID: propertyID, userID: byUserID, entity: "staff",
                entityID: userID,
                action: before == nil ? "added" : "role", before: before.map { StaffRecord(role: $0.rawValue) },
                after: StaffRecord(role: role.rawValue))
        }
    }

    /// Takes an account off a property's staff, with an audit row.
    public func removeRole(userID: Int, propertyID: Int, by byUserID: Int) async throws {
        try await store.write { sql in
            let before = try await Self.roles(userID: userID, in: sql)[propertyID]
            try await Self.revoke(userID: userID, propertyID: propertyID, in: sql)
            try await Journal.record(
                in: sql, at: store.clock.nowMillis, propertyID: propertyID, userID: byUserID, entity: "staff",
                entityID: userID,
                action: "removed", before: before.map { StaffRecord(role: $0.rawValue) }, after: nil)
        }
    }

    /// Gives an account a new password and ends its sessions, with an audit row (without the hash).
    public func setPassword(userID: Int, passwordHash: String, propertyID: Int, by byUserID: Int) async throws {
        try await store.write { sql in
            try await sql.raw("UPDATE users SET password_hash = \(bind: passwordHash) WHERE id = \(bind: userID)").run()
            try await sql.raw("DELETE FROM sessions WHERE user_id = \(bind: userID)").run()
            try await Journal.record(
                in: sql, at: store.clock.nowMillis, propertyID: propertyID, userID: byUserID, entity: "staff",
                entityID: userID,
                action: "password", before: nil as StaffRecord?, after: nil as StaffRecord?)
        }
    }
}

/// What the audit log keeps of a change to a property's staff.
struct StaffRecord: Encodable {
    var email: String?
    var role: String?
}
