import Booking
import Foundation
import SQLKit

/// A salon's customer records (`Customer`), and the appointments booked for them.
public struct CustomerRepository: Sendable {
    let store: Store

    init(store: Store) {
        self.store = store
    }

    public func customer(id: Int) async throws -> Customer? {
        try await store.read { sql in try await Self.customer(id: id, in: sql) }
    }

    public func customer(propertyID: Int, phoneDigits: String, email: String) async throws -> Customer? {
        try await store.read { sql in
            for (column, value) in [("phone_digits", phoneDigits), ("email_key", email)] where !value.isEmpty {
                let row = try await sql.raw(
                    """
                    SELECT * FROM customers WHERE property_id = \(bind: propertyID) AND NOT erased
                      AND merged_into IS NULL AND \(unsafeRaw: column) = \(bind: value)
                    ORDER BY id LIMIT 1
                    """
                ).first()
                if let row { return try Self.customer(from: row) }
            }
            return nil
        }
    }

    public func insert(_ customer: Customer, by userID: Int?) async throws -> Customer {
        try await store.write { [store] sql in
            var stored = customer
            stored.id = try await Self.insert(customer, in: sql)
            stored.version = 1
            try await Journal.record(
                in: sql, at: store.clock.nowMillis, propertyID: stored.propertyID, userID: userID,
                entity: "customer", entityID: stored.id, action: "create", before: nil as CustomerSnapshot?,
                after: CustomerSnapshot(stored))
            return stored
        }
    }

    /// Inserts a record, returning its id; what the migration of older appointments uses too.
    static func insert(_ customer: Customer, in sql: any SQLDatabase) async throws -> Int {
        try await sql.insertReturningID(
            """
            INSERT INTO customers (property_id, name, reading, phone, phone_digits, email, email_key, birthday,
              notes, allergies, search_text, erased, version)
            VALUES (\(bind: customer.propertyID), \(bind: customer.name), \(bind: customer.reading),
              \(bind: customer.phone), \(bind: Customer.digits(customer.phone)), \(bind: customer.email),
              \(bind: Customer.matchingEmail(customer.email)), \(bind: customer.birthday?.number),
              \(bind: customer.notes), \(bind: customer.allergies), \(bind: customer.searchText), FALSE, 1)
            RETURNING id
            """
        )
    }

    public func change(
        customerID id: Int, version: Int?, by userID: Int?,
        _ change: @escaping @Sendable (inout Customer) throws -> Void
    ) async throws -> Customer {
        try await store.write { [store] sql in
            guard let before = try await Self.customer(id: id, in: sql) else {
                throw DomainError(.notFound, "no customer \(id)")
            }
            if let version, version != before.version {
                throw DomainError(
                    .stale, "customer \(id) has changed (version \(before.version), not \(version)); reload it")
            }
            var customer = before
            try change(&customer)
            customer.version = before.version + 1
            try await Self.update(customer, in: sql)
            try await Journal.record(
                in: sql, at: store.clock.nowMillis, propertyID: customer.propertyID, userID: userID,
                entity: "customer", entityID: id, action: "edit", before: CustomerSnapshot(before),
                after: CustomerSnapshot(customer))
            return customer
        }
    }

    static func update(_ customer: Customer, in sql: any SQLDatabase) async throws {
        try await sql.raw(
            """
            UPDATE customers SET name = \(bind: customer.name), reading = \(bind: customer.reading),
              phone = \(bind: customer.phone), phone_digits = \(bind: Customer.digits(customer.phone)),
              email = \(bind: customer.email), email_key = \(bind: Customer.matchingEmail(customer.email)),
              birthday = \(bind: customer.birthday?.number), notes = \(bind: customer.notes),
              allergies = \(bind: customer.allergies), search_text = \(bind: customer.searchText),
              erased = \(bind: customer.erased), version = \(bind: customer.version)
            WHERE id = \(bind: customer.id)
            """
        ).run()
    }

