import Booking
import Foundation
import SQLKit

/// Stays and their segments. Every write checks the domain's rules, runs in one transaction with its
/// audit row and its event, and leaves the refusal of double bookings to the database itself.
public struct StayRepository: Sendable {
    let store: Store

    init(store: Store) {
        self.store = store
    }

    /// Stores a stay as booked, with the rates agreed for its nights (the room type's when nil). Refused
    /// with `.conflict`, naming the stay in the way, when its room is taken on one of the nights. It
    /// checks no rule of the domain: bookings go through `FrontDesk.book`, which has.
    public func create(_ new: NewStay, by userID: Int? = nil) async throws -> Stay {
        try await create(new, by: userID, alongside: nil)
    }

    /// The same, with `alongside` run in the stay's transaction before its event is recorded.
    func create(
        _ new: NewStay, by userID: Int?, alongside: (@Sendable (Stay, any SQLDatabase) async throws -> Void)?
    ) async throws -> Stay {
        do {
            return try await store.write { sql in
                if let roomID = new.roomID { try await RoomLock.take(roomID, in: sql) }
                let stay = try await Self.insert(new, state: .booked, now: store.clock.now(), in: sql)
                try await Self.recordAgreedRates(new.agreedRates ?? [:], stayID: stay.id, in: sql)
                try await alongside?(stay, sql)
                try await Journal.record(
                    in: sql, at: store.clock.nowMillis, propertyID: stay.propertyID, userID: userID, entity: "stay",
                    entityID: stay.id,
                    action: "create", before: nil, after: StaySnapshot(stay))
                return stay
            }
        } catch  where error.isConstraintFailure {
            throw try await conflict(for: new.roomID, nights: new.nights, excluding: nil)
        }
    }

    /// Loads many stays at once (demo data, an import from another system), in transactions of a few
    /// hundred, with one audit row a batch instead of one a stay. Stays keep their given states; the
    /// database still refuses any that overlap in a room.
    public func importStays(_ requests: [(stay: NewStay, state: StayState)], by userID: Int? = nil) async throws -> Int
    {
        var imported = 0
        for start in stride(from: 0, to: requests.count, by: 500) {
            let batch = Array(requests[start..<min(start + 500, requests.count)])
            imported += try await store.write { sql in
                for (new, state) in batch {
                    _ = try await Self.insert(new, state: state, now: store.clock.now(), in: sql)
                }
                if let first = batch.first {
                    try await Journal.record(
                        in: sql, at: store.clock.nowMillis, propertyID: first.stay.propertyID, userID: userID,
                        entity: "stay", entityID: 0,
                        action: "import", before: nil as [String]?, after: ["\(batch.count) stays"])
                }
                return batch.count
            }
        }
        return imported
    }

    /// Gives a property's past, imported as stays already checked in or out, the books a hotel would have
    /// kept of it (the demo's weeks before today, say), in one transaction: every stay that came has what
    /// check-in posts (`StayCharges`), each night's lines on that night's business day and the rest on
    /// its arrival's, and one that has left paid its balance (cash) on its departure day. The first night
    /// audit then finds every night charged, and a day's report its lines.
    public func settlePastStays(property: Property, today: Day) async throws {
        let roomTypes = Dictionary(
            uniqueKeysWithValues: try await store.properties.roomTypes(propertyID: property.id).map {
                ($0.id, $0)
            })
        let came = try await stays(
            propertyID: property.id,
            overlapping: try Nights(arrival: today.adding(days: -Stay.maxNights), departure: today.adding(days: 1))
        )
        .filter { $0.state == .checkedIn || $0.state == .checkedOut }
        guard !came.isEmpty else { return }
        try await store.write { sql in
            let transaction = StayTransaction(sql: sql, userID: nil, now: store.clock.now())
            for stay in came {
                guard let roomType = roomTypes[stay.roomTypeID] else { continue }
                try await transaction.correctCharges(of: stay, roomType: roomType, property: property)
                let balance = try await transaction.folio(stayID: stay.id).balance
                if stay.state == .checkedOut, balance.amount > 0 {
                    _ = try await transaction.post(
                        [Posting(kind: .payment, description: "Payment (cash)", amount: balance, method: .cash)],
                        stayID: stay.id)
                }
            }
            let ids = came.map(\.id)
            for start in stride(from: 0, to: ids.count, by: 500) {
                let chunk = Array(ids[start..<min(start + 500, ids.count)])
                try await sql.raw(
                    """
                    UPDATE folio_entries SET business_day = COALESCE(night,
                      (SELECT CASE WHEN folio_entries.kind = 'payment' THEN s.departure ELSE s.arrival END
                       FROM stays s WHERE s.id = folio_entries.stay_id))
                    WHERE stay_id IN (\(binds: chunk))
                    """
                ).run()
            }
        }
    }

