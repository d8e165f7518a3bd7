import FluentKit
import SQLKit

/// A property's webhooks (`webhooks`): the URL, its secret and the events it is told of, and how far
/// delivery has come in the property's event log (`delivered_seq`): the events table is their outbox,
/// written in each change's transaction, sent in order. A sender claims a webhook until
/// `claimed_until`, so that of several server instances one sends its events, one at a time.
struct WebhookSchema: AsyncMigration {
    let dialect: Store.Dialect

    var name: String { "frontdesk.webhooks.v27" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for statement in [
            """
            CREATE TABLE webhooks (\(dialect.autoNumberedID), property_id BIGINT NOT NULL REFERENCES properties(id),
              url TEXT NOT NULL, secret TEXT NOT NULL, events TEXT NOT NULL, created_at BIGINT NOT NULL,
              delivered_seq BIGINT NOT NULL, attempts BIGINT NOT NULL DEFAULT 0, due_at BIGINT NOT NULL,
              claimed_until BIGINT, last_error TEXT)
            """,
            "CREATE INDEX webhooks_by_property ON webhooks (property_id)",
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        try await sql.raw("DROP TABLE webhooks").run()
    }
}

/// Who holds a webhook's claim (`claim_token`, an instance's token for one delivery): an instance renews
/// and releases only its own, so that two instances never send one webhook's events at once.
struct WebhookClaims: AsyncMigration {
    var name: String { "frontdesk.webhook-claims.v32" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        try await sql.raw("ALTER TABLE webhooks ADD COLUMN claim_token TEXT").run()
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        try await sql.raw("ALTER TABLE webhooks DROP COLUMN claim_token").run()
    }
}
