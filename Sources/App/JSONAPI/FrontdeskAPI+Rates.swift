import API
import Booking
import Storage

/// A room type's nightly rates: what a manager sets for a season or a festival, and what the guest
/// site then quotes. Stays already booked keep the rates they were booked at.
extension FrontdeskAPI {
    /// The longest range of rates read or set at once: a year of nights.
    static let maxRateNights = 366

    /// The rate of each night from `from` to the night before `to`.
    func getRoomTypeRates(_ input: Operations.GetRoomTypeRates.Input) async throws
        -> Operations.GetRoomTypeRates.Output
    {
        let roomType = try await roomType(input.path.id, for: .accounts)
        let nights = try Self.rateNights(from: input.query.from, to: input.query.to)
        return .ok(.init(body: .json(try .init(roomType, nights: nights))))
    }

    /// Sets the rate of a run of nights (managers only) and answers with the nights as they now are.
    func setRoomTypeRates(_ input: Operations.SetRoomTypeRates.Input) async throws
        -> Operations.SetRoomTypeRates.Output
    {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let roomType = try await roomType(input.path.id, for: .managing)
        let nights = try Self.rateNights(from: body.from, to: body.to)
        try RoomType.validate(rate: body.amount)
        let rate = Money(body.amount, roomType.baseRate.currency)
        try await store.properties.setRate(rate, roomTypeID: roomType.id, nights: nights)
        var updated = roomType
        for night in nights { updated.rateOverrides[night] = rate }
        return .ok(.init(body: .json(try .init(updated, nights: nights))))
    }

    /// Sets a run of nights' restriction (managers only) and answers with the nights as they now are.
    func setRoomTypeRestrictions(_ input: Operations.SetRoomTypeRestrictions.Input) async throws
        -> Operations.SetRoomTypeRestrictions.Output
    {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let roomType = try await roomType(input.path.id, for: .managing)
        let nights = try Self.rateNights(from: body.from, to: body.to)
        let restriction = NightRestriction(
            minStay: body.minStay, maxStay: body.maxStay, closedToArrival: body.closedToArrival ?? false,
            closedToDeparture: body.closedToDeparture ?? false, stopSell: body.stopSell ?? false)
        try restriction.validate()
        try await store.properties.setRestriction(
            restriction, roomType: roomType, nights: nights, by: try context.staff().user.id)
        var updated = roomType
        for night in nights { updated.restrictions[night] = restriction.isEmpty ? nil : restriction }
        return .ok(.init(body: .json(try .init(updated, nights: nights))))
    }

    private func roomType(_ id: Int, for work: StaffWork? = nil) async throws -> RoomType {
        guard let roomType = try await store.properties.roomType(id: id) else {
            throw DomainError(.notFound, "no room type \(id)")
        }
        try context.requireAccess(to: roomType.propertyID, for: work)
        return roomType
    }

    private static func rateNights(from: String, to: String) throws -> Nights {
        let arrival = try Day.parse(from, field: "from")
        let departure = try Day.parse(to, field: "to")
        guard departure > arrival else { throw DomainError.invalid("to", "must be after 'from'") }
        let nights = try Nights(arrival: arrival, departure: departure)
        guard nights.count <= maxRateNights else {
            throw DomainError.invalid("to", "at most \(maxRateNights) nights at once, not \(nights.count)")
        }
        return nights
    }
}

extension Components.Schemas.RoomTypeRates {
    init(_ roomType: RoomType, nights: Nights) throws {
        self.init(
            roomTypeId: roomType.id, baseRate: try .init(roomType.baseRate),
            nights: try nights.map { night in
                .init(
                    date: night.iso, rate: try .init(roomType.rate(for: night)),
                    restriction: roomType.restrictions[night].map(Components.Schemas.NightRestriction.init))
            })
    }
}

extension Components.Schemas.NightRestriction {
    init(_ restriction: NightRestriction) {
        self.init(
            minStay: restriction.minStay, maxStay: restriction.maxStay,
            closedToArrival: restriction.closedToArrival ? true : nil,
            closedToDeparture: restriction.closedToDeparture ? true : nil, stopSell: restriction.stopSell ? true : nil)
    }
}
