import Booking
import SQLKit

extension StayRepository {
    /// One run of a stay in one room (or unassigned), as the board draws it.
    public struct BoardSegment: Sendable, Equatable {
        /// The run's own id: stable while the stay is unchanged, new after an edit.
        public var id: Int
        public var stayID: Int
        public var roomTypeID: Int
        public var roomID: Int?
        public var nights: Nights
        public var state: StayState
        public var source: StaySource
        public var guestName: String
        /// Whether its stay's guest checked in online (`Stay.checkedInOnline`).
        public var checkedInOnline = false

        /// The board's order of runs: by stay, then arrival.
        public static func inBoardOrder(_ lhs: BoardSegment, _ rhs: BoardSegment) -> Bool {
            (lhs.stayID, lhs.nights.arrival.number) < (rhs.stayID, rhs.nights.arrival.number)
        }
    }

    /// The runs of a property's stays holding a room on a night in `nights` (cancelled and no-show
    /// stays hold nothing and are left out), with their guests' names, ordered by stay and arrival:
    /// everything the board draws.
    ///
    /// - Complexity: follows the runs over `nights`, read in arrival order from one covering index,
    ///   plus the property's long runs departing after them (`BoardRuns`), not the property's whole
    ///   history.
    public func boardSegments(propertyID: Int, overlapping nights: Nights) async throws -> [BoardSegment] {
        let (from, to) = (nights.arrival.number, nights.departure.number)
        let longest = BoardRuns.longRunNights
        return try await boardSegments(where: [
            """
            x.property_id = \(bind: propertyID) AND x.active AND x.arrival >= \(bind: from - longest)
              AND x.arrival < \(bind: to) AND x.departure > \(bind: from)
            """,
            """
            x.property_id = \(bind: propertyID) AND x.active AND x.departure - x.arrival > \(unsafeRaw: String(longest))
              AND x.departure > \(bind: from) AND x.arrival < \(bind: from - longest)
            """,
        ])
    }

    /// The runs of these stays over `nights`, as `boardSegments(propertyID:overlapping:)` reads them: what
    /// a board kept in memory reads again after its stays changed.
    public func boardSegments(stayIDs: [Int], overlapping nights: Nights) async throws -> [BoardSegment] {
        guard !stayIDs.isEmpty else { return [] }
        return try await boardSegments(where: [
            """
            x.stay_id IN (\(binds: stayIDs)) AND x.active AND x.arrival < \(bind: nights.departure.number)
              AND x.departure > \(bind: nights.arrival.number)
            """
        ])
    }

    /// A board may hold tens of thousands of runs, and a row or a column through SQLKit costs more than
    /// the database's work for it: so the runs come as one text, each run written
    /// `id,stay,room,arrival,departure,roomType,state,source,online,nameBytes:name` (room 0 for none, online 1
    /// when its guest checked in online; the
    /// name's length in bytes says where it ends, whatever it holds), parsed by `boardRuns(from:)`.
    private func boardSegments(where conditions: [SQLQueryString]) async throws -> [BoardSegment] {
        try await store.read { sql in
            let postgres = sql.dialect.name == "postgresql"
            // One concat_ws call a run costs PostgreSQL a third less than a chain of `||` (EXPLAIN
            // ANALYZE over 33,000 runs: 29 ms against 40 ms); SQLite's `||` is cheap.
            let run =
                postgres
                ? """
                SELECT concat_ws(',', x.id, x.stay_id, COALESCE(x.room_id, 0), x.arrival, x.departure, x.room_type_id,
                  x.state, x.source, CASE WHEN x.checked_in_online THEN 1 ELSE 0 END,
                  octet_length(x.guest_name) || ':' || x.guest_name) AS run
                FROM stay_segments x
                """
                : """
                SELECT x.id || ',' || x.stay_id || ',' || COALESCE(x.room_id, 0) || ',' || x.arrival || ','
                  || x.departure || ',' || x.room_type_id || ',' || x.state || ',' || x.source || ','
                  || CASE WHEN x.checked_in_online THEN 1 ELSE 0 END || ','
                  || length(CAST(x.guest_name AS BLOB)) || ':' || x.guest_name AS run
                FROM stay_segments x
                """
            let runs = try await sql.raw(
                """
                SELECT \(unsafeRaw: postgres ? "string_agg(run, '')" : "group_concat(run, '')") AS runs
                FROM (\(conditions.map { "\(unsafeRaw: run) WHERE \($0)" }.joined(separator: " UNION ALL "))) board
                """
            ).first()?.decode(column: "runs", as: String?.self)
            var segments = try Self.boardRuns(from: runs ?? "")
            // Sorted here rather than by the database, which would sort the rows with their names.
            segments.sort(by: BoardSegment.inBoardOrder)
            return segments
        }
    }

    /// The runs `boardSegments` reads, from their text.
    static func boardRuns(from text: String) throws -> [BoardSegment] {
        try AggregatedText.rows(of: text, what: "stay runs") { row in
            let (id, stay, room, arrival, departure) = (
                try row.number(), try row.number(), try row.number(), try row.number(), try row.number()
            )
            let roomType = try row.number()
            let state = try row.word()
            let source = try row.word()
            let online = try row.number() == 1
            let name = try row.text()
            return BoardSegment(
                id: id, stayID: stay, roomTypeID: roomType, roomID: room == 0 ? nil : room,
                nights: try Nights(arrival: Day(arrival), departure: Day(departure)),
                state: StayState(rawValue: state) ?? .booked,
                source: StaySource(rawValue: source) ?? .frontDesk,
                guestName: name, checkedInOnline: online)
        }
    }
}
