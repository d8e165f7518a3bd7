import Booking
import Foundation
import SQLKit

/// Moving a hotel in and out: a file of stays (`StayImport`) checked against the database, stored in
/// one transaction, and every stay of a property read back in the same form.
extension StayRepository {
    /// A file of stays as checked for a property: the rows, and every problem of every row.
    public struct ImportCheck: Sendable {
        public var property: Property
        /// Reads and writes the file's form with the property's rooms and room types.
        public var form: StayImport
        /// The file's rows and problems, those with the database's stays and blocks included.
        public var reading: StayImport.Reading

        /// Whether every row is good: then `importStays(_:)` can store them.
        public var isGood: Bool { reading.problems.isEmpty }
    }

    /// The property, room types and rooms a file of stays is read with: `.notFound` without the
    /// property, `.invalid` for a salon (it has no rooms).
    public func importForm(propertyID: Int) async throws -> StayImport {
        let properties = store.properties
        guard let property = try await properties.property(id: propertyID) else {
            throw DomainError(.notFound, "no property \(propertyID)", field: "property")
        }
        guard property.kind == .hotel else {
            throw DomainError.invalid(
                "property",
                "property \(propertyID) (\(property.name)) is a \(property.kind.rawValue): stays go to hotels")
        }
        return StayImport(
            property: property, roomTypes: try await properties.roomTypes(propertyID: propertyID),
            rooms: try await properties.rooms(propertyID: propertyID))
    }

    /// Reads a file of stays for a property and checks every row: by the domain's rules, against each
    /// other, and against the database (confirmation codes it has, stays and rooms out of service in the
    /// way). Writes nothing.
    public func checkImport(_ bytes: [UInt8], propertyID: Int) async throws -> ImportCheck {
        let form = try await importForm(propertyID: propertyID)
        var reading = form.read(bytes)
        let codes = reading.codes.map(\.code)
        let (taken, holdings) = try await store.read { sql in
            (
                try await Self.takenCodes(among: codes, in: sql),
                try await Self.holdings(propertyID: propertyID, in: sql)
            )
        }
        reading.add(form.conflicts(in: reading, holdings: holdings, takenCodes: taken))
        return ImportCheck(property: form.property, form: form, reading: reading)
    }

    /// Stores a checked file's stays (`check.isGood`) in one transaction: their guests, stays, runs of
    /// nights and payments, in statements of many rows each, with one audit row and one event
    /// (`stays.imported`) for the whole file, so that open boards and caches read the property again.
    /// The database's own guards stay in force: when it refuses a row (a room or a code taken since the
    /// check), nothing is stored and `.conflict` says so. `progress` hears how many stays are written
    /// so far. Returns the number of stays stored.
    ///
    /// Imported stays keep no agreed nightly rates (`recordAgreedRates`): the price a guest agreed to
    /// was the other system's and is not in the file, so they are priced at the room type's rates, as
    /// stays loaded in bulk always were.
    public func importStays(
        _ check: ImportCheck, by userID: Int? = nil, progress: (@Sendable (Int) -> Void)? = nil
    ) async throws -> Int {
        guard check.isGood else {
            throw DomainError.invalid("file", "\(check.reading.badRowCount) rows have problems; nothing was imported")
        }
        let rows = check.reading.rows
        let property = check.property
        do {
            // PostgreSQL's ids are drawn before the import's transaction, in a short one of their own: the
            // drawing holds the sequences' locks until it commits, and every booking waits on them.
            let drawn =
                store.dialect == .postgres
                ? try await store.write { sql in
                    (
                        try await Self.drawIDs(table: "guests", count: rows.count, in: sql),
                        try await Self.drawIDs(table: "stays", count: rows.count, in: sql)
                    )
                } : nil
            return try await store.write { sql in
                try await Self.withRoomForALargeWrite(in: sql) {
                    var (guestIDs, stayIDs) = drawn ?? ([], [])
                    if drawn == nil {
                        guestIDs = try await Self.reserveIDs(table: "guests", count: rows.count, in: sql)
                        stayIDs = try await Self.reserveIDs(table: "stays", count: rows.count, in: sql)
                    }
                    let batch = Self.importBatch
                    let now = store.clock.now()
                    let paidOn = try await FolioRepository.openDay(of: property, now: now, in: sql)
                    for start in stride(from: 0, to: rows.count, by: batch) {
                        let range = start..<min(start + batch, rows.count)
                        try await Self.insertImported(
                            rows[range], guestIDs: guestIDs[range], stayIDs: stayIDs[range], property: property,
                            paidOn: paidOn, now: now.millisSince1970, in: sql)
                        progress?(range.upperBound)
                    }
                    try await Journal.record(
                        in: sql, at: now.millisSince1970, propertyID: property.id, userID: userID, entity: "stays",
                        entityID: 0,
                        action: "imported", before: nil as ImportRecord?,
                        after: ImportRecord(stays: rows.count, firstStayID: stayIDs.first, lastStayID: stayIDs.last))
                    return rows.count
                }
            }
        } catch  where error.isConstraintFailure {
            throw DomainError(
                .conflict,
                "the database refused the import (\(error.databaseMessage.prefix(300))); nothing was imported. "
                    + "A room or a confirmation code was taken after the file was checked: check it again",
                reason: .importRefused)
        }
    }

