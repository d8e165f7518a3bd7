import FluentKit
import SQLKit

/// Korea's cash receipts as recorded (`cash_receipts`): one a payment (a sale's or a folio's entry, the
/// unique index), with the tax office's approval number and who it was issued to. Which payments need one
/// is read from the payments themselves, so taking a payment writes nothing here.
struct CashReceiptSchema: AsyncMigration {
    let dialect: Store.Dialect

    var name: String { "frontdesk.cash-receipts.v38" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for statement in [
            """
            CREATE TABLE cash_receipts (\(dialect.autoNumberedID),
              property_id BIGINT NOT NULL REFERENCES properties(id), source TEXT NOT NULL, entry_id BIGINT NOT NULL,
              approval_number TEXT NOT NULL, identifier TEXT NOT NULL, issued_on BIGINT NOT NULL,
              recorded_at BIGINT NOT NULL, recorded_by BIGINT)
            """,
            "CREATE UNIQUE INDEX cash_receipts_once ON cash_receipts (source, entry_id)",
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    func revert(on database: any Database) async throws {
        try await (database as! any SQLDatabase).raw("DROP TABLE cash_receipts").run()
    }
}
