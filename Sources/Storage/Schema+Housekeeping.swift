import Booking
import FluentKit
import Foundation
import SQLKit

/// Housekeeping: who cleans a room, and rooms out of service for some nights (`room_blocks`). The
/// database refuses a block over a stay's nights in its room, and a stay over a block's, as it refuses
/// two stays in one room. A room once marked `out_of_service` (a status before blocks) is dirty, with
/// a block of tonight when nobody sleeps in it.
struct HousekeepingSchema: AsyncMigration {
    let dialect: Store.Dialect
    /// The day (in UTC) a room marked out of service is blocked from.
    let today: Day

    var name: String { "frontdesk.housekeeping.v7" }

    private var tables: [String] {
        let today = today.number
        return [
            "ALTER TABLE rooms ADD COLUMN housekeeper TEXT NOT NULL DEFAULT ''",
            """
            CREATE TABLE room_blocks (\(dialect.autoNumberedID),
              property_id BIGINT NOT NULL REFERENCES properties(id), room_id BIGINT NOT NULL REFERENCES rooms(id),
              arrival BIGINT NOT NULL, departure BIGINT NOT NULL, reason TEXT NOT NULL, created_at BIGINT NOT NULL,
              CHECK (departure > arrival))
            """,
            "CREATE INDEX room_blocks_by_property ON room_blocks (property_id, departure, arrival)",
            "CREATE INDEX room_blocks_by_room ON room_blocks (room_id, arrival)",
            """
            INSERT INTO room_blocks (property_id, room_id, arrival, departure, reason, created_at)
            SELECT r.property_id, r.id, \(today), \(today + 1), 'Out of service', 0 FROM rooms r
            WHERE r.housekeeping = 'out_of_service' AND NOT EXISTS (SELECT 1 FROM stay_segments s
              WHERE s.room_id = r.id AND s.active AND s.arrival <= \(today) AND s.departure > \(today))
            """,
            "UPDATE rooms SET housekeeping = 'dirty' WHERE housekeeping = 'out_of_service'",
        ]
    }

    /// A block may not overlap a stay's run or another block in its room; a stay's run may not overlap
    /// a block. On PostgreSQL the two checks take one lock per room (for the transaction), so that two
    /// transactions cannot each miss the other's row; SQLite writes one transaction at a time.
    private var guards: [String] {
        let blockMeetsStay = """
            EXISTS (SELECT 1 FROM stay_segments s WHERE s.room_id = NEW.room_id AND s.active
              AND s.arrival < NEW.departure AND NEW.arrival < s.departure)
            """
        // On SQLite a new row's id is not known before it is inserted.
        let otherID = dialect == .sqlite ? "b.id IS NOT NEW.id" : "b.id IS DISTINCT FROM NEW.id"
        let blockMeetsBlock = """
            EXISTS (SELECT 1 FROM room_blocks b WHERE b.room_id = NEW.room_id AND \(otherID)
              AND b.arrival < NEW.departure AND NEW.arrival < b.departure)
            """
        let stayMeetsBlock = """
            EXISTS (SELECT 1 FROM room_blocks b WHERE b.room_id = NEW.room_id
              AND b.arrival < NEW.departure AND NEW.arrival < b.departure)
            """
        switch dialect {
        case .postgres:
            return [
                """
                CREATE FUNCTION room_blocks_no_overlap() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                  PERFORM pg_advisory_xact_lock(\(RoomLock.space), NEW.room_id::int);
                  IF \(blockMeetsStay) OR \(blockMeetsBlock) THEN
                    RAISE EXCEPTION 'room_blocks_no_overlap: the room is taken on one of these nights'
                      USING ERRCODE = 'exclusion_violation';
                  END IF;
                  RETURN NEW;
                END $$
                """,
                """
                CREATE TRIGGER room_blocks_no_overlap BEFORE INSERT OR UPDATE ON room_blocks
                FOR EACH ROW EXECUTE FUNCTION room_blocks_no_overlap()
                """,
                """
                CREATE FUNCTION stay_segments_not_blocked() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                  PERFORM pg_advisory_xact_lock(\(RoomLock.space), NEW.room_id::int);
                  IF \(stayMeetsBlock) THEN
                    RAISE EXCEPTION 'stay_segments_no_overlap: the room is out of service on one of these nights'
                      USING ERRCODE = 'exclusion_violation';
                  END IF;
                  RETURN NEW;
                END $$
                """,
                """
                CREATE TRIGGER stay_segments_not_blocked BEFORE INSERT OR UPDATE ON stay_segments
                FOR EACH ROW WHEN (NEW.active AND NEW.room_id IS NOT NULL) EXECUTE FUNCTION stay_segments_not_blocked()
                """,
            ]
        case .sqlite:
            return ["INSERT", "UPDATE"].flatMap { event in
                [
                    """
                    CREATE TRIGGER room_blocks_no_overlap_\(event.lowercased()) BEFORE \(event) ON room_blocks
                    BEGIN
                      SELECT RAISE(ABORT, 'room_blocks_no_overlap: the room is taken on one of these nights')
                      WHERE \(blockMeetsStay) OR \(blockMeetsBlock);
                    END
                    """,
                    """
                    CREATE TRIGGER stay_segments_not_blocked_\(event.lowercased()) BEFORE \(event) ON stay_segments
                    WHEN NEW.active AND NEW.room_id IS NOT NULL
                    BEGIN
                      SELECT RAISE(ABORT, 'stay_segments_no_overlap: the room is out of service on one of these nights')
                      WHERE \(stayMeetsBlock);
                    END
                    """,
                ]
            }
        }
    }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for statement in tables + guards {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        let statements =
            switch dialect {
            case .postgres:
                [
                    "DROP TRIGGER IF EXISTS stay_segments_not_blocked ON stay_segments",
                    "DROP FUNCTION IF EXISTS stay_segments_not_blocked()",
                    "DROP FUNCTION IF EXISTS room_blocks_no_overlap() CASCADE",
                ]
            case .sqlite:
                ["insert", "update"].map { "DROP TRIGGER IF EXISTS stay_segments_not_blocked_\($0)" }
            }
        for statement in statements + ["DROP TABLE IF EXISTS room_blocks", "ALTER TABLE rooms DROP COLUMN housekeeper"]
        {
            try await sql.raw(SQLQueryString(stringLiteral: statement)).run()
        }
    }
}
