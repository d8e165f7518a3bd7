import API
import Booking
import Foundation
import Storage

/// A salon's repeat bookings: planned, booked as the receptionist chose, and changed from one visit
/// on (`SalonDesk.planSeries`, `bookSeries`, `changeFollowing`).
extension FrontdeskAPI {
    func planAppointmentSeries(_ input: Operations.PlanAppointmentSeries.Input) async throws
        -> Operations.PlanAppointmentSeries.Output
    {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let plan = try await salonDesk.planSeries(
            NewAppointment(
                propertyID: input.path.id, staffID: body.staffId, serviceID: body.serviceId,
                startMinute: try Self.minute(of: body.start, field: "start"), durationMinutes: body.durationMinutes),
            repeat: RepeatRule(everyWeeks: body._repeat.everyWeeks, times: body._repeat.times), by: try staff)
        return .ok(
            .init(
                body: .json(
                    .init(
                        visits: plan.map {
                            .init(
                                start: Self.instant($0.start), taken: $0.taken, outsideHours: $0.outsideHours,
                                alternatives: $0.alternatives.map(Self.instant))
                        }))))
    }

    func createAppointmentSeries(_ input: Operations.CreateAppointmentSeries.Input) async throws
        -> Operations.CreateAppointmentSeries.Output
    {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let visits = try body.visits.enumerated().map { index, visit in
            SeriesVisit(
                start: try Self.minute(of: visit.start, field: "visits[\(index)].start"),
                overlapping: visit.overlapping ?? false, outsideWorkingHours: visit.outsideWorkingHours ?? false)
        }
        let booked = try await salonDesk.bookSeries(
            NewAppointment(
                propertyID: input.path.id, staffID: body.staffId, serviceID: body.serviceId,
                startMinute: visits.first?.start ?? 0, durationMinutes: body.durationMinutes,
                customerID: body.customer.id, customerName: body.customer.name ?? "",
                customerReading: body.customer.reading ?? "", customerPhone: body.customer.phone ?? "",
                notes: body.notes ?? ""),
            visits: visits, by: try staff)
        return .created(.init(body: .json(.init(appointments: try booked.map(Components.Schemas.Appointment.init)))))
    }

    /// A change from one visit of a series on: moved, resized or given to another member with the rest
    /// (`changeFollowing`), or cancelled with the rest, each by the salon's terms; all in one transaction,
    /// with one message to the customer saying how many later visits went with this one.
    func editFollowing(
        _ id: Int, version: Int?, _ change: AppointmentChange, callOff: VisitFee.Kind?, waiveFeeReason: String?,
        overlapping: Bool
    ) async throws -> Operations.EditAppointment.Output.Ok {
        let staff = try staff
        let (current, _) = try await salonDesk.appointment(id, by: staff)
        let rest = try await salonDesk.following(current)
        let appointment: Appointment
        switch callOff {
        case .noShow?:
            throw DomainError.invalid("applyTo", "a no-show is marked one visit at a time")
        case .lateCancellation?:
            let terms: DeskCancellation = waiveFeeReason.map { .waiveFee(reason: $0) } ?? .applyTerms
            let fee = waiveFeeReason == nil ? try await salonDesk.callOffFees(id, by: staff)?.cancellation : nil
            appointment = try await tellingCustomer(appointmentID: id, fee: fee, later: rest.count) {
                let first = try await salonDesk.callOff(
                    id, version: version, as: .lateCancellation, terms: terms, by: staff
                ).appointment
                for later in rest {
                    _ = try await salonDesk.callOff(
                        later.id, version: later.version, as: .lateCancellation, terms: terms, by: staff)
                }
                return first
            }
        case nil:
            appointment = try await tellingCustomer(appointmentID: id, later: rest.count) {
                try await salonDesk.changeFollowing(id, version: version, change, overlapping: overlapping, by: staff)[
                    0]
            }
        }
        return .init(headers: .init(eTag: Self.eTag(of: appointment)), body: .json(try .init(appointment)))
    }
}
