import FluentKit
import SQLKit

/// A salon's waitlist: the customers asking for a service on some days (`waitlist_entries`), and the
/// times offered to them with each answer (`waitlist_offers`). A customer has at most one offer open (a
/// partial unique index), and an open offer holds its time with a salon hold (`salon_holds`).
struct WaitlistSchema: AsyncMigration {
    let dialect: Store.Dialect

    var name: String { "frontdesk.waitlist.v29" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for statement in [
            """
            CREATE TABLE waitlist_entries (\(dialect.autoNumberedID),
              property_id BIGINT NOT NULL REFERENCES properties(id), service_id BIGINT NOT NULL REFERENCES services(id),
              staff_id BIGINT REFERENCES staff(id), from_day BIGINT NOT NULL, to_day BIGINT NOT NULL,
              customer_name TEXT NOT NULL, email TEXT NOT NULL, phone TEXT NOT NULL, language TEXT NOT NULL,
              state TEXT NOT NULL, created_at BIGINT NOT NULL, changed_at BIGINT NOT NULL)
            """,
            "CREATE INDEX waitlist_entries_by_state ON waitlist_entries (property_id, state, created_at, id)",
            """
            CREATE TABLE waitlist_offers (\(dialect.autoNumberedID),
              entry_id BIGINT NOT NULL REFERENCES waitlist_entries(id), property_id BIGINT NOT NULL REFERENCES properties(id),
              token TEXT NOT NULL UNIQUE, hold_token TEXT NOT NULL, start_minute BIGINT NOT NULL,
              staff_id BIGINT NOT NULL REFERENCES staff(id), expires_at BIGINT NOT NULL, state TEXT NOT NULL,
              created_at BIGINT NOT NULL, answered_at BIGINT, visit_code TEXT)
            """,
            "CREATE INDEX waitlist_offers_by_entry ON waitlist_offers (entry_id, id)",
            "CREATE INDEX waitlist_offers_by_expiry ON waitlist_offers (state, expires_at)",
            "CREATE UNIQUE INDEX waitlist_offers_one_open ON waitlist_offers (entry_id) WHERE state = 'open'",
            // An offer's email names it, as a confirmation names its stay: the desk shows how it went.
            "ALTER TABLE messages ADD COLUMN waitlist_offer_id BIGINT REFERENCES waitlist_offers(id)",
            "CREATE INDEX messages_by_waitlist_offer ON messages (waitlist_offer_id)",
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        try await sql.raw("DROP INDEX messages_by_waitlist_offer").run()
        try await sql.raw("ALTER TABLE messages DROP COLUMN waitlist_offer_id").run()
        try await sql.raw("DROP TABLE waitlist_offers").run()
        try await sql.raw("DROP TABLE waitlist_entries").run()
    }
}
