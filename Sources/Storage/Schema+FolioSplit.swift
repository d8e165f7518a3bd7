import FluentKit
import SQLKit

/// A stay's bill split between payers (`FolioSplit`): each folio line's folio (`folio_entries.folio`, 1 the
/// guest's for every line before) and the line it was moved from; the folios past the guest's, with their
/// payers (`stay_folios`: another guest by name, or a company); the routes of kinds of charge
/// (`stay_folio_routes`); the companies a property bills (`companies`) and their months' invoices
/// (`company_invoices`, numbered with the property's invoices); and which folio a document is of
/// (`folio_documents.folio`).
struct FolioSplitSchema: AsyncMigration {
    let dialect: Store.Dialect

    var name: String { "frontdesk.folio-split.v42" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for statement in [
            "ALTER TABLE folio_entries ADD COLUMN folio INTEGER NOT NULL DEFAULT 1",
            "ALTER TABLE folio_entries ADD COLUMN moved_from BIGINT",
            "ALTER TABLE folio_documents ADD COLUMN folio INTEGER NOT NULL DEFAULT 1",
            """
            CREATE TABLE companies (\(dialect.autoNumberedID),
              property_id BIGINT NOT NULL REFERENCES properties(id), name TEXT NOT NULL,
              address TEXT NOT NULL DEFAULT '', tax_id TEXT NOT NULL DEFAULT '', branch TEXT NOT NULL DEFAULT '',
              email TEXT NOT NULL DEFAULT '')
            """,
            "CREATE INDEX companies_by_property ON companies (property_id)",
            """
            CREATE TABLE stay_folios (stay_id BIGINT NOT NULL REFERENCES stays(id), number INTEGER NOT NULL,
              payer_name TEXT, company_id BIGINT REFERENCES companies(id),
              PRIMARY KEY (stay_id, number), CHECK (number > 1),
              CHECK ((payer_name IS NULL) <> (company_id IS NULL)))
            """,
            "CREATE INDEX stay_folios_by_company ON stay_folios (company_id)",
            """
            CREATE TABLE stay_folio_routes (stay_id BIGINT NOT NULL REFERENCES stays(id), category TEXT NOT NULL,
              folio INTEGER NOT NULL, PRIMARY KEY (stay_id, category))
            """,
            // A company's month's invoice takes its number from the property's invoices (`invoice_seq`).
            """
            CREATE TABLE company_invoices (\(dialect.autoNumberedID),
              property_id BIGINT NOT NULL REFERENCES properties(id), company_id BIGINT NOT NULL REFERENCES companies(id),
              month BIGINT NOT NULL, number BIGINT NOT NULL, issued_on BIGINT NOT NULL, issued_at BIGINT NOT NULL,
              issued_by BIGINT, body TEXT NOT NULL, CHECK (number > 0))
            """,
            "CREATE INDEX company_invoices_by_company ON company_invoices (company_id, id)",
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for table in ["company_invoices", "stay_folio_routes", "stay_folios", "companies"] {
            try await sql.raw("DROP TABLE \(unsafeRaw: table)").run()
        }
        try await sql.raw("ALTER TABLE folio_documents DROP COLUMN folio").run()
        try await sql.raw("ALTER TABLE folio_entries DROP COLUMN moved_from").run()
        try await sql.raw("ALTER TABLE folio_entries DROP COLUMN folio").run()
    }
}
