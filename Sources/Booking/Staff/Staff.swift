/// A member of staff at work: their role at each property they work at, and the kind of work they
/// are doing, which that role must allow.
public struct Staff: Sendable {
    public var user: User
    /// What the request does: reading, desk work, housekeeping, managing, or reading the accounts.
    public var work: StaffWork
    /// Their role at a property; nil where they do not work.
    public var roles: @Sendable (Int) -> StaffRole?

    public init(_ user: User, work: StaffWork = .deskWork, roles: @escaping @Sendable (Int) -> StaffRole?) {
        self.user = user
        self.work = work
        self.roles = roles
    }

    /// At every property, with their account's role: the command line's and tests' staff.
    public init(_ user: User, work: StaffWork = .deskWork) {
        self.init(user, work: work) { _ in user.role }
    }

    /// The same member doing another kind of work: what an operation that decides its own kind asks.
    public func doing(_ work: StaffWork) -> Staff {
        Staff(user, work: work, roles: roles)
    }

    /// Whether they work at a property: another property's stays do not exist for them. Where they
    /// do, a role that does not allow the work is refused (`.forbidden`).
    public func worksAt(_ propertyID: Int) throws(DomainError) -> Bool {
        guard let role = roles(propertyID) else { return false }
        guard role.may(work) else {
            throw DomainError(
                .forbidden, "a member of staff with the role \(role.rawValue) cannot do this here",
                reason: .staffRoleRefused, params: ["role": role.rawValue])
        }
        return true
    }

    /// Refuses what only a manager of the property may do: for someone who does not work there, the
    /// property does not exist (as `worksAt` answers), so that ids cannot be probed.
    public func requireManager(_ what: String, at propertyID: Int, field: String? = nil) throws(DomainError) {
        guard let role = roles(propertyID) else {
            throw DomainError(.notFound, "no property \(propertyID)", field: "id")
        }
        guard role == .manager else {
            throw DomainError(.forbidden, "only a manager can \(what)", field: field, reason: .staffManagerOnly)
        }
    }
}
