import API
import Booking
import Storage

/// What the front desk does to a stay in one step: check it in and out, cancel it, mark a no-show,
/// reinstate it, move the guest. Each answers with the stay and its new version as `ETag`, and
/// honours `If-Match` when sent.
extension FrontdeskAPI {
    /// Checks the guest in and posts the stay's charges to the folio (`StayCharges`): a line a night at
    /// the rate it was booked at, fees and taxes, from the same quote the guest site shows.
    func checkIn(_ input: Operations.CheckIn.Input) async throws -> Operations.CheckIn.Output {
        let override =
            switch input.body {
            case .json(let body)?: body.override ?? false
            case nil: false
            }
        let (stay, property) = try await stayAndProperty(input.path.id)
        let today = property.today()
        let repository = PropertyRepository(store: store)
        let room = try await stay.roomID(on: today).asyncMap { try await repository.room(id: $0) } ?? nil
        guard
            let roomType = try await repository.roomTypes(propertyID: property.id).first(where: {
                $0.id == stay.roomTypeID
            })
        else { throw DomainError(.notFound, "the stay's room type is gone") }
        return .ok(
            try await changeStay(stay.id, version: IfMatch(input.headers.ifMatch).expectedVersion, action: "check-in") {
                stay, transaction in
                try stay.checkIn(today: today, room: room, override: override)
                try await transaction.correctCharges(of: stay, roomType: roomType, property: property)
            })
    }

    func checkOut(_ input: Operations.CheckOut.Input) async throws -> Operations.CheckOut.Output {
        let force =
            switch input.body {
            case .json(let body)?: body.force ?? false
            case nil: false
            }
        if try force && context.requireUser().role != .manager {
            throw APIError(
                .forbidden, code: "forbidden", "only a manager can check out with an open balance", field: "force")
        }
        let (stay, _) = try await stayAndProperty(input.path.id)
        return .ok(
            try await changeStay(stay.id, version: IfMatch(input.headers.ifMatch).expectedVersion, action: "check-out")
            {
                stay, transaction in
                try stay.checkOut(balance: try await transaction.folio(stayID: stay.id).balance, forcedByManager: force)
            })
    }

    func cancelStay(_ input: Operations.CancelStay.Input) async throws -> Operations.CancelStay.Output {
        let (stay, _) = try await stayAndProperty(input.path.id)
        return .ok(
            try await changeStay(stay.id, version: IfMatch(input.headers.ifMatch).expectedVersion, action: "cancel") {
                stay, _ in try stay.cancel()
            })
    }

    func markNoShow(_ input: Operations.MarkNoShow.Input) async throws -> Operations.MarkNoShow.Output {
        let (stay, property) = try await stayAndProperty(input.path.id)
        let today = property.today()
        return .ok(
            try await changeStay(stay.id, version: IfMatch(input.headers.ifMatch).expectedVersion, action: "no-show") {
                stay, _ in try stay.markNoShow(today: today)
            })
    }

    /// Takes back a cancellation or a no-show made by mistake: managers only.
    func reinstateStay(_ input: Operations.ReinstateStay.Input) async throws -> Operations.ReinstateStay.Output {
        guard try context.requireUser().role == .manager else {
            throw APIError(.forbidden, code: "forbidden", "only a manager can reinstate a stay")
        }
        let (stay, property) = try await stayAndProperty(input.path.id)
        let today = property.today()
        return .ok(
            try await changeStay(stay.id, version: IfMatch(input.headers.ifMatch).expectedVersion, action: "reinstate")
            {
                stay, _ in try stay.reinstate(today: today)
            })
    }

    /// Moves the guest to another room from a night on (the air conditioning broke).
    func moveStay(_ input: Operations.MoveStay.Input) async throws -> Operations.MoveStay.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let night = try Day.parse(body.fromDate, field: "fromDate")
        let (stay, property) = try await stayAndProperty(input.path.id)
        try await requireRoom(body.roomId, of: property)
        return .ok(
            try await changeStay(stay.id, version: IfMatch(input.headers.ifMatch).expectedVersion, action: "move") {
                stay, _ in try stay.move(toRoom: body.roomId, fromNight: night)
            })
    }
}

/// The `200` of a stay action: the stay, its version as `ETag`.
protocol ChangedStayAnswer {
    init(eTag: String, stay: Components.Schemas.Stay)
}

extension Operations.EditStay.Output.Ok: ChangedStayAnswer {
    init(eTag: String, stay: Components.Schemas.Stay) { self.init(headers: .init(eTag: eTag), body: .json(stay)) }
}

extension Operations.CheckIn.Output.Ok: ChangedStayAnswer {
    init(eTag: String, stay: Components.Schemas.Stay) { self.init(headers: .init(eTag: eTag), body: .json(stay)) }
}

extension Operations.CheckOut.Output.Ok: ChangedStayAnswer {
    init(eTag: String, stay: Components.Schemas.Stay) { self.init(headers: .init(eTag: eTag), body: .json(stay)) }
}

extension Operations.CancelStay.Output.Ok: ChangedStayAnswer {
    init(eTag: String, stay: Components.Schemas.Stay) { self.init(headers: .init(eTag: eTag), body: .json(stay)) }
}

extension Operations.MarkNoShow.Output.Ok: ChangedStayAnswer {
    init(eTag: String, stay: Components.Schemas.Stay) { self.init(headers: .init(eTag: eTag), body: .json(stay)) }
}

extension Operations.ReinstateStay.Output.Ok: ChangedStayAnswer {
    init(eTag: String, stay: Components.Schemas.Stay) { self.init(headers: .init(eTag: eTag), body: .json(stay)) }
}

extension Operations.MoveStay.Output.Ok: ChangedStayAnswer {
    init(eTag: String, stay: Components.Schemas.Stay) { self.init(headers: .init(eTag: eTag), body: .json(stay)) }
}