    public func stay(id: Int) async throws -> Stay? {
        try await store.read { sql in try await Self.load(id: id, in: sql) }
    }

    /// The stay a guest quotes by its confirmation code (`FD-7K2Q9XAB`), if there is one.
    public func stay(confirmationCode: String) async throws -> Stay? {
        try await store.read { sql in
            guard
                let row = try await sql.raw(
                    "SELECT id FROM stays WHERE confirmation_code = \(bind: confirmationCode)"
                ).first()
            else { return nil }
            return try await Self.load(id: try row.decode(column: "id", as: Int.self), in: sql)
        }
    }

    /// A property's stays with a night in `nights` (any state), segments included.
    public func stays(propertyID: Int, overlapping nights: Nights) async throws -> [Stay] {
        try await stays(propertyIDs: [propertyID], overlapping: nights)[propertyID] ?? []
    }

    /// The same for many properties at once (the guest site's search), by property: two queries
    /// whatever the number of properties.
    public func stays(propertyIDs: [Int], overlapping nights: Nights) async throws -> [Int: [Stay]] {
        guard !propertyIDs.isEmpty else { return [:] }
        return try await store.read { sql in
            try await Self.stays(propertyIDs: propertyIDs, overlapping: nights, in: sql)
        }
    }

    static func stays(propertyIDs: [Int], overlapping nights: Nights, in sql: any SQLDatabase) async throws
        -> [Int: [Stay]]
    {
        let rows = try await sql.raw(
            """
            SELECT * FROM stays WHERE property_id IN (\(binds: propertyIDs))
              AND arrival < \(bind: nights.departure.number) AND departure > \(bind: nights.arrival.number)
            ORDER BY arrival, id
            """
        ).all()
        let segmentRows = try await sql.raw(
            """
            SELECT g.* FROM stay_segments g JOIN stays s ON s.id = g.stay_id
            WHERE s.property_id IN (\(binds: propertyIDs))
              AND s.arrival < \(bind: nights.departure.number) AND s.departure > \(bind: nights.arrival.number)
            ORDER BY g.stay_id, g.arrival
            """
        ).all()
        let segmentsOfStay = try Self.segmentsByStay(segmentRows)
        var stays: [Int: [Stay]] = [:]
        for row in rows {
            let stay = try Self.stay(
                from: row, segments: segmentsOfStay[try row.decode(column: "id", as: Int.self)] ?? [])
            stays[stay.propertyID, default: []].append(stay)
        }
        return stays
    }

