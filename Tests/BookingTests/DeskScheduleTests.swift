import Foundation
import PropertyBased
import Testing

@testable import Booking

/// The desk's booking and a series' plan apply the rule the booking page's free times apply: shifts that
/// touch are one, the visit's own buffers and those of what is booked are kept clear, and a resource in use
/// as many times as the salon has it is taken.
struct DeskScheduleTests {
    typealias Desk = SalonDeskTests

    /// 1 December 2026 in Tokyo, `minute` of the day, as minutes since 1970.
    static func at(_ minute: Int) -> Int { Desk.tenOClock - 600 + minute }

    static func plan(_ desk: SalonDesk<InMemorySalonStorage>, at minute: Int, staff: Int = 1) async throws
        -> PlannedVisit
    {
        var visit = Desk.visit(start: at(minute))
        visit.staffID = staff
        return try await desk.planSeries(visit, repeat: RepeatRule(everyWeeks: 1, times: 2), by: Desk.clerk)[0]
    }

    @Test func twoShiftsThatTouchAreOneForTheBookingPageTheDeskAndASeries() async throws {
        let (desk, _) = Desk.desk()
        try await desk.setUp(
            7, openingHours: .everyDay([540..<1200]), resources: [], window: BookingWindow(), by: Desk.manager)
        try await desk.setShifts(.everyDay([600..<720, 720..<900]), of: 1, at: 7, by: Desk.manager)
        let day = Day(year: 2026, month: 12, day: 1)
        let offered = try await desk.freeTimes(
            VisitRequest(propertyID: 7, serviceIDs: [11], staff: .member(1)), on: day
        ).times.map(\.start)
        #expect(offered.contains(Self.at(690)), "11:30 to 12:15, across the two shifts, is offered")
        #expect(try await Self.plan(desk, at: 690).free)
        var across = Desk.visit(start: Self.at(690))
        let booked = try await desk.book(across, by: Desk.clerk)
        #expect(booked.startMinute == Self.at(690))
        // Past the second shift's end, all three say no.
        #expect(!offered.contains(Self.at(870)))
        #expect(try await Self.plan(desk, at: 870).outsideHours)
        across.startMinute = Self.at(870)
        let refusal = await #expect(throws: DomainError.self) { _ = try await desk.book(across, by: Desk.clerk) }
        #expect(refusal?.reason == .appointmentOutsideShift)
    }

    @Test func aSeriesKeepsClearOfAnotherVisitsCleaningAndOfAResourceInUse() async throws {
        let (desk, _) = Desk.desk()
        let chair = NamedResource(SalonResource(id: 3, count: 1), name: "Colour chair")
        try await desk.setUp(
            7, openingHours: .everyDay([540..<1200]), resources: [chair], window: BookingWindow(), by: Desk.manager)
        try await desk.setBooking(
            of: BookableService(
                id: 11, durationMinutes: 45, bufferAfterMinutes: 15, performers: [1, 2], resourceID: 3),
            at: 7, by: Desk.manager)
        // Aoi's cut to 11:00, its cleaning to 11:15.
        _ = try await desk.book(Desk.visit(start: Self.at(615)), by: Desk.clerk)
        let eleven = try await Self.plan(desk, at: 660)
        #expect(eleven.taken && !eleven.outsideHours)
        #expect(eleven.alternatives.allSatisfy { $0 >= Self.at(675) || $0 + 60 <= Self.at(615) })
        #expect(try await Self.plan(desk, at: 675).free)
        let visits = [SeriesVisit(start: Self.at(660)), SeriesVisit(start: Self.at(660) + 7 * 1440)]
        let taken = await #expect(throws: DomainError.self) {
            _ = try await desk.bookSeries(Desk.visit(start: Self.at(660)), visits: visits, by: Desk.clerk)
        }
        #expect(taken?.reason == .appointmentTaken && taken?.field == "visits[0].start")
        // Mei is free at 11:00, but the one colour chair is not until Aoi's cleaning is done.
        let mei = try await Self.plan(desk, at: 660, staff: 2)
        #expect(mei.taken)
        var meiVisit = Desk.visit(start: Self.at(660))
        meiVisit.staffID = 2
        let full = await #expect(throws: DomainError.self) {
            _ = try await desk.bookSeries(meiVisit, visits: visits, by: Desk.clerk)
        }
        #expect(full?.reason == .appointmentResourceFull)
        // Said on purpose, the desk books over it.
        let over = visits.map { SeriesVisit(start: $0.start, overlapping: true) }
        #expect(try await desk.bookSeries(meiVisit, visits: over, by: Desk.clerk).count == 2)
    }

    /// At random (the free times' oracle's salons, `SalonCase`), with each member's shifts also cut into two
    /// that touch: what stands in a member's way at each start of the day, as the desk and a series see it,
    /// is what the rules worked out minute by minute find (the booking window aside, which binds the booking
    /// page alone); and the booking page offers the same times whether the shifts touch or not.
    @Test func theDeskAndTheBookingPageAgreeWithTheRulesWorkedOutMinuteByMinute() async {
        await propertyCheck(count: 120, input: SalonCase.generator) { salon in
            let oracle = Oracle(salon)
            var touching = salon.schedule
            touching.shifts = salon.schedule.shifts.mapValues { hours in
                var split = hours
                split.weekly = hours.weekly.mapValues { ranges in
                    ranges.flatMap { range -> [Range<Int>] in
                        let middle = (range.lowerBound + range.upperBound) / 2
                        return range.count < 2 ? [range] : [range.lowerBound..<middle, middle..<range.upperBound]
                    }
                }
                return split
            }
            for member in salon.schedule.shifts.keys.sorted() {
                for start in oracle.grid {
                    let day = MemberDay(
                        staffID: member, visit: salon.visit, at: start, schedule: touching,
                        timeZone: SalonCase.timeZone, occupancies: salon.occupancies)
                    let found = oracle.findings(start, member)
                    let obstacles = day.obstacles(arrivingAt: start)
                    let expected = MemberObstacles(
                        closed: found.contains(.closed), outsideShift: found.contains(.outsideShift),
                        resourceFull: obstacles.resourceFull, busy: found.contains(.taken))
                    #expect(obstacles == expected, "member \(member) at \(start): \(found) \(salon)")
                    #expect((obstacles.resourceFull != nil) == found.contains(.resourceFull), "\(start) \(salon)")
                }
            }
            let offered = { (schedule: SalonSchedule) in
                FreeTimes.offered(
                    for: salon.visit, staff: salon.choice, on: salon.day, in: SalonCase.timeZone, schedule: schedule,
                    occupancies: salon.occupancies, now: salon.now)
            }
            #expect(offered(touching) == offered(salon.schedule), "\(salon)")
        }
    }
}
