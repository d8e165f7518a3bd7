import FluentKit
import SQLKit

/// The outbox (`messages`): what is to be sent to guests and customers, written in the transaction of
/// the change that causes it, and each message's way out (`state`, `attempts`, `due_at`, `last_error`).
/// A sender claims a message until `claimed_until`, so that of several server instances one sends it,
/// and one that died sending it leaves it to be sent again (with the same `token`, its `Message-ID`).
struct MessageSchema: AsyncMigration {
    let dialect: Store.Dialect

    var name: String { "frontdesk.messages.v25" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for statement in [
            """
            CREATE TABLE messages (\(dialect.autoNumberedID), property_id BIGINT NOT NULL REFERENCES properties(id),
              kind TEXT NOT NULL, stay_id BIGINT REFERENCES stays(id), appointment_id BIGINT REFERENCES appointments(id),
              recipient TEXT NOT NULL, recipient_name TEXT NOT NULL, language TEXT NOT NULL, facts TEXT NOT NULL,
              token TEXT NOT NULL UNIQUE, state TEXT NOT NULL, attempts BIGINT NOT NULL DEFAULT 0,
              due_at BIGINT NOT NULL, claimed_until BIGINT, last_error TEXT, created_at BIGINT NOT NULL,
              sent_at BIGINT)
            """,
            "CREATE INDEX messages_due ON messages (state, due_at)",
            "CREATE INDEX messages_by_stay ON messages (stay_id)",
            "CREATE INDEX messages_by_appointment ON messages (appointment_id)",
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        try await sql.raw("DROP TABLE messages").run()
    }
}
