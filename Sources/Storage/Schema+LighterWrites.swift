import FluentKit
import SQLKit

/// Less work for each stay written, measured on an import of 200,000 stays (issue 15):
/// - `stays_by_property_dates` was the first three columns of `stays_board` (`BoardIndexes`), which
///   answers every query it answered; each stay kept both up to date.
/// - `stays_ical_import` held a row for every stay, though only stays from a calendar feed have a
///   feed: now it holds those.
/// - On PostgreSQL, new runs of nights are checked against rooms out of service once a statement,
///   over all of its runs (`added`), instead of a PL/pgSQL call and a lock a run: the same locks, one
///   a room, in the rooms' order, then one query. A run whose room or nights change is still checked
///   a row at a time (`HousekeepingSchema`, `BoardRuns`).
struct LighterWrites: AsyncMigration {
    let dialect: Store.Dialect

    var name: String { "frontdesk.lighter-writes.v11" }

    private var blockCheck: [String] {
        guard dialect == .postgres else { return [] }
        return [
            "DROP TRIGGER IF EXISTS stay_segments_not_blocked ON stay_segments",
            """
            CREATE TRIGGER stay_segments_not_blocked BEFORE UPDATE OF room_id, arrival, departure, active
            ON stay_segments FOR EACH ROW WHEN (NEW.active AND NEW.room_id IS NOT NULL)
            EXECUTE FUNCTION stay_segments_not_blocked()
            """,
            """
            CREATE FUNCTION stay_segments_added_not_blocked() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              PERFORM pg_advisory_xact_lock(\(RoomLock.space), room_id::int)
              FROM (SELECT DISTINCT room_id FROM added WHERE active AND room_id IS NOT NULL ORDER BY room_id) rooms;
              IF EXISTS (SELECT 1 FROM added s JOIN room_blocks b ON b.room_id = s.room_id
                WHERE s.active AND b.arrival < s.departure AND s.arrival < b.departure) THEN
                RAISE EXCEPTION 'stay_segments_no_overlap: the room is out of service on one of these nights'
                  USING ERRCODE = 'exclusion_violation';
              END IF;
              RETURN NULL;
            END $$
            """,
            """
            CREATE TRIGGER stay_segments_added_not_blocked AFTER INSERT ON stay_segments
            REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stay_segments_added_not_blocked()
            """,
        ]
    }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for statement in [
            "DROP INDEX IF EXISTS stays_by_property_dates",
            "DROP INDEX IF EXISTS stays_ical_import",
            "CREATE INDEX stays_ical_import ON stays (ical_import_id) WHERE ical_import_id IS NOT NULL",
        ] + blockCheck {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        let blockCheck =
            dialect == .postgres
            ? [
                "DROP TRIGGER IF EXISTS stay_segments_added_not_blocked ON stay_segments",
                "DROP FUNCTION IF EXISTS stay_segments_added_not_blocked()",
                "DROP TRIGGER IF EXISTS stay_segments_not_blocked ON stay_segments",
                """
                CREATE TRIGGER stay_segments_not_blocked BEFORE INSERT OR UPDATE OF room_id, arrival, departure, active
                ON stay_segments FOR EACH ROW WHEN (NEW.active AND NEW.room_id IS NOT NULL)
                EXECUTE FUNCTION stay_segments_not_blocked()
                """,
            ] : []
        for statement in blockCheck + [
            "DROP INDEX IF EXISTS stays_ical_import",
            "CREATE INDEX stays_ical_import ON stays (ical_import_id)",
            "CREATE INDEX stays_by_property_dates ON stays (property_id, departure, arrival)",
        ] {
            try await sql.raw(SQLQueryString(stringLiteral: statement)).run()
        }
    }
}
