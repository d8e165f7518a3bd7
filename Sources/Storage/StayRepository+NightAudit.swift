import Booking
import Foundation
import SQLKit

/// The night audit closes days here: the property's last closed day, and each closed day's report
/// frozen as JSON (`day_closes`), which the database refuses to change.
extension StayRepository {
    public func closedThrough(propertyID: Int) async throws -> Day? {
        try await store.read { sql in try await Self.closedThrough(propertyID, in: sql) }
    }

    static func closedThrough(_ propertyID: Int, in sql: any SQLDatabase) async throws -> Day? {
        try await sql.raw("SELECT closed_through FROM properties WHERE id = \(bind: propertyID)").first()
            .flatMap { try $0.decode(column: "closed_through", as: Int?.self) }.map(Day.init)
    }

    public func closeDay(
        _ day: Day, propertyID: Int, by userID: Int?,
        _ close: @escaping @Sendable (NightAuditRun) async throws -> DayClose
    ) async throws -> DayClose {
        guard let property = try await store.properties.property(id: propertyID) else {
            throw DomainError(.notFound, "no property \(propertyID)")
        }
        return try await store.write { [clock = store.clock] sql in
            // The property's row first: a line being posted holds it until it commits, and one posted
            // from now waits for this close and lands on the next day (`FolioRepository.openDay`).
            if sql.dialect.name == "postgresql" {
                try await sql.raw("SELECT id FROM properties WHERE id = \(bind: propertyID) FOR NO KEY UPDATE").run()
            }
            let report = try await close(
                NightAuditRun(sql: sql, property: property, userID: userID, now: clock.now()))
            try await sql.raw(
                """
                INSERT INTO day_closes (property_id, day, closed_at, closed_by, report)
                VALUES (\(bind: propertyID), \(bind: day.number),
                  \(bind: report.closedAt.millisSince1970), \(bind: userID),
                  \(bind: try JSONText.encode(DayCloseRecord(report))))
                """
            ).run()
            try await sql.raw(
                "UPDATE properties SET closed_through = \(bind: day.number) WHERE id = \(bind: propertyID)"
            ).run()
            try await Journal.record(
                in: sql, at: store.clock.nowMillis, propertyID: propertyID, userID: userID, entity: "day",
                entityID: day.number,
                action: "close", before: nil as DayClosedRecord?, after: DayClosedRecord(report))
            return report
        }
    }

    public func dayClose(_ day: Day, propertyID: Int) async throws -> DayClose? {
        guard let property = try await store.properties.property(id: propertyID) else { return nil }
        return try await store.read { sql in
            try await sql.raw(
                "SELECT report FROM day_closes WHERE property_id = \(bind: propertyID) AND day = \(bind: day.number)"
            ).first().map {
                try JSONText.decode(DayCloseRecord.self, try $0.decode(column: "report", as: String.self))
                    .dayClose(currency: property.currency)
            }
        }
    }
}

/// Closing a day's transaction, for `NightAuditDesk.closeDay`.
public struct NightAuditRun: NightAuditTransaction {
    let sql: any SQLDatabase
    let property: Property
    let userID: Int?
    let now: Date

    public func closedThrough() async throws -> Day? {
        try await StayRepository.closedThrough(property.id, in: sql)
    }

    public func stays(overlapping nights: Nights) async throws -> [Stay] {
        try await StayRepository.stays(propertyIDs: [property.id], overlapping: nights, in: sql)[property.id] ?? []
    }

    public func blocks(overlapping nights: Nights) async throws -> [RoomBlock] {
        try await RoomRepository.blocks(propertyIDs: [property.id], overlapping: nights, in: sql)[property.id] ?? []
    }

    public func change(
        _ stayID: Int, action: String, _ change: @escaping @Sendable (inout Stay, StayTransaction) async throws -> Void
    ) async throws -> Stay {
        try await StayRepository.update(
            stayID: stayID, expectedVersion: nil, by: userID, action: action, now: now, in: sql, change)
    }

    public func folio(stayID: Int) async throws -> Folio {
        try await FolioRepository.load(stayID: stayID, in: sql)
    }

    public func folios(stayIDs: [Int]) async throws -> [Int: Folio] {
        guard !stayIDs.isEmpty else { return [:] }
        var entries: [Int: [FolioEntry]] = [:]
        for row in try await sql.raw(
            "SELECT * FROM folio_entries WHERE stay_id IN (\(binds: stayIDs)) ORDER BY id"
        ).all() {
            entries[try row.decode(column: "stay_id", as: Int.self), default: []].append(
                try FolioRepository.entry(from: row))
        }
        return Dictionary(
            uniqueKeysWithValues: stayIDs.map { ($0, Folio(currency: property.currency, entries: entries[$0] ?? [])) })
    }

