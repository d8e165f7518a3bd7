import FluentKit
import SQLKit

/// A salon's checkout (`Sale`): the products it sells (`properties.products`, a JSON list as its taxes
/// are), each sale with its receipt's number from the property's `receipt_seq` (shared with the hotel's
/// receipts) and a refund's from `refund_seq` and what it bore when issued (`issuer`, `taxes`, `included_taxes`), and its lines
/// (`sale_entries`: services, products, taxes added, payments; a refund's reversals), each on the
/// salon's business day it counts on, which the ledger and the day's close read with the folios' lines.
struct SaleSchema: AsyncMigration {
    let dialect: Store.Dialect

    var name: String { "frontdesk.sales.v22" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for statement in [
            "ALTER TABLE properties ADD COLUMN products TEXT NOT NULL DEFAULT '[]'",
            "ALTER TABLE properties ADD COLUMN refund_seq BIGINT NOT NULL DEFAULT 0",
            """
            CREATE TABLE sales (\(dialect.autoNumberedID), property_id BIGINT NOT NULL REFERENCES properties(id),
              customer_id BIGINT REFERENCES customers(id), customer_name TEXT NOT NULL, currency TEXT NOT NULL,
              number BIGINT NOT NULL, business_day BIGINT NOT NULL, issued_at BIGINT NOT NULL, issued_by BIGINT,
              issuer TEXT NOT NULL, taxes TEXT NOT NULL, included_taxes TEXT NOT NULL,
              refund_number BIGINT, refund_day BIGINT, refund_reason TEXT, refunded_at BIGINT, refunded_by BIGINT,
              UNIQUE (property_id, number), CHECK (number > 0))
            """,
            "CREATE INDEX sales_by_customer ON sales (customer_id)",
            """
            CREATE TABLE sale_entries (\(dialect.autoNumberedID), sale_id BIGINT NOT NULL REFERENCES sales(id),
              property_id BIGINT NOT NULL REFERENCES properties(id), kind TEXT NOT NULL, category TEXT,
              description TEXT NOT NULL, quantity BIGINT NOT NULL, unit_amount BIGINT NOT NULL,
              discount BIGINT NOT NULL, amount BIGINT NOT NULL, currency TEXT NOT NULL, method TEXT,
              tendered BIGINT, reference TEXT NOT NULL, appointment_id BIGINT REFERENCES appointments(id),
              service_id BIGINT, product_id BIGINT, staff_id BIGINT, reverses BIGINT REFERENCES sale_entries(id),
              business_day BIGINT NOT NULL, posted_at BIGINT NOT NULL, posted_by BIGINT)
            """,
            "CREATE INDEX sale_entries_by_sale ON sale_entries (sale_id, id)",
            "CREATE INDEX sale_entries_by_appointment ON sale_entries (appointment_id)",
            "CREATE INDEX sale_entries_by_day ON sale_entries (property_id, business_day)",
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        try await sql.raw("DROP TABLE sale_entries").run()
        try await sql.raw("DROP TABLE sales").run()
        try await sql.raw("ALTER TABLE properties DROP COLUMN products").run()
        try await sql.raw("ALTER TABLE properties DROP COLUMN refund_seq").run()
    }
}

/// A Thai salon's sale may have its full tax invoice (`Sale.TaxInvoice`): its number in the property's tax
/// invoices (`tax_invoice_seq`), its day, and its seller's branch and buyer as JSON (`SaleTaxInvoiceRecord`).
struct SaleTaxInvoiceSchema: AsyncMigration {
    var name: String { "frontdesk.sale-tax-invoices.v40" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for column in ["tax_invoice_number BIGINT", "tax_invoice_day BIGINT", "tax_invoice TEXT"] {
            try await sql.raw("ALTER TABLE sales ADD COLUMN \(unsafeRaw: column)").run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for column in ["tax_invoice_number", "tax_invoice_day", "tax_invoice"] {
            try await sql.raw("ALTER TABLE sales DROP COLUMN \(unsafeRaw: column)").run()
        }
    }
}

/// What a sale's full tax invoice keeps besides its number and day.
struct SaleTaxInvoiceRecord: Codable {
    var branch: String
    var buyer: BuyerRecord
}
