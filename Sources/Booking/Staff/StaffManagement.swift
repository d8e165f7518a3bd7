import Foundation

/// A member of staff as a property's staff list shows them: their account and their role there.
public struct StaffAccount: Hashable, Sendable {
    public var user: User
    public var role: StaffRole

    public init(user: User, role: StaffRole) {
        self.user = user
        self.role = role
    }
}

/// What managing a property's staff needs of storage: accounts, and who works where.
public protocol StaffStorage: StayStorage {
    /// The accounts working at a property, with their role there, by name.
    func staffAccounts(propertyID: Int) async throws -> [StaffAccount]
    /// An account by email (any case) or id, with its role at each property it works at.
    func account(email: String) async throws -> (user: User, roles: [Int: StaffRole])?
    func account(id: Int) async throws -> (user: User, roles: [Int: StaffRole])?
    /// A new account working at one property; `.conflict` when the email has one already.
    func createAccount(
        email: String, name: String, role: StaffRole, passwordHash: String, propertyID: Int, by userID: Int
    )
        async throws -> User
    /// Gives an account a role at a property, or a new one there.
    func setRole(_ role: StaffRole, userID: Int, propertyID: Int, by byUserID: Int) async throws
    /// Takes an account off a property's staff.
    func removeRole(userID: Int, propertyID: Int, by byUserID: Int) async throws
    /// Gives an account a new password and ends every session it has.
    func setPassword(userID: Int, passwordHash: String, propertyID: Int, by byUserID: Int) async throws
}

/// A property's staff, managed by its managers: who works there, with which role, and their
/// passwords when they forget them. A manager of one property cannot reach the accounts of another.
public struct StaffManagement<Storage: StaffStorage>: StayOperations {
    public let storage: Storage
    public let now: @Sendable () -> Date

    public init(storage: Storage, now: @escaping @Sendable () -> Date) {
        self.storage = storage
        self.now = now
    }

    /// The property's staff (a manager's page).
    public func staffAccounts(propertyID: Int, by staff: Staff) async throws -> [StaffAccount] {
        try await requireManager(of: propertyID, by: staff, to: "see the property's staff")
        return try await storage.staffAccounts(propertyID: propertyID)
    }

    /// Puts someone on the property's staff with a role: an account of that email already there (at
    /// another property) keeps its name and password; a new one needs a password (`hash` makes what is
    /// stored of it).
    public func addStaff(
        email: String, name: String, role: StaffRole, password: String?, propertyID: Int, by staff: Staff,
        hash: (String) async throws -> String
    ) async throws -> StaffAccount {
        try await requireManager(of: propertyID, by: staff, to: "add staff")
        let email = email.trimmingCharacters(in: .whitespaces).lowercased()
        try User.validate(email: email)
        if let existing = try await storage.account(email: email) {
            guard existing.roles[propertyID] == nil else {
                throw DomainError(
                    .conflict, "\(email) already works here", field: "email", reason: .staffAlreadyHere,
                    params: ["email": email])
            }
            try await storage.setRole(role, userID: existing.user.id, propertyID: propertyID, by: staff.user.id)
            return StaffAccount(user: existing.user, role: role)
        }
        let name =
            name.trimmingCharacters(in: .whitespaces).isEmpty
            ? String(email.prefix { $0 != "@" }) : name.trimmingCharacters(in: .whitespaces)
        try User.validate(name: name)
        guard let password else {
            throw DomainError.invalid("password", "a new account needs a password", reason: .staffPasswordNeeded)
        }
        try User.validate(password: password)
        let user = try await storage.createAccount(
            email: email, name: name, role: role, passwordHash: try await hash(password), propertyID: propertyID,
            by: staff.user.id)
        return StaffAccount(user: user, role: role)
    }

    /// Changes a member of staff's role at the property, or sets them a new password (which ends their
    /// sessions). A manager cannot take away their own manager's role, and sets a password only for
    /// someone who works nowhere but where that manager manages.
    public func changeStaff(
        userID: Int, role: StaffRole?, password: String?, propertyID: Int, by staff: Staff,
        hash: (String) async throws -> String
    ) async throws -> StaffAccount {
        try await requireManager(of: propertyID, by: staff, to: "change staff")
        let (user, current) = try await member(userID, of: propertyID)
        var roles = current
        if let role, role != roles[propertyID] {
            guard userID != staff.user.id else {
                throw DomainError.invalid("role", "you cannot take away your own manager's role", reason: .staffSelf)
            }
            try await storage.setRole(role, userID: userID, propertyID: propertyID, by: staff.user.id)
            roles[propertyID] = role
        }
        if let password {
            guard roles.keys.allSatisfy({ staff.roles($0) == .manager }) else {
                throw DomainError(
                    .forbidden, "\(user.name) also works at a property you do not manage: ask its manager",
                    field: "password", reason: .staffElsewhere)
            }
            try User.validate(password: password)
            try await storage.setPassword(
                userID: userID, passwordHash: try await hash(password), propertyID: propertyID, by: staff.user.id)
        }
        return StaffAccount(user: user, role: roles[propertyID] ?? user.role)
    }

    /// Takes a member of staff off the property's staff; their account stays for their other
    /// properties. A manager cannot take themselves off.
    public func removeStaff(userID: Int, propertyID: Int, by staff: Staff) async throws {
        try await requireManager(of: propertyID, by: staff, to: "remove staff")
        _ = try await member(userID, of: propertyID)
        guard userID != staff.user.id else {
            throw DomainError.invalid("userId", "you cannot take yourself off the staff", reason: .staffSelf)
        }
        try await storage.removeRole(userID: userID, propertyID: propertyID, by: staff.user.id)
    }

    /// The property (404 where the member of staff does not work), and its manager's rights.
    private func requireManager(of propertyID: Int, by staff: Staff, to what: String) async throws {
        _ = try await property(propertyID, by: staff.doing(.reading))
        try staff.requireManager(what, at: propertyID)
    }

    /// An account on the property's staff: 404 for anyone else.
    private func member(_ userID: Int, of propertyID: Int) async throws -> (user: User, roles: [Int: StaffRole]) {
        guard let account = try await storage.account(id: userID), account.roles[propertyID] != nil else {
            throw DomainError(.notFound, "no member of staff \(userID) here", field: "userId")
        }
        return account
    }
}