    public func ledger(day: Day) async throws -> LedgerReport {
        try await FolioRepository.ledger(property: property, first: day, last: day, in: sql)
    }

    public func appointments(on day: Day) async throws -> [Appointment] {
        let minute = { (day: Day) in Int(day.instant(atMinute: 0, in: property.timeZone).timeIntervalSince1970) / 60 }
        return try await AppointmentRepository.appointments(
            propertyID: property.id, fromMinute: minute(day), toMinute: minute(day.adding(days: 1)), in: sql)
    }

    public func guestLedger(through day: Day) async throws -> Money {
        let row = try await sql.raw(
            """
            SELECT CAST(COALESCE(SUM(CASE
                WHEN f.kind = 'charge' THEN f.amount WHEN f.kind = 'payment' THEN -f.amount
                WHEN r.kind = 'charge' THEN -f.amount WHEN r.kind = 'payment' THEN f.amount ELSE 0 END), 0) AS BIGINT)
              AS balance
            FROM folio_entries f JOIN stays s ON s.id = f.stay_id LEFT JOIN folio_entries r ON r.id = f.reverses
            WHERE s.property_id = \(bind: property.id) AND f.business_day <= \(bind: day.number)
              AND f.currency = \(bind: property.currency.code)
            """
        ).first()
        return Money(try row?.decode(column: "balance", as: Int.self) ?? 0, property.currency)
    }

    public func line(_ stay: Stay, night: Day, amount: Money) async throws -> DayClose.StayLine {
        DayClose.StayLine(
            stayID: stay.id, confirmationCode: stay.confirmationCode,
            guestName: try await StayRepository.guest(id: stay.guestID, in: sql)?.name ?? "",
            roomID: stay.roomID(on: night) ?? stay.currentRoomID, amount: amount)
    }
}

/// A closed day's report as stored: amounts in the property's minor units.
struct DayCloseRecord: Codable {
    struct StayLine: Codable {
        var stayID: Int
        var code: String
        var guest: String
        var roomID: Int?
        var amount: Int
    }

    struct Line: Codable {
        var entryID: Int
        /// A folio's line has its stay, a salon's sale line its sale.
        var stayID: Int?
        var saleID: Int?
        var code: String
        var guest: String
        var kind: String
        var description: String
        var category: String?
        var method: String?
        var reverses: String?
        var reversedDescription: String?
        var amount: Int
        /// A salon's line: who did the service or sold the product, and the service (absent in days closed
        /// before they were kept, and on a hotel's lines).
        var staffID: Int?
        var staffName: String?
        var serviceID: Int?
    }

    var day: Int
    var closedAt: Double
    var closedBy: Int?
    var rooms: Int
    var roomsOutOfService: Int
    var roomNightsSold: Int
    var roomRevenue: Int
    var arrivals: Int
    var departures: Int
    var noShows: [StayLine]
    var nightsPosted: Int
    var lines: [Line]
    var includedTaxes: [DocumentBody.TaxTotal]?
    var inHouse: [StayLine]
    var notCheckedOut: [StayLine]
    var guestLedger: Int
    /// A salon's figures; absent for a hotel's day.
    var salon: SalonRecord?

    struct SalonRecord: Codable {
        struct Takings: Codable {
            var id: Int?
            var name: String
            var amount: Int
        }

        var byStylist: [Takings]
        var byService: [Takings]
        var products: Int
        /// Absent in days closed before salons charged fees: none.
        var fees: Int?
        /// Absent in days closed before salons took deposits: none.
        var deposits: Int?
        /// Absent in days closed before salons sold ticket books: none.
        var prepaid: Int?
        var receipts: Int
        var appointments: Int
        var completed: Int
        var noShows: Int
        var cancelled: Int
        var open: Int

        init(_ figures: SalonDayFigures) {
            let takings = { (line: SalonDayFigures.Takings) in
                Takings(id: line.id, name: line.name, amount: line.amount.amount)
            }
            byStylist = figures.byStylist.map(takings)
            byService = figures.byService.map(takings)
            products = figures.products.amount
            fees = figures.fees.amount
            deposits = figures.deposits.amount
            prepaid = figures.prepaid.amount
            receipts = figures.receipts
            appointments = figures.appointments
            completed = figures.completed
            noShows = figures.noShows
            cancelled = figures.cancelled
            open = figures.open
        }

