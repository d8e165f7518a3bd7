/// What a member of staff may do.
public enum StaffRole: String, Sendable, CaseIterable {
    /// Everything, including forcing a check-out with an open balance.
    case manager
    /// The day's work: bookings, check-in and out, moves, charges and payments.
    case frontDesk = "front_desk"
    /// Reading only.
    case viewer

    public var mayChange: Bool { self != .viewer }
}

/// A member of staff who signs in.
public struct User: Hashable, Sendable, Identifiable {
    public var id: Int
    public var email: String
    public var name: String
    public var role: StaffRole

    public init(id: Int, email: String, name: String, role: StaffRole) {
        self.id = id
        self.email = email
        self.name = name
        self.role = role
    }

    /// Checks a new account's email and password.
    public static func validate(email: String, password: String) throws(DomainError) {
        try Guest.validate(name: "-", email: email, phone: "")
        guard !email.isEmpty else { throw .invalid("email", "an email address is required") }
        guard password.count >= 8 else { throw .invalid("password", "at least 8 characters") }
    }
}
