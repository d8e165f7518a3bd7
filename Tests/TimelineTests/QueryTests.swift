import Testing

@testable import Timeline

struct QueryTests {
    @Test(arguments: 1...40)
    func itemsInRectEqualABruteForceScan(seed: UInt64) {
        var board = TestBoards.random(seed: seed)
        var random = SeededGenerator(seed: seed &* 7919)
        if seed % 3 == 0 { try! board.setCollapsed(groupRowID: 10_001, true) }
        if seed % 4 == 0 { board.setFillHeight(Double(2000 + random.next(below: 1000))) }
        for _ in 0..<50 {
            let rect = TestBoards.randomRect(&random, on: board)
            #expect(board.items(in: rect).sortedByID == TestBoards.bruteForceItems(in: rect, on: board).sortedByID)
        }
    }

    @Test(arguments: 1...20)
    func rowsInRangeEqualABruteForceScan(seed: UInt64) {
        var board = TestBoards.random(seed: seed)
        if seed % 2 == 0 { try! board.setCollapsed(groupRowID: 10_002, true) }
        var random = SeededGenerator(seed: seed)
        for _ in 0..<50 {
            let rect = TestBoards.randomRect(&random, on: board)
            var found: [Int] = []
            board.forEachRow(intersecting: rect.y, rect.maxY) { found.append($0.index) }
            let expected = (0..<board.rowCount).filter { index in
                let row = board.placedRow(index)
                return row.height > 0 && row.y < rect.maxY && row.y + row.height > rect.y
            }
            #expect(found == expected)
        }
    }

    @Test(arguments: 1...10)
    func columnsInRangeEqualABruteForceScan(seed: UInt64) {
        let board = TestBoards.random(seed: seed)
        var random = SeededGenerator(seed: seed)
        for _ in 0..<50 {
            let rect = TestBoards.randomRect(&random, on: board)
            var found: [Int] = []
            board.forEachColumn(intersecting: rect.x, rect.maxX) { found.append($0.index) }
            let expected = (0..<board.axis.columnCount).filter { column in
                let x = board.metrics.rowHeaderWidth + Double(column) * board.axis.columnWidth
                return x < rect.maxX && x + board.axis.columnWidth > rect.x
            }
            #expect(found == expected)
        }
    }

    @Test func emptyMonthBoardAnswersWithFewElements() throws {
        // Seed 000: 35 rooms x 31 days with no bookings; its layout produced under 100 elements.
        var board = Board(axis: .days(first: 20_389, count: 31))
        let hotel = SyntheticBoard.hotel(rooms: 35, firstDay: 20_389, days: 31, stays: 0, seed: 1)
        try board.load(rows: hotel.rows)
        try board.load(items: hotel.items)
        let body = board.panes(scrollX: 0, scrollY: 0, viewportWidth: 1024, viewportHeight: 768).body
        var rows = 0
        var columns = 0
        board.forEachRow(intersecting: body.y, body.maxY) { _ in rows += 1 }
        board.forEachColumn(intersecting: body.x, body.maxX) { _ in columns += 1 }
        #expect(board.items(in: body).isEmpty)
        #expect(rows + columns < 60)
    }

    @Test func columnsAreFlaggedForWeekendsMonthStartsAndNow() throws {
        var board = Board(axis: .days(first: CalendarDay(year: 2026, month: 10, day: 30).daysSince1970, count: 5))
        board.now = Double(CalendarDay(year: 2026, month: 11, day: 2).daysSince1970) + 0.4
        var flags: [ColumnFlags] = []
        board.forEachColumn(intersecting: 0, 10_000) { flags.append($0.flags) }
        #expect(flags == [[], [.weekend], [.weekend, .monthStart], [.monday, .containsNow], []])
        #expect(abs(board.nowX! - (160 + 3.4 * 48)) < 1e-6)
    }

    @Test func minuteColumnsAreFlaggedForHoursAndClosedTime() throws {
        var board = Board(axis: .minutes(start: 0, end: 1440, minutesPerColumn: 30, columnWidth: 50))
        board.businessHours = 600..<1200
        var flags: [Int: ColumnFlags] = [:]
        board.forEachColumn(intersecting: 0, 100_000) { flags[$0.value] = $0.flags }
        #expect(flags.count == 48)
        #expect(flags[0] == [.hourStart, .dayStart, .outsideBusinessHours])
        #expect(flags[570] == [.outsideBusinessHours])
        #expect(flags[600] == [.hourStart])
        #expect(flags[630] == [])
        #expect(flags[1200] == [.hourStart, .outsideBusinessHours])
    }

    @Test func spansAreMonthsClippedToTheAxis() {
        let first = CalendarDay(year: 2026, month: 11, day: 20).daysSince1970
        let board = Board(axis: .days(first: first, count: 50, columnWidth: 10))
        var spans: [PlacedSpan] = []
        board.forEachSpan(intersecting: 0, 100_000) { spans.append($0) }
        #expect(
            spans == [
                PlacedSpan(major: 2026, minor: 11, x: 160, width: 110),
                PlacedSpan(major: 2026, minor: 12, x: 270, width: 310),
                PlacedSpan(major: 2027, minor: 1, x: 580, width: 80),
            ])
        var visible: [PlacedSpan] = []
        board.forEachSpan(intersecting: 300, 310) { visible.append($0) }
        #expect(visible.map(\.minor) == [12])
    }

    @Test func panesFloatWithTheScrollOffset() {
        let board = Board(axis: .days(first: 0, count: 100))
        let panes = board.panes(scrollX: 300, scrollY: 200, viewportWidth: 1024, viewportHeight: 768)
        #expect(panes.corner == Rect(x: 300, y: 200, width: 160, height: 56))
        #expect(panes.top == Rect(x: 460, y: 200, width: 864, height: 56))
        #expect(panes.left == Rect(x: 300, y: 256, width: 160, height: 712))
        #expect(panes.body == Rect(x: 460, y: 256, width: 864, height: 712))
    }

    @Test func contentSizeIncludesTheHeaders() throws {
        var board = Board(axis: .days(first: 0, count: 30, columnWidth: 50))
        try board.load(rows: [RowSpec(id: 1, kind: .groupHeader), RowSpec(id: 2)])
        #expect(board.contentWidth == 160 + 1500)
        #expect(board.contentHeight == 56 + 28 + 36)
    }
}
