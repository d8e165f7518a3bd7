import Foundation

/// The night audit (`NightAudit`): what closing the next day would do, closing it, and a closed day's
/// frozen report.
public struct NightAuditDesk<Storage: NightAuditStorage>: StayOperations {
    public let storage: Storage
    public let now: @Sendable () -> Date

    public init(storage: Storage, now: @escaping @Sendable () -> Date) {
        self.storage = storage
        self.now = now
    }

    /// Where the property's days stand, and what closing the next one would do.
    public struct AuditStatus: Sendable {
        public var today: Day
        public var closedThrough: Day?
        public var nextDay: Day
        /// The stays closing the next day makes no-shows, each with the fee it would post.
        public var noShows: [DayClose.StayLine]
        /// Checked-in stays due to leave by the next day, each with its balance.
        public var notCheckedOut: [DayClose.StayLine]
        /// Room nights of the next day not charged yet, which closing it posts.
        public var nightsToPost: Int
        /// Whether the member may close the next day now: it has begun, and closing is desk work.
        public var canClose: Bool
    }

    /// Where the property's days stand (the accounts' reading), and what closing the next one would do.
    public func auditStatus(propertyID: Int, by staff: Staff) async throws -> AuditStatus {
        let property = try await property(propertyID, by: staff.doing(.accounts))
        let today = property.today(now: now())
        let closedThrough = try await storage.closedThrough(propertyID: propertyID)
        let day = BusinessDay.nextToClose(today: today, closedThrough: closedThrough)
        let plan = NightAudit.plan(
            closing: day,
            stays: try await storage.stays(
                propertyID: propertyID, overlapping: try Nights(arrival: day, departure: day.adding(days: 1))))
        let guests = try await storage.guests(ids: (plan.noShows + plan.notCheckedOut).map(\.guestID))
        func line(_ stay: Stay, _ amount: Money) -> DayClose.StayLine {
            DayClose.StayLine(
                stayID: stay.id, confirmationCode: stay.confirmationCode, guestName: guests[stay.guestID]?.name ?? "",
                roomID: stay.roomID(on: day) ?? stay.currentRoomID, amount: amount)
        }
        var noShows: [DayClose.StayLine] = []
        let roomTypes = try await storage.roomTypes(propertyID: propertyID)
        for stay in plan.noShows {
            let price = try StayPrice.quote(
                roomType: try roomType(stay.roomTypeID, in: roomTypes), nights: stay.nights, property: property,
                party: stay.party, plan: property.ratePlan(stay.ratePlanID),
                agreedRates: try await storage.agreedRates(stayID: stay.id))
            noShows.append(line(stay, property.cancellationPolicy(for: stay).noShowFee(total: price.total)))
        }
        var notCheckedOut: [DayClose.StayLine] = []
        for stay in plan.notCheckedOut {
            notCheckedOut.append(line(stay, try await storage.folio(stayID: stay.id).balance))
        }
        var nightsToPost = 0
        for stay in plan.inHouse where !(try await storage.folio(stayID: stay.id)).charges(night: day) {
            nightsToPost += 1
        }
        // Closing a day is desk work: whether this member may, not only whether it has begun.
        let closes = staff.roles(property.id)?.may(.deskWork) == true
        return AuditStatus(
            today: today, closedThrough: closedThrough, nextDay: day, noShows: noShows, notCheckedOut: notCheckedOut,
            nightsToPost: nightsToPost, canClose: day <= today && closes)
    }