    public func customers(propertyID: Int, containing folded: String, at minute: Int, limit: Int) async throws
        -> [CustomerSummary]
    {
        let pattern = Store.likePattern(containing: folded)
        return try await store.read { sql in
            try await sql.raw(
                """
                SELECT * FROM (
                  SELECT c.*,
                    (SELECT MAX(a.start_minute) FROM appointments a WHERE a.salon_customer_id = c.id
                      AND a.start_minute <= \(bind: minute) AND a.state NOT IN ('cancelled', 'no_show')) AS last_visit,
                    (SELECT MIN(a.start_minute) FROM appointments a WHERE a.salon_customer_id = c.id
                      AND a.start_minute > \(bind: minute) AND a.state IN ('booked', 'checked_in')) AS next_visit,
                    (SELECT MAX(a.start_minute) FROM appointments a WHERE a.salon_customer_id = c.id) AS seen
                  FROM customers c
                  WHERE c.property_id = \(bind: propertyID) AND NOT c.erased AND c.merged_into IS NULL
                    AND c.search_text LIKE \(bind: pattern) ESCAPE '\\'
                ) found
                ORDER BY COALESCE(seen, -1) DESC, id DESC
                LIMIT \(bind: limit)
                """
            ).all().map { row in
                CustomerSummary(
                    customer: try Self.customer(from: row),
                    lastVisitMinute: try row.decode(column: "last_visit", as: Int?.self),
                    nextVisitMinute: try row.decode(column: "next_visit", as: Int?.self))
            }
        }
    }

    /// What appointment `a` of service `s` came to: its line in the sale that checked it out (its
    /// discount taken off) or charged its fee, or, neither, the service's price. (A deposit is paid
    /// towards it, not more.)
    static let visitPrice = """
        COALESCE((SELECT e.amount FROM sale_entries e JOIN sales sa ON sa.id = e.sale_id
          WHERE e.appointment_id = a.id AND e.kind = 'charge' AND e.category IN ('service', 'fee')
            AND sa.refund_number IS NULL), s.price)
        """

    public func visits(customerID: Int) async throws -> [CustomerVisit] {
        try await store.read { sql in
            try await sql.raw(
                """
                SELECT a.*, s.name AS service_name, \(unsafeRaw: Self.visitPrice) AS service_price,
                  st.name AS staff_name, p.currency
                FROM appointments a JOIN services s ON s.id = a.service_id JOIN staff st ON st.id = a.staff_id
                  JOIN properties p ON p.id = a.property_id
                WHERE a.salon_customer_id = \(bind: customerID)
                ORDER BY a.start_minute DESC, a.id DESC
                """
            ).all().map { row in
                CustomerVisit(
                    appointment: try AppointmentRepository.appointment(from: row),
                    serviceName: try row.decode(column: "service_name", as: String.self),
                    staffName: try row.decode(column: "staff_name", as: String.self),
                    price: Money(
                        try row.decode(column: "service_price", as: Int.self),
                        try Currency.named(try row.decode(column: "currency", as: String.self))))
            }
        }
    }

    public func customerList(propertyID: Int, at minute: Int) async throws -> [CustomerListEntry] {
        try await store.read { sql in
            try await sql.raw(
                """
                SELECT c.*,
                  CAST(SUM(CASE WHEN a.state = 'completed' THEN 1 ELSE 0 END) AS BIGINT) AS completed_visits,
                  MAX(CASE WHEN a.start_minute <= \(bind: minute) AND a.state NOT IN ('cancelled', 'no_show')
                    THEN a.start_minute END) AS last_visit,
                  MIN(CASE WHEN a.start_minute > \(bind: minute) AND a.state IN ('booked', 'checked_in')
                    THEN a.start_minute END) AS next_visit,
                  CAST(SUM(CASE WHEN a.state = 'completed' THEN \(unsafeRaw: Self.visitPrice) ELSE 0 END) AS BIGINT)
                    AS spent
                FROM customers c LEFT JOIN appointments a ON a.salon_customer_id = c.id
                  LEFT JOIN services s ON s.id = a.service_id
                WHERE c.property_id = \(bind: propertyID) AND NOT c.erased AND c.merged_into IS NULL
                GROUP BY c.id
                ORDER BY c.id
                """
            ).all().map { row in
                CustomerListEntry(
                    customer: try Self.customer(from: row),
                    completedVisits: try row.decode(column: "completed_visits", as: Int?.self) ?? 0,
                    lastVisitMinute: try row.decode(column: "last_visit", as: Int?.self),
                    nextVisitMinute: try row.decode(column: "next_visit", as: Int?.self),
                    spent: try row.decode(column: "spent", as: Int?.self) ?? 0)
            }
        }
    }

