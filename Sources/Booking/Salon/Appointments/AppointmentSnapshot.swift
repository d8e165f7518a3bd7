import Foundation

/// An appointment as JSON: what the API answers, and what the audit log and the event stream record.
public struct AppointmentSnapshot: Codable, Equatable, Sendable {
    public var id: Int
    public var propertyId: Int
    public var staffId: Int
    public var serviceId: Int
    public var customerId: Int
    public var start: String
    public var end: String
    public var durationMinutes: Int
    public var state: String
    public var version: Int
    public var notes: String
    public var visitNotes: String

    public init(_ appointment: Appointment) {
        id = appointment.id
        propertyId = appointment.propertyID
        staffId = appointment.staffID
        serviceId = appointment.serviceID
        customerId = appointment.customerID
        start = Self.rfc3339(minute: appointment.startMinute)
        end = Self.rfc3339(minute: appointment.endMinute)
        durationMinutes = appointment.durationMinutes
        state = appointment.state.rawValue
        version = appointment.version
        notes = appointment.notes
        visitNotes = appointment.visitNotes
    }

    /// An instant as RFC 3339 in UTC, from minutes since 1970.
    static func rfc3339(minute: Int) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(minute * 60)))
    }
}
