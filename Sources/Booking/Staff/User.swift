/// What a member of staff may do.
public enum StaffRole: String, Sendable, CaseIterable {
    /// Everything, including forcing a check-out with an open balance.
    case manager
    /// The day's work: bookings, check-in and out, moves, charges and payments.
    case frontDesk = "front_desk"
    /// Rooms: who cleans them, their state, and rooms out of service; reading the rest.
    case housekeeping
    /// Reading only.
    case viewer

    /// Whether the role reads money (balances, payments, prices charged, revenue): housekeeping does not,
    /// and every answer to it leaves them out.
    public var readsMoney: Bool { may(.accounts) }

    /// The kinds of work the role allows, in `StaffWork`'s order: what the server tells the desk this
    /// member of staff may do at a property.
    public var work: [StaffWork] { StaffWork.allCases.filter(may) }

    /// Whether the role may do a kind of work.
    public func may(_ work: StaffWork) -> Bool {
        switch (self, work) {
        case (.manager, _), (_, .reading): true
        case (.frontDesk, .deskWork), (.frontDesk, .housekeeping), (.housekeeping, .housekeeping): true
        case (.frontDesk, .accounts), (.viewer, .accounts): true
        default: false
        }
    }
}

/// The kinds of work a member of staff's role allows at a property.
public enum StaffWork: String, CaseIterable, Sendable {
    /// Reading what the property has: boards, stays, folios, lists.
    case reading
    /// Bookings, check-in and out, moves, charges and payments, appointments.
    case deskWork
    /// Rooms' housekeeping states and rooms out of service.
    case housekeeping
    /// Rates, the property's texts and issuer, its staff.
    case managing
    /// Reading the money: the property's ledger and its reports (not housekeeping's).
    case accounts
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
        try validate(email: email)
        try validate(password: password)
    }

    /// Checks the email an account signs in with.
    public static func validate(email: String) throws(DomainError) {
        guard !email.isEmpty else { throw .invalid("email", "an email address is required", reason: .textRequired) }
        do {
            try Guest.validate(name: "-", email: email, phone: "")
        } catch {
            throw .invalid("email", "'\(email)' is not an email address", reason: .emailInvalid)
        }
    }

    /// The longest name an account is shown by, in characters (one line).
    public static let nameLimit = 80

    /// Checks the name an account is shown by: one line of at most `nameLimit` characters.
    public static func validate(name: String) throws(DomainError) {
        guard !name.isEmpty else { throw .invalid("name", "a name is required", reason: .textRequired) }
        try FreeText.validate(name, field: "name", limit: nameLimit, lines: false)
    }

    /// A password's length: at least 8 characters, at most 72 bytes (bcrypt reads no further).
    public static let passwordLength = 8...72

    /// Checks a password: 8 to 72 bytes (bcrypt reads no further).
    public static func validate(password: String) throws(DomainError) {
        guard password.count >= passwordLength.lowerBound else {
            throw .invalid("password", "at least 8 characters", reason: .passwordShort)
        }
        guard password.utf8.count <= passwordLength.upperBound else {
            throw .invalid("password", "at most 72 bytes", reason: .passwordLong)
        }
    }
}