    /// Closes `day` at the property, in one transaction: its booked arrivals that did not come become
    /// no-shows with the policy's fee; every in-house stay's room charge for that night stands (posted
    /// now when missing); the day's figures are frozen (`DayClose`); from then on no line of that day
    /// or before can be posted, changed or removed, and lines posted now belong to the next day.
    public func closeDay(_ day: Day, propertyID: Int, by staff: Staff) async throws -> DayClose {
        let property = try await property(propertyID, by: staff)
        let roomTypes = try await storage.roomTypes(propertyID: propertyID)
        let rooms = try await storage.rooms(propertyID: propertyID)
        let now = now()
        let today = property.today(now: now)
        return try await storage.closeDay(day, propertyID: propertyID, by: staff.user.id) { audit in
            try BusinessDay.validate(closing: day, today: today, closedThrough: try await audit.closedThrough())
            let night = try Nights(arrival: day, departure: day.adding(days: 1))
            let plan = NightAudit.plan(closing: day, stays: try await audit.stays(overlapping: night))
            var noShows: [DayClose.StayLine] = []
            for stay in plan.noShows {
                let roomType = try roomType(stay.roomTypeID, in: roomTypes)
                let changed = try await audit.change(stay.id, action: "no-show") { stay, ledger in
                    try stay.markNoShow(today: day)
                    try await FrontDesk<Storage>.postNoShowFee(
                        stay, roomType: roomType, property: property, ledger: ledger)
                }
                let fee = try await audit.folio(stayID: stay.id).entries.last {
                    $0.description == NightAudit.noShowFee && $0.kind == .charge
                }
                noShows.append(
                    try await audit.line(changed, night: day, amount: fee?.amount ?? .zero(property.currency)))
            }
            var nightsPosted = 0
            for stay in plan.inHouse where !(try await audit.folio(stayID: stay.id)).charges(night: day) {
                let roomType = try roomType(stay.roomTypeID, in: roomTypes)
                _ = try await audit.change(stay.id, action: "night-audit") { stay, ledger in
                    try await ledger.correctCharges(of: stay, roomType: roomType, property: property)
                }
                nightsPosted += 1
            }
            let stays = try await audit.stays(overlapping: night)
            let folios = try await audit.folios(stayIDs: stays.map(\.id))
            let sold = stays.filter { ($0.state == .checkedIn || $0.state == .checkedOut) && $0.nights.contains(day) }
            let revenue = sold.flatMap { folios[$0.id]?.standingRoomCharges(night: day) ?? [] }
            let blocked = Set(try await audit.blocks(overlapping: night).map(\.roomID))
            var inHouse: [DayClose.StayLine] = []
            for stay in stays where stay.state == .checkedIn && stay.departure > day {
                let balance = folios[stay.id]?.balance(through: day) ?? .zero(property.currency)
                inHouse.append(try await audit.line(stay, night: day, amount: balance))
            }
            let ledger = try await audit.ledger(day: day)
            var notCheckedOut: [DayClose.StayLine] = []
            for stay in plan.notCheckedOut {
                let balance = folios[stay.id]?.balance(through: day) ?? .zero(property.currency)
                notCheckedOut.append(try await audit.line(stay, night: day, amount: balance))
            }
            return DayClose(
                day: day, closedAt: now, closedBy: staff.user.id, rooms: rooms.count,
                roomsOutOfService: rooms.filter { blocked.contains($0.id) }.count, roomNightsSold: sold.count,
                roomRevenue: Money(revenue.map(\.amount).saturatedSum(), property.currency),
                arrivals: stays.filter { $0.arrival == day && $0.state.hasArrived }.count,
                departures: stays.filter { $0.departure == day && $0.state == .checkedOut }.count,
                noShows: noShows, nightsPosted: nightsPosted, ledger: ledger,
                includedTaxes: ledger.includedTaxes(property.taxes), inHouse: inHouse, notCheckedOut: notCheckedOut,
                guestLedger: try await audit.guestLedger(through: day),
                salon: property.kind == .salon
                    ? SalonDayFigures(ledger: ledger, appointments: try await audit.appointments(on: day)) : nil)
        }
    }

    /// A closed day's report as it was frozen; 404 for a day not closed.
    public func dayClose(_ day: Day, propertyID: Int, by staff: Staff) async throws -> DayClose {
        _ = try await property(propertyID, by: staff)
        guard let report = try await storage.dayClose(day, propertyID: propertyID) else {
            throw DomainError(.notFound, "\(day) is not closed", field: "day", reason: .auditNotClosed)
        }
        return report
    }

    private func roomType(_ id: Int, in roomTypes: [RoomType]) throws -> RoomType {
        guard let roomType = roomTypes.first(where: { $0.id == id }) else {
            throw DomainError(.notFound, "no room type \(id) at this property")
        }
        return roomType
    }
}

extension StayState {
    /// Whether the guest came: checked in, or since checked out.
    public var hasArrived: Bool { self == .checkedIn || self == .checkedOut }
}

extension Folio {
    /// The room charges standing for `night`.
    func standingRoomCharges(night: Day) -> [Money] {
        entries.filter { $0.kind == .charge && $0.category == .room && $0.night == night && !isReversed($0.id) }
            .map(\.amount)
    }
}

/// What the night audit needs of storage besides stays.
public protocol NightAuditStorage: DeskDayStorage {
    associatedtype Audit: NightAuditTransaction where Audit.Ledger == Ledger

    /// The last day closed at the property; nil when none is.
    func closedThrough(propertyID: Int) async throws -> Day?
    /// Closes `day` in one transaction, holding the property so that no line is posted meanwhile:
    /// `close` makes the day's changes through the transaction and returns the report, which is stored
    /// with the property's last closed day set to `day`, its audit row and its event.
    func closeDay(
        _ day: Day, propertyID: Int, by userID: Int?, _ close: @escaping @Sendable (Audit) async throws -> DayClose
    ) async throws -> DayClose
    func dayClose(_ day: Day, propertyID: Int) async throws -> DayClose?
}

/// What closing a day reads and writes in its transaction.
public protocol NightAuditTransaction: Sendable {
    associatedtype Ledger: StayLedger

    func closedThrough() async throws -> Day?
    func stays(overlapping nights: Nights) async throws -> [Stay]
    func blocks(overlapping nights: Nights) async throws -> [RoomBlock]
    /// Changes a stay as `StayStorage.change` does, in this transaction.
    func change(_ stayID: Int, action: String, _ change: @escaping @Sendable (inout Stay, Ledger) async throws -> Void)
        async throws -> Stay
    func folio(stayID: Int) async throws -> Folio
    func folios(stayIDs: [Int]) async throws -> [Int: Folio]
    /// The day's folio lines (`LedgerReport`).
    func ledger(day: Day) async throws -> LedgerReport
    /// A salon's appointments starting that day, whatever became of them.
    func appointments(on day: Day) async throws -> [Appointment]
    /// The balance of all the property's folios, lines of `day` and before.
    func guestLedger(through day: Day) async throws -> Money
    /// A stay as the report lists it, with its guest's name and its room that night.
    func line(_ stay: Stay, night: Day, amount: Money) async throws -> DayClose.StayLine
}
