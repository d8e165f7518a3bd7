import Foundation

/// How a regular's visits repeat: every so many weeks, so many times, at the same hour of the salon's
/// day ("every 4 weeks, 6 times"). Each visit is its own appointment, of one series.
public struct RepeatRule: Hashable, Sendable {
    public var everyWeeks: Int
    public var times: Int

    public init(everyWeeks: Int, times: Int) {
        self.everyWeeks = everyWeeks
        self.times = times
    }

    /// Every week to every half year.
    public static let intervals = 1...26
    /// Two visits to a year of weekly ones.
    public static let counts = 2...52

    /// Checks the rule before any arithmetic, each refusal naming its field under `field`.
    public func validate(field: String = "repeat") throws(DomainError) {
        guard Self.intervals.contains(everyWeeks) else {
            throw .outOfRange("\(field).everyWeeks", everyWeeks, Self.intervals)
        }
        guard Self.counts.contains(times) else { throw .outOfRange("\(field).times", times, Self.counts) }
    }

    /// The starts of the visits (minutes since 1970 at UTC), the first at `first`, each the rule's weeks
    /// after the one before at the same hour of the salon's day in `timeZone`.
    public func starts(from first: Int, in timeZone: TimeZone) -> [Int] {
        let day = Day.today(in: timeZone, now: Date(minutesSince1970: first))
        let hour = first - SalonDay.instant(day, 0, timeZone)
        return (0..<times).map { SalonDay.instant(day.adding(days: 7 * everyWeeks * $0), hour, timeZone) }
    }
}

/// One visit of a series as the desk plans it, before it is booked: whether its time is free for the
/// member, and if not, the nearest times that are.
public struct PlannedVisit: Hashable, Sendable {
    public var start: Int
    /// Another appointment of the member's overlaps it or its buffers, or a resource it needs is in use.
    public var taken: Bool
    /// The member is not working then, or the salon is closed (its buffers included).
    public var outsideHours: Bool
    /// The nearest starts that day (before or after, on the salon's grid) that are neither, nearest
    /// first; at most `PlannedVisit.alternativeLimit`.
    public var alternatives: [Int]

    public static let alternativeLimit = 3

    public var free: Bool { !taken && !outsideHours }
}

/// One visit of a series to book, as the receptionist chose it: at a start, over another appointment
/// or outside the member's hours only when they say so.
public struct SeriesVisit: Hashable, Sendable {
    public var start: Int
    /// Booked over another appointment of the member's on purpose (seed 004 stacks them in lanes).
    public var overlapping: Bool
    public var outsideWorkingHours: Bool

    public init(start: Int, overlapping: Bool = false, outsideWorkingHours: Bool = false) {
        self.start = start
        self.overlapping = overlapping
        self.outsideWorkingHours = outsideWorkingHours
    }
}

/// A member's day as the desk meets it with one visit: the salon's day worked out for that visit and member
/// (`SalonDay`, the rule the booking page's free times apply: the salon's hours and the member's shifts,
/// touching ranges merged, the visit's own buffers, the buffers of what is booked, and the resources).
struct MemberDay {
    let salonDay: SalonDay
    let staffID: Int

    init(
        staffID: Int, visit: Visit, at start: Int, schedule: SalonSchedule, timeZone: TimeZone,
        occupancies: [Occupancy]
    ) {
        let day = Day.today(in: timeZone, now: Date(minutesSince1970: start))
        self.salonDay = SalonDay(
            day: day, timeZone: timeZone, visit: visit, staffIDs: [staffID], schedule: schedule,
            occupancies: occupancies, now: 0)  // the booking window is not the desk's: obstacles() reads no "now"
        self.staffID = staffID
    }

    func obstacles(arrivingAt start: Int) -> MemberObstacles {
        salonDay.obstacles(arrivingAt: start, staffID: staffID)
    }

    /// The visit wanted at `start`, with the nearest free starts that day on the salon's grid.
    func plan(_ start: Int) -> PlannedVisit {
        let wanted = obstacles(arrivingAt: start)
        let candidates = salonDay.grid.filter { $0 != start && obstacles(arrivingAt: $0).free }
            .sorted { (abs($0 - start), $0) < (abs($1 - start), $1) }
        return PlannedVisit(
            start: start, taken: wanted.taken, outsideHours: wanted.outsideHours,
            alternatives: Array(candidates.prefix(PlannedVisit.alternativeLimit)))
    }
}

extension Occupancy {
    /// What `appointments` keep busy: each still to be kept (not called off or missed), with its service's
    /// buffers around it and its resource, as `services` are set now.
    static func of(_ appointments: [Appointment], services: [Int: BookableService]) -> [Occupancy] {
        appointments.filter(\.keepsBusy).map { appointment in
            let service = services[appointment.serviceID]
            return Occupancy(
                staffID: appointment.staffID, resourceID: service?.resourceID,
                start: appointment.startMinute - (service?.bufferBeforeMinutes ?? 0),
                end: appointment.endMinute + (service?.bufferAfterMinutes ?? 0))
        }
    }
}

extension Appointment {
    /// Whether it keeps its member busy: to come, under way or done (not called off or missed).
    var keepsBusy: Bool { state == .booked || state == .checkedIn || state == .completed }
}