    /// Runs a write of many rows on SQLite with a page cache large enough to hold what it changes, and
    /// statement journals in memory: with SQLite's 2 MiB cache a transaction of 200,000 stays spills
    /// pages to the log and reads them back, most of its time. The connection's settings are put back
    /// after. On PostgreSQL `body` runs as it is.
    private static func withRoomForALargeWrite<T>(in sql: any SQLDatabase, _ body: () async throws -> T)
        async throws -> T
    {
        guard sql.dialect.name == "sqlite" else { return try await body() }
        let cache = try await sql.raw("PRAGMA cache_size").first()?.decode(column: "cache_size", as: Int.self)
        let temp = try await sql.raw("PRAGMA temp_store").first()?.decode(column: "temp_store", as: Int.self)
        try await sql.raw("PRAGMA cache_size = -262144").run()
        try await sql.raw("PRAGMA temp_store = MEMORY").run()
        do {
            let result = try await body()
            try await restore(cache: cache, temp: temp, in: sql)
            return result
        } catch {
            try? await restore(cache: cache, temp: temp, in: sql)
            throw error
        }
    }

    private static func restore(cache: Int?, temp: Int?, in sql: any SQLDatabase) async throws {
        if let cache { try await sql.raw("PRAGMA cache_size = \(unsafeRaw: String(cache))").run() }
        if let temp { try await sql.raw("PRAGMA temp_store = \(unsafeRaw: String(temp))").run() }
    }

    /// Stays a statement of each kind writes at once: 24,000 bound parameters for their guests (three a
    /// guest), 8,000 for the stays' codes and 8,000 for the runs' guests' names, each statement inside
    /// SQLite's 32,766 and PostgreSQL's 65,535. Larger statements cost SQLite
    /// less: it keeps each page a statement changes in its statement journal once per statement.
    static let importBatch = 8_000

    /// One batch's guests, stays, runs and payments, four statements.
    private static func insertImported(
        _ rows: ArraySlice<StayImport.Row>, guestIDs: ArraySlice<Int>, stayIDs: ArraySlice<Int>, property: Property,
        paidOn: Day, now: Int, in sql: any SQLDatabase
    ) async throws {
        if sql.dialect.name == "postgresql" {
            try await insertImportedAsArrays(
                rows, guestIDs: guestIDs, stayIDs: stayIDs, property: property, paidOn: paidOn, now: now, in: sql)
        } else {
            try await insertImportedAsValues(
                rows, guestIDs: guestIDs, stayIDs: stayIDs, property: property, paidOn: paidOn, now: now, in: sql)
        }
    }

