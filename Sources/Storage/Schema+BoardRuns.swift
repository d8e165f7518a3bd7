import FluentKit
import SQLKit

/// Each run of nights carries what the board draws of its stay (state, source, guest's name), so that
/// the board reads the runs over its days from one covering index, in the order of their arrival,
/// instead of seeking each run's stay and guest (two b-tree searches a run were most of a cold board's
/// time, whatever the days asked for). Written with the run, and again by every change to its stay
/// or guest (`StayRepository.rewriteSegments`, `updateGuest`).
///
/// A run overlaps the days `[from, to)` when it arrives before `to` and departs after `from`; one
/// index over arrivals bounds the first, and a run arriving more than `longRunNights` before `from`
/// is a long one, which a second, small index over long runs' departures finds. So a board's read
/// follows the days asked for, not the whole of the property's stays.
struct BoardRuns: AsyncMigration {
    let dialect: Store.Dialect

    var name: String { "frontdesk.board-runs.v10" }

    /// On PostgreSQL the check against rooms out of service (`HousekeepingSchema`) runs, and takes its
    /// room's advisory lock, only when a run's room, nights or holding change: not when the columns
    /// added here are written (filling them for 200,000 runs in one statement took a lock a run and
    /// ran out of the server's lock table, "out of shared memory"), nor when a guest is renamed.
    private func blockCheck(on columns: String) -> [String] {
        guard dialect == .postgres else { return [] }
        return [
            "DROP TRIGGER IF EXISTS stay_segments_not_blocked ON stay_segments",
            """
            CREATE TRIGGER stay_segments_not_blocked BEFORE INSERT OR UPDATE\(columns) ON stay_segments
            FOR EACH ROW WHEN (NEW.active AND NEW.room_id IS NOT NULL) EXECUTE FUNCTION stay_segments_not_blocked()
            """,
        ]
    }

    /// Runs longer than this many nights are found through their own index.
    static let longRunNights = 31

    /// The board's covering indexes of runs (made again, when they were there), over the run's columns `run`:
    /// by first night, and the long runs by departure.
    static func indexes(run: String) -> [String] {
        [
            "DROP INDEX IF EXISTS stay_segments_days", "DROP INDEX IF EXISTS stay_segments_long",
            "CREATE INDEX stay_segments_days ON stay_segments (property_id, arrival, departure, \(run)) WHERE active",
            """
            CREATE INDEX stay_segments_long ON stay_segments (property_id, departure, arrival, \(run))
              WHERE active AND departure - arrival > \(longRunNights)
            """,
        ]
    }

    /// What the board reads of a run, which its indexes carry beside the days.
    static let runColumns = "id, stay_id, room_id, room_type_id, state, source, guest_name, active"

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        let run = Self.runColumns
        for statement in blockCheck(on: " OF room_id, arrival, departure, active") + [
            "ALTER TABLE stay_segments ADD COLUMN state TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE stay_segments ADD COLUMN source TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE stay_segments ADD COLUMN guest_name TEXT NOT NULL DEFAULT ''",
            // The room type too: a change of room type used to leave its runs naming the old one.
            """
            UPDATE stay_segments SET
              room_type_id = (SELECT s.room_type_id FROM stays s WHERE s.id = stay_segments.stay_id),
              state = (SELECT s.state FROM stays s WHERE s.id = stay_segments.stay_id),
              source = (SELECT s.source FROM stays s WHERE s.id = stay_segments.stay_id),
              guest_name = (SELECT g.name FROM stays s JOIN guests g ON g.id = s.guest_id
                WHERE s.id = stay_segments.stay_id)
            """,
        ] + Self.indexes(run: run) + [
            // The board's index before this one, which every run's insert and update kept up to date.
            "DROP INDEX IF EXISTS stay_segments_board"
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for statement in blockCheck(on: "") + [
            "DROP INDEX IF EXISTS stay_segments_long", "DROP INDEX IF EXISTS stay_segments_days",
            "CREATE INDEX stay_segments_board ON stay_segments (stay_id, active, arrival, departure, room_id, id)",
            "ALTER TABLE stay_segments DROP COLUMN guest_name", "ALTER TABLE stay_segments DROP COLUMN source",
            "ALTER TABLE stay_segments DROP COLUMN state",
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }
}
