/// What reading the property's figures needs of storage besides stays and rooms: its folios' lines by
/// business day.
public protocol LedgerStorage: RoomStorage {
    /// Every folio line of the property's stays of the business days `first` to `last` (`LedgerReport`).
    func ledger(property: Property, first: Day, last: Day) async throws -> LedgerReport
}

/// The property's figures as its reports read them: the ledger of some days (the accounts' reading),
/// and the dashboard's occupancy and revenue per night.
extension Accounts where Storage: LedgerStorage {
    /// What the folios recorded over the business days `from` to `to` (each the property's today when
    /// not given), with the property whose taxes name its lines: a role that reads the accounts only.
    public func ledger(propertyID: Int, from: Day?, to: Day?, by staff: Staff) async throws
        -> (ledger: LedgerReport, property: Property)
    {
        let property = try await property(propertyID, by: staff.doing(.accounts))
        let first = from ?? property.today(now: now())
        let last = to ?? first
        try LedgerReport.validate(first: first, last: last)
        return (try await storage.ledger(property: property, first: first, last: last), property)
    }

    /// Occupancy, ADR and RevPAR per night from `from` to the night before `to` (by default the 30
    /// nights before today), and over them all. `readsMoney` says whether `staff` may see the revenue.
    public func stats(propertyID: Int, from: Day?, to: Day?, by staff: Staff) async throws -> PropertyStats {
        let property = try await property(propertyID, by: staff)
        let to = to ?? property.today(now: now())
        let from = from ?? to.adding(days: -30)
        guard to > from else { throw DomainError.invalid("to", "must be after from (\(from))") }
        let days = try Nights(arrival: from, departure: to)
        guard days.count <= PropertyStats.maxNights else {
            throw DomainError.invalid("to", "at most a year at a time")
        }
        let daily = DailyStats.compute(
            over: days, property: property, roomTypes: try await storage.roomTypes(propertyID: property.id),
            rooms: try await storage.rooms(propertyID: property.id),
            stays: try await storage.stays(propertyID: property.id, overlapping: days),
            blocks: try await storage.blocks(propertyID: property.id, overlapping: days))
        return PropertyStats(
            nights: days, daily: daily, total: DailyStats.total(of: daily, from: from, currency: property.currency),
            readsMoney: staff.roles(property.id)?.readsMoney ?? false)
    }
}

/// The dashboard's figures over some nights.
public struct PropertyStats: Sendable {
    /// The most nights read at once: a year.
    public static let maxNights = 366

    public var nights: Nights
    public var daily: [DailyStats]
    public var total: DailyStats
    /// Whether the member of staff reading them may see the revenue (ADR, RevPAR): not housekeeping.
    public var readsMoney: Bool
}