    /// SQLite: multi-row `VALUES`, numbers and the fixed words written into the statements, what the file
    /// says (names, codes) bound.
    private static func insertImportedAsValues(
        _ rows: ArraySlice<StayImport.Row>, guestIDs: ArraySlice<Int>, stayIDs: ArraySlice<Int>, property: Property,
        paidOn: Day, now: Int, in sql: any SQLDatabase
    ) async throws {
        var guests: SQLQueryString = "INSERT INTO guests (id, name, email, phone, notes) VALUES "
        var stays: SQLQueryString = """
            INSERT INTO stays (id, property_id, room_type_id, guest_id, arrival, departure, adults, children, infants,
              source, state, version, confirmation_code, notes, created_at) VALUES
            """
        var segments: SQLQueryString = """
            INSERT INTO stay_segments (stay_id, property_id, room_type_id, room_id, arrival, departure, active, state,
              source, guest_name) VALUES
            """
        var payments = """
            INSERT INTO folio_entries (stay_id, kind, description, amount, currency, posted_at, posted_by,
              business_day) VALUES
            """
        var paid = false
        let day = paidOn.number
        let source = text(StaySource.frontDesk.rawValue)
        let payment = "\(text(FolioEntryKind.payment.rawValue)),\(text(importedPayment))"
        let currency = text(property.currency.code)
        for offset in 0..<rows.count {
            let row = rows[rows.startIndex + offset]
            let guestID = guestIDs[guestIDs.startIndex + offset]
            let stayID = stayIDs[stayIDs.startIndex + offset]
            let separator = offset == 0 ? "" : ","
            guests.appendLiteral("\(separator)(\(guestID),")
            guests.appendInterpolation(bind: row.guestName)
            guests.appendLiteral(",")
            guests.appendInterpolation(bind: row.email)
            guests.appendLiteral(",")
            guests.appendInterpolation(bind: row.phone)
            guests.appendLiteral(",'')")
            stays.appendLiteral(
                "\(separator)(\(stayID),\(property.id),\(row.roomTypeID),\(guestID),\(row.nights.arrival.number),"
                    + "\(row.nights.departure.number),\(row.adults),\(row.children),0,\(source),"
                    + "\(text(row.state.rawValue)),1,")
            stays.appendInterpolation(
                bind: row.confirmationCode.isEmpty ? ConfirmationCode.make() : row.confirmationCode)
            stays.appendLiteral(",'',\(now))")
            // Each run carries what the board draws of its stay (`BoardRuns`).
            segments.appendLiteral(
                "\(separator)(\(stayID),\(property.id),\(row.roomTypeID),\(row.roomID.map(String.init) ?? "NULL"),"
                    + "\(row.nights.arrival.number),\(row.nights.departure.number),\(row.state.holdsRoom),"
                    + "\(text(row.state.rawValue)),\(source),")
            segments.appendInterpolation(bind: row.guestName)
            segments.appendLiteral(")")
            if row.amountPaid.amount > 0 {
                payments +=
                    "\(paid ? "," : "")(\(stayID),\(payment),\(row.amountPaid.amount),\(currency),\(now),NULL,\(day))"
                paid = true
            }
        }
        try await sql.raw(guests).run()
        try await sql.raw(stays).run()
        try await sql.raw(segments).run()
        if paid { try await sql.raw(SQLQueryString(payments)).run() }
    }

    /// PostgreSQL: each column of the batch bound as one array and the rows made by `unnest`, so that a
    /// statement is as cheap to parse and plan whatever its rows (a `VALUES` list of thousands of rows
    /// cost PostgreSQL more to plan than to insert).
    private static func insertImportedAsArrays(
        _ rows: ArraySlice<StayImport.Row>, guestIDs: ArraySlice<Int>, stayIDs: ArraySlice<Int>, property: Property,
        paidOn: Day, now: Int, in sql: any SQLDatabase
    ) async throws {
        let stayIDs = Array(stayIDs)
        let guestIDs = Array(guestIDs)
        let roomTypes = rows.map(\.roomTypeID)
        let arrivals = rows.map(\.nights.arrival.number)
        let departures = rows.map(\.nights.departure.number)
        try await sql.raw(
            """
            INSERT INTO guests (id, name, email, phone, notes)
            SELECT id, name, email, phone, '' FROM unnest(\(bind: guestIDs)::bigint[], \(bind: rows.map(\.guestName))::text[],
              \(bind: rows.map(\.email))::text[], \(bind: rows.map(\.phone))::text[]) AS g(id, name, email, phone)
            """
        ).run()
        let codes = rows.map { $0.confirmationCode.isEmpty ? ConfirmationCode.make() : $0.confirmationCode }
        try await sql.raw(
            """
            INSERT INTO stays (id, property_id, room_type_id, guest_id, arrival, departure, adults, children, infants,
              source, state, version, confirmation_code, notes, created_at)
            SELECT id, \(bind: property.id), room_type_id, guest_id, arrival, departure, adults, children, 0,
              \(bind: StaySource.frontDesk.rawValue), state, 1, code, '', \(bind: now)
            FROM unnest(\(bind: stayIDs)::bigint[], \(bind: roomTypes)::bigint[], \(bind: guestIDs)::bigint[],
              \(bind: arrivals)::bigint[], \(bind: departures)::bigint[], \(bind: rows.map(\.adults))::bigint[],
              \(bind: rows.map(\.children))::bigint[], \(bind: rows.map(\.state.rawValue))::text[], \(bind: codes)::text[])
              AS s(id, room_type_id, guest_id, arrival, departure, adults, children, state, code)
            """
        ).run()
        try await sql.raw(
            """
            INSERT INTO stay_segments (stay_id, property_id, room_type_id, room_id, arrival, departure, active, state,
              source, guest_name)
            SELECT stay_id, \(bind: property.id), room_type_id, NULLIF(room_id, 0), arrival, departure, active, state,
              \(bind: StaySource.frontDesk.rawValue), guest_name
            FROM unnest(\(bind: stayIDs)::bigint[], \(bind: roomTypes)::bigint[], \(bind: rows.map { $0.roomID ?? 0 })::bigint[],
              \(bind: arrivals)::bigint[], \(bind: departures)::bigint[], \(bind: rows.map(\.state.holdsRoom))::boolean[],
              \(bind: rows.map(\.state.rawValue))::text[], \(bind: rows.map(\.guestName))::text[])
              AS x(stay_id, room_type_id, room_id, arrival, departure, active, state, guest_name)
            """
        ).run()
        let paid = zip(stayIDs, rows).filter { $0.1.amountPaid.amount > 0 }
        guard !paid.isEmpty else { return }
        try await sql.raw(
            """
            INSERT INTO folio_entries (stay_id, kind, description, amount, currency, posted_at, posted_by,
              business_day)
            SELECT stay_id, \(bind: FolioEntryKind.payment.rawValue), \(bind: importedPayment), amount,
              \(bind: property.currency.code), \(bind: now), NULL,
              \(bind: paidOn.number)
            FROM unnest(\(bind: paid.map(\.0))::bigint[], \(bind: paid.map(\.1.amountPaid.amount))::bigint[])
              AS f(stay_id, amount)
            """
        ).run()
    }