    public func merge(_ otherID: Int, into merged: Customer, by userID: Int?) async throws -> Customer {
        try await store.write { [store] sql in
            guard let before = try await Self.customer(id: merged.id, in: sql),
                let other = try await Self.customer(id: otherID, in: sql)
            else { throw DomainError(.notFound, "no customer \(otherID)", field: "customerId") }
            var customer = merged
            customer.version = before.version + 1
            try await sql.raw(
                "UPDATE appointments SET salon_customer_id = \(bind: customer.id) WHERE salon_customer_id = \(bind: otherID)"
            ).run()
            // Their sales too, each keeping the name its receipt was issued to, and their ticket books.
            for table in ["sales", "ticket_books"] {
                try await sql.raw(
                    "UPDATE \(ident: table) SET customer_id = \(bind: customer.id) WHERE customer_id = \(bind: otherID)"
                ).run()
            }
            try await Self.update(customer, in: sql)
            // What was the other record's is now the kept one's: the other keeps only where it went.
            try await Self.update(
                Customer(id: otherID, propertyID: other.propertyID, name: "", version: other.version + 1), in: sql)
            try await sql.raw(
                "UPDATE customers SET merged_into = \(bind: customer.id) WHERE id = \(bind: otherID)"
            ).run()
            let now = store.clock.nowMillis
            try await Journal.record(
                in: sql, at: now, propertyID: customer.propertyID, userID: userID, entity: "customer",
                entityID: otherID, action: "merge-away", before: CustomerSnapshot(other),
                after: nil as CustomerSnapshot?)
            try await Journal.record(
                in: sql, at: now, propertyID: customer.propertyID, userID: userID, entity: "customer",
                entityID: customer.id, action: "merge", before: CustomerSnapshot(before),
                after: CustomerSnapshot(customer))
            return customer
        }
    }

    public func erase(customerID id: Int, by userID: Int?) async throws {
        try await store.write { [store] sql in
            guard var customer = try await Self.customer(id: id, in: sql) else {
                throw DomainError(.notFound, "no customer \(id)")
            }
            try await WaitlistRepository.erase(
                email: customer.email, phone: customer.phone, propertyID: customer.propertyID,
                at: Int64(store.clock.nowMillis), in: sql)
            let appointmentIDs = try await sql.raw(
                "SELECT id FROM appointments WHERE salon_customer_id = \(bind: id)"
            ).all().map { try $0.decode(column: "id", as: Int.self) }
            try await MessageRepository.erase(
                appointmentIDs: appointmentIDs, email: customer.email, propertyID: customer.propertyID, in: sql)
            customer = Customer(
                id: id, propertyID: customer.propertyID, name: "", erased: true, version: customer.version + 1)
            try await Self.update(customer, in: sql)
            try await sql.raw(
                """
                UPDATE guests SET name = '', email = '', phone = '', notes = ''
                WHERE id IN (SELECT customer_id FROM appointments WHERE salon_customer_id = \(bind: id))
                """
            ).run()
            try await sql.raw(
                "UPDATE appointments SET notes = '', visit_notes = '' WHERE salon_customer_id = \(bind: id)"
            ).run()
            // Receipts keep their lines and amounts for the accounts; the person's name goes.
            try await sql.raw("UPDATE sales SET customer_name = '' WHERE customer_id = \(bind: id)").run()
            try await Self.forgetHistory(of: id, in: sql)
            try await Journal.record(
                in: sql, at: store.clock.nowMillis, propertyID: customer.propertyID, userID: userID,
                entity: "customer", entityID: id, action: "erase", before: nil as CustomerSnapshot?,
                after: CustomerSnapshot(customer))
        }
    }

