import Booking
import FluentKit
import SQLKit

/// Bank statements: how each bank writes its CSV (`statement_formats`, one row a bank by its name, the
/// format as JSON), and every line of money received read from them (`statement_lines`), kept by its
/// fingerprint so that a line read twice is known (the unique index), with the stay and folio entry it
/// settled, or why it waits.
struct BankStatementSchema: AsyncMigration {
    let dialect: Store.Dialect

    var name: String { "frontdesk.bank-statements.v36" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for statement in [
            """
            CREATE TABLE statement_formats (property_id BIGINT NOT NULL REFERENCES properties(id),
              bank TEXT NOT NULL, format TEXT NOT NULL, PRIMARY KEY (property_id, bank))
            """,
            """
            CREATE TABLE statement_lines (\(dialect.autoNumberedID),
              property_id BIGINT NOT NULL REFERENCES properties(id), bank TEXT NOT NULL, fingerprint TEXT NOT NULL,
              line BIGINT NOT NULL, day BIGINT NOT NULL, amount BIGINT NOT NULL, currency TEXT NOT NULL,
              text TEXT NOT NULL, bank_reference TEXT NOT NULL, stay_id BIGINT REFERENCES stays(id),
              entry_id BIGINT REFERENCES folio_entries(id), unmatched TEXT, imported_at BIGINT NOT NULL,
              imported_by BIGINT)
            """,
            "CREATE UNIQUE INDEX statement_lines_once ON statement_lines (property_id, bank, fingerprint)",
            "CREATE INDEX statement_lines_waiting ON statement_lines (property_id, id) WHERE unmatched IS NOT NULL",
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        try await sql.raw("DROP TABLE statement_lines").run()
        try await sql.raw("DROP TABLE statement_formats").run()
    }
}

/// `StatementFormat` as stored, and as the audit log records it.
struct StatementFormatRecord: Codable {
    var bank: String
    var dateColumn: String
    var amountColumn: String
    var textColumn: String
    var referenceColumn: String
    var dateOrder: String
    var decimalComma: Bool

    init(_ format: StatementFormat) {
        bank = format.bank
        dateColumn = format.dateColumn
        amountColumn = format.amountColumn
        textColumn = format.textColumn
        referenceColumn = format.referenceColumn
        dateOrder = format.dateOrder.rawValue
        decimalComma = format.decimalComma
    }

    var format: StatementFormat {
        StatementFormat(
            bank: bank, dateColumn: dateColumn, amountColumn: amountColumn, textColumn: textColumn,
            referenceColumn: referenceColumn,
            dateOrder: StatementFormat.DateOrder(rawValue: dateOrder) ?? .yearMonthDay,
            decimalComma: decimalComma)
    }
}

/// A kept line as the audit log records it.
struct StatementLineRecord: Codable {
    var bank: String
    var day: String
    var amount: Int
    var currency: String
    var text: String
    var bankReference: String
    var stayId: Int?
    var visitCode: String?
    var unmatched: String?

    init(_ kept: KeptStatementLine) {
        bank = kept.bank
        day = kept.line.day.iso
        amount = kept.line.amount.amount
        currency = kept.line.amount.currency.code
        text = kept.line.text
        bankReference = kept.line.bankReference
        stayId = kept.stayID
        visitCode = kept.stayID == nil ? kept.confirmationCode : nil
        unmatched = kept.unmatched?.rawValue
    }
}

/// A line of money received may settle a salon visit's deposits instead of a stay: the visit's code
/// (`visit_code`), whose deposits' sales were taken in the transaction that kept the line.
struct StatementVisitsSchema: AsyncMigration {
    var name: String { "frontdesk.statement-visits.v39" }

    func prepare(on database: any Database) async throws {
        try await (database as! any SQLDatabase).raw("ALTER TABLE statement_lines ADD COLUMN visit_code TEXT").run()
    }

    func revert(on database: any Database) async throws {
        try await (database as! any SQLDatabase).raw("ALTER TABLE statement_lines DROP COLUMN visit_code").run()
    }
}