    /// The nights held in rooms of many properties over `nights`, by property (stays' runs, and rooms
    /// out of service as holds of stay 0): what the guest site's search needs to know of their stays. Each property's runs come as one text column
    /// (`roomType,room,arrival,departure,stay;...`, room 0 for none), aggregated by the database:
    /// decoding a row through SQLKit (and, on PostgreSQL, receiving it) costs far more than the
    /// database's work for it, and a search over 500 places meets tens of thousands of runs. The runs
    /// are read from the index `stay_segments_held` alone (each run names its property and room type).
    public func holds(propertyIDs: [Int], overlapping nights: Nights) async throws -> [Int: [RoomHold]] {
        guard !propertyIDs.isEmpty else { return [:] }
        return try await store.read { sql in
            let run: SQLQueryString =
                "room_type_id || ',' || COALESCE(room_id, 0) || ',' || arrival || ',' || departure || ',' || stay_id"
            let aggregate: SQLQueryString =
                sql.dialect.name == "postgresql" ? "string_agg(\(run), ';')" : "group_concat(\(run), ';')"
            let rows = try await sql.raw(
                """
                SELECT property_id, \(aggregate) AS holds FROM stay_segments
                WHERE active AND property_id IN (\(binds: propertyIDs))
                  AND departure > \(bind: nights.arrival.number) AND arrival < \(bind: nights.departure.number)
                GROUP BY property_id
                """
            ).all()
            var holds: [Int: [RoomHold]] = [:]
            for row in rows {
                let text = try row.decode(column: "holds", as: String.self)
                holds[try row.decode(column: "property_id", as: Int.self)] = try Self.holds(from: text)
            }
            // Rooms out of service hold their nights too (few: one small query).
            for row in try await sql.raw(
                """
                SELECT b.property_id, r.room_type_id, b.room_id, b.arrival, b.departure
                FROM room_blocks b JOIN rooms r ON r.id = b.room_id
                WHERE b.property_id IN (\(binds: propertyIDs))
                  AND b.departure > \(bind: nights.arrival.number) AND b.arrival < \(bind: nights.departure.number)
                """
            ).all() {
                holds[try row.decode(column: "property_id", as: Int.self), default: []].append(
                    RoomHold(
                        stayID: 0, roomTypeID: try row.decode(column: "room_type_id", as: Int.self),
                        roomID: try row.decode(column: "room_id", as: Int.self),
                        nights: try Nights(
                            arrival: Day(try row.decode(column: "arrival", as: Int.self)),
                            departure: Day(try row.decode(column: "departure", as: Int.self)))))
            }
            return holds
        }
    }

