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
        let appointment = try await salonDesk.book(
            NewAppointment(
                propertyID: input.path.id, staffID: body.staffId, serviceID: body.serviceId,
                startMinute: try Self.minute(of: body.start, field: "start"), durationMinutes: body.durationMinutes,
                customerID: body.customer.id, customerName: body.customer.name ?? "",
                customerReading: body.customer.reading ?? "", customerPhone: body.customer.phone ?? "",
                notes: body.notes ?? "",
                outsideWorkingHours: body.outsideWorkingHours ?? false, stayID: body.stayId), by: try staff,
            confirmingIn: try body.language.map { try Language.named($0.rawValue, field: "language") })
        return .created(
            .init(
                headers: .init(
                    eTag: Self.eTag(of: appointment), location: "/api/v1/appointments/\(appointment.id)"),
                body: .json(try .init(appointment))))
    }

    func getAppointment(_ input: Operations.GetAppointment.Input) async throws -> Operations.GetAppointment.Output {
        let details = try await salonDesk.details(input.path.id, by: try staff)
        let (appointment, customer, deposit) = (details.appointment, details.customer, details.deposit)
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
                            fees: try details.fees.map {
                                .init(
                                    cancellation: try .init($0.cancellation), noShow: try .init($0.noShow),
                                    lateFrom: Self.instant($0.lateFrom))
                            },
                            sales: try details.sales?.map(Components.Schemas.SaleSummary.init),
                            actions: try details.actions.map { try documented($0.rawValue) },
                            deposit: try deposit.flatMap {
                                $0.asked.amount > 0 || $0.held.amount > 0
                                    ? .init(asked: try .init($0.asked), held: try .init($0.held)) : nil
                            },
                            visit: details.visit.isEmpty ? nil : details.visit,
                            roomGuest: details.roomGuest.map(Components.Schemas.RoomGuest.init))))))
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
        let edit = try AppointmentEdit(
            AppointmentChange(
                staffID: body.staffId, startMinute: try body.start.map { try Self.minute(of: $0, field: "start") },
                durationMinutes: body.durationMinutes, notes: body.notes, visitNotes: body.visitNotes,
                customerID: body.customerId, state: state, outsideWorkingHours: body.outsideWorkingHours ?? false),
            waiveFeeReason: body.waiveFeeReason, following: body.applyTo == .following,
            overlapping: body.overlapping ?? false)
        let appointment = try await salonDesk.edit(input.path.id, version: version, edit, by: try staff)
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
            seriesId: appointment.seriesID, stayId: appointment.stayID)
    }
}
