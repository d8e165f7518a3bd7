import API
import Booking
import NIOPosix

/// A property's staff: its managers list them, add them, change their roles and passwords, and take
/// them off.
extension FrontdeskAPI {
    func listStaff(_ input: Operations.ListStaff.Input) async throws -> Operations.ListStaff.Output {
        let accounts = try await staffManagement.staffAccounts(propertyID: input.path.id, by: try staff)
        return .ok(.init(body: .json(.init(staff: try accounts.map(Components.Schemas.StaffAccount.init)))))
    }

    func addStaff(_ input: Operations.AddStaff.Input) async throws -> Operations.AddStaff.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let account = try await staffManagement.addStaff(
            email: body.email, name: body.name ?? "", role: try StaffRole(body.role), password: body.password,
            propertyID: input.path.id, by: try staff(for: .managing), hash: Self.hashOffTheLoop)
        return .created(.init(body: .json(try .init(account))))
    }

    func changeStaff(_ input: Operations.ChangeStaff.Input) async throws -> Operations.ChangeStaff.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let account = try await staffManagement.changeStaff(
            userID: input.path.userId, role: try body.role.map(StaffRole.init), password: body.password,
            propertyID: input.path.id, by: try staff(for: .managing), hash: Self.hashOffTheLoop)
        return .ok(.init(body: .json(try .init(account))))
    }

    func removeStaff(_ input: Operations.RemoveStaff.Input) async throws -> Operations.RemoveStaff.Output {
        try await staffManagement.removeStaff(
            userID: input.path.userId, propertyID: input.path.id, by: try staff(for: .managing))
        return .noContent(.init())
    }

    private func staff(for work: StaffWork) throws -> Staff { try context.staff(for: work) }

    /// bcrypt at the accounts' cost takes a quarter of a second: on the thread pool, not the event loop.
    @Sendable private static func hashOffTheLoop(_ password: String) async throws -> String {
        try await NIOThreadPool.singleton.runIfActive { Passwords.hash(password) }
    }
}

extension StaffRole {
    init(_ role: Components.Schemas.StaffRole) throws {
        guard let role = StaffRole(rawValue: role.rawValue) else {
            throw DomainError.invalid("role", "'\(role.rawValue)' is not a role")
        }
        self = role
    }
}

extension Components.Schemas.StaffAccount {
    init(_ account: StaffAccount) throws {
        self.init(
            id: account.user.id, email: account.user.email, name: account.user.name,
            role: try documented(account.role.rawValue))
    }
}
