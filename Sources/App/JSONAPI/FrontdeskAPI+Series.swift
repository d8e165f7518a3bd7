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
            visits: visits, by: try staff,
            confirmingIn: try body.language.map { try Language.named($0.rawValue, field: "language") })
        return .created(.init(body: .json(.init(appointments: try booked.map(Components.Schemas.Appointment.init)))))
    }
}
