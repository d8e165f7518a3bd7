import Foundation

/// Who is to do a visit: a member of staff the customer chose, or anyone who can.
public enum StaffChoice: Hashable, Sendable {
    case member(Int)
    case anyone
}

/// A start a salon offers for a visit, and the member of staff who would do it.
public struct FreeTime: Hashable, Sendable {
    /// When the customer arrives (`s₀` of `Visit`), in minutes since 1970-01-01 at UTC.
    public var start: Int
    public var staffID: Int

    public init(start: Int, staffID: Int) {
        self.start = start
        self.staffID = staffID
    }
}

/// Where a booking goes: who does the visit, from when, and what it occupies (one per service, in order).
public struct Placement: Hashable, Sendable {
    public var staffID: Int
    public var start: Int
    public var occupancies: [Occupancy]

    public init(staffID: Int, start: Int, occupancies: [Occupancy]) {
        self.staffID = staffID
        self.start = start
        self.occupancies = occupancies
    }
}

/// The times a salon can take a visit, and the check a booking of one makes: one rule
/// (`SalonDay.verdict`), so the booking page offers exactly what a booking would accept.
///
/// A visit may start at `s₀` with a member of staff when:
/// - the member performs every service of the visit;
/// - `s₀` is on the grid: a multiple of the grid's step after local midnight, turned into an instant by
///   `Day.instant(atMinute:in:)` (on a day the clocks go back, a repeated time is its first instant);
/// - `s₀` is at least the minimum notice after now, on a day from the salon's today to its last day ahead;
/// - every minute every service holds (`Visit`) is within the salon's opening hours and the member's
///   shifts of that local day (a range 9:00-18:00 is the instants from 9:00 to 18:00 that day);
/// - no occupancy of the member overlaps it;
/// - no resource a service needs is in use, at any minute of its hold, as many times as the salon has it.
///
/// With `.anyone`, of the members who can take it, the one with the fewest minutes already occupied that
/// day, then the lowest id: the work spreads over the team instead of filling the first name on the list,
/// and the same question always has the same answer. Whether a service or a member of staff is offered
/// online at all is the caller's to decide first.
public enum FreeTimes {
    /// The starts offered for `visit` on `day`, in order, each with who would do it. `now` and
    /// `occupancies` are in minutes since 1970 at UTC; occupancies of other days may be passed too.
    ///
    /// - Complexity: O(n log n) in the day's occupancies (O(n) over all passed), plus O(g × h × (c +
    ///   log r)) for g starts on the grid, h services, c members who may do it and r ranges of their day.
    public static func offered(
        for visit: Visit, staff: StaffChoice, on day: Day, in timeZone: TimeZone, schedule: SalonSchedule,
        occupancies: [Occupancy], now: Int
    ) -> [FreeTime] {
        guard let staffIDs = try? candidates(for: visit, staff) else { return [] }
        // Before today every start is too soon, after the last day too far: nothing to work out.
        let today = Day.today(in: timeZone, now: Date(minutesSince1970: now))
        guard day >= today, day <= schedule.window.lastDay(today: today) else { return [] }
        let salonDay = SalonDay(
            day: day, timeZone: timeZone, visit: visit, staffIDs: staffIDs, schedule: schedule,
            occupancies: occupancies, now: now)
        return salonDay.grid.compactMap { start in
            guard case .free(let staffID) = salonDay.verdict(arrivingAt: start) else { return nil }
            return FreeTime(start: start, staffID: staffID)
        }
    }

    /// Checks a booking of `visit` for the customer to arrive at `start` (minutes since 1970 at UTC):
    /// who does it and what to store, or a `DomainError` whose `reason` says why not (`appointment.taken`,
    /// `.outsideShift`, `.salonClosed`, `.tooSoon`, `.tooFarAhead`, `.resourceFull`, `.notPerformed`,
    /// `.offGrid`). A time taken or a resource full is a `.conflict`; the rest are `.invalid`.
    public static func placement(
        of visit: Visit, staff: StaffChoice, arrivingAt start: Int, in timeZone: TimeZone, schedule: SalonSchedule,
        occupancies: [Occupancy], now: Int
    ) throws(DomainError) -> Placement {
        let staffIDs = try candidates(for: visit, staff)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let local = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute], from: Date(minutesSince1970: start))
        let day = Day(year: local.year!, month: local.month!, day: local.day!)
        let salonDay = SalonDay(
            day: day, timeZone: timeZone, visit: visit, staffIDs: staffIDs, schedule: schedule,
            occupancies: occupancies, now: now)
        guard salonDay.isOnGrid(start, wallMinute: local.hour! * 60 + local.minute!) else {
            throw refusal(.offGrid, salonDay: salonDay, choice: staff)
        }
        switch salonDay.verdict(arrivingAt: start) {
        case .free(let staffID):
            return Placement(
                staffID: staffID, start: start, occupancies: visit.occupancies(arrivingAt: start, staffID: staffID))
        case .refused(let obstacle):
            throw refusal(obstacle, salonDay: salonDay, choice: staff)
        }
    }

    /// The members who may do the visit: the one chosen, or everyone who performs all its services.
    static func candidates(for visit: Visit, _ choice: StaffChoice) throws(DomainError) -> [Int] {
        let performers = visit.performers
        switch choice {
        case .member(let staffID):
            guard performers.contains(staffID) else {
                throw .invalid(
                    "staffId", "staff member \(staffID) does not perform every service of this visit",
                    reason: .appointmentNotPerformed, params: ["staffId": String(staffID)])
            }
            return [staffID]
        case .anyone:
            guard !performers.isEmpty else {
                throw .invalid(
                    "staffId", "no one member of staff performs every service of this visit",
                    reason: .appointmentNotPerformed)
            }
            return performers.sorted()
        }
    }

    static func refusal(_ obstacle: Obstacle, salonDay: SalonDay, choice: StaffChoice) -> DomainError {
        let window = salonDay.window
        switch obstacle {
        case .offGrid:
            return .invalid(
                "start", "start times are every \(window.gridMinutes) minutes from midnight",
                reason: .appointmentOffGrid, params: ["step": String(window.gridMinutes)])
        case .tooSoon:
            return .invalid(
                "start", "bookings are taken at least \(window.minimumNoticeMinutes) minutes ahead",
                reason: .appointmentTooSoon, params: ["minutes": String(window.minimumNoticeMinutes)])
        case .tooFarAhead:
            return .invalid(
                "start", "bookings are taken until \(salonDay.lastDay)", reason: .appointmentTooFarAhead,
                params: ["last": salonDay.lastDay.iso])
        case .salonClosed:
            return .invalid("start", "the salon is closed then", reason: .appointmentSalonClosed)
        case .resourceFull(let resourceID):
            return DomainError(
                .conflict, "resource \(resourceID) is fully in use then", field: "start",
                reason: .appointmentResourceFull, params: ["resourceId": String(resourceID)])
        case .outsideShift:
            return .invalid(
                "start",
                choice == .anyone
                    ? "no one who performs these services works then" : "the staff member does not work then",
                reason: .appointmentOutsideShift)
        case .taken:
            return DomainError(.conflict, "that time is taken", field: "start", reason: .appointmentTaken)
        }
    }
}
