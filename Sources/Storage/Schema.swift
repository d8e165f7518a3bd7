import FluentKit
import SQLKit

/// The whole schema, first version. Days are stored as day numbers (days since 1970-01-01) and
/// instants as milliseconds since 1970 at UTC, so that queries read the same on both databases.
struct Schema: AsyncMigration {
    let dialect: Store.Dialect

    var name: String { "frontdesk.schema.v1" }

    private var id: String { dialect.autoNumberedID }

    private var tables: [String] {
        [
            """
            CREATE TABLE properties (\(id), name TEXT NOT NULL, kind TEXT NOT NULL, region TEXT NOT NULL,
              city TEXT NOT NULL, latitude DOUBLE PRECISION NOT NULL, longitude DOUBLE PRECISION NOT NULL,
              time_zone TEXT NOT NULL, currency TEXT NOT NULL, check_in_minute BIGINT NOT NULL,
              check_out_minute BIGINT NOT NULL, summary TEXT NOT NULL, amenities TEXT NOT NULL, photos TEXT NOT NULL,
              free_cancellation_days BIGINT NOT NULL, late_cancellation_bp BIGINT NOT NULL,
              fees TEXT NOT NULL, taxes TEXT NOT NULL, event_seq BIGINT NOT NULL DEFAULT 0)
            """,
            """
            CREATE TABLE room_types (\(id), property_id BIGINT NOT NULL REFERENCES properties(id),
              name TEXT NOT NULL, capacity BIGINT NOT NULL, base_rate BIGINT NOT NULL)
            """,
            """
            CREATE TABLE room_rates (room_type_id BIGINT NOT NULL REFERENCES room_types(id), night BIGINT NOT NULL,
              amount BIGINT NOT NULL, PRIMARY KEY (room_type_id, night))
            """,
            """
            CREATE TABLE rooms (\(id), property_id BIGINT NOT NULL REFERENCES properties(id),
              room_type_id BIGINT NOT NULL REFERENCES room_types(id), number TEXT NOT NULL, floor BIGINT NOT NULL,
              housekeeping TEXT NOT NULL, UNIQUE (property_id, number))
            """,
            """
            CREATE TABLE staff (\(id), property_id BIGINT NOT NULL REFERENCES properties(id), name TEXT NOT NULL,
              team TEXT NOT NULL, work_start BIGINT NOT NULL, work_end BIGINT NOT NULL)
            """,
            """
            CREATE TABLE services (\(id), property_id BIGINT NOT NULL REFERENCES properties(id), name TEXT NOT NULL,
              duration_minutes BIGINT NOT NULL, price BIGINT NOT NULL)
            """,
            """
            CREATE TABLE guests (\(id), name TEXT NOT NULL, email TEXT NOT NULL, phone TEXT NOT NULL,
              notes TEXT NOT NULL)
            """,
            """
            CREATE TABLE stays (\(id), property_id BIGINT NOT NULL REFERENCES properties(id),
              room_type_id BIGINT NOT NULL REFERENCES room_types(id), guest_id BIGINT NOT NULL REFERENCES guests(id),
              arrival BIGINT NOT NULL, departure BIGINT NOT NULL, adults BIGINT NOT NULL, children BIGINT NOT NULL,
              source TEXT NOT NULL, state TEXT NOT NULL, version BIGINT NOT NULL, confirmation_code TEXT NOT NULL UNIQUE,
              notes TEXT NOT NULL, created_at BIGINT NOT NULL, CHECK (departure > arrival))
            """,
            "CREATE INDEX stays_by_property_dates ON stays (property_id, departure, arrival)",
            // The nights of a stay, run by run: the rows the database guards against double booking.
            // `active` mirrors whether the stay holds its room (not cancelled, not a no-show).
            """
            CREATE TABLE stay_segments (\(id), stay_id BIGINT NOT NULL REFERENCES stays(id),
              room_id BIGINT REFERENCES rooms(id), arrival BIGINT NOT NULL, departure BIGINT NOT NULL,
              active BOOLEAN NOT NULL, CHECK (departure > arrival))
            """,
            "CREATE INDEX stay_segments_by_room ON stay_segments (room_id, arrival)",
            "CREATE INDEX stay_segments_by_stay ON stay_segments (stay_id)",
            """
            CREATE TABLE appointments (\(id), property_id BIGINT NOT NULL REFERENCES properties(id),
              staff_id BIGINT NOT NULL REFERENCES staff(id), service_id BIGINT NOT NULL REFERENCES services(id),
              customer_id BIGINT NOT NULL REFERENCES guests(id), start_minute BIGINT NOT NULL,
              duration_minutes BIGINT NOT NULL, state TEXT NOT NULL, version BIGINT NOT NULL, notes TEXT NOT NULL)
            """,
            "CREATE INDEX appointments_by_property_start ON appointments (property_id, start_minute)",
            """
            CREATE TABLE folio_entries (\(id), stay_id BIGINT NOT NULL REFERENCES stays(id), kind TEXT NOT NULL,
              description TEXT NOT NULL, amount BIGINT NOT NULL, currency TEXT NOT NULL, category TEXT,
              method TEXT, reverses BIGINT REFERENCES folio_entries(id), night BIGINT, posted_at BIGINT NOT NULL,
              posted_by BIGINT)
            """,
            "CREATE INDEX folio_entries_by_stay ON folio_entries (stay_id)",
            """
            CREATE TABLE users (\(id), email TEXT NOT NULL UNIQUE, name TEXT NOT NULL, role TEXT NOT NULL,
              password_hash TEXT NOT NULL)
            """,
            """
            CREATE TABLE sessions (token_hash TEXT PRIMARY KEY, user_id BIGINT NOT NULL REFERENCES users(id),
              expires_at BIGINT NOT NULL)
            """,
            """
            CREATE TABLE audit_log (\(id), at BIGINT NOT NULL, user_id BIGINT, entity TEXT NOT NULL,
              entity_id BIGINT NOT NULL, action TEXT NOT NULL, before TEXT, after TEXT)
            """,
            """
            CREATE TABLE idempotency_keys (key TEXT NOT NULL, scope TEXT NOT NULL, request_hash TEXT NOT NULL,
              status BIGINT NOT NULL, response TEXT NOT NULL, created_at BIGINT NOT NULL, PRIMARY KEY (scope, key))
            """,
            // Every change, numbered per property without gaps (from properties.event_seq), for the live
            // stream and for catching up after a gap.
            """
            CREATE TABLE events (property_id BIGINT NOT NULL REFERENCES properties(id), seq BIGINT NOT NULL,
              kind TEXT NOT NULL, entity_id BIGINT NOT NULL, payload TEXT NOT NULL, at BIGINT NOT NULL,
              PRIMARY KEY (property_id, seq))
            """,
        ]
    }

