import API
import Booking

/// What the front desk does to a stay in one step: check it in and out, cancel it, mark a no-show,
/// reinstate it, move the guest. Each decodes its input, calls its `FrontDesk` operation (where its
/// rules are) and answers with the stay and its new version as `ETag`; `If-Match` is honoured when sent.
extension FrontdeskAPI {
    func checkIn(_ input: Operations.CheckIn.Input) async throws -> Operations.CheckIn.Output {
        let override =
            switch input.body {
            case .json(let body)?: body.override ?? false
            case nil: false
            }
        return .ok(
            try .changed(
                try await frontDesk.checkIn(
                    input.path.id, version: IfMatch(input.headers.ifMatch).expectedVersion, override: override,
                    by: try staff)))
    }

    func checkOut(_ input: Operations.CheckOut.Input) async throws -> Operations.CheckOut.Output {
        let force =
            switch input.body {
            case .json(let body)?: body.force ?? false
            case nil: false
            }
        return .ok(
            try .changed(
                try await frontDesk.checkOut(
                    input.path.id, version: IfMatch(input.headers.ifMatch).expectedVersion, force: force,
                    by: try staff)))
    }

    func cancelStay(_ input: Operations.CancelStay.Input) async throws -> Operations.CancelStay.Output {
        let terms: DeskCancellation =
            switch input.body {
            case .json(let body)? where body.fee == .waive: .waiveFee(reason: body.reason ?? "")
            case .json(let body)? where body.reason != nil:
                throw DomainError.invalid("reason", "a reason is given only for waiving the fee (fee: waive)")
            default: .applyTerms
            }
        return .ok(
            try .changed(
                try await frontDesk.cancel(
                    input.path.id, version: IfMatch(input.headers.ifMatch).expectedVersion, terms: terms,
                    by: try staff)))
    }

    func markNoShow(_ input: Operations.MarkNoShow.Input) async throws -> Operations.MarkNoShow.Output {
        .ok(
            try .changed(
                try await frontDesk.markNoShow(
                    input.path.id, version: IfMatch(input.headers.ifMatch).expectedVersion, by: try staff)))
    }

    func reinstateStay(_ input: Operations.ReinstateStay.Input) async throws -> Operations.ReinstateStay.Output {
        .ok(
            try .changed(
                try await frontDesk.reinstate(
                    input.path.id, version: IfMatch(input.headers.ifMatch).expectedVersion, by: try staff)))
    }

    func moveStay(_ input: Operations.MoveStay.Input) async throws -> Operations.MoveStay.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        return .ok(
            try .changed(
                try await frontDesk.moveRoom(
                    input.path.id, version: IfMatch(input.headers.ifMatch).expectedVersion, toRoom: body.roomId,
                    fromNight: try Day.parse(body.fromDate, field: "fromDate"), by: try staff)))
    }
}

/// The `200` of a stay action: the stay, its version as `ETag`.
protocol ChangedStayAnswer {
    init(eTag: String, stay: Components.Schemas.Stay)
}

extension ChangedStayAnswer {
    static func changed(_ stay: Stay) throws -> Self { Self(eTag: FrontdeskAPI.eTag(of: stay), stay: try .init(stay)) }
}

/// The `200` of a change that may put the guest in a room of another type: the stay and what that
/// means for its price, its version as `ETag`.
protocol ChangedRoomAnswer {
    init(eTag: String, stay: Components.Schemas.ChangedStay)
}

extension ChangedRoomAnswer {
    static func changed(_ changed: ChangedStay) throws -> Self {
        Self(
            eTag: FrontdeskAPI.eTag(of: changed.stay),
            stay: .init(
                value1: try .init(changed.stay),
                value2: .init(roomTypeChange: try changed.roomTypeChange.map(Components.Schemas.RoomTypeChange.init))))
    }
}

extension Components.Schemas.RoomTypeChange {
    init(_ change: RoomTypeChange) throws {
        self.init(
            bookedAs: .init(id: change.bookedAs.id, name: change.bookedAs.name),
            roomType: .init(id: change.roomType.id, name: change.roomType.name), nights: change.nights,
            difference: try .init(change.difference))
    }
}

extension Operations.EditStay.Output.Ok: ChangedRoomAnswer {
    init(eTag: String, stay: Components.Schemas.ChangedStay) {
        self.init(headers: .init(eTag: eTag), body: .json(stay))
    }
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

extension Operations.MoveStay.Output.Ok: ChangedRoomAnswer {
    init(eTag: String, stay: Components.Schemas.ChangedStay) {
        self.init(headers: .init(eTag: eTag), body: .json(stay))
    }
}
