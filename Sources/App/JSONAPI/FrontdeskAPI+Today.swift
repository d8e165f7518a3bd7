import API
import Booking
import Storage

/// The front desk's day and the revenue dashboard's figures.
extension FrontdeskAPI {
    /// Arrivals, departures and in-house guests for a date in the property's time zone (today by default).
    func getToday(_ input: Operations.GetToday.Input) async throws -> Operations.GetToday.Output {
        let property = try await property(input.path.id)
        let day = try input.query.date.map { try Day.parse($0, field: "date") } ?? store.clock.today(at: property)
        let stays = store.stays
        let around = try Nights(arrival: day.adding(days: -1), departure: day.adding(days: 1))
        let lists = FrontDeskDay(day: day, stays: try await stays.stays(propertyID: property.id, overlapping: around))
        let rooms = Dictionary(
            uniqueKeysWithValues: try await store.properties.rooms(propertyID: property.id).map {
                ($0.id, $0.number)
            })
        let listed = lists.arrivals + lists.departures + lists.inHouse
        let guests = try await stays.guests(ids: listed.map(\.guestID))
        // Balances and deposits only for a role that reads money.
        let money = try context.readsMoney(at: property.id)
        let balances =
            money
            ? try await store.folios.balances(stayIDs: listed.map(\.id), currency: property.currency)
            : [:]
        let deposits = money ? try await self.deposits(of: lists.arrivals, at: property) : [:]
        // What the member may do to each stay, as of the property's today (whatever day the list is of).
        let (role, today) = (try context.roles[property.id], store.clock.today(at: property))
        func entries(_ list: [Stay]) throws -> [Components.Schemas.TodayEntry] {
            try list.map { stay in
                .init(
                    stay: try .init(stay), guestName: guests[stay.guestID]?.name ?? "",
                    roomNumber: stay.roomID(on: day).flatMap { rooms[$0] } ?? stay.currentRoomID.flatMap { rooms[$0] },
                    balance: money ? try .init(balances[stay.id] ?? .zero(property.currency)) : nil,
                    guest: guests[stay.guestID].map(Components.Schemas.Contact.init),
                    depositOpen: try deposits[stay.id].flatMap { $0.open.amount > 0 ? try .init($0.open) : nil },
                    actions: try Components.Schemas.StayAction.list(stay, role: role, today: today))
            }
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        date: day.iso, arrivals: try entries(lists.arrivals),
                        departures: try entries(lists.departures), inHouse: try entries(lists.inHouse)))))
    }

    /// Occupancy, ADR and RevPAR per day and over the range (`to` exclusive; the last 30 days by default).
    func getStats(_ input: Operations.GetStats.Input) async throws -> Operations.GetStats.Output {
        let property = try await property(input.path.id)
        let today = store.clock.today(at: property)
        let to = try input.query.to.map { try Day.parse($0, field: "to") } ?? today
        let from = try input.query.from.map { try Day.parse($0, field: "from") } ?? to.adding(days: -30)
        guard to > from else { throw DomainError.invalid("to", "must be after from (\(from))") }
        let days = try Nights(arrival: from, departure: to)
        guard days.count <= 366 else { throw DomainError.invalid("to", "at most a year at a time") }
        let properties = store.properties
        let stays = try await store.stays.stays(propertyID: property.id, overlapping: days)
        let daily = DailyStats.compute(
            over: days, property: property, roomTypes: try await properties.roomTypes(propertyID: property.id),
            rooms: try await properties.rooms(propertyID: property.id), stays: stays,
            blocks: try await store.rooms.blocks(propertyID: property.id, overlapping: days))
        let total = DailyStats.total(of: daily, from: from, currency: property.currency)
        let money = try context.readsMoney(at: property.id)
        return .ok(
            .init(
                body: .json(
                    .init(
                        from: from.iso, to: to.iso,
                        days: try daily.map { try Components.Schemas.StatsFigures($0, money: money) },
                        total: try .init(total, money: money)))))
    }

    /// The property of the path, which the member of staff works at (and whose `work` their role allows).
    func property(_ id: Int, for work: StaffWork? = nil) async throws -> Property {
        try await context.property(id, in: store, for: work)
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
