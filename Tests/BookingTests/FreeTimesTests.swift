import Booking
import Foundation
import Testing

/// Small factories for a salon's schedule, built in code: Bangkok (no daylight saving), a Friday.
enum MakeSalon {
    static let bangkok = TimeZone(identifier: "Asia/Bangkok")!
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let day = Day(year: 2026, month: 11, day: 20)

    /// The instant (minutes since 1970) of a local time on `day`.
    static func at(_ hour: Int, _ minute: Int = 0, on day: Day = day, in timeZone: TimeZone = bangkok) -> Int {
        Int(day.instant(atMinute: hour * 60 + minute, in: timeZone).timeIntervalSince1970) / 60
    }

    /// A local time of day as the page would show it (`9:05`).
    static func clock(_ instant: Int, in timeZone: TimeZone = bangkok) -> String {
        let local = instant + timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant) * 60)) / 60
        let minute = (local % 1440 + 1440) % 1440
        return "\(minute / 60):\(minute % 60 < 10 ? "0" : "")\(minute % 60)"
    }

    static func hours(_ ranges: (Int, Int)...) -> [Range<Int>] {
        ranges.map { $0.0 * 60..<$0.1 * 60 }
    }

    static func service(
        _ id: Int, minutes: Int = 60, before: Int = 0, after: Int = 0, by performers: Set<Int> = [1, 2, 3],
        resource: Int? = nil
    ) -> BookableService {
        BookableService(
            id: id, durationMinutes: minutes, bufferBeforeMinutes: before, bufferAfterMinutes: after,
            performers: performers, resourceID: resource)
    }

    /// Open 8:00-20:00 every day; each member works 9:00-18:00 every day unless given other shifts.
    static func schedule(
        staff: [Int] = [1, 2, 3], shifts: [Int: WeeklyHours] = [:], opening: WeeklyHours = .everyDay(hours((8, 20))),
        resources: [SalonResource] = [], window: BookingWindow = BookingWindow(minimumNoticeMinutes: 0, gridMinutes: 15)
    ) -> SalonSchedule {
        var all = Dictionary(uniqueKeysWithValues: staff.map { ($0, WeeklyHours.everyDay(hours((9, 18)))) })
        all.merge(shifts) { $1 }
        return SalonSchedule(openingHours: opening, shifts: all, resources: resources, window: window)
    }

    /// The evening before `day`.
    static let now = at(20, on: day.adding(days: -1))

    static func offered(
        _ services: [BookableService], staff: StaffChoice = .anyone, on day: Day = day, in timeZone: TimeZone = bangkok,
        schedule: SalonSchedule = MakeSalon.schedule(), occupancies: [Occupancy] = [], now: Int = now
    ) -> [FreeTime] {
        FreeTimes.offered(
            for: try! Visit(services), staff: staff, on: day, in: timeZone, schedule: schedule,
            occupancies: occupancies, now: now)
    }

    static func placement(
        _ services: [BookableService], staff: StaffChoice = .anyone, at start: Int, in timeZone: TimeZone = bangkok,
        schedule: SalonSchedule = MakeSalon.schedule(), occupancies: [Occupancy] = [], now: Int = now
    ) throws(DomainError) -> Placement {
        try FreeTimes.placement(
            of: try Visit(services), staff: staff, arrivingAt: start, in: timeZone, schedule: schedule,
            occupancies: occupancies, now: now)
    }

    /// Why a booking at `start` is refused (nil: it is not).
    static func refusal(
        _ services: [BookableService], staff: StaffChoice = .anyone, at start: Int, in timeZone: TimeZone = bangkok,
        schedule: SalonSchedule = MakeSalon.schedule(), occupancies: [Occupancy] = [], now: Int = now
    ) -> Refusal? {
        do {
            _ = try placement(
                services, staff: staff, at: start, in: timeZone, schedule: schedule, occupancies: occupancies,
                now: now)
            return nil
        } catch {
            return error.reason
        }
    }
}

/// The salon's free times and a booking's check of one: examples of each rule.
struct FreeTimesTests {
    @Test func buffersBeforeAndAfterKeepTheMemberBusy() throws {
        let colour = MakeSalon.service(1, minutes: 60, before: 10, after: 15, by: [1])
        let lunch = Occupancy(staffID: 1, start: MakeSalon.at(12), end: MakeSalon.at(13))
        let starts = MakeSalon.offered([colour], occupancies: [lunch]).map { MakeSalon.clock($0.start) }
        #expect(starts.first == "9:15")
        #expect(starts.contains("10:45") && !starts.contains("11:00"))
        #expect(!starts.contains("13:00") && starts.contains("13:15"))
        #expect(starts.last == "16:45")
        #expect(MakeSalon.refusal([colour], at: MakeSalon.at(11), occupancies: [lunch]) == .appointmentTaken)
        #expect(MakeSalon.refusal([colour], at: MakeSalon.at(9), occupancies: [lunch]) == .appointmentOutsideShift)
        let placed = try MakeSalon.placement([colour], at: MakeSalon.at(10, 45), occupancies: [lunch])
        #expect(placed.occupancies == [Occupancy(staffID: 1, start: MakeSalon.at(10, 35), end: MakeSalon.at(12))])
    }

