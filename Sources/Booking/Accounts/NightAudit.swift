import Foundation

/// The night audit: closing a hotel's day (`BusinessDay` says which day that is and which day a line
/// posted now belongs to).
public enum NightAudit {
    /// What closing `day` does to the property's stays (`stays` are those whose nights touch it):
    /// - `noShows`: booked to arrive that day and not come (a calendar feed's blocks excepted: the
    ///   channel they came from handles them);
    /// - `inHouse`: checked in and sleeping there that night, whose room charge must stand;
    /// - `notCheckedOut`: checked in and due to leave by that day, for the desk to see to.
    public static func plan(closing day: Day, stays: [Stay]) -> Plan {
        Plan(
            noShows: stays.filter { $0.state == .booked && $0.arrival == day && $0.source != .ical },
            inHouse: stays.filter { $0.state == .checkedIn && $0.nights.contains(day) },
            notCheckedOut: stays.filter { $0.state == .checkedIn && $0.departure <= day })
    }

    public struct Plan: Sendable {
        public var noShows: [Stay]
        public var inHouse: [Stay]
        public var notCheckedOut: [Stay]
    }

    /// The description of the fee a no-show is charged.
    public static let noShowFee = "No-show fee"
}

extension CancellationPolicy {
    /// What a guest who never came pays: what cancelling late costs (a share of the stay's price).
    public func noShowFee(total: Money) -> Money { total.share(basisPoints: lateCancellationBasisPoints) }
}

extension Folio {
    /// The balance of the lines booked on `day` or before: what the folio stood at when that day closed.
    public func balance(through day: Day) -> Money {
        Folio(currency: currency, entries: entries.filter { ($0.businessDay ?? day) <= day }).balance
    }

    /// Whether a standing room charge is posted for `night`.
    public func charges(night: Day) -> Bool {
        entries.contains { $0.kind == .charge && $0.category == .room && $0.night == night && !isReversed($0.id) }
    }
}

/// A closed day, as the night audit froze it: what the folios recorded that day, the rooms sold, the
/// guests who never came, and what the guests in house owed when it closed.
public struct DayClose: Hashable, Sendable {
    /// A stay the report lists, with an amount (a no-show's fee, an in-house guest's balance).
    public struct StayLine: Hashable, Sendable {
        public var stayID: Int
        public var confirmationCode: String
        public var guestName: String
        /// The room it slept in that night; nil when it had none.
        public var roomID: Int?
        public var amount: Money

        public init(stayID: Int, confirmationCode: String, guestName: String, roomID: Int?, amount: Money) {
            self.stayID = stayID
            self.confirmationCode = confirmationCode
            self.guestName = guestName
            self.roomID = roomID
            self.amount = amount
        }
    }

    public var day: Day
    public var closedAt: Date
    public var closedBy: Int?
    /// The property's rooms that night, those out of service among them, and those sold (slept in).
    public var rooms: Int
    public var roomsOutOfService: Int
    public var roomNightsSold: Int
    /// The room charges standing for that night of the stays sold.
    public var roomRevenue: Money
    /// Stays checked in that arrived that day, and stays checked out due to leave that day.
    public var arrivals: Int
    public var departures: Int
    public var noShows: [StayLine]
    /// Room nights the audit found not charged and posted.
    public var nightsPosted: Int
    /// Every folio line of the day, with its totals.
    public var ledger: LedgerReport
    /// The taxes inside the day's charges, at the rates of the day.
    public var includedTaxes: [FolioDocument.TaxTotal]
    /// The guests in house after the day, with their balances as the day closed.
    public var inHouse: [StayLine]
    /// Stays checked in that were due to leave by that day.
    public var notCheckedOut: [StayLine]
    /// All the property's folios together as the day closed: positive, what guests owe; negative,
    /// deposits held.
    public var guestLedger: Money
    /// A salon's own figures: its takings by member and by service, its appointments.
    public var salon: SalonDayFigures?

    public init(
        day: Day, closedAt: Date, closedBy: Int?, rooms: Int, roomsOutOfService: Int, roomNightsSold: Int,
        roomRevenue: Money, arrivals: Int, departures: Int, noShows: [StayLine], nightsPosted: Int,
        ledger: LedgerReport, includedTaxes: [FolioDocument.TaxTotal] = [], inHouse: [StayLine],
        notCheckedOut: [StayLine], guestLedger: Money, salon: SalonDayFigures? = nil
    ) {
        self.day = day
        self.closedAt = closedAt
        self.closedBy = closedBy
        self.rooms = rooms
        self.roomsOutOfService = roomsOutOfService
        self.roomNightsSold = roomNightsSold
        self.roomRevenue = roomRevenue
        self.arrivals = arrivals
        self.departures = departures
        self.noShows = noShows
        self.nightsPosted = nightsPosted
        self.ledger = ledger
        self.includedTaxes = includedTaxes
        self.inHouse = inHouse
        self.notCheckedOut = notCheckedOut
        self.guestLedger = guestLedger
        self.salon = salon
    }

    /// Rooms sold of rooms in service, in basis points (8_500 is 85 %); zero with none in service.
    public var occupancyBasisPoints: Int {
        let available = rooms - roomsOutOfService
        return available > 0 ? roomNightsSold * 10_000 / available : 0
    }
}
