import Booking
import Foundation
import PropertyBased
import Testing

/// A small salon in Berlin, at random: 2-4 staff with shifts and breaks (and days off), 2-5 services with
/// buffers, performers and resources, 1-3 resources, what is already booked, a visit of 1-3 of the
/// services, who is asked for, the day (days the clocks change among them) and now.
struct SalonCase: CustomStringConvertible {
    var schedule: SalonSchedule
    var services: [BookableService]
    var visit: Visit
    var choice: StaffChoice
    var day: Day
    var occupancies: [Occupancy]
    var now: Int

    static let timeZone = TimeZone(identifier: "Europe/Berlin")!
    /// A Saturday, the days the clocks go forward and back, and an ordinary Monday.
    static let days = [
        Day(year: 2026, month: 3, day: 28), Day(year: 2026, month: 3, day: 29), Day(year: 2026, month: 6, day: 15),
        Day(year: 2026, month: 10, day: 25), Day(year: 2026, month: 10, day: 26),
    ]

    static func instant(_ day: Day, _ minute: Int) -> Int {
        Int(day.instant(atMinute: minute, in: timeZone).timeIntervalSince1970) / 60
    }

    var description: String {
        "day \(day), now \(now), \(choice), visit \(visit.services), schedule \(schedule), occupancies \(occupancies)"
    }

    /// Shifts in quarter hours: a start, a length, a break's offset and length (none when 0), a day off.
    static let shifts = zip(
        Gen.int(in: 0...72), Gen.int(in: 4...64), Gen.int(in: 1...24), Gen.int(in: 0...6), Gen.bool(0.15)
    )
    .array(of: 4)
    /// Services: five-minute steps of duration, buffers before and after, the one member of staff 1-4 who
    /// does not perform it (none above 4), the resource (none below 1; 3 may be one the salon does not have).
    static let services = zip(
        Gen.int(in: 1...12), Gen.int(in: 0...4), Gen.int(in: 0...4), Gen.int(in: 1...7), Gen.int(in: -2...3)
    )
    .array(of: 2...5)
    /// Occupancies: the member, the resource (0: none), its start in five-minute steps from the day's
    /// midnight (some the day before or after), its length.
    static let occupancies = zip(Gen.int(in: 1...4), Gen.int(in: 0...3), Gen.int(in: -24...300), Gen.int(in: 1...24))
        .array(of: 0...24)
    /// How many staff, the grid, the notice (quarter hours), the days ahead, the day, how many days before it
    /// now is and at which minute, who is asked for (0 or less: anyone), the opening hours (quarter hours),
    /// a holiday.
    static let setting = zip(
        Gen.int(in: 2...4), Gen.int(in: 0...5), Gen.int(in: 0...8), Gen.int(in: 1...4),
        Gen.int(in: 0...4), Gen.int(in: 0...2), Gen.int(in: 0...1439), Gen.int(in: -3...4),
        zip(Gen.int(in: 0...40), Gen.int(in: 56...96), Gen.bool(0.1))
    )
    /// The visit: which services, in order.
    static let visitServices = Gen.int(in: 0...4).array(of: 1...3)

    static let generator = zip(
        shifts, services, occupancies, setting, visitServices, Gen.int(in: 1...2).array(of: 1...3)
    )
    .map { shifts, services, occupancies, setting, picked, counts in
        SalonCase(
            shifts: shifts, services: services, occupancies: occupancies, setting: setting, picked: picked,
            counts: counts)
    }

    init(
        shifts: [(Int, Int, Int, Int, Bool)], services: [(Int, Int, Int, Int, Int)],
        occupancies: [(Int, Int, Int, Int)],
        setting: (Int, Int, Int, Int, Int, Int, Int, Int, (Int, Int, Bool)), picked: [Int], counts: [Int]
    ) {
        let (staffCount, grid, notice, daysAhead, dayIndex, daysBefore, nowMinute, chosen, opening) = setting
        day = Self.days[dayIndex]
        let staff = Array(1...staffCount)
        var hours: [Int: WeeklyHours] = [:]
        for (id, (start, length, breakAt, breakLength, dayOff)) in zip(staff, shifts) {
            let end = min(96, start + length)
            let pause = min(end, start + breakAt)..<min(end, start + breakAt + breakLength)
            let ranges = (pause.isEmpty ? [start..<end] : [start..<pause.lowerBound, pause.upperBound..<end])
                .filter { !$0.isEmpty }.map { $0.lowerBound * 15..<$0.upperBound * 15 }
            hours[id] =
                dayOff
                ? WeeklyHours(weekly: [day.isoWeekday: ranges], exceptions: [day: []])
                : WeeklyHours(weekly: [day.isoWeekday: ranges])
        }
        let (openFrom, openUntil, holiday) = opening
        schedule = SalonSchedule(
            openingHours: holiday
                ? WeeklyHours(exceptions: [day: []]) : .everyDay([openFrom * 15..<openUntil * 15]),
            shifts: hours,
            resources: counts.enumerated().map { SalonResource(id: $0.offset + 1, count: $0.element) },
            window: BookingWindow(
                minimumNoticeMinutes: notice * 15, daysAhead: daysAhead, gridMinutes: BookingWindow.gridSteps[grid]))
        self.services = services.enumerated().map { index, service in
            let (duration, before, after, excluded, resource) = service
            return BookableService(
                id: index + 1, durationMinutes: duration * 5, bufferBeforeMinutes: before * 5,
                bufferAfterMinutes: after * 5, performers: Set(staff.filter { $0 != excluded }),
                resourceID: resource < 1 ? nil : resource)
        }
        let offered = self.services
        visit = try! Visit(picked.map { offered[$0 % offered.count] })
        choice = chosen <= 0 ? .anyone : .member(chosen)
        let midnight = Self.instant(day, 0)
        self.occupancies = occupancies.map { member, resource, start, length in
            Occupancy(
                staffID: member, resourceID: resource == 0 ? nil : resource, start: midnight + start * 5,
                end: midnight + (start + length) * 5)
        }
        now = Self.instant(day.adding(days: -daysBefore), 0) + nowMinute
    }
}

