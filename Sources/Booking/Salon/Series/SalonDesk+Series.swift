import Foundation

/// A regular's repeat bookings at the desk ("every 4 weeks, 6 times"): planned first, each visit's time
/// shown free or taken with the nearest free times, then booked as the receptionist chose, each visit
/// its own appointment of one series. A visit is never booked over another of the member's, nor outside
/// their hours, unless the receptionist said so for that visit. Later, one visit is changed on its own,
/// or it and all the rest of the series together.
extension SalonDesk {
    /// The visits `rule` repeats `new` to (its customer not needed yet), each free or not with the
    /// nearest free times that day.
    public func planSeries(_ new: NewAppointment, repeat rule: RepeatRule, by staff: Staff) async throws
        -> [PlannedVisit]
    {
        try rule.validate()
        let booking = try await prepare(new, by: staff, planning: true)
        let desk = try await DeskSchedule.read(booking.salon, from: self)
        let visit = try desk.visit(booking.service.id, lasting: booking.duration, by: booking.member.id)
        var planned: [PlannedVisit] = []
        for start in rule.starts(from: new.startMinute, in: booking.salon.timeZone) {
            let day = try await desk.memberDay(booking.member.id, visit: visit, at: start, from: self)
            planned.append(day.plan(start))
        }
        return planned
    }

    /// Books `new`'s service, member, length, customer and notes at each of `visits` (1 to
    /// `RepeatRule.counts.upperBound`, no start twice) as one series, in one transaction: a visit over
    /// another of the member's appointments is refused (`.appointmentTaken`, naming `visits[i].start`)
    /// unless it says `overlapping`, one outside their hours (`.appointmentOutsideShift`) unless it says
    /// `outsideWorkingHours`. When the desk chose a `language` for the customer, one confirmation of the
    /// first visit, saying how many follow, is written in the same transaction.
    public func bookSeries(
        _ new: NewAppointment, visits: [SeriesVisit], by staff: Staff?, confirmingIn language: Language? = nil
    ) async throws -> [Appointment] {
        try await storage.inOneTransaction {
            let booked = try await booking(series: new, visits: visits, by: staff)
            if let language, let first = booked.first {
                try await notices.confirm(deskBooking: first, in: language, later: booked.count - 1)
            }
            return booked
        }
    }

    private func booking(series new: NewAppointment, visits: [SeriesVisit], by staff: Staff?) async throws
        -> [Appointment]
    {
        guard (1...RepeatRule.counts.upperBound).contains(visits.count) else {
            throw DomainError.outOfRange("visits", visits.count, 1...RepeatRule.counts.upperBound)
        }
        guard Set(visits.map(\.start)).count == visits.count else {
            throw DomainError.invalid("visits", "a start is named twice")
        }
        let booking = try await prepare(new, by: staff)
        let desk = try await DeskSchedule.read(booking.salon, from: self)
        let service = try desk.visit(booking.service.id, lasting: booking.duration, by: booking.member.id)
        return try await storage.exclusively(salon: booking.salon.id) {
            var booked: [Occupancy] = []
            for (index, visit) in visits.enumerated() {
                let day = try await desk.memberDay(
                    booking.member.id, visit: service, at: visit.start, from: self, adding: booked)
                try Self.check(visit.start, in: day, field: "visits[\(index)].start", as: visit)
                booked += service.occupancies(arrivingAt: visit.start, staffID: booking.member.id)
            }
            let (customer, contact) = try await self.customer(of: new, at: booking.salon, by: staff)
            return try await storage.insertSeries(
                visits.sorted { $0.start < $1.start }.map {
                    booking.appointment(at: $0.start, for: customer, notes: new.notes)
                }, bookedAs: contact, by: staff?.user.id)
        }
    }

    /// Changes the appointment and every later one of its series still booked alike: moved by as many
    /// minutes as it moves, to its member, its length and its notes. Each later one is checked as a
    /// series' visit is booked (not over another appointment unless `overlapping`, nor outside the
    /// member's hours unless `change.outsideWorkingHours`) before any is changed. The appointment first,
    /// at `version` (`.stale` otherwise), then the rest at theirs.
    public func changeFollowing(
        _ id: Int, version: Int?, _ change: AppointmentChange, overlapping: Bool = false, by staff: Staff
    ) async throws -> [Appointment] {
        let (current, _) = try await appointment(id, by: staff)
        let salon = try await storage.salon(current.propertyID, by: staff)
        let rest = try await following(current)
        guard !rest.isEmpty else { return [try await self.change(id, version: version, change, by: staff)] }
        let desk = try await DeskSchedule.read(salon, from: self)
        let shift = (change.startMinute ?? current.startMinute) - current.startMinute
        // The series as it would be: each visit moved, with its new member and length.
        let moved = ([current] + rest).map { appointment in
            var moved = appointment
            moved.startMinute += shift
            moved.staffID = change.staffID ?? appointment.staffID
            moved.durationMinutes = change.durationMinutes ?? appointment.durationMinutes
            return moved
        }
        return try await storage.exclusively(salon: salon.id) {
            let moving = Set(moved.map(\.id))
            for later in moved.dropFirst() {
                let visit = try desk.visit(later.serviceID, lasting: later.durationMinutes, by: later.staffID)
                let day = try await desk.memberDay(
                    later.staffID, visit: visit, at: later.startMinute, from: self, excluding: moving,
                    adding: Occupancy.of(moved.filter { $0.id != later.id }, services: desk.services))
                try Self.check(
                    later.startMinute, in: day, field: "start",
                    as: SeriesVisit(
                        start: later.startMinute, overlapping: overlapping,
                        outsideWorkingHours: change.outsideWorkingHours))
            }
            var changed = [try await self.change(id, version: version, change, by: staff)]
            for later in rest {
                var each = change
                each.startMinute = later.startMinute + shift
                (each.state, each.visitNotes) = (nil, nil)
                each.outsideWorkingHours = true  // checked above, with the rest moved together
                changed.append(try await self.change(later.id, version: later.version, each, by: staff))
            }
            return changed
        }
    }

