import Booking
import SQLKit

/// Salon appointments. One staff member may hold overlapping appointments (seed 004), so the database
/// guards nothing here but the references.
public struct AppointmentRepository: Sendable {
    let store: Store

    init(store: Store) {
        self.store = store
    }

    /// Stores an appointment for its customer's record, with the name and contact it was booked under
    /// (a guest row), as `SalonDesk.book` has checked it.
    public func create(_ appointment: Appointment, bookedAs contact: BookingContact, by userID: Int? = nil)
        async throws -> Appointment
    {
        try await store.write { sql in
            let contactID = try await Self.insertContact(contact, in: sql)
            return try await Self.insert(appointment, contactID: contactID, by: userID, in: sql, store: store)
        }
    }

    /// Stores a series' appointments under one contact in one transaction, each naming the first.
    public func createSeries(_ series: [Appointment], bookedAs contact: BookingContact, by userID: Int? = nil)
        async throws -> [Appointment]
    {
        try await store.write { sql in
            let contactID = try await Self.insertContact(contact, in: sql)
            var stored: [Appointment] = []
            for var appointment in series {
                appointment.seriesID = stored.first?.id
                stored.append(
                    try await Self.insert(appointment, contactID: contactID, by: userID, in: sql, store: store))
            }
            guard let first = stored.first?.id else { return stored }
            try await sql.raw("UPDATE appointments SET series_id = \(bind: first) WHERE id = \(bind: first)").run()
            stored[0].seriesID = first
            return stored
        }
    }

    public func appointments(inSeries seriesID: Int) async throws -> [Appointment] {
        try await store.read { sql in
            try await sql.raw(
                "SELECT * FROM appointments WHERE series_id = \(bind: seriesID) ORDER BY start_minute, id"
            ).all().map(Self.appointment(from:))
        }
    }

    static func insertContact(_ contact: BookingContact, in sql: any SQLDatabase) async throws -> Int {
        try await sql.insertReturningID(
            """
            INSERT INTO guests (name, email, phone, notes)
            VALUES (\(bind: contact.name), \(bind: contact.email), \(bind: contact.phone), '')
            RETURNING id
            """
        )
    }

    /// Inserts an appointment booked under a stored contact, under a visit's `code` if it has one, with its
    /// audit row.
    static func insert(
        _ appointment: Appointment, contactID: Int, code: String = "", by userID: Int?, in sql: any SQLDatabase,
        store: Store
    ) async throws -> Appointment {
        var stored = appointment
        stored.id = try await sql.insertReturningID(
            """
            INSERT INTO appointments (property_id, staff_id, service_id, customer_id, salon_customer_id,
              start_minute, duration_minutes, state, version, notes, visit_notes, code, series_id, stay_id)
            VALUES (\(bind: stored.propertyID), \(bind: stored.staffID), \(bind: stored.serviceID),
              \(bind: contactID), \(bind: stored.customerID), \(bind: stored.startMinute),
              \(bind: stored.durationMinutes), \(bind: stored.state.rawValue), \(bind: stored.version),
              \(bind: stored.notes), \(bind: stored.visitNotes), \(bind: code), \(bind: stored.seriesID),
              \(bind: stored.stayID))
            RETURNING id
            """
        )
        try await Journal.record(
            in: sql, at: store.clock.nowMillis, propertyID: stored.propertyID, userID: userID,
            entity: "appointment", entityID: stored.id,
            action: code.isEmpty ? "create" : "book-online", before: nil as AppointmentSnapshot?,
            after: AppointmentSnapshot(stored))
        return stored
    }

    public func appointment(id: Int) async throws -> Appointment? {
        try await store.read { sql in
            try await sql.raw("SELECT * FROM appointments WHERE id = \(bind: id)").first().map(Self.appointment(from:))
        }
    }

    /// Changes an appointment by the rules (`change` mutates it or throws), refused as `.stale` when the
    /// stored version is not `expectedVersion`.
    func update(
        id: Int, expectedVersion: Int?, by userID: Int? = nil, action: String,
        _ change: @escaping @Sendable (inout Appointment) throws -> Void
    ) async throws -> Appointment {
        try await store.write { sql in
            try await Self.update(
                id: id, expectedVersion: expectedVersion, by: userID, action: action, at: store.clock.nowMillis,
                in: sql, change)
        }
    }

