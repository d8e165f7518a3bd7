import FluentKit
import SQLKit

/// The limits every server instance on one database counts together: the guest site's requests per
/// client and minute (`request_counts`), and the wrong passwords per account and per address
/// (`sign_in_tries`). On PostgreSQL the request counts are UNLOGGED: they are written on every guest
/// request, are worth nothing after a crash, and so skip the write-ahead log.
struct SharedLimitsSchema: AsyncMigration {
    let dialect: Store.Dialect

    var name: String { "frontdesk.shared-limits.v30" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        let unlogged = dialect == .postgres ? "UNLOGGED " : ""
        for statement in [
            """
            CREATE \(unlogged)TABLE request_counts (client TEXT NOT NULL, minute BIGINT NOT NULL,
              count BIGINT NOT NULL, PRIMARY KEY (client, minute))
            """,
            "CREATE TABLE sign_in_tries (key TEXT NOT NULL, try_id TEXT NOT NULL, at BIGINT NOT NULL)",
            "CREATE INDEX sign_in_tries_by_key ON sign_in_tries (key, at)",
            "CREATE INDEX sign_in_tries_by_age ON sign_in_tries (at)",
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        try await sql.raw("DROP TABLE sign_in_tries").run()
        try await sql.raw("DROP TABLE request_counts").run()
    }
}
