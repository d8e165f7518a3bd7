import FluentKit
import SQLKit

/// What a guest sent before arriving (`online_check_ins`, one row a stay): when, the arrival time and
/// requests, and the adults after the booking's guest (`companions`, JSON: the booking's guest's own
/// registration stays in `guests`). And the installation's own secrets (`installation_secrets`), such as
/// the key that signs check-in links, each made on first use.
struct OnlineCheckInSchema: AsyncMigration {
    var name: String { "frontdesk.online-check-in.v28" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for statement in [
            """
            CREATE TABLE online_check_ins (stay_id BIGINT PRIMARY KEY REFERENCES stays(id),
              submitted_at BIGINT NOT NULL, arrival_minute BIGINT, requests TEXT NOT NULL, companions TEXT NOT NULL)
            """,
            "CREATE TABLE installation_secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
            // The board draws a checked-in-online stay's runs apart, from its segments alone: its two
            // covering indexes (`BoardRuns`) carry the flag too, or every run read would visit the table
            // (measured: SQLite's cold 14-day board of 2,000 rooms took twice as long).
            "ALTER TABLE stays ADD COLUMN checked_in_online BOOLEAN NOT NULL DEFAULT FALSE",
            "ALTER TABLE stay_segments ADD COLUMN checked_in_online BOOLEAN NOT NULL DEFAULT FALSE",
        ] + BoardRuns.indexes(run: BoardRuns.runColumns + ", checked_in_online") {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for statement in BoardRuns.indexes(run: BoardRuns.runColumns) {
            try await sql.raw(SQLQueryString(statement)).run()
        }
        for table in ["stay_segments", "stays"] {
            try await sql.raw("ALTER TABLE \(unsafeRaw: table) DROP COLUMN checked_in_online").run()
        }
        try await sql.raw("DROP TABLE installation_secrets").run()
        try await sql.raw("DROP TABLE online_check_ins").run()
    }
}