    /// Takes the person's details out of the audit log and the event stream: their record's rows lose their
    /// before and after, their appointments' rows the notes.
    private static func forgetHistory(of id: Int, in sql: any SQLDatabase) async throws {
        // The record and every record merged into it, however many times over.
        var records: Set<Int> = [id]
        var reached: Set<Int> = [id]
        while !reached.isEmpty {
            let list = reached.map(String.init).joined(separator: ",")
            reached = Set(
                try await sql.raw("SELECT id FROM customers WHERE merged_into IN (\(unsafeRaw: list))").all().map {
                    try $0.decode(column: "id", as: Int.self)
                }
            ).subtracting(records)
            records.formUnion(reached)
        }
        let list = records.map(String.init).joined(separator: ",")
        try await sql.raw(
            "UPDATE audit_log SET before = NULL, after = NULL WHERE entity = 'customer' AND entity_id IN (\(unsafeRaw: list))"
        ).run()
        try await sql.raw(
            "UPDATE events SET payload = '[]' WHERE kind LIKE 'customer.%' AND entity_id IN (\(unsafeRaw: list))"
        ).run()
        let appointments = "SELECT a.id FROM appointments a WHERE a.salon_customer_id = \(id)"
        for row in try await sql.raw(
            """
            SELECT id, before, after FROM audit_log
            WHERE entity = 'appointment' AND entity_id IN (\(unsafeRaw: appointments))
            """
        ).all() {
            try await sql.raw(
                """
                UPDATE audit_log SET before = \(bind: try withoutNotes(row.decode(column: "before", as: String?.self))),
                  after = \(bind: try withoutNotes(row.decode(column: "after", as: String?.self)))
                WHERE id = \(bind: try row.decode(column: "id", as: Int.self))
                """
            ).run()
        }
        for row in try await sql.raw(
            """
            SELECT property_id, seq, payload FROM events
            WHERE kind LIKE 'appointment.%' AND entity_id IN (\(unsafeRaw: appointments))
            """
        ).all() {
            try await sql.raw(
                """
                UPDATE events SET payload = \(bind: try withoutNotes(row.decode(column: "payload", as: String.self)))
                WHERE property_id = \(bind: try row.decode(column: "property_id", as: Int.self))
                  AND seq = \(bind: try row.decode(column: "seq", as: Int.self))
                """
            ).run()
        }
    }

    /// An appointment's JSON (or a list of them) with its notes emptied.
    static func withoutNotes(_ json: String?) throws -> String? {
        guard let json, let data = json.data(using: .utf8) else { return json }
        func scrub(_ value: Any) -> Any {
            guard var object = value as? [String: Any] else {
                return (value as? [Any]).map { $0.map(scrub) } ?? value
            }
            for key in ["notes", "visitNotes"] where object[key] != nil { object[key] = "" }
            return object
        }
        let scrubbed = scrub(try JSONSerialization.jsonObject(with: data))
        return String(
            decoding: try JSONSerialization.data(withJSONObject: scrubbed, options: [.sortedKeys]), as: UTF8.self)
    }

    static func customer(id: Int, in sql: any SQLDatabase) async throws -> Customer? {
        try await sql.raw("SELECT * FROM customers WHERE id = \(bind: id) AND merged_into IS NULL").first().map(
            customer(from:))
    }

    static func customer(from row: any SQLRow) throws -> Customer {
        Customer(
            id: try row.decode(column: "id", as: Int.self),
            propertyID: try row.decode(column: "property_id", as: Int.self),
            name: try row.decode(column: "name", as: String.self),
            reading: try row.decode(column: "reading", as: String.self),
            phone: try row.decode(column: "phone", as: String.self),
            email: try row.decode(column: "email", as: String.self),
            birthday: try row.decode(column: "birthday", as: Int?.self).map(Day.init),
            notes: try row.decode(column: "notes", as: String.self),
            allergies: try row.decode(column: "allergies", as: String.self),
            erased: try row.decode(column: "erased", as: Bool.self),
            version: try row.decode(column: "version", as: Int.self))
    }
}

/// A customer record as the audit log and the event stream keep it.
struct CustomerSnapshot: Encodable {
    var id: Int
    var name: String
    var reading: String
    var phone: String
    var email: String
    var birthday: String?
    var notes: String
    var allergies: String
    var erased: Bool
    var version: Int

    init(_ customer: Customer) {
        id = customer.id
        name = customer.name
        reading = customer.reading
        phone = customer.phone
        email = customer.email
        birthday = customer.birthday?.iso
        notes = customer.notes
        allergies = customer.allergies
        erased = customer.erased
        version = customer.version
    }
}