    /// Parses `roomType,room,arrival,departure,stay` runs separated by `;`, in one pass over the bytes.
    static func holds(from text: String) throws -> [RoomHold] {
        var holds: [RoomHold] = []
        var fields = [0, 0, 0, 0, 0]
        var field = 0
        func finish() throws {
            guard field == 4 else { throw DomainError(.invalid, "unreadable stay runs '\(text.prefix(200))'") }
            holds.append(
                RoomHold(
                    stayID: fields[4], roomTypeID: fields[0], roomID: fields[1] == 0 ? nil : fields[1],
                    nights: try Nights(arrival: Day(fields[2]), departure: Day(fields[3]))))
            fields = [0, 0, 0, 0, 0]
            field = 0
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: ","):
                field += 1
                guard field < 5 else { throw DomainError(.invalid, "unreadable stay runs '\(text.prefix(200))'") }
            case UInt8(ascii: ";"): try finish()
            default: fields[field] = fields[field] * 10 + Int(byte &- UInt8(ascii: "0"))
            }
        }
        if !text.isEmpty { try finish() }
        return holds
    }

    public func guest(id: Int) async throws -> Guest? {
        try await store.read { sql in try await Self.guest(id: id, in: sql) }
    }

    static func guest(id: Int, in sql: any SQLDatabase) async throws -> Guest? {
        try await sql.raw("SELECT * FROM guests WHERE id = \(bind: id)").first().map(guest(from:))
    }

    /// Guests by id, with their registration details.
    public func guests(ids: [Int]) async throws -> [Int: Guest] {
        guard !ids.isEmpty else { return [:] }
        return try await store.read { sql in
            let guests = try await sql.raw("SELECT * FROM guests WHERE id IN (\(binds: ids))").all().map(
                Self.guest(from:))
            return Dictionary(guests.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// When each stay was booked.
    public func bookedAt(stayIDs: [Int]) async throws -> [Int: Date] {
        guard !stayIDs.isEmpty else { return [:] }
        return try await store.read { sql in
            var booked: [Int: Date] = [:]
            for row in try await sql.raw("SELECT id, created_at FROM stays WHERE id IN (\(binds: stayIDs))").all() {
                booked[try row.decode(column: "id", as: Int.self)] = Date(
                    timeIntervalSince1970: Double(try row.decode(column: "created_at", as: Int.self)) / 1000)
            }
            return booked
        }
    }

    /// Everyone who has stayed or is booked at the property (a calendar feed's blocks left out), by name,
    /// with their stays there: what a hotel exports as its guest list.
    public func guestList(propertyID: Int) async throws -> [GuestList.Entry] {
        try await store.read { sql in
            try await sql.raw(
                """
                SELECT g.*, x.stays, x.first_arrival, x.last_departure
                FROM guests g JOIN (
                  SELECT guest_id, COUNT(*) AS stays, MIN(arrival) AS first_arrival, MAX(departure) AS last_departure
                  FROM stays WHERE property_id = \(bind: propertyID) AND source <> \(bind: StaySource.ical.rawValue)
                  GROUP BY guest_id) x ON x.guest_id = g.id
                ORDER BY g.name, g.id
                """
            ).all().map { row in
                GuestList.Entry(
                    guest: try Self.guest(from: row), stays: try row.decode(column: "stays", as: Int.self),
                    firstArrival: Day(try row.decode(column: "first_arrival", as: Int.self)),
                    lastDeparture: Day(try row.decode(column: "last_departure", as: Int.self)))
            }
        }
    }

    static func guest(from row: any SQLRow) throws -> Guest {
        Guest(
            id: try row.decode(column: "id", as: Int.self),
            name: try row.decode(column: "name", as: String.self),
            email: try row.decode(column: "email", as: String.self),
            phone: try row.decode(column: "phone", as: String.self),
            notes: try row.decode(column: "notes", as: String.self),
            nationality: try row.decode(column: "nationality", as: String.self),
            documentNumber: try row.decode(column: "document_number", as: String.self),
            birthDate: try row.decode(column: "birth_date", as: Int?.self).map(Day.init))
    }

    /// Changes a stay by the domain's rules (`change` mutates it or throws), as one transaction:
    /// refused as `.stale` when the stored version is not `expectedVersion`, as `.conflict` naming the
    /// stay in the way when a room is taken. Returns the stored stay, its version bumped.
    public func update(
        stayID: Int, expectedVersion: Int?, by userID: Int? = nil, action: String,
        _ change: @escaping @Sendable (inout Stay) throws -> Void
    ) async throws -> Stay {
        try await update(stayID: stayID, expectedVersion: expectedVersion, by: userID, action: action) {
            stay, _ in try change(&stay)
        }
    }

    /// The same, for changes that read or write more in the same transaction (the folio at check-in and
    /// check-out): `change` gets the transaction's connection.
    public func update(
        stayID: Int, expectedVersion: Int?, by userID: Int? = nil, action: String,
        _ change: @escaping @Sendable (inout Stay, StayTransaction) async throws -> Void
    ) async throws -> Stay {
        let attempted = StayBox()
        do {
            return try await store.write { [clock = store.clock] sql in
                try await Self.update(
                    stayID: stayID, expectedVersion: expectedVersion, by: userID, action: action, now: clock.now(),
                    attempted: attempted, in: sql, change)
            }
        } catch  where error.isConstraintFailure {
            guard let stay = attempted.stay else { throw error }
            for segment in stay.segments where segment.roomID != nil {
                if let blocking = try await blocker(roomID: segment.roomID, nights: segment.nights, excluding: stayID) {
                    throw blocking
                }
            }
            throw DomainError(.conflict, "a room of this stay is taken on one of its nights", field: "roomId")
        }
    }

    /// Changes a stay in the transaction `sql` (`update(stayID:...)`); `attempted` keeps the stay as it
    /// was to be written, for naming what was in the way when the database refuses it.
    static func update(
        stayID: Int, expectedVersion: Int?, by userID: Int?, action: String, now: Date, attempted: StayBox? = nil,
        in sql: any SQLDatabase, _ change: @escaping @Sendable (inout Stay, StayTransaction) async throws -> Void
    ) async throws -> Stay {
        guard var stay = try await Self.load(id: stayID, in: sql) else {
            throw DomainError(.notFound, "no stay \(stayID)")
        }
        if let expectedVersion, expectedVersion != stay.version {
            throw DomainError(
                .stale,
                "stay \(stayID) has changed (version \(stay.version), not \(expectedVersion)); reload it",
                reason: .stayChanged)
        }
        let before = stay
        try await change(&stay, StayTransaction(sql: sql, userID: userID, now: now))
        stay.version = before.version + 1
        attempted?.stay = stay
        let updated = try await sql.raw(
            """
            UPDATE stays SET arrival = \(bind: stay.arrival.number), departure = \(bind: stay.departure.number),
              adults = \(bind: stay.adults), children = \(bind: stay.children), infants = \(bind: stay.infants),
              state = \(bind: stay.state.rawValue),
              room_type_id = \(bind: stay.roomTypeID), notes = \(bind: stay.notes), version = \(bind: stay.version),
              checked_in_online = \(bind: stay.checkedInOnline)
            WHERE id = \(bind: stayID) AND version = \(bind: before.version)
            RETURNING id
            """
        ).first()
        guard updated != nil else {
            throw DomainError(.stale, "stay \(stayID) changed meanwhile; reload it", reason: .stayChanged)
        }
        try await Self.rewriteSegments(of: stay, in: sql)
        try await Journal.record(
            in: sql, at: now.millisSince1970, propertyID: stay.propertyID, userID: userID, entity: "stay",
            entityID: stayID,
            action: action, before: StaySnapshot(before), after: StaySnapshot(stay))
        return stay
    }

    // MARK: - Rows

    /// Writes a new stay, its guest and its segments; no audit row, no event (the caller adds them).
    static func insert(_ new: NewStay, state: StayState, now: Date, in sql: any SQLDatabase) async throws -> Stay {
        guard let roomTypeID = new.roomTypeID else {
            throw DomainError(.invalid, "a stay is stored with its room type", field: "roomTypeId")
        }
        let guestID = try await sql.insertReturningID(
            """
            INSERT INTO guests (name, email, phone, notes)
            VALUES (\(bind: new.guestName), \(bind: new.guestEmail), \(bind: new.guestPhone), '')
            RETURNING id
            """
        )
        var stay = Stay(
            id: 0, propertyID: new.propertyID, roomTypeID: roomTypeID, guestID: guestID, roomID: new.roomID,
            nights: new.nights, adults: new.adults, children: new.children, infants: new.infants, source: new.source,
            state: state, version: 1, confirmationCode: ConfirmationCode.make(), notes: new.notes,
            ratePlanID: new.ratePlanID)
        stay.id = try await sql.insertReturningID(
            """
            INSERT INTO stays (property_id, room_type_id, guest_id, arrival, departure, adults, children, infants,
              source, state, version, confirmation_code, notes, created_at, rate_plan_id)
            VALUES (\(bind: stay.propertyID), \(bind: stay.roomTypeID), \(bind: stay.guestID),
              \(bind: stay.arrival.number), \(bind: stay.departure.number), \(bind: stay.adults),
              \(bind: stay.children), \(bind: stay.infants), \(bind: stay.source.rawValue), \(bind: stay.state.rawValue),
              \(bind: stay.version), \(bind: stay.confirmationCode), \(bind: stay.notes), \(bind: now.millisSince1970),
              \(bind: stay.ratePlanID))
            RETURNING id
            """
        )
        try await writeSegments(of: stay, in: sql)
        return stay
    }

    static func writeSegments(of stay: Stay, in sql: any SQLDatabase) async throws {
        for segment in stay.segments { try await insert(segment, of: stay, in: sql) }
    }

    /// Brings a stay's stored segments in line with its runs, updating rows in place where it can, so
    /// that a run keeps its id (the board's item id) through edits that do not split or join runs.
    static func rewriteSegments(of stay: Stay, in sql: any SQLDatabase) async throws {
        let ids = try await sql.raw("SELECT id FROM stay_segments WHERE stay_id = \(bind: stay.id) ORDER BY arrival")
            .all().map { try $0.decode(column: "id", as: Int.self) }
        // Rows no run needs go first, and the rest stop holding their rooms until rewritten, so that no
        // run is ever in the way of another of the same stay half-way through.
        for id in ids.dropFirst(stay.segments.count) {
            try await sql.raw("DELETE FROM stay_segments WHERE id = \(bind: id)").run()
        }
        try await sql.raw("UPDATE stay_segments SET active = \(bind: false) WHERE stay_id = \(bind: stay.id)").run()
        for (index, segment) in stay.segments.enumerated() {
            guard index < ids.count else {
                try await insert(segment, of: stay, in: sql)
                continue
            }
            try await sql.raw(
                """
                UPDATE stay_segments SET room_id = \(bind: segment.roomID), arrival = \(bind: segment.nights.arrival.number),
                  departure = \(bind: segment.nights.departure.number), active = \(bind: stay.state.holdsRoom),
                  room_type_id = \(bind: stay.roomTypeID), state = \(bind: stay.state.rawValue),
                  checked_in_online = \(bind: stay.checkedInOnline)
                WHERE id = \(bind: ids[index])
                """
            ).run()
        }
    }

    private static func insert(_ segment: StaySegment, of stay: Stay, in sql: any SQLDatabase) async throws {
        try await sql.raw(
            """
            INSERT INTO stay_segments (stay_id, property_id, room_type_id, room_id, arrival, departure, active, state,
              source, guest_name, checked_in_online)
            SELECT \(bind: stay.id), \(bind: stay.propertyID), \(bind: stay.roomTypeID), \(bind: segment.roomID),
              \(bind: segment.nights.arrival.number), \(bind: segment.nights.departure.number),
              \(bind: stay.state.holdsRoom), \(bind: stay.state.rawValue), \(bind: stay.source.rawValue), g.name,
              \(bind: stay.checkedInOnline)
            FROM guests g WHERE g.id = \(bind: stay.guestID)
            """
        ).run()
    }

    static func load(id: Int, in sql: any SQLDatabase) async throws -> Stay? {
        guard let row = try await sql.raw("SELECT * FROM stays WHERE id = \(bind: id)").first() else { return nil }
        let segments = try await sql.raw(
            "SELECT * FROM stay_segments WHERE stay_id = \(bind: id) ORDER BY arrival"
        ).all().map(segment(from:))
        return try stay(from: row, segments: segments)
    }

    /// Rows of `stay_segments`, ordered by stay and arrival, as each stay's runs.
    static func segmentsByStay(_ rows: [any SQLRow]) throws -> [Int: [StaySegment]] {
        var segments: [Int: [StaySegment]] = [:]
        for row in rows {
            segments[try row.decode(column: "stay_id", as: Int.self), default: []].append(try segment(from: row))
        }
        return segments
    }

    static func segment(from row: any SQLRow) throws -> StaySegment {
        StaySegment(
            roomID: try row.decode(column: "room_id", as: Int?.self),
            nights: try Nights(
                arrival: Day(try row.decode(column: "arrival", as: Int.self)),
                departure: Day(try row.decode(column: "departure", as: Int.self))))
    }

    static func stay(from row: any SQLRow, segments: [StaySegment]) throws -> Stay {
        let nights = try Nights(
            arrival: Day(try row.decode(column: "arrival", as: Int.self)),
            departure: Day(try row.decode(column: "departure", as: Int.self)))
        var stay = Stay(
            id: try row.decode(column: "id", as: Int.self),
            propertyID: try row.decode(column: "property_id", as: Int.self),
            roomTypeID: try row.decode(column: "room_type_id", as: Int.self),
            guestID: try row.decode(column: "guest_id", as: Int.self), roomID: nil, nights: nights,
            adults: try row.decode(column: "adults", as: Int.self),
            children: try row.decode(column: "children", as: Int.self),
            infants: try row.decode(column: "infants", as: Int.self),
            source: StaySource(rawValue: try row.decode(column: "source", as: String.self)) ?? .frontDesk,
            state: StayState(rawValue: try row.decode(column: "state", as: String.self)) ?? .booked,
            version: try row.decode(column: "version", as: Int.self),
            confirmationCode: try row.decode(column: "confirmation_code", as: String.self),
            notes: try row.decode(column: "notes", as: String.self),
            ratePlanID: try row.decode(column: "rate_plan_id", as: Int?.self))
        stay.checkedInOnline = try row.decode(column: "checked_in_online", as: Bool.self)
        stay.groupID = try row.decode(column: "group_id", as: Int?.self)
        if !segments.isEmpty { stay.segments = segments }
        return stay
    }

    // MARK: - Conflicts

    private func conflict(for roomID: Int?, nights: Nights, excluding stayID: Int?) async throws -> DomainError {
        try await blocker(roomID: roomID, nights: nights, excluding: stayID)
            ?? DomainError(.conflict, "the booking conflicts with another one", field: "roomId")
    }

    /// The stay (or the block) holding a room on some of these nights, as the error to show: which
    /// booking is in the way.
    func blocker(roomID: Int?, nights: Nights, excluding stayID: Int?) async throws -> DomainError? {
        guard let roomID else { return nil }
        return try await store.read { sql in
            guard
                let row = try await sql.raw(
                    """
                    SELECT s.id, s.confirmation_code, s.arrival, s.departure, g.name, r.number
                    FROM stay_segments x JOIN stays s ON s.id = x.stay_id JOIN guests g ON g.id = s.guest_id
                    JOIN rooms r ON r.id = x.room_id
                    WHERE x.room_id = \(bind: roomID) AND x.active AND x.arrival < \(bind: nights.departure.number)
                      AND x.departure > \(bind: nights.arrival.number) AND s.id <> \(bind: stayID ?? -1)
                    ORDER BY x.arrival LIMIT 1
                    """
                ).first()
            else { return try await RoomRepository.blockInTheWay(roomID: roomID, nights: nights, in: sql) }
            let id = try row.decode(column: "id", as: Int.self)
            let code = try row.decode(column: "confirmation_code", as: String.self)
            let name = try row.decode(column: "name", as: String.self)
            let number = try row.decode(column: "number", as: String.self)
            let arrival = Day(try row.decode(column: "arrival", as: Int.self))
            let departure = Day(try row.decode(column: "departure", as: Int.self))
            return DomainError(
                .conflict,
                "room \(number) is taken by stay \(id) (\(code), \(name), \(arrival) to \(departure))",
                field: "roomId", reason: .roomTaken,
                params: [
                    "room": number, "code": code, "guest": name, "arrival": arrival.iso, "departure": departure.iso,
                ])
        }
    }
}

/// What a stay's change may do besides changing the stay, inside the same transaction.
public struct StayTransaction: StayLedger {
    let sql: any SQLDatabase
    let userID: Int?
    /// The instant the transaction's lines are posted at.
    let now: Date

    /// The stay's folio as it stands in this transaction.
    public func folio(stayID: Int) async throws -> Folio {
        try await FolioRepository.load(stayID: stayID, in: sql)
    }

    /// Posts to the stay's folio in this transaction.
    public func post(_ postings: [Posting], stayID: Int) async throws {
        _ = try await FolioRepository.post(postings, stayID: stayID, userID: userID, now: now, in: sql)
    }

    public func guest(id: Int) async throws -> Guest? {
        try await StayRepository.guest(id: id, in: sql)
    }

    public func setHousekeeping(_ status: HousekeepingStatus, roomID: Int) async throws {
        try await RoomRepository.setHousekeeping(
            status, roomID: roomID, userID: userID, now: now.millisSince1970, in: sql)
    }

    public func update(_ guest: Guest) async throws {
        try await sql.raw(
            """
            UPDATE guests SET name = \(bind: guest.name), email = \(bind: guest.email), phone = \(bind: guest.phone),
              nationality = \(bind: guest.nationality), document_number = \(bind: guest.documentNumber),
              birth_date = \(bind: guest.birthDate?.number)
            WHERE id = \(bind: guest.id)
            """
        ).run()
        // The board draws each run with its guest's name (`BoardRuns`).
        try await sql.raw(
            """
            UPDATE stay_segments SET guest_name = \(bind: guest.name)
            WHERE stay_id IN (SELECT id FROM stays WHERE guest_id = \(bind: guest.id))
            """
        ).run()
    }
}

/// Holds the stay an update tried to write, to name what was in its way after the rollback.
final class StayBox: @unchecked Sendable {
    var stay: Stay?
}

/// Confirmation codes: eight characters that cannot be misread for each other (no 0/O, 1/I).
enum ConfirmationCode {
    static let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")

    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return "FD-" + String((0..<8).map { _ in alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))] })
    }
}
