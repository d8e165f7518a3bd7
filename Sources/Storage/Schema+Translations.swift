import FluentKit
import SQLKit

/// A property's own texts in other languages (`Translations`), kept beside the texts themselves as one
/// JSON object (`{"Garden Double": {"th": "…"}}`): read and written whole with the property.
struct TranslationSchema: AsyncMigration {
    var name: String { "frontdesk.translations.v9" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        try await sql.raw("ALTER TABLE properties ADD COLUMN translations TEXT NOT NULL DEFAULT '{}'").run()
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        try await sql.raw("ALTER TABLE properties DROP COLUMN translations").run()
    }
}
