import API
import Booking
import Foundation

/// A salon's services and the members of staff who are the rows of its board, as its manager adds, changes
/// and removes them. Each decodes, calls `SalonDesk` and encodes what it stored.
extension FrontdeskAPI {
    func addSalonService(_ input: Operations.AddSalonService.Input) async throws -> Operations.AddSalonService.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let service = try await salonDesk.addService(
            to: input.path.id,
            ServiceDraft(
                name: body.name, durationMinutes: body.durationMinutes, price: try body.price.money(field: "price")),
            by: try staff)
        return .created(.init(body: .json(try .init(service))))
    }

    func changeSalonService(_ input: Operations.ChangeSalonService.Input) async throws
        -> Operations.ChangeSalonService.Output
    {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let service = try await salonDesk.changeService(
            input.path.serviceId, at: input.path.id,
            ServiceDraft(
                name: body.name, durationMinutes: body.durationMinutes, price: try body.price?.money(field: "price")),
            by: try staff)
        return .ok(.init(body: .json(try .init(service))))
    }

    func removeSalonService(_ input: Operations.RemoveSalonService.Input) async throws
        -> Operations.RemoveSalonService.Output
    {
        try await salonDesk.removeService(input.path.serviceId, at: input.path.id, by: try staff)
        return .noContent(.init())
    }

    func addSalonMember(_ input: Operations.AddSalonMember.Input) async throws -> Operations.AddSalonMember.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let member = try await salonDesk.addMember(
            to: input.path.id,
            MemberDraft(name: body.name, team: body.team, colour: body.colour, bookableOnline: body.bookableOnline),
            by: try staff)
        return .created(.init(body: .json(.init(member))))
    }

    func changeSalonMember(_ input: Operations.ChangeSalonMember.Input) async throws
        -> Operations.ChangeSalonMember.Output
    {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let member = try await salonDesk.changeMember(
            input.path.staffId, at: input.path.id,
            MemberDraft(name: body.name, team: body.team, colour: body.colour, bookableOnline: body.bookableOnline),
            by: try staff)
        return .ok(.init(body: .json(.init(member))))
    }

    func removeSalonMember(_ input: Operations.RemoveSalonMember.Input) async throws
        -> Operations.RemoveSalonMember.Output
    {
        try await salonDesk.removeMember(input.path.staffId, at: input.path.id, by: try staff)
        return .noContent(.init())
    }
}

extension Components.Schemas.SalonService {
    init(_ service: Service) throws {
        self.init(
            id: service.id, name: service.name, durationMinutes: service.durationMinutes,
            price: try .init(service.price))
    }
}

extension Components.Schemas.SalonMember {
    init(_ member: StaffMember) {
        self.init(
            id: member.id, name: member.name, team: member.team, colour: member.colour,
            bookableOnline: member.bookableOnline)
    }
}
