import API
import Booking
import Storage

/// The front desk's day and the revenue dashboard's figures.
extension FrontdeskAPI {
    /// Arrivals, departures and in-house guests for a date in the property's time zone (today by default).
    func getToday(_ input: Operations.GetToday.Input) async throws -> Operations.GetToday.Output {
        let lists = try await frontDesk.day(
            propertyID: input.path.id, date: try input.query.date.map { try Day.parse($0, field: "date") },
            by: try staff)
        func entries(_ list: [DeskDay.Entry]) throws -> [Components.Schemas.TodayEntry] {
            try list.map { entry in
                .init(
                    stay: try .init(entry.stay), guestName: entry.guest?.name ?? "", roomNumber: entry.roomNumber,
                    balance: try entry.balance.map(Components.Schemas.Money.init),
                    guest: entry.guest.map(Components.Schemas.Contact.init),
                    depositOpen: try entry.depositOpen.map(Components.Schemas.Money.init),
                    onlineCheckIn: entry.onlineCheckIn.map(Components.Schemas.OnlineCheckIn.init),
                    actions: try entry.actions.map { try documented($0.rawValue) })
            }
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        date: lists.day.iso, arrivals: try entries(lists.arrivals),
                        departures: try entries(lists.departures), inHouse: try entries(lists.inHouse)))))
    }

    /// Occupancy, ADR and RevPAR per day and over the range (`to` exclusive; the last 30 days by default).
    func getStats(_ input: Operations.GetStats.Input) async throws -> Operations.GetStats.Output {
        let stats = try await accounts.stats(
            propertyID: input.path.id, from: try input.query.from.map { try Day.parse($0, field: "from") },
            to: try input.query.to.map { try Day.parse($0, field: "to") }, by: try staff)
        return .ok(
            .init(
                body: .json(
                    .init(
                        from: stats.nights.arrival.iso, to: stats.nights.departure.iso,
                        days: try stats.daily.map { try Components.Schemas.StatsFigures($0, money: stats.readsMoney) },
                        total: try .init(stats.total, money: stats.readsMoney)))))
    }
}

extension Components.Schemas.StatsFigures {
    /// A night's figures; without `money`, rooms and occupancy alone.
    init(_ stats: DailyStats, money: Bool) throws {
        self.init(
            date: stats.day.iso, roomsAvailable: stats.roomsAvailable, roomsSold: stats.roomsSold,
            occupancy: stats.occupancy, roomRevenue: money ? try .init(stats.roomRevenue) : nil,
            adr: money ? try .init(stats.adr) : nil, revPAR: money ? try .init(stats.revPAR) : nil)
    }
}
