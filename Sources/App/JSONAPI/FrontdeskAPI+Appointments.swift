import API
import Booking
import Foundation
import Storage

/// Salon appointments: booking, reading, changing (time, staff, length, state) with `If-Match`.
extension FrontdeskAPI {
    /// Books an appointment; an `Idempotency-Key` makes a retry answer as the first try did.
    func createAppointment(_ input: Operations.CreateAppointment.Input) async throws
        -> Operations.CreateAppointment.Output
    {
        let propertyID = input.path.id
        try context.requireAccess(to: propertyID)
        let body =
            switch input.body {
            case .json(let body): body
            }
        try Appointment.validate(notes: body.notes ?? "")
        guard !body.customer.name.trimmingCharacters(in: .whitespaces).isEmpty,
            body.customer.name.count <= Guest.nameLimit
        else {
            throw DomainError.invalid(
                "customer.name", "a customer needs a name (at most \(Guest.nameLimit) characters)")
        }
        try FreeText.validate(body.customer.name, field: "customer.name", limit: Guest.nameLimit, lines: false)
        let properties = store.properties
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
        let appointment = try await store.appointments.create(
            Appointment(
                id: 0, propertyID: propertyID, staffID: body.staffId, serviceID: service.id, customerID: 0,
                startMinute: start, durationMinutes: duration, notes: body.notes ?? ""),
            customerName: body.customer.name, customerPhone: body.customer.phone ?? "", by: try context.requireUser().id
        )
        return .created(
            .init(
                headers: .init(
                    eTag: Self.eTag(of: appointment), location: "/api/v1/appointments/\(appointment.id)"),
                body: .json(try .init(appointment))))
    }

    func getAppointment(_ input: Operations.GetAppointment.Input) async throws -> Operations.GetAppointment.Output {
        let id = input.path.id
        guard let appointment = try await store.appointments.appointment(id: id) else {
            throw DomainError(.notFound, "no appointment \(id)")
        }
        try context.requireAccess(to: appointment.propertyID)
        let customer = try await store.stays.guest(id: appointment.customerID)
        return .ok(
            .init(
                headers: .init(eTag: Self.eTag(of: appointment)),
                body: .json(
                    .init(
                        value1: try .init(appointment),
                        value2: .init(customer: customer.map(Components.Schemas.Contact.init))))))
    }

    /// Moves, resizes, reassigns or changes the state of an appointment (a drag on the staff board).
    func editAppointment(_ input: Operations.EditAppointment.Input) async throws -> Operations.EditAppointment.Output {
        let version = try IfMatch(input.headers.ifMatch).requiredForEdit(of: "appointment")
        let id = input.path.id
        let body =
            switch input.body {
            case .json(let body): body
            }
        guard let current = try await store.appointments.appointment(id: id) else {
            throw DomainError(.notFound, "no appointment \(id)")
        }
        try context.requireAccess(to: current.propertyID)
        let properties = store.properties
        let team = try await properties.staff(propertyID: current.propertyID)
        if let staffID = body.staffId, !team.contains(where: { $0.id == staffID }) {
            throw DomainError(.notFound, "no staff member \(staffID) at this property", field: "staffId")
        }
        let timeZone = try await properties.property(id: current.propertyID)?.timeZone ?? .gmt
        let start = try body.start.map { try Self.minute(of: $0, field: "start") }
        let state = try body.state.map { name in
            guard let state = AppointmentState(rawValue: name.rawValue) else {
                throw DomainError.invalid("state", "'\(name.rawValue)' is not a state")
            }
            return state
        }
        let appointment = try await store.appointments.update(
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
        return .ok(.init(headers: .init(eTag: Self.eTag(of: appointment)), body: .json(try .init(appointment))))
    }

    static func eTag(of appointment: Appointment) -> String { "\"\(appointment.version)\"" }

    /// Minutes since 1970 of an RFC 3339 instant on a whole minute, in years 1900 to 2199.
    static func minute(of text: String, field: String) throws -> Int {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        guard let date = formatter.date(from: text) else {
            throw DomainError.invalid(field, "'\(text)' is not an RFC 3339 time like 2026-11-22T10:30:00+09:00")
        }
        // Bounded as `Day` bounds dates, before any conversion to an integer.
        let seconds = date.timeIntervalSince1970
        guard (-2_208_988_800...7_258_118_399).contains(seconds) else {
            throw DomainError.invalid(field, "not a time Frontdesk books (1900 to 2199)")
        }
        guard Int(seconds) % 60 == 0 else { throw DomainError.invalid(field, "appointments start on a whole minute") }
        return Int(seconds) / 60
    }
}

extension Components.Schemas.Appointment {
    init(_ appointment: Appointment) throws {
        self.init(
            id: appointment.id, propertyId: appointment.propertyID, staffId: appointment.staffID,
            serviceId: appointment.serviceID, customerId: appointment.customerID,
            start: Date(timeIntervalSince1970: TimeInterval(appointment.startMinute * 60)),
            end: Date(timeIntervalSince1970: TimeInterval(appointment.endMinute * 60)),
            durationMinutes: appointment.durationMinutes, state: try documented(appointment.state.rawValue),
            version: appointment.version, notes: appointment.notes)
    }
}
