import Foundation

/// Why a visit cannot start at a time (besides its services' staff), in the order they are checked.
enum Obstacle: Equatable {
    case offGrid
    case tooSoon
    case tooFarAhead
    case salonClosed
    case resourceFull(resourceID: Int)
    case outsideShift
    case taken
}

/// What a start comes to: the member of staff who would do the visit, or why no one can.
enum Verdict: Equatable {
    case free(staffID: Int)
    case refused(Obstacle)
}

/// One local day of a salon, worked out once for one visit: its hours, each candidate's shifts and busy
/// times, and when each resource is full, all as instants (minutes since 1970 at UTC) in sorted, merged
/// ranges. `verdict(arrivingAt:)` is the one rule both the booking page's list and a booking's check apply.
struct SalonDay {
    /// A member of staff who may do the visit, on this day.
    struct Candidate {
        var staffID: Int
        var working: [Range<Int>]
        var busy: [Range<Int>]
        /// Minutes of the day already taken, however many appointments stack in them.
        var occupiedMinutes: Int
    }

    let day: Day
    let timeZone: TimeZone
    let window: BookingWindow
    /// The day's own instants, `[0:00, 24:00)` local.
    let span: Range<Int>
    let holds: [(minutes: Range<Int>, resourceID: Int?)]
    /// The earliest start a booking may have now.
    let earliest: Int
    /// The last day bookings are taken for now.
    let lastDay: Day
    let opening: [Range<Int>]
    /// When each resource the visit needs is in use as many times as the salon has it.
    let full: [Int: [Range<Int>]]
    /// Fewest minutes occupied first, then the lowest id: "anyone" takes the first who is free.
    let candidates: [Candidate]

    /// - Complexity: O(n log n) in the occupancies of the day (all occupancies are read once to find
    ///   them), plus O(r) in the candidates' ranges of the day.
    init(
        day: Day, timeZone: TimeZone, visit: Visit, staffIDs: [Int], schedule: SalonSchedule,
        occupancies: [Occupancy], now: Int
    ) {
        self.day = day
        self.timeZone = timeZone
        self.window = schedule.window
        self.holds = visit.holds
        self.earliest = now + schedule.window.minimumNoticeMinutes
        self.lastDay = schedule.window.lastDay(today: Day.today(in: timeZone, now: Date(minutesSince1970: now)))
        let span = Self.instant(day, 0, timeZone)..<Self.instant(day, 1440, timeZone)
        self.span = span
        func instants(_ ranges: [Range<Int>]) -> [Range<Int>] {
            // On a day the clocks change, a range is the instants between its ends' instants: 0:00 to 6:00
            // is five or seven hours, and one that ends in a skipped hour may come to nothing.
            .union(
                ranges.map { range in
                    let start = Self.instant(day, range.lowerBound, timeZone)
                    return start..<max(start, Self.instant(day, range.upperBound, timeZone))
                })
        }
        self.opening = instants(schedule.openingHours.ranges(on: day))

        let wanted = Set(staffIDs)
        let needed = Set(visit.services.compactMap(\.resourceID))
        var busy: [Int: [Range<Int>]] = [:]
        var used: [Int: [Range<Int>]] = [:]
        // What a visit starting this day may hold, its buffers included: it may reach into the days around.
        let before = visit.holds.map(\.minutes.lowerBound).min() ?? 0
        let after = visit.holds.map(\.minutes.upperBound).max() ?? 0
        let reach = (span.lowerBound + before)..<(span.upperBound + after)
        for occupancy in occupancies where occupancy.start < reach.upperBound && occupancy.end > reach.lowerBound {
            let minutes = occupancy.start..<occupancy.end
            if wanted.contains(occupancy.staffID) { busy[occupancy.staffID, default: []].append(minutes) }
            if let resource = occupancy.resourceID, needed.contains(resource) {
                used[resource, default: []].append(minutes)
            }
        }
        self.full = Dictionary(
            uniqueKeysWithValues: needed.map { resource in
                (resource, Self.full(used[resource] ?? [], count: schedule.count(ofResource: resource)))
            })
        self.candidates = staffIDs.map { staffID in
            let taken = [Range<Int>].union(busy[staffID] ?? [])
            return Candidate(
                staffID: staffID, working: instants(schedule.shifts[staffID]?.ranges(on: day) ?? []), busy: taken,
                occupiedMinutes: taken.reduce(0) {
                    $0 + max(0, min($1.upperBound, span.upperBound) - max($1.lowerBound, span.lowerBound))
                })
        }
        .sorted { ($0.occupiedMinutes, $0.staffID) < ($1.occupiedMinutes, $1.staffID) }
    }