    /// `update(id:…)` inside a transaction already open: a sale completing the appointments it checks out.
    static func update(
        id: Int, expectedVersion: Int?, by userID: Int?, action: String, at now: Int, in sql: any SQLDatabase,
        _ change: (inout Appointment) throws -> Void
    ) async throws -> Appointment {
        guard let row = try await sql.raw("SELECT * FROM appointments WHERE id = \(bind: id)").first() else {
            throw DomainError(.notFound, "no appointment \(id)")
        }
        let before = try Self.appointment(from: row)
        if let expectedVersion, expectedVersion != before.version {
            throw DomainError(
                .stale,
                "appointment \(id) has changed (version \(before.version), not \(expectedVersion)); reload it")
        }
        var appointment = before
        try change(&appointment)
        appointment.version = before.version + 1
        let updated = try await sql.raw(
            """
            UPDATE appointments SET staff_id = \(bind: appointment.staffID), service_id = \(bind: appointment.serviceID),
              start_minute = \(bind: appointment.startMinute), duration_minutes = \(bind: appointment.durationMinutes),
              state = \(bind: appointment.state.rawValue), notes = \(bind: appointment.notes),
              visit_notes = \(bind: appointment.visitNotes), salon_customer_id = \(bind: appointment.customerID),
              version = \(bind: appointment.version)
            WHERE id = \(bind: id) AND version = \(bind: before.version)
            RETURNING id
            """
        ).first()
        guard updated != nil else { throw DomainError(.stale, "appointment \(id) changed meanwhile; reload it") }
        try await Journal.record(
            in: sql, at: now, propertyID: appointment.propertyID, userID: userID,
            entity: "appointment", entityID: id,
            action: action, before: AppointmentSnapshot(before), after: AppointmentSnapshot(appointment))
        return appointment
    }

    static func appointment(from row: any SQLRow) throws -> Appointment {
        Appointment(
            id: try row.decode(column: "id", as: Int.self),
            propertyID: try row.decode(column: "property_id", as: Int.self),
            staffID: try row.decode(column: "staff_id", as: Int.self),
            serviceID: try row.decode(column: "service_id", as: Int.self),
            customerID: try row.decode(column: "salon_customer_id", as: Int?.self) ?? 0,
            startMinute: try row.decode(column: "start_minute", as: Int.self),
            durationMinutes: try row.decode(column: "duration_minutes", as: Int.self),
            state: AppointmentState(rawValue: try row.decode(column: "state", as: String.self)) ?? .booked,
            version: try row.decode(column: "version", as: Int.self),
            notes: try row.decode(column: "notes", as: String.self),
            visitNotes: try row.decode(column: "visit_notes", as: String.self),
            seriesID: try row.decode(column: "series_id", as: Int?.self),
            stayID: try row.decode(column: "stay_id", as: Int?.self))
    }

    /// A property's appointments overlapping `[fromMinute, toMinute)` that are not cancelled, each with its
    /// customer's name: what the staff board loads.
    public func boardAppointments(propertyID: Int, fromMinute: Int, toMinute: Int) async throws
        -> [(appointment: Appointment, customerName: String)]
    {
        try await store.read { sql in
            try await sql.raw(
                """
                SELECT a.*, c.name AS customer_name FROM appointments a JOIN customers c ON c.id = a.salon_customer_id
                WHERE a.property_id = \(bind: propertyID) AND a.state <> 'cancelled'
                  AND a.start_minute < \(bind: toMinute) AND a.start_minute + a.duration_minutes > \(bind: fromMinute)
                ORDER BY a.start_minute, a.id
                """
            ).all().map { row in
                (try Self.appointment(from: row), try row.decode(column: "customer_name", as: String.self))
            }
        }
    }

    /// A property's appointments starting in `[fromMinute, toMinute)`.
    public func appointments(propertyID: Int, fromMinute: Int, toMinute: Int) async throws -> [Appointment] {
        try await store.read { sql in
            try await Self.appointments(propertyID: propertyID, fromMinute: fromMinute, toMinute: toMinute, in: sql)
        }
    }

    static func appointments(propertyID: Int, fromMinute: Int, toMinute: Int, in sql: any SQLDatabase) async throws
        -> [Appointment]
    {
        try await sql.raw(
            """
            SELECT * FROM appointments WHERE property_id = \(bind: propertyID)
              AND start_minute >= \(bind: fromMinute) AND start_minute < \(bind: toMinute)
            ORDER BY start_minute, id
            """
        ).all().map(Self.appointment(from:))
    }
}

/// The salon's operations (`SalonDesk`) on SQLite and PostgreSQL.
