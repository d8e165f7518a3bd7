import Booking
import Foundation
import HTTPTypes
import Hummingbird
import Storage

/// Salon appointments: booking, reading, changing (time, staff, length, state) with `If-Match`.
struct AppointmentController {
    let store: Store

    func register(on group: RouterGroup<AppRequestContext>) {
        group.post("properties/{id}/appointments", use: create)
        group.get("appointments/{id}", use: show)
        group.patch("appointments/{id}", use: edit)
    }

    struct CreateRequest: Decodable {
        struct Customer: Decodable {
            var name: String
            var phone: String?
        }

        var staffId: Int
        var serviceId: Int
        /// RFC 3339, on a whole minute: `2026-11-22T10:30:00+09:00`.
        var start: String
        /// Defaults to the service's duration.
        var durationMinutes: Int?
        var customer: Customer
        var notes: String?
        /// Books it even outside the staff member's working hours.
        var outsideWorkingHours: Bool?
    }

    struct EditRequest: Decodable {
        var staffId: Int?
        var start: String?
        var durationMinutes: Int?
        var state: String?
        var notes: String?
        var outsideWorkingHours: Bool?
    }

    /// Books an appointment; an `Idempotency-Key` makes a retry answer as the first try did.
    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scope = "user:\(try context.requireUser().id)"
        return try await Idempotency(store: store).run(request, context: context, scope: scope, required: false) {
            request in try await book(request, context: context)
        }
    }

    private func book(_ request: Request, context: AppRequestContext) async throws -> Idempotency.Answer {
        let propertyID = try context.parameters.requireID("id")
        try context.requireAccess(to: propertyID)
        let body = try await request.decodeJSON(as: CreateRequest.self, context: context)
        try Appointment.validate(notes: body.notes ?? "")
        guard !body.customer.name.trimmingCharacters(in: .whitespaces).isEmpty, body.customer.name.count <= 200 else {
            throw DomainError.invalid("customer.name", "a customer needs a name (at most 200 characters)")
        }
        try FreeText.validate(body.customer.name, field: "customer.name", limit: 200, lines: false)
        let properties = PropertyRepository(store: store)
        guard let salon = try await properties.property(id: propertyID), salon.kind == .salon else {
            throw DomainError(.notFound, "no salon \(propertyID)", field: "id")
        }
        guard let staff = try await properties.staff(propertyID: propertyID).first(where: { $0.id == body.staffId })
        else { throw DomainError(.notFound, "no staff member \(body.staffId) at this property", field: "staffId") }
        guard
            let service = try await properties.services(propertyID: propertyID).first(where: { $0.id == body.serviceId }
            )
        else { throw DomainError(.notFound, "no service \(body.serviceId) at this property", field: "serviceId") }
        let start = try Self.minute(of: body.start, field: "start")
        let duration = body.durationMinutes ?? service.durationMinutes
        try Appointment.validate(durationMinutes: duration)
        try staff.checkWorks(
            startMinute: start, durationMinutes: duration, in: salon.timeZone,
            override: body.outsideWorkingHours ?? false)
        let appointment = try await AppointmentRepository(store: store).create(
            Appointment(
                id: 0, propertyID: propertyID, staffID: body.staffId, serviceID: service.id, customerID: 0,
                startMinute: start, durationMinutes: duration, notes: body.notes ?? ""),
            customerName: body.customer.name, customerPhone: body.customer.phone ?? "", by: try context.requireUser().id
        )
        return try Idempotency.Answer(
            status: .created,
            headers: [.eTag: "\"\(appointment.version)\"", .location: "/api/v1/appointments/\(appointment.id)"],
            json: AppointmentJSON(appointment))
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.parameters.requireID("id")
        guard let appointment = try await AppointmentRepository(store: store).appointment(id: id) else {
            throw DomainError(.notFound, "no appointment \(id)")
        }
        try context.requireAccess(to: appointment.propertyID)
        let customer = try await StayRepository(store: store).guest(id: appointment.customerID)
        var response = try WithContactJSON(
            entity: AppointmentJSON(appointment), contactKey: "customer", contact: customer.map(GuestJSON.init)
        ).response(from: request, context: context)
        response.headers[.eTag] = "\"\(appointment.version)\""
        return response
    }

    /// Moves, resizes, reassigns or changes the state of an appointment (a drag on the staff board).
    @Sendable func edit(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let version = request.ifMatchVersion() else {
            throw APIError(
                .preconditionRequired, code: "precondition_required", "send If-Match with the appointment's ETag",
                field: "If-Match")
        }
        let id = try context.parameters.requireID("id")
        let body = try await request.decodeJSON(as: EditRequest.self, context: context)
        guard let current = try await AppointmentRepository(store: store).appointment(id: id) else {
            throw DomainError(.notFound, "no appointment \(id)")
        }
        try context.requireAccess(to: current.propertyID)
        let properties = PropertyRepository(store: store)
        let team = try await properties.staff(propertyID: current.propertyID)
        if let staffID = body.staffId, !team.contains(where: { $0.id == staffID }) {
            throw DomainError(.notFound, "no staff member \(staffID) at this property", field: "staffId")
        }
        let timeZone = try await properties.property(id: current.propertyID)?.timeZone ?? .gmt
        let start = try body.start.map { try Self.minute(of: $0, field: "start") }
        let state = try body.state.map { name in
            guard let state = AppointmentState(rawValue: name) else {
                throw DomainError.invalid(
                    "state",
                    "'\(name)' is not a state (\(AppointmentState.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return state
        }
        let appointment = try await AppointmentRepository(store: store).update(
            id: id, expectedVersion: version, by: try context.requireUser().id, action: "edit"
        ) { appointment in
            if body.staffId != nil || start != nil || body.durationMinutes != nil {
                try appointment.reschedule(
                    staffID: body.staffId ?? appointment.staffID, startMinute: start ?? appointment.startMinute,
                    durationMinutes: body.durationMinutes ?? appointment.durationMinutes)
                try team.first { $0.id == appointment.staffID }?.checkWorks(
                    startMinute: appointment.startMinute, durationMinutes: appointment.durationMinutes, in: timeZone,
                    override: body.outsideWorkingHours ?? false)
            }
            if let notes = body.notes {
                try Appointment.validate(notes: notes)
                appointment.notes = notes
            }
            if let state, state != appointment.state { try appointment.transition(to: state) }
        }
        return try respond(appointment, request, context)
    }

    private func respond(_ appointment: Appointment, _ request: Request, _ context: AppRequestContext) throws
        -> Response
    {
        var response = try AppointmentJSON(appointment).response(from: request, context: context)
        response.headers[.eTag] = "\"\(appointment.version)\""
        return response
    }

    /// Minutes since 1970 of an RFC 3339 instant on a whole minute.
    static func minute(of text: String, field: String) throws -> Int {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        guard let date = formatter.date(from: text) else {
            throw DomainError.invalid(field, "'\(text)' is not an RFC 3339 time like 2026-11-22T10:30:00+09:00")
        }
        let seconds = Int(date.timeIntervalSince1970)
        guard seconds % 60 == 0 else { throw DomainError.invalid(field, "appointments start on a whole minute") }
        return seconds / 60
    }

}

/// An appointment as the API shows it: also what the audit log and the event stream record.
typealias AppointmentJSON = AppointmentSnapshot

extension AppointmentSnapshot: ResponseEncodable {}
