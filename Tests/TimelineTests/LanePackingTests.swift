import Testing

@testable import Timeline

struct LanePackingTests {
    /// The most items covering one unit of a row: no packing can use fewer lanes.
    func maximumOverlap(_ items: [Item]) -> Int {
        items.map { probe in items.filter { $0.start <= probe.start && probe.start < $0.end }.count }.max() ?? 0
    }

    @Test(arguments: 1...25)
    func everyRowUsesExactlyAsManyLanesAsItsMaximumOverlap(seed: UInt64) {
        let board = TestBoards.random(seed: seed)
        let all = board.allItems
        for index in 0..<board.rowCount {
            let row = board.placedRow(index)
            let items = all.filter { $0.row == row.spec.id }
            #expect(row.laneCount == max(maximumOverlap(items), 1), "row \(row.spec.id)")
        }
    }

    @Test(arguments: 1...10)
    func itemsInOneLaneNeverOverlap(seed: UInt64) {
        let board = TestBoards.random(seed: seed)
        let placed = board.allItems.map { board.placedItem(id: $0.id)! }
        for first in placed {
            for second in placed
            where first.item.id < second.item.id && first.rowIndex == second.rowIndex && first.lane == second.lane {
                #expect(!first.item.overlaps(start: second.item.start, end: second.item.end))
            }
        }
    }

    @Test func tiesAreBrokenByStartThenID() throws {
        var board = Board(axis: .days(first: 0, count: 10))
        try board.load(rows: [RowSpec(id: 1)])
        try board.load(items: [
            Item(id: 9, row: 1, start: 2, end: 4), Item(id: 3, row: 1, start: 2, end: 4),
            Item(id: 5, row: 1, start: 1, end: 3),
        ])
        #expect(board.placedItem(id: 5)?.lane == 0)
        #expect(board.placedItem(id: 3)?.lane == 1)
        #expect(board.placedItem(id: 9)?.lane == 2)
    }

    @Test func backToBackStaysShareALane() throws {
        var board = Board(axis: .days(first: 0, count: 10))
        try board.load(rows: [RowSpec(id: 1, forbidsOverlap: true)])
        try board.load(items: [Item(id: 1, row: 1, start: 0, end: 3), Item(id: 2, row: 1, start: 3, end: 5)])
        #expect(board.placedRow(0).laneCount == 1)
        #expect(board.conflictingItemIDs.isEmpty)
    }

    @Test func overlappingStaysInARoomAreLaidOutAndReportedAsConflicts() throws {
        var board = Board(axis: .days(first: 0, count: 10))
        try board.load(rows: [RowSpec(id: 1, forbidsOverlap: true), RowSpec(id: 2)])
        try board.load(items: [
            Item(id: 1, row: 1, start: 0, end: 3), Item(id: 2, row: 1, start: 2, end: 5),
            Item(id: 3, row: 1, start: 6, end: 7), Item(id: 4, row: 2, start: 0, end: 3),
            Item(id: 5, row: 2, start: 1, end: 3),
        ])
        #expect(board.placedRow(0).laneCount == 2)
        #expect(board.placedRow(0).hasConflict)
        #expect(board.conflictingItemIDs.sorted() == [1, 2])
        // Staff rows allow overlap: stacked, not conflicting.
        #expect(board.placedRow(1).laneCount == 2)
        #expect(!board.placedRow(1).hasConflict)
    }

    @Test func aLongStayConflictsWithEveryStayInsideIt() throws {
        var board = Board(axis: .days(first: 0, count: 30))
        try board.load(rows: [RowSpec(id: 1, forbidsOverlap: true)])
        try board.load(items: [
            Item(id: 1, row: 1, start: 0, end: 20), Item(id: 2, row: 1, start: 2, end: 3),
            Item(id: 3, row: 1, start: 10, end: 12), Item(id: 4, row: 1, start: 20, end: 22),
        ])
        #expect(board.conflictingItemIDs.sorted() == [1, 2, 3])
    }

    @Test func rowHeightIsLanesTimesLaneHeightWithAtLeastOneLane() throws {
        var board = Board(axis: .days(first: 0, count: 10), metrics: Metrics(laneHeight: 30, groupHeaderHeight: 20))
        try board.load(rows: [RowSpec(id: 0, kind: .groupHeader), RowSpec(id: 1), RowSpec(id: 2)])
        try board.load(items: [
            Item(id: 1, row: 1, start: 0, end: 3), Item(id: 2, row: 1, start: 1, end: 3),
            Item(id: 3, row: 1, start: 2, end: 3),
        ])
        #expect(board.placedRow(0).height == 20)
        #expect(board.placedRow(1).height == 90)
        #expect(board.placedRow(2).height == 30)
        #expect(board.placedRow(2).y == 56 + 20 + 90)
    }

    @Test func fewRowsAreStretchedToFillTheViewport() throws {
        var board = Board(axis: .minutes(), metrics: Metrics(columnHeaderHeight: 50, laneHeight: 40))
        try board.load(rows: [RowSpec(id: 0, kind: .groupHeader), RowSpec(id: 1), RowSpec(id: 2)])
        try board.load(items: [Item(id: 1, row: 1, start: 60, end: 120), Item(id: 2, row: 1, start: 90, end: 150)])
        board.setFillHeight(768)
        #expect(board.contentHeight == 768)
        let header = board.placedRow(0)
        #expect(header.height == 28)
        #expect(board.placedRow(1).height == board.placedRow(2).height + 40)
        // The stacked row's lanes share its stretched height.
        let second = board.placedItem(id: 2)!.frame
        #expect(second.y == board.placedRow(1).y + board.placedRow(1).height / 2 + 4)
        board.setFillHeight(0)
        #expect(board.contentHeight == 50 + 28 + 80 + 40)
    }

    @Test func loadingBadItemsChangesNothing() throws {
        var board = TestBoards.random(seed: 3)
        let before = board.allItems
        #expect(throws: TimelineError(.unknownRow, id: 77_777)) {
            try board.load(items: [Item(id: 1, row: 77_777, start: 0, end: 1)])
        }
        #expect(throws: TimelineError(.duplicateItem, id: 1)) {
            try board.load(items: [Item(id: 1, row: 0, start: 0, end: 1), Item(id: 1, row: 0, start: 2, end: 3)])
        }
        #expect(throws: TimelineError(.emptyRange, id: 1)) {
            try board.load(items: [Item(id: 1, row: 0, start: 5, end: 5)])
        }
        #expect(throws: TimelineError(.duplicateRow, id: 4)) {
            try board.load(rows: [RowSpec(id: 4), RowSpec(id: 4)])
        }
        #expect(board.allItems == before)
    }
}
