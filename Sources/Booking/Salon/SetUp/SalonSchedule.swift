import Foundation

/// A service as the salon's schedule books it: how long it takes, the time kept free around it, who may
/// do it and what it needs. Its name and price are `Service`'s.
public struct BookableService: Hashable, Sendable, Identifiable {
    public var id: Int
    public var durationMinutes: Int
    /// Time the member of staff (and the resource) is kept busy before the customer's part: preparing a
    /// room, mixing a colour.
    public var bufferBeforeMinutes: Int
    /// Time kept busy after it: cleaning up, a colour developing.
    public var bufferAfterMinutes: Int
    /// The staff ids of those who may perform it.
    public var performers: Set<Int>
    /// What it needs while it runs, buffers included (a colour station, a treatment room), if anything.
    public var resourceID: Int?
    /// Whether customers may book it on the salon's booking page.
    public var bookableOnline: Bool
    /// Its own fees for a late cancellation or a no-show; nil: the salon's (`terms(salon:)`).
    public var terms: VisitTerms?

    /// From five minutes to twelve hours, as an appointment lasts.
    public static let durations = 5...720
    /// Each buffer, before and after: up to four hours.
    public static let buffers = 0...240

    public init(
        id: Int, durationMinutes: Int, bufferBeforeMinutes: Int = 0, bufferAfterMinutes: Int = 0,
        performers: Set<Int>, resourceID: Int? = nil, bookableOnline: Bool = true, terms: VisitTerms? = nil
    ) {
        self.id = id
        self.durationMinutes = durationMinutes
        self.bufferBeforeMinutes = bufferBeforeMinutes
        self.bufferAfterMinutes = bufferAfterMinutes
        self.performers = performers
        self.resourceID = resourceID
        self.bookableOnline = bookableOnline
        self.terms = terms
    }

    /// Checks the service's times, each refusal naming its field under `field` (`services[2].durationMinutes`).
    public func validate(field: String = "") throws(DomainError) {
        guard Self.durations.contains(durationMinutes) else {
            throw .outOfRange(fieldPath(field, "durationMinutes"), durationMinutes, Self.durations)
        }
        guard Self.buffers.contains(bufferBeforeMinutes) else {
            throw .outOfRange(fieldPath(field, "bufferBeforeMinutes"), bufferBeforeMinutes, Self.buffers)
        }
        guard Self.buffers.contains(bufferAfterMinutes) else {
            throw .outOfRange(fieldPath(field, "bufferAfterMinutes"), bufferAfterMinutes, Self.buffers)
        }
    }
}

/// Chairs, rooms or machines of one kind, and how many the salon has: a service that needs one takes one
/// for its whole time, buffers included.
public struct SalonResource: Hashable, Sendable, Identifiable {
    public var id: Int
    public var count: Int

    public static let counts = 1...50

    public init(id: Int, count: Int) {
        self.id = id
        self.count = count
    }

    public func validate(field: String = "") throws(DomainError) {
        guard Self.counts.contains(count) else { throw .outOfRange(fieldPath(field, "count"), count, Self.counts) }
    }
}

/// Hours that repeat each week, with days that differ: a member's shifts (breaks are the gaps between
/// ranges; a day with no ranges is a day off) or the salon's opening hours (an exception with no ranges is
/// a holiday). Times are minutes of the local day, `[start, end)`, 0 to 1440.
public struct WeeklyHours: Hashable, Sendable {
    /// The ranges of each ISO weekday (1 is Monday, 7 is Sunday), in order and not overlapping; a
    /// weekday missing has none.
    public var weekly: [Int: [Range<Int>]]
    /// Days whose ranges replace their weekday's.
    public var exceptions: [Day: [Range<Int>]]

    public static let weekdays = 1...7
    public static let minutesOfDay = 0...1440
    /// The most ranges in a day: a shift cut by this many breaks is a timetable, not a shift.
    public static let maxRangesPerDay = 12
    /// The most days that differ: a couple of years of one-off changes.
    public static let maxExceptions = 750