    /// The instant of a local minute of `day` (`Day.instant(atMinute:in:)`), in minutes since 1970.
    static func instant(_ day: Day, _ minute: Int, _ timeZone: TimeZone) -> Int {
        Int((day.instant(atMinute: minute, in: timeZone).timeIntervalSince1970 / 60).rounded(.down))
    }

    /// The times a resource of `count` is in use `count` times by `uses`: one more use there would be one
    /// too many.
    static func full(_ uses: [Range<Int>], count: Int) -> [Range<Int>] {
        guard count > 0 else { return [Int.min..<Int.max] }
        // A use ends before another begins at the same minute: the ranges are half-open.
        let changes = (uses.map { ($0.lowerBound, 1) } + uses.map { ($0.upperBound, -1) }).sorted { $0 < $1 }
        var full: [Range<Int>] = []
        var (depth, since) = (0, 0)
        for (minute, change) in changes {
            let before = depth
            depth += change
            if before < count, depth >= count { since = minute }
            if before >= count, depth < count, minute > since { full.append(since..<minute) }
        }
        return .union(full)
    }

    /// The day's starts: each multiple of the grid's step after local midnight, as an instant, each instant
    /// once (on a day the clocks go back, a repeated wall-clock time is its first instant; on a day they
    /// go forward, a skipped one is the instant after the gap, already on the grid).
    var grid: [Int] {
        let step = window.gridMinutes
        let starts = stride(from: 0, to: 1440, by: step).map { Self.instant(day, $0, timeZone) }
        return Array(Set(starts)).sorted()
    }

    /// Whether `start`, at `wallMinute` on the local clock, is one of `grid`'s instants. A wall-clock
    /// minute is its own instant, or after a gap a later one, so only grid minutes near the start's own
    /// can be it.
    func isOnGrid(_ start: Int, wallMinute: Int) -> Bool {
        let step = window.gridMinutes
        let nearest = wallMinute / step * step
        guard Self.instant(day, nearest, timeZone) != start else { return true }
        return stride(from: max(0, nearest - 180), through: min(1440 - step, nearest + 180), by: step)
            .contains { Self.instant(day, $0, timeZone) == start }
    }

    /// What the visit holds when its customer arrives at `start`: each service's minutes, buffers included,
    /// with the resource it needs.
    func held(arrivingAt start: Int) -> [(minutes: Range<Int>, resourceID: Int?)] {
        holds.map {
            (minutes: start + $0.minutes.lowerBound..<start + $0.minutes.upperBound, resourceID: $0.resourceID)
        }
    }

    /// The first resource the visit needs that is in use as many times as the salon has it then, if any.
    func fullResource(_ held: [(minutes: Range<Int>, resourceID: Int?)]) -> Int? {
        held.first { hold in hold.resourceID.map { full[$0, default: []].overlaps(hold.minutes) } ?? false }?
            .resourceID
    }

