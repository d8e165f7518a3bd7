import API
import Booking
import Foundation
import Storage

/// Salon appointments: booking, reading, changing (time, staff, length, state) with `If-Match`.
extension FrontdeskAPI {
    /// What the salon's desk does to appointments, with their rules.
    var salonDesk: SalonDesk<Store> {
        SalonDesk(storage: store, now: store.clock.now, memory: salonMemory)
    }

    /// Books an appointment; an `Idempotency-Key` makes a retry answer as the first try did.
    func createAppointment(_ input: Operations.CreateAppointment.Input) async throws
        -> Operations.CreateAppointment.Output
    {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let appointment = try await bookingAtDesk(
            NewAppointment(
                propertyID: input.path.id, staffID: body.staffId, serviceID: body.serviceId,
                startMinute: try Self.minute(of: body.start, field: "start"), durationMinutes: body.durationMinutes,
                customerID: body.customer.id, customerName: body.customer.name ?? "",
                customerReading: body.customer.reading ?? "", customerPhone: body.customer.phone ?? "",
                notes: body.notes ?? "",
                outsideWorkingHours: body.outsideWorkingHours ?? false),
            language: try body.language.map { try Language.named($0.rawValue, field: "language") })
        return .created(
            .init(
                headers: .init(
                    eTag: Self.eTag(of: appointment), location: "/api/v1/appointments/\(appointment.id)"),
                body: .json(try .init(appointment))))
    }

    func getAppointment(_ input: Operations.GetAppointment.Input) async throws -> Operations.GetAppointment.Output {
        let (appointment, customer) = try await salonDesk.appointment(input.path.id, by: try staff)
        let role = try staff.roles(appointment.propertyID)
        let sales =
            role?.readsMoney == true ? try await checkout.sales(appointmentID: appointment.id, by: try staff) : nil
        let fees =
            appointment.state == .booked ? try await salonDesk.callOffFees(appointment.id, by: try staff) : nil
        let deposit = try await salonDesk.deposit(of: appointment.id, by: try staff)
        let visit = try await checkout.visit(of: appointment.id, by: try staff)
        return .ok(
            .init(
                headers: .init(eTag: Self.eTag(of: appointment)),
                body: .json(
                    .init(
                        value1: try .init(appointment),
                        value2: .init(
                            customer: customer.map {
                                Components.Schemas.Contact(name: $0.name, email: $0.email, phone: $0.phone)
                            },
                            allergies: customer.flatMap { $0.allergies.isEmpty ? nil : $0.allergies },
                            fees: try fees.map {
                                .init(
                                    cancellation: try .init($0.cancellation), noShow: try .init($0.noShow),
                                    lateFrom: Self.instant($0.lateFrom))
                            },
                            sales: try sales?.map(Components.Schemas.SaleSummary.init),
                            actions: try
                                (role.map { appointment.actions(for: $0, sales: sales, deposit: deposit) } ?? [])
                                .map { try documented($0.rawValue) },
                            deposit: try deposit.flatMap {
                                $0.asked.amount > 0 || $0.held.amount > 0
                                    ? .init(asked: try .init($0.asked), held: try .init($0.held)) : nil
                            },
                            visit: visit.isEmpty ? nil : visit)))))
    }

    /// Moves, resizes, reassigns or changes the state of an appointment (a drag on the staff board).
    func editAppointment(_ input: Operations.EditAppointment.Input) async throws -> Operations.EditAppointment.Output {
        let version = try IfMatch(input.headers.ifMatch).requiredForEdit(of: "appointment")
        let body =
            switch input.body {
            case .json(let body): body
            }
        let state = try body.state.map { name in
            guard let state = AppointmentState(rawValue: name.rawValue) else {
                throw DomainError.invalid("state", "'\(name.rawValue)' is not a state")
            }
            return state
        }
        // Calling it off goes through the salon's terms, which may post a fee; the rest of the change first.
        let callOff: VisitFee.Kind? =
            switch state {
            case .cancelled: .lateCancellation
            case .noShow: .noShow
            default: nil
            }
        if let reason = body.waiveFeeReason {
            guard callOff != nil else {
                throw DomainError.invalid("waiveFeeReason", "only with state cancelled or no_show")
            }
            do { try DeskCancellation.validate(reason: reason) } catch {
                var named = error
                named.field = "waiveFeeReason"
                throw named
            }
        }
        let change = AppointmentChange(
            staffID: body.staffId, startMinute: try body.start.map { try Self.minute(of: $0, field: "start") },
            durationMinutes: body.durationMinutes, notes: body.notes, visitNotes: body.visitNotes,
            customerID: body.customerId, state: callOff == nil ? state : nil,
            outsideWorkingHours: body.outsideWorkingHours ?? false)
        if body.applyTo == .following {
            return .ok(
                try await editFollowing(
                    input.path.id, version: version, change, callOff: callOff, waiveFeeReason: body.waiveFeeReason,
                    overlapping: body.overlapping ?? false))
        }
        let (id, staff, waiving) = (input.path.id, try staff, body.waiveFeeReason)
        // The customer is told of a new time or a cancellation (with the fee the terms keep), in its transaction.
        let fee =
            callOff == .lateCancellation && waiving == nil
            ? try await salonDesk.callOffFees(id, by: staff)?.cancellation : nil
        let appointment = try await tellingCustomer(appointmentID: id, fee: fee) {
            guard let callOff else { return try await salonDesk.change(id, version: version, change, by: staff) }
            var version = version
            let changesMore =
                [change.staffID, change.startMinute, change.durationMinutes, change.customerID].contains { $0 != nil }
                || change.notes != nil || change.visitNotes != nil
            if changesMore { version = try await salonDesk.change(id, version: version, change, by: staff).version }
            return try await salonDesk.callOff(
                id, version: version, as: callOff, terms: waiving.map { .waiveFee(reason: $0) } ?? .applyTerms,
                by: staff
            ).appointment
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
            version: appointment.version, notes: appointment.notes, visitNotes: appointment.visitNotes,
            seriesId: appointment.seriesID)
    }
}
