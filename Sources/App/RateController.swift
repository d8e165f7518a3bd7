import Booking
import Hummingbird
import Storage

/// A room type's nightly rates: what a manager sets for a season or a festival, and what the guest
/// site then quotes. Stays already booked keep the rates they were booked at.
struct RateController {
    let store: Store

    /// The longest range read or set at once: a year of nights.
    static let maxNights = 366

    func register(on group: RouterGroup<AppRequestContext>) {
        group.get("room-types/{id}/rates", use: show)
        group.put("room-types/{id}/rates", use: set)
    }

    struct SetRatesRequest: Decodable {
        var from: String
        var to: String
        /// The rate for each night, in the property's currency's minor units.
        var amount: Int
    }

    /// `GET /api/v1/room-types/{id}/rates?from=&to=`: the rate of each night from `from` to the night
    /// before `to`.
    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> RatesJSON {
        let roomType = try await requireRoomType(context)
        let nights = try Self.nights(
            from: request.uri.queryParameters.get("from"), to: request.uri.queryParameters.get("to"))
        return RatesJSON(roomType, nights: nights)
    }

    /// `PUT /api/v1/room-types/{id}/rates` with `{"from", "to", "amount"}`: sets the rate of those nights
    /// (managers only) and answers with the nights as they now are.
    @Sendable func set(_ request: Request, context: AppRequestContext) async throws -> RatesJSON {
        guard try context.requireUser().role == .manager else {
            throw APIError(.forbidden, code: "forbidden", "only a manager can set rates")
        }
        let body = try await request.decodeJSON(as: SetRatesRequest.self, context: context)
        let roomType = try await requireRoomType(context)
        let nights = try Self.nights(from: body.from, to: body.to)
        try RoomType.validate(rate: body.amount)
        let rate = Money(body.amount, roomType.baseRate.currency)
        try await PropertyRepository(store: store).setRate(rate, roomTypeID: roomType.id, nights: nights)
        var updated = roomType
        for night in nights { updated.rateOverrides[night] = rate }
        return RatesJSON(updated, nights: nights)
    }

    private func requireRoomType(_ context: AppRequestContext) async throws -> RoomType {
        let id = try context.parameters.requireID("id")
        guard let roomType = try await PropertyRepository(store: store).roomType(id: id) else {
            throw DomainError(.notFound, "no room type \(id)")
        }
        try context.requireAccess(to: roomType.propertyID)
        return roomType
    }

    static func nights(from: String?, to: String?) throws -> Nights {
        guard let from else { throw DomainError.invalid("from", "give the first night, YYYY-MM-DD") }
        guard let to else { throw DomainError.invalid("to", "give the day after the last night, YYYY-MM-DD") }
        let arrival = try Day.parse(from, field: "from")
        let departure = try Day.parse(to, field: "to")
        guard departure > arrival else { throw DomainError.invalid("to", "must be after 'from'") }
        let nights = try Nights(arrival: arrival, departure: departure)
        guard nights.count <= maxNights else {
            throw DomainError.invalid("to", "at most \(maxNights) nights at once, not \(nights.count)")
        }
        return nights
    }
}

/// A room type's rate night by night.
struct RatesJSON: ResponseEncodable, Decodable {
    struct Night: Codable, Equatable {
        var date: String
        var rate: MoneyJSON
    }

    var roomTypeId: Int
    var baseRate: MoneyJSON
    var nights: [Night]

    init(_ roomType: RoomType, nights: Nights) {
        roomTypeId = roomType.id
        baseRate = MoneyJSON(roomType.baseRate)
        self.nights = nights.map { Night(date: $0.iso, rate: MoneyJSON(roomType.rate(for: $0))) }
    }
}