        func figures(currency: Currency) -> SalonDayFigures {
            let takings = { (line: Takings) in
                SalonDayFigures.Takings(id: line.id, name: line.name, amount: Money(line.amount, currency))
            }
            return SalonDayFigures(
                byStylist: byStylist.map(takings), byService: byService.map(takings),
                products: Money(products, currency), fees: Money(fees ?? 0, currency),
                deposits: Money(deposits ?? 0, currency), prepaid: Money(prepaid ?? 0, currency), receipts: receipts,
                appointments: appointments,
                completed: completed, noShows: noShows, cancelled: cancelled, open: open)
        }
    }

    init(_ report: DayClose) {
        let stayLine = { (line: DayClose.StayLine) in
            StayLine(
                stayID: line.stayID, code: line.confirmationCode, guest: line.guestName, roomID: line.roomID,
                amount: line.amount.amount)
        }
        day = report.day.number
        closedAt = report.closedAt.timeIntervalSince1970
        closedBy = report.closedBy
        rooms = report.rooms
        roomsOutOfService = report.roomsOutOfService
        roomNightsSold = report.roomNightsSold
        roomRevenue = report.roomRevenue.amount
        arrivals = report.arrivals
        departures = report.departures
        noShows = report.noShows.map(stayLine)
        nightsPosted = report.nightsPosted
        lines = report.ledger.lines.map {
            Line(
                entryID: $0.entryID, stayID: $0.stayID, saleID: $0.saleID, code: $0.confirmationCode,
                guest: $0.guestName,
                kind: $0.kind.rawValue, description: $0.description, category: $0.category?.rawValue,
                method: $0.method?.rawValue, reverses: $0.reverses?.rawValue,
                reversedDescription: $0.reversedDescription, amount: $0.amount.amount, staffID: $0.staffID,
                staffName: $0.staffName, serviceID: $0.serviceID)
        }
        includedTaxes = report.includedTaxes.map(DocumentBody.TaxTotal.init)
        inHouse = report.inHouse.map(stayLine)
        notCheckedOut = report.notCheckedOut.map(stayLine)
        guestLedger = report.guestLedger.amount
        salon = report.salon.map(SalonRecord.init)
    }

    func dayClose(currency: Currency) -> DayClose {
        let stayLine = { (line: StayLine) in
            DayClose.StayLine(
                stayID: line.stayID, confirmationCode: line.code, guestName: line.guest, roomID: line.roomID,
                amount: Money(line.amount, currency))
        }
        let day = Day(day)
        return DayClose(
            day: day, closedAt: Date(timeIntervalSince1970: closedAt), closedBy: closedBy, rooms: rooms,
            roomsOutOfService: roomsOutOfService, roomNightsSold: roomNightsSold,
            roomRevenue: Money(roomRevenue, currency), arrivals: arrivals, departures: departures,
            noShows: noShows.map(stayLine), nightsPosted: nightsPosted,
            ledger: LedgerReport(
                first: day, last: day, currency: currency,
                lines: lines.map {
                    LedgerReport.Line(
                        day: day, entryID: $0.entryID, stayID: $0.stayID, saleID: $0.saleID, confirmationCode: $0.code,
                        guestName: $0.guest, kind: FolioEntryKind(rawValue: $0.kind) ?? .charge,
                        description: $0.description, category: $0.category.flatMap(ChargeCategory.init(rawValue:)),
                        method: $0.method.flatMap(PaymentMethod.init(rawValue:)),
                        reverses: $0.reverses.flatMap(FolioEntryKind.init(rawValue:)),
                        reversedDescription: $0.reversedDescription, amount: Money($0.amount, currency),
                        staffID: $0.staffID, staffName: $0.staffName, serviceID: $0.serviceID)
                }),
            includedTaxes: (includedTaxes ?? []).map { $0.total(currency: currency) }, inHouse: inHouse.map(stayLine),
            notCheckedOut: notCheckedOut.map(stayLine),
            guestLedger: Money(guestLedger, currency), salon: salon?.figures(currency: currency))
    }
}

/// What the audit log and the live stream say of a closed day.
struct DayClosedRecord: Codable {
    var day: String
    var noShows: Int
    var nightsPosted: Int

    init(_ report: DayClose) {
        day = report.day.iso
        noShows = report.noShows.count
        nightsPosted = report.nightsPosted
    }
}