    /// One of our own words (a state, a kind, a currency code) as an SQL string literal.
    private static func text(_ word: String) -> String {
        word.utf8.contains(UInt8(ascii: "'")) ? "'" + word.replacingOccurrences(of: "'", with: "''") + "'" : "'\(word)'"
    }

    /// How an imported stay's amount paid is described on its folio: the method is the other system's
    /// to know, so it has none.
    public static let importedPayment = "Paid before the move to Frontdesk"

    /// SQLite: `count` ids for new rows of `table`, those after the largest ever used, taken in the
    /// import's transaction (it holds the only write lock).
    static func reserveIDs(table: String, count: Int, in sql: any SQLDatabase) async throws -> [Int] {
        guard count > 0 else { return [] }
        let row = try await sql.raw(
            """
            SELECT MAX(COALESCE((SELECT seq FROM sqlite_sequence WHERE name = \(bind: table)), 0),
              COALESCE((SELECT MAX(id) FROM \(ident: table)), 0)) AS last
            """
        ).first()
        let last = try row?.decode(column: "last", as: Int.self) ?? 0
        return Array((last + 1)...(last + count))
    }

    /// PostgreSQL: `count` consecutive ids from `table`'s own sequence, so that other sessions' rows
    /// never meet them, in three statements whatever the count (a `nextval` an id took a second for
    /// 200,000). `ALTER SEQUENCE` takes the sequence's lock, which stops every other `nextval` until
    /// the transaction ends: run it in a short transaction of its own.
    static func drawIDs(table: String, count: Int, in sql: any SQLDatabase) async throws -> [Int] {
        guard count > 0 else { return [] }
        let named = try await sql.raw("SELECT pg_get_serial_sequence(\(bind: table), 'id') AS sequence").first()
        guard let sequence = try named?.decode(column: "sequence", as: String?.self) else {
            throw DomainError(.invalid, "\(table) has no sequence for its ids")
        }
        try await sql.raw("ALTER SEQUENCE \(unsafeRaw: sequence) INCREMENT BY 1").run()
        let drawn = try await sql.raw("SELECT nextval(\(bind: sequence)) AS first").first()
        let first = try drawn?.decode(column: "first", as: Int.self) ?? 0
        try await sql.raw("SELECT setval(\(bind: sequence), \(bind: first + count - 1))").run()
        return Array(first...(first + count - 1))
    }

    /// Which of `codes` are stays' confirmation codes already (in any property: codes are unique in
    /// the whole database), in a few queries.
    static func takenCodes(among codes: [String], in sql: any SQLDatabase) async throws -> Set<String> {
        var taken: Set<String> = []
        for start in stride(from: 0, to: codes.count, by: 10_000) {
            let chunk = codes[start..<min(start + 10_000, codes.count)].map { $0 as any Encodable & Sendable }
            for row in try await sql.raw(
                "SELECT confirmation_code FROM stays WHERE confirmation_code IN (\(binds: chunk))"
            ).all() {
                taken.insert(try row.decode(column: "confirmation_code", as: String.self))
            }
        }
        return taken
    }