    public init(weekly: [Int: [Range<Int>]] = [:], exceptions: [Day: [Range<Int>]] = [:]) {
        self.weekly = weekly
        self.exceptions = exceptions
    }

    /// The same ranges on every day of the week.
    public static func everyDay(_ ranges: [Range<Int>]) -> WeeklyHours {
        WeeklyHours(weekly: Dictionary(uniqueKeysWithValues: weekdays.map { ($0, ranges) }))
    }

    /// The ranges of one day: its exception's, else its weekday's.
    public func ranges(on day: Day) -> [Range<Int>] {
        exceptions[day] ?? weekly[day.isoWeekday] ?? []
    }

    /// Checks every day's ranges, each refusal naming its field under `field` (`shifts[4].weekly[2]`,
    /// `openingHours.exceptions[2026-12-25]`).
    public func validate(field: String) throws(DomainError) {
        for (weekday, ranges) in weekly.sorted(by: { $0.key < $1.key }) {
            guard Self.weekdays.contains(weekday) else {
                throw .outOfRange(fieldPath(field, "weekly"), weekday, Self.weekdays)
            }
            try Self.validate(ranges, field: fieldPath(field, "weekly[\(weekday)]"))
        }
        guard exceptions.count <= Self.maxExceptions else {
            throw .outOfRange(fieldPath(field, "exceptions"), exceptions.count, 0...Self.maxExceptions)
        }
        for (day, ranges) in exceptions.sorted(by: { $0.key < $1.key }) {
            try Self.validate(ranges, field: fieldPath(field, "exceptions[\(day.iso)]"))
        }
    }

    /// Ranges of a day: each ends after it starts, within 0:00 to 24:00, in order and not overlapping
    /// (one may end where the next begins).
    static func validate(_ ranges: [Range<Int>], field: String) throws(DomainError) {
        guard ranges.count <= maxRangesPerDay else {
            throw .outOfRange(field, ranges.count, 0...maxRangesPerDay)
        }
        var previousEnd = minutesOfDay.lowerBound
        for range in ranges {
            guard !range.isEmpty, range.lowerBound >= previousEnd, range.upperBound <= minutesOfDay.upperBound else {
                throw .invalid(
                    field,
                    "times from 0:00 to 24:00 (0 to 1440), each ending after it starts, in order, not overlapping",
                    reason: .scheduleHours)
            }
            previousEnd = range.upperBound
        }
    }
}

/// When customers may book online: not sooner than a notice, not further ahead than a number of days, and
/// starting on a grid of the local clock (every 15 minutes: 9:00, 9:15, ...).
public struct BookingWindow: Hashable, Sendable {
    public var minimumNoticeMinutes: Int
    /// Online bookings are taken for the salon's today and this many days after it.
    public var daysAhead: Int
    /// Start times are this many minutes apart from local midnight.
    public var gridMinutes: Int
    /// Customers cancel online up to this many minutes before the visit (a day by default).
    public var cancelNoticeMinutes: Int

    /// Up to a week's notice.
    public static let notices = 0...10_080
    /// Up to a year ahead.
    public static let horizons = 1...365
    /// Steps that divide an hour, so every hour starts on the grid.
    public static let gridSteps = [5, 10, 15, 20, 30, 60]

    public init(
        minimumNoticeMinutes: Int = 60, daysAhead: Int = 60, gridMinutes: Int = 15, cancelNoticeMinutes: Int = 1440
    ) {
        self.minimumNoticeMinutes = minimumNoticeMinutes
        self.daysAhead = daysAhead
        self.gridMinutes = gridMinutes
        self.cancelNoticeMinutes = cancelNoticeMinutes
    }

    /// The last day bookings are taken for, on the salon's `today`.
    public func lastDay(today: Day) -> Day { today.adding(days: daysAhead) }

