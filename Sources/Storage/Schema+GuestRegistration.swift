import FluentKit
import SQLKit

/// What the police registration of foreign guests asks of each guest: nationality, the number of their
/// passport or card, and their date of birth (a day number; NULL not yet known).
struct GuestRegistration: AsyncMigration {
    var name: String { "frontdesk.guest-registration.v14" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for statement in [
            "ALTER TABLE guests ADD COLUMN nationality TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE guests ADD COLUMN document_number TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE guests ADD COLUMN birth_date BIGINT",
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for column in ["birth_date", "document_number", "nationality"] {
            try await sql.raw("ALTER TABLE guests DROP COLUMN \(unsafeRaw: column)").run()
        }
    }
}
