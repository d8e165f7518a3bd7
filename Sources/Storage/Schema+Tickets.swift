import FluentKit
import SQLKit

/// A salon's ticket books (`TicketBook`): the offers it sells (`properties.ticket_offers`, a JSON list as
/// its products), each book sold to a customer with the sale that sold it (`ticket_books`), each draw with
/// the sale that drew it (`ticket_draws`: a draw stands while its sale does), and the book a sale's
/// `.prepaid` line sold or drew (`sale_entries.ticket_book_id`).
struct TicketSchema: AsyncMigration {
    let dialect: Store.Dialect

    var name: String { "frontdesk.tickets.v46" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for statement in [
            "ALTER TABLE properties ADD COLUMN ticket_offers TEXT NOT NULL DEFAULT '[]'",
            """
            CREATE TABLE ticket_books (\(dialect.autoNumberedID),
              property_id BIGINT NOT NULL REFERENCES properties(id),
              customer_id BIGINT NOT NULL REFERENCES customers(id), sale_id BIGINT NOT NULL REFERENCES sales(id),
              name TEXT NOT NULL, kind TEXT NOT NULL, service_ids TEXT NOT NULL, units BIGINT NOT NULL,
              price BIGINT NOT NULL, currency TEXT NOT NULL, sold_on BIGINT NOT NULL, last_day BIGINT NOT NULL)
            """,
            "CREATE INDEX ticket_books_by_customer ON ticket_books (customer_id)",
            "CREATE INDEX ticket_books_by_property ON ticket_books (property_id, sold_on)",
            """
            CREATE TABLE ticket_draws (\(dialect.autoNumberedID),
              book_id BIGINT NOT NULL REFERENCES ticket_books(id), sale_id BIGINT NOT NULL REFERENCES sales(id),
              appointment_id BIGINT REFERENCES appointments(id), units BIGINT NOT NULL, amount BIGINT NOT NULL,
              remaining BIGINT NOT NULL, business_day BIGINT NOT NULL)
            """,
            "CREATE INDEX ticket_draws_by_book ON ticket_draws (book_id)",
            "CREATE INDEX ticket_draws_by_sale ON ticket_draws (sale_id)",
            "ALTER TABLE sale_entries ADD COLUMN ticket_book_id BIGINT REFERENCES ticket_books(id)",
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        try await sql.raw("ALTER TABLE sale_entries DROP COLUMN ticket_book_id").run()
        try await sql.raw("DROP TABLE ticket_draws").run()
        try await sql.raw("DROP TABLE ticket_books").run()
        try await sql.raw("ALTER TABLE properties DROP COLUMN ticket_offers").run()
    }
}

/// A ticket book ended at its customer's request (`TicketEnding`): the draw that ends it says why
/// (`ticket_draws.ending`, null for a draw paying a visit or an amount); the book counts as ended while that
/// draw's sale stands.
struct TicketEndingSchema: AsyncMigration {
    var name: String { "frontdesk.ticket-endings.v47" }

    func prepare(on database: any Database) async throws {
        try await (database as! any SQLDatabase).raw("ALTER TABLE ticket_draws ADD COLUMN ending TEXT").run()
    }

    func revert(on database: any Database) async throws {
        try await (database as! any SQLDatabase).raw("ALTER TABLE ticket_draws DROP COLUMN ending").run()
    }
}