/// The rules worked out the slow way, minute by minute, from the case alone.
struct Oracle {
    enum Finding: Hashable { case tooSoon, tooFarAhead, closed, resourceFull, outsideShift, taken }

    let salon: SalonCase
    /// Tables of the minutes from the day before the case's day to the day after the next: the first is `base`.
    let base: Int
    let open: [Bool]
    /// By member of staff 1-4.
    let working: [Int: [Bool]]
    let busy: [Int: [Bool]]
    /// How many occupancies use each resource 1-3 at each minute.
    let uses: [Int: [Int]]
    let occupied: [Int: Int]
    let grid: [Int]
    let lastDay: Day
    /// Who may be asked to do the visit.
    let candidates: [Int]

    init(_ salon: SalonCase) {
        self.salon = salon
        let (day, timeZone) = (salon.day, SalonCase.timeZone)
        let base = SalonCase.instant(day, 0) - 1440
        let length = 4 * 1440
        self.base = base
        func minutes(_ ranges: [Range<Int>]) -> [Bool] {
            var covered = [Bool](repeating: false, count: length)
            for range in ranges {
                let (start, end) = (SalonCase.instant(day, range.lowerBound), SalonCase.instant(day, range.upperBound))
                for minute in stride(from: start, to: end, by: 1) { covered[minute - base] = true }
            }
            return covered
        }
        open = minutes(salon.schedule.openingHours.ranges(on: day))
        let staff = 1...4
        working = Dictionary(
            uniqueKeysWithValues: staff.map { ($0, minutes(salon.schedule.shifts[$0]?.ranges(on: day) ?? [])) })
        var busy = Dictionary(uniqueKeysWithValues: staff.map { ($0, [Bool](repeating: false, count: length)) })
        var uses = Dictionary(uniqueKeysWithValues: (1...3).map { ($0, [Int](repeating: 0, count: length)) })
        for occupancy in salon.occupancies {
            for minute in occupancy.start..<occupancy.end {
                busy[occupancy.staffID]![minute - base] = true
                if let resource = occupancy.resourceID { uses[resource]![minute - base] += 1 }
            }
        }
        self.busy = busy
        self.uses = uses
        let dayMinutes = SalonCase.instant(day, 0)..<SalonCase.instant(day, 1440)
        occupied = busy.mapValues { table in dayMinutes.count { table[$0 - base] } }
        grid = Set(stride(from: 0, to: 1440, by: salon.schedule.window.gridMinutes).map { SalonCase.instant(day, $0) })
            .sorted()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let today = calendar.dateComponents(
            [.year, .month, .day], from: Date(timeIntervalSince1970: Double(salon.now) * 60))
        lastDay = Day(year: today.year!, month: today.month!, day: today.day!)
            .adding(days: salon.schedule.window.daysAhead)
        let performers = salon.visit.services.reduce(Set(staff)) { $0.intersection($1.performers) }
        switch salon.choice {
        case .member(let id): candidates = performers.contains(id) ? [id] : []
        case .anyone: candidates = performers.sorted()
        }
    }

    /// Each service's hold when the customer arrives at `start`, with its resource, from the formula.
    func holds(_ start: Int) -> [(minutes: Range<Int>, resourceID: Int?)] {
        var holds: [(minutes: Range<Int>, resourceID: Int?)] = []
        var serviceStart = start
        for (index, service) in salon.visit.services.enumerated() {
            if index > 0 {
                let previous = salon.visit.services[index - 1]
                serviceStart += previous.durationMinutes + previous.bufferAfterMinutes + service.bufferBeforeMinutes
            }
            let end = serviceStart + service.durationMinutes + service.bufferAfterMinutes
            holds.append((serviceStart - service.bufferBeforeMinutes..<end, service.resourceID))
        }
        return holds
    }