    @Test func twoServicesOfAVisitFollowEachOtherWithOneMember() throws {
        let cut = MakeSalon.service(1, minutes: 30, after: 10, by: [1, 2])
        let colour = MakeSalon.service(2, minutes: 45, before: 5, by: [1], resource: 7)
        let schedule = MakeSalon.schedule(resources: [SalonResource(id: 7, count: 1)])
        let placed = try MakeSalon.placement([cut, colour], at: MakeSalon.at(10), schedule: schedule)
        #expect(placed.staffID == 1)
        #expect(
            placed.occupancies == [
                Occupancy(staffID: 1, start: MakeSalon.at(10), end: MakeSalon.at(10, 40)),
                Occupancy(staffID: 1, resourceID: 7, start: MakeSalon.at(10, 40), end: MakeSalon.at(11, 30)),
            ])
        #expect(try Visit([cut, colour]).serviceOffsets == [0, 45])
        #expect(
            MakeSalon.refusal([cut, colour], staff: .member(2), at: MakeSalon.at(10), schedule: schedule)
                == .appointmentNotPerformed)
        #expect(MakeSalon.offered([cut, colour], staff: .member(2), schedule: schedule).isEmpty)
    }

    /// Of the members free then, the one with the fewest minutes already booked that day, then the lowest id:
    /// the work spreads over the team.
    @Test func anyoneIsTheLeastOccupiedMemberThenTheLowestID() throws {
        let cut = MakeSalon.service(1, minutes: 30)
        let booked = [
            Occupancy(staffID: 1, start: MakeSalon.at(14), end: MakeSalon.at(16)),
            Occupancy(staffID: 2, start: MakeSalon.at(14), end: MakeSalon.at(14, 30)),
            Occupancy(staffID: 3, start: MakeSalon.at(16), end: MakeSalon.at(16, 30)),
        ]
        #expect(try MakeSalon.placement([cut], at: MakeSalon.at(10), occupancies: booked).staffID == 2)
        #expect(try MakeSalon.placement([cut], at: MakeSalon.at(14), occupancies: booked).staffID == 3)
        #expect(try MakeSalon.placement([cut], at: MakeSalon.at(16), occupancies: booked).staffID == 2)
        let offered = MakeSalon.offered([cut], occupancies: booked)
        #expect(offered.first { $0.start == MakeSalon.at(14, 15) }?.staffID == 3)
        #expect(offered.count == 35 && !offered.contains { $0.staffID == 1 })
    }

    @Test func aBreakSplitsAShift() {
        let cut = MakeSalon.service(1, minutes: 60, by: [1])
        let schedule = MakeSalon.schedule(
            staff: [1], shifts: [1: .everyDay(MakeSalon.hours((9, 12), (13, 17)))],
            window: BookingWindow(minimumNoticeMinutes: 0, gridMinutes: 30))
        let starts = MakeSalon.offered([cut], schedule: schedule).map { MakeSalon.clock($0.start) }
        #expect(
            starts == [
                "9:00", "9:30", "10:00", "10:30", "11:00", "13:00", "13:30", "14:00", "14:30", "15:00", "15:30",
                "16:00",
            ])
        #expect(MakeSalon.refusal([cut], at: MakeSalon.at(11, 30), schedule: schedule) == .appointmentOutsideShift)
    }

    @Test func timeOffAndAHolidayOfferNothing() {
        let cut = MakeSalon.service(1, minutes: 30, by: [1, 2])
        let holiday = MakeSalon.day.adding(days: 1)
        let schedule = MakeSalon.schedule(
            staff: [1, 2],
            shifts: [
                1: WeeklyHours(weekly: [5: MakeSalon.hours((9, 18))], exceptions: [MakeSalon.day: []]),
                2: WeeklyHours(
                    weekly: [5: MakeSalon.hours((9, 18))], exceptions: [MakeSalon.day: MakeSalon.hours((13, 15))]),
            ],
            opening: WeeklyHours(
                weekly: [5: MakeSalon.hours((8, 20)), 6: MakeSalon.hours((8, 20))], exceptions: [holiday: []]))
        let offered = MakeSalon.offered([cut], schedule: schedule)
        #expect(offered.map(\.staffID) == [2, 2, 2, 2, 2, 2, 2])
        #expect(offered.map { MakeSalon.clock($0.start) }.first == "13:00")
        #expect(
            MakeSalon.refusal([cut], staff: .member(1), at: MakeSalon.at(13), schedule: schedule)
                == .appointmentOutsideShift)
        #expect(MakeSalon.offered([cut], on: holiday, schedule: schedule).isEmpty)
        #expect(
            MakeSalon.refusal([cut], at: MakeSalon.at(13, on: holiday), schedule: schedule) == .appointmentSalonClosed)
    }

    @Test func aResourceOfOneRefusesASecondVisitThenAndOfTwoTakesIt() throws {
        let massage = MakeSalon.service(1, minutes: 60, by: [1, 2], resource: 7)
        let inTheRoom = Occupancy(staffID: 2, resourceID: 7, start: MakeSalon.at(10), end: MakeSalon.at(11))
        let one = MakeSalon.schedule(resources: [SalonResource(id: 7, count: 1)])
        #expect(
            MakeSalon.refusal([massage], at: MakeSalon.at(10, 30), schedule: one, occupancies: [inTheRoom])
                == .appointmentResourceFull)
        #expect(
            try MakeSalon.placement([massage], at: MakeSalon.at(11), schedule: one, occupancies: [inTheRoom]).staffID
                == 1)
        let two = MakeSalon.schedule(resources: [SalonResource(id: 7, count: 2)])
        #expect(
            try MakeSalon.placement([massage], at: MakeSalon.at(10, 30), schedule: two, occupancies: [inTheRoom])
                .staffID == 1)
        let offered = MakeSalon.offered([massage], schedule: one, occupancies: [inTheRoom]).map {
            MakeSalon.clock($0.start)
        }
        #expect(
            offered.contains("9:00") && !offered.contains("9:15") && !offered.contains("10:45")
                && offered.contains("11:00"))
    }

    @Test func startsComeAfterTheNoticeAndWithinTheDaysAhead() {
        let cut = MakeSalon.service(1, minutes: 30)
        let schedule = MakeSalon.schedule(
            window: BookingWindow(minimumNoticeMinutes: 60, daysAhead: 3, gridMinutes: 15))
        let now = MakeSalon.at(10, 7)
        #expect(
            MakeSalon.offered([cut], schedule: schedule, now: now).first.map { MakeSalon.clock($0.start) } == "11:15")
        #expect(MakeSalon.refusal([cut], at: MakeSalon.at(11), schedule: schedule, now: now) == .appointmentTooSoon)
        #expect(MakeSalon.offered([cut], on: MakeSalon.day.adding(days: -1), schedule: schedule, now: now).isEmpty)
        let last = MakeSalon.day.adding(days: 3)
        #expect(MakeSalon.offered([cut], on: last, schedule: schedule, now: now).count == 35)
        #expect(MakeSalon.offered([cut], on: last.adding(days: 1), schedule: schedule, now: now).isEmpty)
        #expect(
            throws: DomainError.invalid(
                "start", "bookings are taken until 2026-11-23", reason: .appointmentTooFarAhead,
                params: ["last": "2026-11-23"])
        ) {
            try MakeSalon.placement([cut], at: MakeSalon.at(10, on: last.adding(days: 1)), schedule: schedule, now: now)
        }
    }

    @Test func aStartOffTheGridIsRefused() {
        let cut = MakeSalon.service(1, minutes: 30)
        #expect(MakeSalon.refusal([cut], at: MakeSalon.at(10, 5)) == .appointmentOffGrid)
        #expect(MakeSalon.refusal([cut], at: MakeSalon.at(10, 15)) == nil)
    }

    /// 2026-03-29 in Berlin has no 2:00-3:00 and 2026-10-25 has it twice: open all day, a start each hour
    /// of the local clock is each instant once, none twice, and none a clock cannot show.
    @Test func aDayTheClocksChangeOffersEachInstantOnce() {
        let hour = MakeSalon.service(1, minutes: 60, by: [1])
        let schedule = MakeSalon.schedule(
            staff: [1], shifts: [1: .everyDay(MakeSalon.hours((0, 24)))], opening: .everyDay(MakeSalon.hours((0, 24))),
            window: BookingWindow(minimumNoticeMinutes: 0, daysAhead: 365, gridMinutes: 60))
        let now = MakeSalon.at(0, on: Day(year: 2026, month: 3, day: 1), in: MakeSalon.berlin)

        let spring = Day(year: 2026, month: 3, day: 29)
        let springStarts = MakeSalon.offered([hour], on: spring, in: MakeSalon.berlin, schedule: schedule, now: now)
            .map(\.start)
        let midnight = MakeSalon.at(0, on: spring, in: MakeSalon.berlin)
        #expect(springStarts == Array(stride(from: midnight, to: midnight + 23 * 60, by: 60)))
        #expect(!springStarts.map { MakeSalon.clock($0, in: MakeSalon.berlin) }.contains("2:00"))

        let autumn = Day(year: 2026, month: 10, day: 25)
        let autumnStarts = MakeSalon.offered([hour], on: autumn, in: MakeSalon.berlin, schedule: schedule, now: now)
            .map(\.start)
        let (first, repeated) = (
            MakeSalon.at(2, on: autumn, in: MakeSalon.berlin), MakeSalon.at(2, on: autumn, in: MakeSalon.berlin) + 60
        )
        #expect(autumnStarts.count == 24 && Set(autumnStarts).count == 24)
        #expect(autumnStarts.contains(first) && !autumnStarts.contains(repeated))
        // The second 2:00 is not on the grid: the clock's 2:00 is the first.
        #expect(
            MakeSalon.refusal([hour], at: repeated, in: MakeSalon.berlin, schedule: schedule, now: now)
                == .appointmentOffGrid)
        // Hours after the change are read on the clock: 9:00-18:00 still has nine starts of an hour.
        let nineToSix = MakeSalon.schedule(
            staff: [1], opening: .everyDay(MakeSalon.hours((0, 24))), window: schedule.window)
        #expect(MakeSalon.offered([hour], on: autumn, in: MakeSalon.berlin, schedule: nineToSix, now: now).count == 9)
    }

    /// A shift to 3:00 cut at 2:30 on the day Berlin's clocks skip from 2:00 to 3:00: the cut is where the
    /// clocks jump to, so the two halves still make the one shift (the half before the cut does not run on
    /// to 3:30), and the half inside the gap is empty.
    @Test func aMinuteTheClocksSkipIsWhereTheyJumpTo() {
        let spring = Day(year: 2026, month: 3, day: 29)
        let zone = MakeSalon.berlin
        let three = spring.instant(atMinute: 180, in: zone)
        #expect(spring.instant(atMinute: 150, in: zone) == three)
        #expect(spring.instant(atMinute: 120, in: zone) == three)
        #expect(spring.instant(atMinute: 119, in: zone) == three - 60)
        #expect(spring.instant(atMinute: 181, in: zone) == three + 60)
        // The day before, 2:30 is 2:30.
        let before = spring.adding(days: -1)
        #expect(before.instant(atMinute: 150, in: zone) == before.instant(atMinute: 120, in: zone) + 30 * 60)

        let fiveMinutes = MakeSalon.service(1, minutes: 5, by: [1])
        let now = MakeSalon.at(0, on: spring, in: zone)
        let open = MakeSalon.hours((0, 24))
        let whole = MakeSalon.schedule(
            staff: [1], shifts: [1: .everyDay([75..<180])], opening: .everyDay(open),
            window: BookingWindow(minimumNoticeMinutes: 0, daysAhead: 365, gridMinutes: 5))
        var cut = whole
        cut.shifts[1] = .everyDay([75..<150, 150..<180])
        let offered = { (schedule: SalonSchedule) in
            MakeSalon.offered([fiveMinutes], on: spring, in: zone, schedule: schedule, now: now).map(\.start)
        }
        #expect(offered(cut) == offered(whole))
        // 1:15 to 2:00, then 3:00: nine starts of five minutes.
        #expect(offered(whole).count == 9)
    }

    @Test func aScheduleOutOfBoundsIsRefusedNamingItsField() {
        var schedule = MakeSalon.schedule(resources: [SalonResource(id: 7, count: 51)])
        #expect(throws: DomainError.outOfRange("resources[0].count", 51, 1...50)) { try schedule.validate() }
        schedule.resources = []
        schedule.shifts[2] = WeeklyHours(weekly: [3: MakeSalon.hours((9, 13), (12, 18))])
        let overlapping = #expect(throws: DomainError.self) { try schedule.validate() }
        #expect(overlapping?.field == "shifts[2].weekly[3]" && overlapping?.reason == .scheduleHours)
        schedule.shifts[2] = nil
        schedule.window.gridMinutes = 7
        #expect(throws: DomainError.self) { try schedule.validate() }
        #expect(
            throws: DomainError.outOfRange("services[1].bufferAfterMinutes", 300, 0...240)
        ) { _ = try Visit([MakeSalon.service(1), MakeSalon.service(2, after: 300)]) }
    }
}
