import Booking
import FluentKit
import SQLKit

/// A salon's customer records (`Customer`): one row a person per salon, which every appointment booked for
/// them points to (`appointments.salon_customer_id`); `appointments.customer_id` keeps the name and contact
/// the booking was made under, as a guest row. `phone_digits` and `email_key` match a new booking to a
/// record, `search_text` is what a search compares (`Customer.searchText`); a record merged into another
/// stays as an empty row naming it (`merged_into`), so that erasing the person finds its history too. Each
/// appointment gains the stylist's notes on the visit (`visit_notes`, カルテ).
///
/// The appointments booked before are given records: one per salon and phone number (or email, or else
/// per booking), named as their latest booking.
struct CustomerSchema: AsyncMigration {
    let dialect: Store.Dialect

    var name: String { "frontdesk.customers.v21" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for statement in [
            """
            CREATE TABLE customers (\(dialect.autoNumberedID), property_id BIGINT NOT NULL REFERENCES properties(id),
              name TEXT NOT NULL, reading TEXT NOT NULL, phone TEXT NOT NULL, phone_digits TEXT NOT NULL,
              email TEXT NOT NULL, email_key TEXT NOT NULL, birthday BIGINT, notes TEXT NOT NULL,
              allergies TEXT NOT NULL, search_text TEXT NOT NULL, erased BOOLEAN NOT NULL DEFAULT FALSE,
              version BIGINT NOT NULL, merged_into BIGINT REFERENCES customers(id))
            """,
            "CREATE INDEX customers_by_phone ON customers (property_id, phone_digits)",
            "CREATE INDEX customers_by_email ON customers (property_id, email_key)",
            "ALTER TABLE appointments ADD COLUMN salon_customer_id BIGINT REFERENCES customers(id)",
            "ALTER TABLE appointments ADD COLUMN visit_notes TEXT NOT NULL DEFAULT ''",
            "CREATE INDEX appointments_by_customer ON appointments (salon_customer_id, start_minute)",
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
        try await recordCustomers(sql)
    }

    /// Gives every appointment already booked a customer record.
    func recordCustomers(_ sql: any SQLDatabase) async throws {
        let rows = try await sql.raw(
            """
            SELECT a.id, a.property_id, g.name, g.phone, g.email FROM appointments a
            JOIN guests g ON g.id = a.customer_id ORDER BY a.id DESC
            """
        ).all()
        var records: [String: Int] = [:]
        for row in rows {
            let appointmentID = try row.decode(column: "id", as: Int.self)
            let propertyID = try row.decode(column: "property_id", as: Int.self)
            let customer = Customer(
                propertyID: propertyID, name: try row.decode(column: "name", as: String.self),
                phone: try row.decode(column: "phone", as: String.self),
                email: try row.decode(column: "email", as: String.self))
            let digits = Customer.matchingDigits(customer.phone)
            let email = Customer.matchingEmail(customer.email)
            let key =
                !digits.isEmpty
                ? "\(propertyID) phone \(digits)"
                : !email.isEmpty ? "\(propertyID) email \(email)" : "appointment \(appointmentID)"
            let id: Int
            if let known = records[key] {
                id = known
            } else {
                id = try await CustomerRepository.insert(customer, in: sql)
                records[key] = id
            }
            try await sql.raw(
                "UPDATE appointments SET salon_customer_id = \(bind: id) WHERE id = \(bind: appointmentID)"
            ).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        try await sql.raw("DROP INDEX appointments_by_customer").run()
        for column in ["visit_notes", "salon_customer_id"] {
            try await sql.raw("ALTER TABLE appointments DROP COLUMN \(unsafeRaw: column)").run()
        }
        try await sql.raw("DROP TABLE customers").run()
    }
}

/// Folds every record's `search_text` again by today's `Customer.folded`: the records saved before it
/// composed half-width ﾀﾞ to ダ hold a letter and a combining mark that no search typed today matches.
struct CustomerRefold: AsyncMigration {
    var name: String { "frontdesk.customer-refold.v31" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        let rows = try await sql.raw("SELECT id, name, reading, phone FROM customers WHERE merged_into IS NULL").all()
        for row in rows {
            let customer = Customer(
                propertyID: 0, name: try row.decode(column: "name", as: String.self),
                reading: try row.decode(column: "reading", as: String.self),
                phone: try row.decode(column: "phone", as: String.self))
            let id = try row.decode(column: "id", as: Int.self)
            try await sql.raw("UPDATE customers SET search_text = \(bind: customer.searchText) WHERE id = \(bind: id)")
                .run()
        }
    }

    func revert(on database: any Database) async throws {}
}
