import Booking
import SQLKit

/// Salon appointments. One staff member may hold overlapping appointments (seed 004), so the database
/// guards nothing here but the references.
public struct AppointmentRepository: Sendable {
    let store: Store

    public init(store: Store) {
        self.store = store
    }

    /// Books an appointment for a customer (stored as a guest).
    public func create(_ appointment: Appointment, customerName: String, by userID: Int? = nil) async throws
        -> Appointment
    {
        try Appointment.validate(durationMinutes: appointment.durationMinutes)
        try Guest.validate(name: customerName, email: "", phone: "")
        return try await store.write { sql in
            let customer = try await sql.raw(
                "INSERT INTO guests (name, email, phone, notes) VALUES (\(bind: customerName), '', '', '') RETURNING id"
            ).first()
            var stored = appointment
            stored.customerID = try customer!.decode(column: "id", as: Int.self)
            let row = try await sql.raw(
                """
                INSERT INTO appointments (property_id, staff_id, service_id, customer_id, start_minute, duration_minutes,
                  state, version, notes)
                VALUES (\(bind: stored.propertyID), \(bind: stored.staffID), \(bind: stored.serviceID),
                  \(bind: stored.customerID), \(bind: stored.startMinute), \(bind: stored.durationMinutes),
                  \(bind: stored.state.rawValue), \(bind: stored.version), \(bind: stored.notes))
                RETURNING id
                """
            ).first()
            stored.id = try row!.decode(column: "id", as: Int.self)
            try await Journal.record(
                in: sql, propertyID: stored.propertyID, userID: userID, entity: "appointment", entityID: stored.id,
                action: "create", before: nil as AppointmentRecord?, after: AppointmentRecord(stored))
            return stored
        }
    }

    /// A property's appointments starting in `[fromMinute, toMinute)`.
    public func appointments(propertyID: Int, fromMinute: Int, toMinute: Int) async throws -> [Appointment] {
        try await store.read { sql in
            try await sql.raw(
                """
                SELECT * FROM appointments WHERE property_id = \(bind: propertyID)
                  AND start_minute >= \(bind: fromMinute) AND start_minute < \(bind: toMinute)
                ORDER BY start_minute, id
                """
            ).all().map { row in
                Appointment(
                    id: try row.decode(column: "id", as: Int.self), propertyID: propertyID,
                    staffID: try row.decode(column: "staff_id", as: Int.self),
                    serviceID: try row.decode(column: "service_id", as: Int.self),
                    customerID: try row.decode(column: "customer_id", as: Int.self),
                    startMinute: try row.decode(column: "start_minute", as: Int.self),
                    durationMinutes: try row.decode(column: "duration_minutes", as: Int.self),
                    state: AppointmentState(rawValue: try row.decode(column: "state", as: String.self)) ?? .booked,
                    version: try row.decode(column: "version", as: Int.self),
                    notes: try row.decode(column: "notes", as: String.self))
            }
        }
    }
}

/// An appointment as JSON, for the audit log and the event stream.
struct AppointmentRecord: Codable {
    var id: Int
    var staffId: Int
    var serviceId: Int
    var customerId: Int
    var startMinute: Int
    var durationMinutes: Int
    var state: String
    var version: Int

    init(_ appointment: Appointment) {
        id = appointment.id
        staffId = appointment.staffID
        serviceId = appointment.serviceID
        customerId = appointment.customerID
        startMinute = appointment.startMinute
        durationMinutes = appointment.durationMinutes
        state = appointment.state.rawValue
        version = appointment.version
    }
}