    /// The database's own refusal of two active stays in one room on one night.
    private var overlapGuard: [String] {
        switch dialect {
        case .postgres:
            [
                "CREATE EXTENSION IF NOT EXISTS btree_gist",
                """
                ALTER TABLE stay_segments ADD CONSTRAINT stay_segments_no_overlap
                  EXCLUDE USING gist (room_id WITH =, int8range(arrival, departure) WITH &&)
                  WHERE (active AND room_id IS NOT NULL)
                """,
            ]
        case .sqlite:
            ["INSERT", "UPDATE"].map { event in
                """
                CREATE TRIGGER stay_segments_no_overlap_\(event.lowercased()) BEFORE \(event) ON stay_segments
                WHEN NEW.active AND NEW.room_id IS NOT NULL
                BEGIN
                  SELECT RAISE(ABORT, 'stay_segments_no_overlap: the room is taken on one of these nights')
                  WHERE EXISTS (SELECT 1 FROM stay_segments s WHERE s.room_id = NEW.room_id AND s.active
                    AND s.arrival < NEW.departure AND NEW.arrival < s.departure
                    \(event == "UPDATE" ? "AND s.id <> NEW.id" : ""));
                END
                """
            }
        }
    }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for statement in tables + overlapGuard {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for table in [
            "events", "idempotency_keys", "audit_log", "sessions", "users", "folio_entries", "appointments",
            "stay_segments", "stays", "guests", "services", "staff", "rooms", "room_rates", "room_types", "properties",
        ] {
            try await sql.raw(SQLQueryString("DROP TABLE IF EXISTS \(unsafeRaw: table)")).run()
        }
    }
}

/// Calendars exchanged with channel managers (iCal): a secret export link per room, and imported
/// feeds whose events are stays of source `ical` that block their nights.
struct ICalSchema: AsyncMigration {
    let dialect: Store.Dialect

