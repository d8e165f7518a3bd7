import Booking
import FluentKit
import Foundation
import SQLKit

/// The night audit (`NightAudit`): each property's last closed day, each folio line's business day, and
/// the frozen report of every closed day. The database itself keeps a closed day closed: no folio line
/// of a closed day (or a NULL one) is inserted, changed or removed, a report is never changed, and a
/// property's last closed day never goes back.
struct NightAuditSchema: AsyncMigration {
    let dialect: Store.Dialect

    var name: String { "frontdesk.night-audit.v15" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for statement in [
            "ALTER TABLE properties ADD COLUMN closed_through BIGINT",
            "ALTER TABLE folio_entries ADD COLUMN business_day BIGINT",
            """
            CREATE TABLE day_closes (property_id BIGINT NOT NULL REFERENCES properties(id), day BIGINT NOT NULL,
              closed_at BIGINT NOT NULL, closed_by BIGINT, report TEXT NOT NULL, PRIMARY KEY (property_id, day))
            """,
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
        try await Self.backfillBusinessDays(in: sql)
        for statement in [
            "DROP INDEX IF EXISTS folio_entries_by_time",
            "CREATE INDEX folio_entries_by_day ON folio_entries (business_day)",
        ] + (dialect == .postgres ? postgresGuards : sqliteGuards) {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    /// Lines posted before days could be closed belong to the day they were posted on, in their
    /// property's time zone.
    static func backfillBusinessDays(in sql: any SQLDatabase) async throws {
        for property in try await sql.raw("SELECT id, time_zone FROM properties").all() {
            let zone = TimeZone(identifier: try property.decode(column: "time_zone", as: String.self)) ?? .gmt
            var byDay: [Int: [Int]] = [:]
            for row in try await sql.raw(
                """
                SELECT f.id, f.posted_at FROM folio_entries f JOIN stays s ON s.id = f.stay_id
                WHERE s.property_id = \(bind: try property.decode(column: "id", as: Int.self))
                """
            ).all() {
                let posted = Date(
                    timeIntervalSince1970: Double(try row.decode(column: "posted_at", as: Int.self)) / 1000)
                byDay[Day.today(in: zone, now: posted).number, default: []].append(
                    try row.decode(column: "id", as: Int.self))
            }
            for (day, ids) in byDay {
                for start in stride(from: 0, to: ids.count, by: 500) {
                    let chunk = Array(ids[start..<min(start + 500, ids.count)])
                    try await sql.raw(
                        "UPDATE folio_entries SET business_day = \(bind: day) WHERE id IN (\(binds: chunk))"
                    ).run()
                }
            }
        }
    }

    /// The last closed day of the stay's property, as SQL over `stay` (NEW.stay_id or OLD.stay_id).
    private func closedThrough(_ stay: String) -> String {
        """
        (SELECT COALESCE(p.closed_through, -1000000000) FROM stays s JOIN properties p ON p.id = s.property_id
         WHERE s.id = \(stay))
        """
    }

    private var sqliteGuards: [String] {
        let refuse = "SELECT RAISE(ABORT, 'folio_entries_closed_day: that day is closed')"
        return [
            """
            CREATE TRIGGER folio_entries_closed_day_insert BEFORE INSERT ON folio_entries
            WHEN NEW.business_day IS NULL OR NEW.business_day <= \(closedThrough("NEW.stay_id"))
            BEGIN \(refuse); END
            """,
            """
            CREATE TRIGGER folio_entries_closed_day_update BEFORE UPDATE ON folio_entries
            WHEN OLD.business_day <= \(closedThrough("OLD.stay_id")) OR NEW.business_day IS NULL
              OR NEW.business_day <= \(closedThrough("NEW.stay_id"))
            BEGIN \(refuse); END
            """,
            """
            CREATE TRIGGER folio_entries_closed_day_delete BEFORE DELETE ON folio_entries
            WHEN OLD.business_day <= \(closedThrough("OLD.stay_id"))
            BEGIN \(refuse); END
            """,
            """
            CREATE TRIGGER day_closes_frozen_update BEFORE UPDATE ON day_closes
            BEGIN SELECT RAISE(ABORT, 'day_closes_frozen: reports of closed days never change'); END
            """,
            """
            CREATE TRIGGER day_closes_frozen_delete BEFORE DELETE ON day_closes
            BEGIN SELECT RAISE(ABORT, 'day_closes_frozen: reports of closed days never change'); END
            """,
            """
            CREATE TRIGGER properties_closed_through BEFORE UPDATE OF closed_through ON properties
            WHEN OLD.closed_through IS NOT NULL
              AND (NEW.closed_through IS NULL OR NEW.closed_through < OLD.closed_through)
            BEGIN SELECT RAISE(ABORT, 'properties_closed_through: a closed day stays closed'); END
            """,
        ]
    }

    private var postgresGuards: [String] {
        [
            """
            CREATE FUNCTION folio_entries_closed_day() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF TG_OP <> 'INSERT' AND OLD.business_day <= \(closedThrough("OLD.stay_id")) THEN
                RAISE EXCEPTION 'folio_entries_closed_day: that day is closed';
              END IF;
              IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
              IF NEW.business_day IS NULL OR NEW.business_day <= \(closedThrough("NEW.stay_id")) THEN
                RAISE EXCEPTION 'folio_entries_closed_day: that day is closed';
              END IF;
              RETURN NEW;
            END $$
            """,
            """
            CREATE TRIGGER folio_entries_closed_day BEFORE INSERT OR UPDATE OR DELETE ON folio_entries
            FOR EACH ROW EXECUTE FUNCTION folio_entries_closed_day()
            """,
            """
            CREATE FUNCTION day_closes_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              RAISE EXCEPTION 'day_closes_frozen: reports of closed days never change';
            END $$
            """,
            """
            CREATE TRIGGER day_closes_frozen BEFORE UPDATE OR DELETE ON day_closes
            FOR EACH ROW EXECUTE FUNCTION day_closes_frozen()
            """,
            """
            CREATE FUNCTION properties_closed_through() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF OLD.closed_through IS NOT NULL
                AND (NEW.closed_through IS NULL OR NEW.closed_through < OLD.closed_through) THEN
                RAISE EXCEPTION 'properties_closed_through: a closed day stays closed';
              END IF;
              RETURN NEW;
            END $$
            """,
            """
            CREATE TRIGGER properties_closed_through BEFORE UPDATE OF closed_through ON properties
            FOR EACH ROW EXECUTE FUNCTION properties_closed_through()
            """,
        ]
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        let guards =
            dialect == .postgres
            ? [
                "DROP FUNCTION IF EXISTS folio_entries_closed_day() CASCADE",
                "DROP FUNCTION IF EXISTS day_closes_frozen() CASCADE",
                "DROP FUNCTION IF EXISTS properties_closed_through() CASCADE",
            ]
            : [
                "folio_entries_closed_day_insert", "folio_entries_closed_day_update", "folio_entries_closed_day_delete",
                "day_closes_frozen_update", "day_closes_frozen_delete", "properties_closed_through",
            ].map { "DROP TRIGGER IF EXISTS \($0)" }
        for statement in guards + [
            "DROP TABLE IF EXISTS day_closes",
            "DROP INDEX IF EXISTS folio_entries_by_day",
            "CREATE INDEX folio_entries_by_time ON folio_entries (posted_at)",
            "ALTER TABLE folio_entries DROP COLUMN business_day",
            "ALTER TABLE properties DROP COLUMN closed_through",
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }
}