    public func validate(field: String = "") throws(DomainError) {
        guard Self.notices.contains(minimumNoticeMinutes) else {
            throw .outOfRange(fieldPath(field, "minimumNoticeMinutes"), minimumNoticeMinutes, Self.notices)
        }
        guard Self.notices.contains(cancelNoticeMinutes) else {
            throw .outOfRange(fieldPath(field, "cancelNoticeMinutes"), cancelNoticeMinutes, Self.notices)
        }
        guard Self.horizons.contains(daysAhead) else {
            throw .outOfRange(fieldPath(field, "daysAhead"), daysAhead, Self.horizons)
        }
        guard Self.gridSteps.contains(gridMinutes) else {
            throw .invalid(
                fieldPath(field, "gridMinutes"), "start times are every 5, 10, 15, 20, 30 or 60 minutes",
                reason: .scheduleGrid)
        }
    }
}

/// Time a member of staff, and perhaps a resource, is already busy: an appointment with its buffers, or a
/// time held for a customer who is filling in the booking form.
public struct Occupancy: Hashable, Sendable {
    public var staffID: Int
    public var resourceID: Int?
    /// Minutes since 1970-01-01 at UTC, `[start, end)`.
    public var start: Int
    public var end: Int

    public init(staffID: Int, resourceID: Int? = nil, start: Int, end: Int) {
        self.staffID = staffID
        self.resourceID = resourceID
        self.start = start
        self.end = end
    }

    public var minutes: Range<Int> { start..<end }

    public func validate(field: String = "") throws(DomainError) {
        guard end > start else { throw .invalid(fieldPath(field, "end"), "an occupancy ends after it starts") }
    }
}

/// Everything that decides when a salon can be booked, besides what is already booked: the salon's hours,
/// each member's shifts, its resources and its booking window.
public struct SalonSchedule: Hashable, Sendable {
    public var openingHours: WeeklyHours
    /// Each member's shifts by staff id; a member without any does not work.
    public var shifts: [Int: WeeklyHours]
    public var resources: [SalonResource]
    public var window: BookingWindow

    public init(
        openingHours: WeeklyHours, shifts: [Int: WeeklyHours], resources: [SalonResource] = [],
        window: BookingWindow = BookingWindow()
    ) {
        self.openingHours = openingHours
        self.shifts = shifts
        self.resources = resources
        self.window = window
    }

    /// How many of a resource the salon has: none of one it does not know.
    public func count(ofResource id: Int) -> Int {
        resources.first { $0.id == id }?.count ?? 0
    }

    /// The local day's ranges both the member's shifts and the salon's hours cover, as minutes of the day:
    /// what the board leaves unshaded on the member's row.
    public func working(staffID: Int, on day: Day) -> [Range<Int>] {
        let opening = openingHours.ranges(on: day)
        return (shifts[staffID]?.ranges(on: day) ?? []).flatMap { shift in
            opening.compactMap { open in
                let both =
                    max(
                        shift.lowerBound, open.lowerBound)..<max(
                        max(shift.lowerBound, open.lowerBound), min(shift.upperBound, open.upperBound))
                return both.isEmpty ? nil : both
            }
        }
        .sorted { $0.lowerBound < $1.lowerBound }
    }

    public func validate() throws(DomainError) {
        try openingHours.validate(field: "openingHours")
        for (staffID, hours) in shifts.sorted(by: { $0.key < $1.key }) {
            try hours.validate(field: "shifts[\(staffID)]")
        }
        var ids: Set<Int> = []
        for (index, resource) in resources.enumerated() {
            try resource.validate(field: "resources[\(index)]")
            guard ids.insert(resource.id).inserted else {
                throw .invalid("resources[\(index)].id", "resource \(resource.id) is listed twice")
            }
        }
        try window.validate(field: "window")
    }
}

extension Day {
    /// 1 is Monday ... 7 is Sunday (ISO 8601).
    public var isoWeekday: Int { (weekday + 6) % 7 + 1 }
}

/// A field under another (`services[2]` and `durationMinutes`), or alone.
func fieldPath(_ prefix: String, _ name: String) -> String {
    prefix.isEmpty ? name : "\(prefix).\(name)"
}