    var name: String { "frontdesk.ical.v2" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        let id = dialect.autoNumberedID
        for statement in [
            "CREATE TABLE ical_exports (room_id BIGINT PRIMARY KEY REFERENCES rooms(id), token TEXT NOT NULL)",
            """
            CREATE TABLE ical_imports (\(id), room_id BIGINT NOT NULL REFERENCES rooms(id), source TEXT NOT NULL,
              imported_at BIGINT NOT NULL, UNIQUE (room_id, source))
            """,
            "ALTER TABLE stays ADD COLUMN ical_import_id BIGINT REFERENCES ical_imports(id)",
            "ALTER TABLE stays ADD COLUMN ical_uid TEXT",
            "CREATE INDEX stays_ical_import ON stays (ical_import_id)",
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for statement in [
            "DROP INDEX IF EXISTS stays_ical_import", "ALTER TABLE stays DROP COLUMN ical_uid",
            "ALTER TABLE stays DROP COLUMN ical_import_id", "DROP TABLE IF EXISTS ical_imports",
            "DROP TABLE IF EXISTS ical_exports",
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }
}

/// Covering indexes for the board's query, which reads every run of every stay of a property over
/// two years: with them SQLite answers from the indexes alone instead of seeking each row.
struct BoardIndexes: AsyncMigration {
    var name: String { "frontdesk.board-indexes.v3" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for statement in [
            """
            CREATE INDEX stays_board ON stays (property_id, departure, arrival, id, guest_id, room_type_id, state,
              source)
            """,
            "CREATE INDEX stay_segments_board ON stay_segments (stay_id, active, arrival, departure, room_id, id)",
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        try await sql.raw("DROP INDEX IF EXISTS stays_board").run()
        try await sql.raw("DROP INDEX IF EXISTS stay_segments_board").run()
    }
}

/// A number that every change to what hotels sell (properties, room types and their rates, rooms)
/// moves on, in the same transaction: the guest site keeps that inventory in memory while it stands
/// still, and reads it again, in whichever server instance, once it has moved.
struct InventoryGeneration: AsyncMigration {
    var name: String { "frontdesk.inventory-generation.v4" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        try await sql.raw("CREATE TABLE inventory_generation (id BIGINT PRIMARY KEY, generation BIGINT NOT NULL)")
            .run()
        try await sql.raw("INSERT INTO inventory_generation (id, generation) VALUES (1, 0)").run()
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        try await sql.raw("DROP TABLE IF EXISTS inventory_generation").run()
    }
}

extension Store.Dialect {
    /// An auto-numbered primary key, the one column type the two dialects spell differently.
    var autoNumberedID: String {
        switch self {
        case .sqlite: "id INTEGER PRIMARY KEY AUTOINCREMENT"
        case .postgres: "id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"
        }
    }
}

/// What a booking agreed besides its dates and room: infants (who need a cot but no bed), and the
/// nightly rates it was booked at, so that a later change of the room type's rates does not change
/// the price a guest was quoted.
struct StayTerms: AsyncMigration {
    var name: String { "frontdesk.stay-terms.v5" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        try await sql.raw("ALTER TABLE stays ADD COLUMN infants BIGINT NOT NULL DEFAULT 0").run()
        try await sql.raw(
            """
            CREATE TABLE stay_rates (stay_id BIGINT NOT NULL REFERENCES stays(id), night BIGINT NOT NULL,
              amount BIGINT NOT NULL, currency TEXT NOT NULL, PRIMARY KEY (stay_id, night))
            """
        ).run()
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        try await sql.raw("DROP TABLE IF EXISTS stay_rates").run()
        try await sql.raw("ALTER TABLE stays DROP COLUMN infants").run()
    }
}

/// Each run of nights names its stay's property and room type, so that the guest site's search reads a
/// place's held nights from one covering index over the runs alone, without joining them to their
/// stays (on PostgreSQL that join was most of a search's time: a hash join over every run). `active` is
/// in the index as well as its condition, so that SQLite finds the index covering.
struct SegmentOwners: AsyncMigration {
    var name: String { "frontdesk.segment-owners.v6" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for statement in [
            "ALTER TABLE stay_segments ADD COLUMN property_id BIGINT NOT NULL DEFAULT 0",
            "ALTER TABLE stay_segments ADD COLUMN room_type_id BIGINT NOT NULL DEFAULT 0",
            """
            UPDATE stay_segments SET
              property_id = (SELECT s.property_id FROM stays s WHERE s.id = stay_segments.stay_id),
              room_type_id = (SELECT s.room_type_id FROM stays s WHERE s.id = stay_segments.stay_id)
            """,
            """
            CREATE INDEX stay_segments_held ON stay_segments (property_id, departure, arrival, room_type_id, room_id,
              stay_id, active) WHERE active
            """,
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        try await sql.raw("DROP INDEX IF EXISTS stay_segments_held").run()
        try await sql.raw("ALTER TABLE stay_segments DROP COLUMN room_type_id").run()
        try await sql.raw("ALTER TABLE stay_segments DROP COLUMN property_id").run()
    }
}