    /// The nights a property's rooms are held: runs of stays that hold their rooms, and blocks.
    static func holdings(propertyID: Int, in sql: any SQLDatabase) async throws -> [StayImport.Holding] {
        // A row's room and nights; `holder` names what holds them.
        func holding(_ row: any SQLRow, holder: String) throws -> StayImport.Holding {
            StayImport.Holding(
                roomID: try row.decode(column: "room_id", as: Int.self),
                nights: try Nights(
                    arrival: Day(try row.decode(column: "arrival", as: Int.self)),
                    departure: Day(try row.decode(column: "departure", as: Int.self))),
                holder: holder)
        }
        var holdings: [StayImport.Holding] = []
        for row in try await sql.raw(
            """
            SELECT x.room_id, x.arrival, x.departure, s.confirmation_code FROM stay_segments x
            JOIN stays s ON s.id = x.stay_id
            WHERE x.property_id = \(bind: propertyID) AND x.active AND x.room_id IS NOT NULL
            """
        ).all() {
            holdings.append(
                try holding(row, holder: "stay \(try row.decode(column: "confirmation_code", as: String.self))"))
        }
        for row in try await sql.raw(
            "SELECT room_id, arrival, departure, reason FROM room_blocks WHERE property_id = \(bind: propertyID)"
        ).all() {
            holdings.append(
                try holding(row, holder: "a block (\(try row.decode(column: "reason", as: String.self)))"))
        }
        return holdings
    }

    // MARK: - Export

    /// Every stay of a property as a row of the file, in the order they were made, handed to `body` a
    /// page of a few thousand at a time (so that a large hotel is never held whole). A stay moved
    /// between rooms is given the room it ends in. The amount paid is its payments less those reversed
    /// (refunded). Returns how many stays there were.
    public func exportStays(
        propertyID: Int, _ body: @Sendable ([StayImport.Row]) async throws -> Void
    ) async throws -> Int {
        let currency = try await store.properties.property(id: propertyID)?.currency
        guard let currency else { throw DomainError(.notFound, "no property \(propertyID)", field: "property") }
        var after = 0
        var count = 0
        while true {
            let page = try await store.read { [after] sql in
                try await Self.exportPage(propertyID: propertyID, after: after, currency: currency, in: sql)
            }
            guard let last = page.last else { return count }
            try await body(page.map(\.row))
            count += page.count
            after = last.id
        }
    }

    static let exportPage = 5_000

    private static func exportPage(
        propertyID: Int, after: Int, currency: Currency, in sql: any SQLDatabase
    ) async throws -> [(id: Int, row: StayImport.Row)] {
        let rows = try await sql.raw(
            """
            SELECT s.id, s.confirmation_code, g.name, g.email, g.phone, s.room_type_id, s.arrival, s.departure,
              s.adults, s.children, s.state,
              (SELECT x.room_id FROM stay_segments x WHERE x.stay_id = s.id ORDER BY x.arrival DESC LIMIT 1) AS room_id,
              (SELECT CAST(COALESCE(SUM(CASE WHEN f.kind = 'payment' THEN f.amount ELSE -f.amount END), 0) AS BIGINT)
               FROM folio_entries f LEFT JOIN folio_entries t ON t.id = f.reverses
               WHERE f.stay_id = s.id AND (f.kind = 'payment' OR (f.kind = 'reversal' AND t.kind = 'payment'))) AS paid
            FROM stays s JOIN guests g ON g.id = s.guest_id
            WHERE s.property_id = \(bind: propertyID) AND s.id > \(bind: after)
            ORDER BY s.id LIMIT \(unsafeRaw: String(exportPage))
            """
        ).all()
        return try rows.map { row in
            let id = try row.decode(column: "id", as: Int.self)
            let state = try row.decode(column: "state", as: String.self)
            return (
                id,
                StayImport.Row(
                    line: 0, confirmationCode: try row.decode(column: "confirmation_code", as: String.self),
                    guestName: try row.decode(column: "name", as: String.self),
                    email: try row.decode(column: "email", as: String.self),
                    phone: try row.decode(column: "phone", as: String.self),
                    roomID: try row.decode(column: "room_id", as: Int?.self),
                    roomTypeID: try row.decode(column: "room_type_id", as: Int.self),
                    nights: try Nights(
                        arrival: Day(try row.decode(column: "arrival", as: Int.self)),
                        departure: Day(try row.decode(column: "departure", as: Int.self))),
                    adults: try row.decode(column: "adults", as: Int.self),
                    children: try row.decode(column: "children", as: Int.self),
                    state: StayState(rawValue: state) ?? .booked,
                    amountPaid: Money(try row.decode(column: "paid", as: Int.self), currency))
            )
        }
    }
}

/// An import as the audit log and the event stream record it.
struct ImportRecord: Codable {
    var stays: Int
    var firstStayID: Int?
    var lastStayID: Int?
}
