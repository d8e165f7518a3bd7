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
        let schedule = try await schedule(of: booking.salon)
        var planned: [PlannedVisit] = []
        for start in rule.starts(from: new.startMinute, in: booking.salon.timeZone) {
            let day = try await memberDay(booking.member.id, at: start, of: booking.salon, schedule: schedule)
            planned.append(day.plan(start, duration: booking.duration))
        }
        return planned
    }

    /// Books `new`'s service, member, length, customer and notes at each of `visits` (1 to
    /// `RepeatRule.counts.upperBound`, no start twice) as one series, in one transaction: a visit over
    /// another of the member's appointments is refused (`.appointmentTaken`, naming `visits[i].start`)
    /// unless it says `overlapping`, one outside their hours (`.appointmentOutsideShift`) unless it says
    /// `outsideWorkingHours`.
    public func bookSeries(_ new: NewAppointment, visits: [SeriesVisit], by staff: Staff?) async throws
        -> [Appointment]
    {
        guard (1...RepeatRule.counts.upperBound).contains(visits.count) else {
            throw DomainError.outOfRange("visits", visits.count, 1...RepeatRule.counts.upperBound)
        }
        guard Set(visits.map(\.start)).count == visits.count else {
            throw DomainError.invalid("visits", "a start is named twice")
        }
        let booking = try await prepare(new, by: staff)
        let schedule = try await schedule(of: booking.salon)
        return try await storage.exclusively(salon: booking.salon.id) {
            var booked: [Range<Int>] = []
            for (index, visit) in visits.enumerated() {
                var day = try await self.memberDay(
                    booking.member.id, at: visit.start, of: booking.salon, schedule: schedule)
                day.busy += booked
                let minutes = visit.start..<(visit.start + booking.duration)
                try Self.check(minutes, in: day, field: "visits[\(index)].start", as: visit)
                booked.append(minutes)
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
        let schedule = try await schedule(of: salon)
        let shift = (change.startMinute ?? current.startMinute) - current.startMinute
        return try await storage.exclusively(salon: salon.id) {
            let moving = Set(rest.map(\.id) + [id])
            for later in rest {
                let start = later.startMinute + shift
                let minutes = start..<(start + (change.durationMinutes ?? later.durationMinutes))
                var day = try await self.memberDay(
                    change.staffID ?? later.staffID, at: start, of: salon, schedule: schedule, excluding: moving)
                day.busy += ([current] + rest).filter { $0.id != later.id }.map {
                    ($0.startMinute + shift)..<($0.startMinute + shift + (change.durationMinutes ?? $0.durationMinutes))
                }
                try Self.check(
                    minutes, in: day, field: "start",
                    as: SeriesVisit(
                        start: start, overlapping: overlapping, outsideWorkingHours: change.outsideWorkingHours))
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

    /// Refuses `minutes` over another of the member's appointments unless `visit.overlapping`, or outside
    /// their hours unless `visit.outsideWorkingHours`, naming `field` and the visit's start.
    static func check(_ minutes: Range<Int>, in day: MemberDay, field: String, as visit: SeriesVisit)
        throws(DomainError)
    {
        let start = Date(minutesSince1970: minutes.lowerBound).formatted(.iso8601)
        if !visit.overlapping, day.overlaps(minutes) {
            throw DomainError(
                .conflict, "another appointment of the member's is then (book it anyway with overlapping)",
                field: field, reason: .appointmentTaken, params: ["start": start])
        }
        if !visit.outsideWorkingHours, !day.works(minutes) {
            throw DomainError.invalid(
                field,
                "the member is not working then, or the salon is closed (book it anyway with "
                    + "outsideWorkingHours)", reason: .appointmentOutsideShift, params: ["start": start])
        }
    }

    /// The member's appointments that keep them busy around the salon's day of `start` (those of
    /// `excluding` left out), and their hours.
    func memberDay(
        _ staffID: Int, at start: Int, of salon: Property, schedule: SalonSchedule, excluding: Set<Int> = []
    ) async throws -> MemberDay {
        let day = Day.today(in: salon.timeZone, now: Date(minutesSince1970: start))
        let opens = SalonDay.instant(day, 0, salon.timeZone)
        // The longest appointment is 12 hours: one begun the evening before may still run.
        let appointments = try await storage.appointments(
            propertyID: salon.id, fromMinute: opens - 12 * 60, toMinute: opens + 24 * 60)
        return MemberDay(
            busy: appointments.filter { $0.staffID == staffID && $0.keepsBusy && !excluding.contains($0.id) }
                .map { $0.startMinute..<$0.endMinute },
            schedule: schedule, staffID: staffID, timeZone: salon.timeZone)
    }
}