    /// Everything that stands in the way of `member` doing the visit from `start`.
    func findings(_ start: Int, _ member: Int) -> Set<Finding> {
        var found: Set<Finding> = []
        if start < salon.now + salon.schedule.window.minimumNoticeMinutes { found.insert(.tooSoon) }
        if salon.day > lastDay { found.insert(.tooFarAhead) }
        let (shift, taken) = (working[member]!, busy[member]!)
        for hold in holds(start) {
            let (use, count) = (hold.resourceID.map { uses[$0]! }, hold.resourceID.map(salon.schedule.count) ?? 0)
            for index in hold.minutes.lowerBound - base..<hold.minutes.upperBound - base {
                if !open[index] { found.insert(.closed) }
                if !shift[index] { found.insert(.outsideShift) }
                if taken[index] { found.insert(.taken) }
                if let use, use[index] + 1 > count { found.insert(.resourceFull) }
            }
        }
        return found
    }

    /// What stands in the way of each candidate at `start`, and who would do the visit then: of those with
    /// nothing in the way, the least occupied that day, then the lowest id.
    func assess(_ start: Int) -> (member: Int?, findings: [Set<Finding>]) {
        let found = candidates.map { findings(start, $0) }
        let free = zip(candidates, found).filter { $0.1.isEmpty }.map(\.0)
        return (free.min { (occupied[$0]!, $0) < (occupied[$1]!, $1) }, found)
    }
}

/// The free times against the rules worked out minute by minute, and the one check against both.
struct FreeTimesOracleTests {
    @Test func theFreeTimesAreWhatTheRulesAllowAndTheCheckAgreesWithEveryStart() async {
        await propertyCheck(count: 200, input: SalonCase.generator) { salon in
            let oracle = Oracle(salon)
            let offered = FreeTimes.offered(
                for: salon.visit, staff: salon.choice, on: salon.day, in: SalonCase.timeZone, schedule: salon.schedule,
                occupancies: salon.occupancies, now: salon.now)
            let assessed = oracle.grid.map(oracle.assess)
            let expected = zip(oracle.grid, assessed).compactMap { start, assessed in
                assessed.member.map { FreeTime(start: start, staffID: $0) }
            }
            #expect(offered == expected, "\(salon)")

            for (start, assessed) in zip(oracle.grid, assessed) {
                let answer = Result { () throws(DomainError) -> Placement in
                    try FreeTimes.placement(
                        of: salon.visit, staff: salon.choice, arrivingAt: start, in: SalonCase.timeZone,
                        schedule: salon.schedule, occupancies: salon.occupancies, now: salon.now)
                }
                switch answer {
                case .success(let placement):
                    #expect(placement.staffID == assessed.member, "\(start) \(salon)")
                    #expect(placement.occupancies.map(\.minutes) == oracle.holds(start).map(\.minutes))
                    #expect(placement.occupancies.allSatisfy { $0.staffID == placement.staffID })
                case .failure(let refusal):
                    #expect(assessed.member == nil, "\(start) refused: \(refusal) \(salon)")
                    #expect(
                        Self.says(refusal.reason, truly: assessed.findings, at: start, oracle),
                        "\(start) refused: \(refusal) \(salon)")
                }
            }
            // A minute after an offered start is off the grid.
            if let first = expected.first {
                let refusal = #expect(throws: DomainError.self) {
                    try FreeTimes.placement(
                        of: salon.visit, staff: salon.choice, arrivingAt: first.start + 1, in: SalonCase.timeZone,
                        schedule: salon.schedule, occupancies: salon.occupancies, now: salon.now)
                }
                #expect(refusal?.reason == .appointmentOffGrid)
            }
        }
    }

    /// Whether a refusal of a start on the grid says what is so, by what the oracle found in the way of
    /// each candidate.
    static func says(_ reason: Refusal?, truly findings: [Set<Oracle.Finding>], at start: Int, _ oracle: Oracle)
        -> Bool
    {
        let noOneFree = !findings.isEmpty && findings.allSatisfy { !$0.isEmpty }
        switch reason {
        case .appointmentNotPerformed: return findings.isEmpty
        case .appointmentTooSoon: return noOneFree && findings.allSatisfy { $0.contains(.tooSoon) }
        case .appointmentTooFarAhead: return noOneFree && findings.allSatisfy { $0.contains(.tooFarAhead) }
        case .appointmentSalonClosed: return noOneFree && findings.allSatisfy { $0.contains(.closed) }
        case .appointmentResourceFull: return noOneFree && findings.allSatisfy { $0.contains(.resourceFull) }
        // No one who may do it works all of the visit's time.
        case .appointmentOutsideShift: return noOneFree && findings.allSatisfy { $0.contains(.outsideShift) }
        // Someone who may do it is busy then.
        case .appointmentTaken: return noOneFree && findings.contains { $0.contains(.taken) }
        default: return false
        }
    }
}
