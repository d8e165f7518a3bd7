import Booking
import Hummingbird
import Storage

/// The revenue dashboard's figures: occupancy, ADR and RevPAR per day and over the range.
struct StatsController {
    let store: Store

    func register(on group: RouterGroup<AppRequestContext>) {
        group.get("properties/{id}/stats", use: stats)
    }

    /// `GET /api/v1/properties/{id}/stats?from=&to=` (`to` exclusive; the last 30 days by default).
    @Sendable func stats(_ request: Request, context: AppRequestContext) async throws -> StatsJSON {
        let id = try context.parameters.requireID("id")
        try context.requireAccess(to: id)
        let properties = PropertyRepository(store: store)
        guard let property = try await properties.property(id: id) else {
            throw DomainError(.notFound, "no property \(id)")
        }
        let today = property.today()
        let to = try request.uri.queryParameters.get("to").map { try Day.parse(String($0), field: "to") } ?? today
        let from =
            try request.uri.queryParameters.get("from").map { try Day.parse(String($0), field: "from") }
            ?? to.adding(days: -30)
        guard to > from else { throw DomainError.invalid("to", "must be after from (\(from))") }
        let days = try Nights(arrival: from, departure: to)
        guard days.count <= 366 else { throw DomainError.invalid("to", "at most a year at a time") }
        let stays = try await StayRepository(store: store).stays(propertyID: id, overlapping: days)
        let daily = DailyStats.compute(
            over: days, property: property, roomTypes: try await properties.roomTypes(propertyID: id),
            rooms: try await properties.rooms(propertyID: id), stays: stays)
        let total = DailyStats.total(of: daily, from: from, currency: property.currency)
        return StatsJSON(from: from.iso, to: to.iso, days: daily.map(StatsJSON.Figures.init), total: .init(total))
    }
}

struct StatsJSON: ResponseEncodable {
    struct Figures: Codable {
        var date: String
        var roomsAvailable: Int
        var roomsSold: Int
        var occupancy: Double
        var roomRevenue: MoneyJSON
        var adr: MoneyJSON
        var revPAR: MoneyJSON

        init(_ stats: DailyStats) {
            date = stats.day.iso
            roomsAvailable = stats.roomsAvailable
            roomsSold = stats.roomsSold
            occupancy = stats.occupancy
            roomRevenue = MoneyJSON(stats.roomRevenue)
            adr = MoneyJSON(stats.adr)
            revPAR = MoneyJSON(stats.revPAR)
        }
    }

    var from: String
    var to: String
    var days: [Figures]
    /// The range as a whole: room-nights available and sold, revenue, and the ratios over them.
    var total: Figures
}
