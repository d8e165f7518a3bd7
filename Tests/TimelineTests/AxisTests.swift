import Testing

@testable import Timeline

struct AxisTests {
    let days = Axis.days(first: 20_000, count: 31, columnWidth: 48)

    @Test func stayIsDrawnFromMidArrivalColumnToMidDepartureColumn() {
        let span = days.barSpan(start: 20_002, end: 20_005)
        #expect(span.minX == 2.5 * 48)
        #expect(span.maxX == 5.5 * 48)
    }

    @Test func checkInAndCheckOutOffsetsAreConfigurable() {
        let axis = Axis.days(first: 0, count: 10, columnWidth: 100, checkIn: 0.6, checkOut: 0.4)
        let span = axis.barSpan(start: 1, end: 3)
        #expect(span.minX == 160)
        #expect(span.maxX == 340)
    }

    @Test func xMapsBackToTheSameFractionalDay() {
        for tenth in 0..<310 {
            let unit = 20_000 + Double(tenth) / 10
            let x = days.x(ofFractionalUnit: unit)
            #expect(abs(days.unitOffset(atX: x) + 20_000 - unit) < 1e-9)
        }
    }

    @Test func cellUnderAPointIsTheNightWhoseBarCoversIt() {
        // Column 3 is day 20_003; its left half belongs to the night of day 20_002.
        #expect(days.cell(atX: 3 * 48 + 10, step: 1) == 20_002)
        #expect(days.cell(atX: 3 * 48 + 30, step: 1) == 20_003)
        #expect(days.cell(atX: 24, step: 1) == 20_000)
        #expect(days.cell(atX: 23.9, step: 1) == 19_999)
        #expect(days.cell(atX: 31 * 48 - 1, step: 1) == 20_030)
    }

    @Test func boundarySnapsToTheNearestCheckInLine() {
        #expect(days.boundary(atX: 2.5 * 48 + 20, step: 1) == 20_002)
        #expect(days.boundary(atX: 2.5 * 48 + 25, step: 1) == 20_003)
    }

    @Test func minuteAxisSnapsToItsStep() {
        let axis = Axis.minutes(start: 0, end: 1440, minutesPerColumn: 60, columnWidth: 120)
        #expect(axis.x(of: 90) == 180)
        for step in [5, 15, 30, 60] {
            #expect(axis.cell(atX: 180, step: step) == 90 / step * step)
            #expect(axis.cell(atX: 0, step: step) == 0)
            #expect(axis.cell(atX: 2879.9, step: step) == (1440 - step))
        }
        #expect(axis.boundary(atX: 2 * 17, step: 15) == 15)
        #expect(axis.boundary(atX: 2 * 22, step: 15) == 15)
        #expect(axis.boundary(atX: 2 * 23, step: 15) == 30)
    }

    @Test func columnsIntersectingARangeExcludeColumnsOnlyTouchingIt() {
        #expect(days.columns(intersecting: 48, 96) == 1..<2)
        #expect(days.columns(intersecting: 47.9, 96.1) == 0..<3)
        #expect(days.columns(intersecting: -100, 10) == 0..<1)
        #expect(days.columns(intersecting: 31 * 48 - 1, 5000) == 30..<31)
        #expect(days.columns(intersecting: 31 * 48, 5000).isEmpty)
        #expect(days.columns(intersecting: -100, 0).isEmpty)
    }
}