    /// Whether the visit can start at `start` (an instant of this day on its grid), and who would do it.
    ///
    /// - Complexity: O(h × (c + log r)) for h services, c candidates and r ranges of a candidate's day.
    func verdict(arrivingAt start: Int) -> Verdict {
        guard start >= earliest else { return .refused(.tooSoon) }
        guard day <= lastDay else { return .refused(.tooFarAhead) }
        let held = held(arrivingAt: start)
        guard held.allSatisfy({ opening.covers($0.minutes) }) else { return .refused(.salonClosed) }
        if let resource = fullResource(held) { return .refused(.resourceFull(resourceID: resource)) }
        var someoneBusy = false
        for candidate in candidates where candidate.works(held) {
            guard candidate.isBusy(held) else { return .free(staffID: candidate.staffID) }
            someoneBusy = true
        }
        // Someone works then but is busy: the time is taken; no one works then: outside the shifts.
        return .refused(someoneBusy ? .taken : .outsideShift)
    }

    /// What stands in one member's way if the visit's customer arrives at `start`, by the same checks as
    /// `verdict` but all of them, and without the booking window or the grid: the desk books at any minute
    /// it likes, and may book over what stands in the way when it says so. `staffID` must be one of the
    /// day's candidates.
    func obstacles(arrivingAt start: Int, staffID: Int) -> MemberObstacles {
        let held = held(arrivingAt: start)
        let candidate = candidates.first { $0.staffID == staffID }
        return MemberObstacles(
            closed: !held.allSatisfy({ opening.covers($0.minutes) }), outsideShift: !(candidate?.works(held) ?? false),
            resourceFull: fullResource(held), busy: candidate?.isBusy(held) ?? false)
    }
}

/// What stands in a member's way at a time the desk asks about (`SalonDay.obstacles`).
struct MemberObstacles: Equatable {
    /// The salon is closed during some of the visit, its buffers included.
    var closed: Bool
    /// The member's shifts do not cover the whole visit, its buffers included.
    var outsideShift: Bool
    /// A resource the visit needs is in use as many times as the salon has it.
    var resourceFull: Int?
    /// Another appointment of the member's, or its buffers, overlaps the visit or its buffers.
    var busy: Bool

    /// Outside the member's hours or the salon's: what `outsideWorkingHours` books anyway.
    var outsideHours: Bool { closed || outsideShift }
    /// Something else is then, the member or the resource: what `overlapping` books anyway.
    var taken: Bool { busy || resourceFull != nil }
    var free: Bool { !outsideHours && !taken }
}

extension SalonDay.Candidate {
    /// Whether their shifts cover all the visit holds.
    func works(_ held: [(minutes: Range<Int>, resourceID: Int?)]) -> Bool {
        held.allSatisfy { working.covers($0.minutes) }
    }

    /// Whether something of theirs overlaps any of what the visit holds.
    func isBusy(_ held: [(minutes: Range<Int>, resourceID: Int?)]) -> Bool {
        held.contains { busy.overlaps($0.minutes) }
    }
}

extension Date {
    init(minutesSince1970 minutes: Int) {
        self.init(timeIntervalSince1970: Double(minutes) * 60)
    }
}

extension [Range<Int>] {
    /// The minutes of any of `ranges`, as sorted ranges that neither overlap nor touch.
    static func union(_ ranges: some Sequence<Range<Int>>) -> [Range<Int>] {
        var merged: [Range<Int>] = []
        for range in ranges.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<Swift.max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    /// Whether every minute of `range` is in one of these (sorted, merged) ranges.
    ///
    /// - Complexity: O(log n).
    func covers(_ range: Range<Int>) -> Bool {
        let index = indexOfFirst(endingAfter: range.lowerBound)
        return index < count && self[index].lowerBound <= range.lowerBound && self[index].upperBound >= range.upperBound
    }

    /// Whether any minute of `range` is in one of these (sorted, merged) ranges.
    ///
    /// - Complexity: O(log n).
    func overlaps(_ range: Range<Int>) -> Bool {
        let index = indexOfFirst(endingAfter: range.lowerBound)
        return index < count && self[index].lowerBound < range.upperBound
    }

    /// The first range that ends after `minute`, by binary search (`count` if none).
    private func indexOfFirst(endingAfter minute: Int) -> Int {
        var (low, high) = (0, count)
        while low < high {
            let middle = (low + high) / 2
            if self[middle].upperBound > minute { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