    /// The appointments of `appointment`'s series after it, still booked, soonest first.
    public func following(_ appointment: Appointment) async throws -> [Appointment] {
        guard let series = appointment.seriesID else { return [] }
        return try await storage.appointments(inSeries: series).filter {
            $0.id != appointment.id && $0.startMinute > appointment.startMinute && $0.state == .booked
        }
    }

    /// Refuses a visit arriving at `start` over another of the member's appointments or a resource in use
    /// unless `visit.overlapping`, or outside their hours unless `visit.outsideWorkingHours`, by the rule
    /// the booking page's free times apply (`MemberDay`), naming `field` and the visit's start.
    static func check(_ start: Int, in day: MemberDay, field: String, as visit: SeriesVisit) throws(DomainError) {
        let obstacles = day.obstacles(arrivingAt: start)
        let at = Date(minutesSince1970: start).formatted(.iso8601)
        if !visit.overlapping, obstacles.busy {
            throw DomainError(
                .conflict, "another appointment of the member's is then (book it anyway with overlapping)",
                field: field, reason: .appointmentTaken, params: ["start": at])
        }
        if !visit.overlapping, let resource = obstacles.resourceFull {
            throw DomainError(
                .conflict, "resource \(resource) is in use then (book it anyway with overlapping)", field: field,
                reason: .appointmentResourceFull, params: ["start": at])
        }
        if !visit.outsideWorkingHours, obstacles.outsideHours {
            throw DomainError.invalid(
                field,
                "the member is not working then, or the salon is closed (book it anyway with "
                    + "outsideWorkingHours)", reason: .appointmentOutsideShift, params: ["start": at])
        }
    }
}

/// What the desk checks a visit against: the salon's schedule and its services as they are booked (their
/// buffers and resources), read once for a booking.
struct DeskSchedule: Sendable {
    let salon: Property
    let schedule: SalonSchedule
    let services: [Int: BookableService]

    static func read<Storage>(_ salon: Property, from desk: SalonDesk<Storage>) async throws -> DeskSchedule {
        DeskSchedule(
            salon: salon, schedule: try await desk.schedule(of: salon),
            services: Dictionary(
                uniqueKeysWithValues: try await desk.storage.bookableServices(propertyID: salon.id).map { ($0.id, $0) }
            ))
    }

    /// The visit of one service as the desk books it: lasting `duration` (the desk may make it longer or
    /// shorter), with the service's buffers and resource, done by `staffID`.
    func visit(_ serviceID: Int, lasting duration: Int, by staffID: Int) throws(DomainError) -> Visit {
        var service =
            services[serviceID] ?? BookableService(id: serviceID, durationMinutes: duration, performers: [])
        service.durationMinutes = duration
        service.performers = [staffID]
        return try Visit([service])
    }

    /// The member's day around `start` for `visit`: what the salon's appointments keep busy (those of
    /// `excluding` left out, `adding` put in), by the free times' rule.
    func memberDay<Storage>(
        _ staffID: Int, visit: Visit, at start: Int, from desk: SalonDesk<Storage>, excluding: Set<Int> = [],
        adding: [Occupancy] = []
    ) async throws -> MemberDay {
        let day = Day.today(in: salon.timeZone, now: Date(minutesSince1970: start))
        let midnight = SalonDay.instant(day, 0, salon.timeZone)
        // A day and its neighbours (a visit's buffers may reach across midnight), and the longest appointment
        // begun before them.
        let appointments = try await desk.storage.appointments(
            propertyID: salon.id, fromMinute: midnight - 1440 - BookableService.durations.upperBound,
            toMinute: midnight + 2 * 1440)
        return MemberDay(
            staffID: staffID, visit: visit, at: start, schedule: schedule, timeZone: salon.timeZone,
            occupancies: Occupancy.of(appointments.filter { !excluding.contains($0.id) }, services: services)
                + adding)
    }

    /// Refuses a visit outside the member's shifts or the salon's hours (its buffers included), unless the
    /// desk says so (`outsideWorkingHours`: a regular's late visit); the desk asks first.
    static func checkWorks(
        _ member: StaffMember, _ visit: Visit, at start: Int, schedule: SalonSchedule, timeZone: TimeZone
    ) throws(DomainError) {
        let day = MemberDay(
            staffID: member.id, visit: visit, at: start, schedule: schedule, timeZone: timeZone, occupancies: [])
        guard day.obstacles(arrivingAt: start).outsideHours else { return }
        throw .invalid(
            "start",
            "\(member.name) is not working then, or the salon is closed (book it anyway with outsideWorkingHours)",
            reason: .appointmentOutsideShift)
    }
}
