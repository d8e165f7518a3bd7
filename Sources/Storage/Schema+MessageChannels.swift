import FluentKit
import SQLKit

/// Each message's channel (`MessageChannel`: email for every message written before), claimed by the
/// senders of its channel only; and what guests and customers said of a property's messages on each
/// channel (`message_consents`, one row per property, channel and address, the address lowercase).
struct MessageChannelSchema: AsyncMigration {
    let dialect: Store.Dialect

    var name: String { "frontdesk.message-channels.v41" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for statement in [
            "ALTER TABLE messages ADD COLUMN channel TEXT NOT NULL DEFAULT 'email'",
            """
            CREATE TABLE message_consents (property_id BIGINT NOT NULL REFERENCES properties(id),
              channel TEXT NOT NULL, address TEXT NOT NULL, granted BOOLEAN NOT NULL, changed_at BIGINT NOT NULL,
              PRIMARY KEY (property_id, channel, address))
            """,
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        try await sql.raw("DROP TABLE message_consents").run()
        try await sql.raw("ALTER TABLE messages DROP COLUMN channel").run()
    }
}
