import API
import Booking
import Storage

/// A room type's nightly rates: what a manager sets for a season or a festival, and what the guest
/// site then quotes. Stays already booked keep the rates they were booked at.
extension FrontdeskAPI {
    /// The rate of each night from `from` to the night before `to`.
    func getRoomTypeRates(_ input: Operations.GetRoomTypeRates.Input) async throws
        -> Operations.GetRoomTypeRates.Output
    {
        let (roomType, nights) = try await settings.rates(
            roomTypeID: input.path.id, from: try Day.parse(input.query.from, field: "from"),
            to: try Day.parse(input.query.to, field: "to"), by: try staff)
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
        let (roomType, nights) = try await settings.setRate(
            amount: body.amount, roomTypeID: input.path.id, from: try Day.parse(body.from, field: "from"),
            to: try Day.parse(body.to, field: "to"), by: try staff)
        return .ok(.init(body: .json(try .init(roomType, nights: nights))))
    }

    /// Sets a run of nights' restriction (managers only) and answers with the nights as they now are.
    func setRoomTypeRestrictions(_ input: Operations.SetRoomTypeRestrictions.Input) async throws
        -> Operations.SetRoomTypeRestrictions.Output
    {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let restriction = NightRestriction(
            minStay: body.minStay, maxStay: body.maxStay, closedToArrival: body.closedToArrival ?? false,
            closedToDeparture: body.closedToDeparture ?? false, stopSell: body.stopSell ?? false)
        let (roomType, nights) = try await settings.setRestriction(
            restriction, roomTypeID: input.path.id, from: try Day.parse(body.from, field: "from"),
            to: try Day.parse(body.to, field: "to"), by: try staff)
        return .ok(.init(body: .json(try .init(roomType, nights: nights))))
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
