import FluentKit
import SQLKit

/// Invoices and receipts: who issues them (columns of `properties`), a sequence per property and kind
/// (`invoice_seq`, `receipt_seq`, moved on in the issuing transaction, so a number is taken only by a
/// document that is stored), and the documents as issued (`folio_documents`, never changed).
struct DocumentSchema: AsyncMigration {
    let dialect: Store.Dialect

    var name: String { "frontdesk.documents.v8" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        let statements = [
            "ALTER TABLE properties ADD COLUMN issuer_name TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE properties ADD COLUMN issuer_address TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE properties ADD COLUMN issuer_tax_id TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE properties ADD COLUMN invoice_seq BIGINT NOT NULL DEFAULT 0",
            "ALTER TABLE properties ADD COLUMN receipt_seq BIGINT NOT NULL DEFAULT 0",
            """
            CREATE TABLE folio_documents (\(dialect.autoNumberedID),
              property_id BIGINT NOT NULL REFERENCES properties(id), stay_id BIGINT NOT NULL REFERENCES stays(id),
              kind TEXT NOT NULL, number BIGINT NOT NULL, issued_on BIGINT NOT NULL, issued_at BIGINT NOT NULL,
              issued_by BIGINT, body TEXT NOT NULL,
              UNIQUE (property_id, kind, number), CHECK (number > 0))
            """,
            "CREATE INDEX folio_documents_by_stay ON folio_documents (stay_id, id)",
        ]
        for statement in statements {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        try await sql.raw("DROP TABLE IF EXISTS folio_documents").run()
        for column in ["issuer_name", "issuer_address", "issuer_tax_id", "invoice_seq", "receipt_seq"] {
            try await sql.raw("ALTER TABLE properties DROP COLUMN \(unsafeRaw: column)").run()
        }
    }
}

/// Thailand's tax invoices: the issuer's place of business (`properties.issuer_branch`, `00000` for the
/// head office, "" outside Thailand), and a sequence per property for each kind, so that each place of
/// business numbers its abbreviated and full tax invoices apart.
struct TaxInvoiceSchema: AsyncMigration {
    var name: String { "frontdesk.tax-invoices.v37" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for statement in [
            "ALTER TABLE properties ADD COLUMN issuer_branch TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE properties ADD COLUMN abbreviated_tax_invoice_seq BIGINT NOT NULL DEFAULT 0",
            "ALTER TABLE properties ADD COLUMN tax_invoice_seq BIGINT NOT NULL DEFAULT 0",
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for column in ["issuer_branch", "abbreviated_tax_invoice_seq", "tax_invoice_seq"] {
            try await sql.raw("ALTER TABLE properties DROP COLUMN \(unsafeRaw: column)").run()
        }
    }
}
