import Testing

@testable import Timeline

struct EditingTests {
    /// A board built from scratch with another's rows and items: what every edit must leave behind.
    func rebuilt(_ board: Board) -> Board {
        var fresh = Board(axis: board.axis, metrics: board.metrics)
        try! fresh.load(rows: TestBoards.rowSpecs(board))
        try! fresh.load(items: board.allItems)
        fresh.setFillHeight(board.fillHeight)
        return fresh
    }

    func expectSameLayout(_ board: Board, _ other: Board) {
        #expect(board.rowCount == other.rowCount)
        #expect(board.itemCount == other.itemCount)
        #expect(board.contentHeight == other.contentHeight)
        for index in 0..<board.rowCount { #expect(board.placedRow(index) == other.placedRow(index)) }
        for item in other.allItems { #expect(board.placedItem(id: item.id) == other.placedItem(id: item.id)) }
        #expect(board.conflictingItemIDs.sorted() == other.conflictingItemIDs.sorted())
    }

    @Test(arguments: 1...30)
    func incrementalEditsLeaveTheBoardIdenticalToARebuild(seed: UInt64) throws {
        var board = TestBoards.random(seed: seed)
        if seed % 3 == 0 { board.setFillHeight(4000) }
        var random = SeededGenerator(seed: seed)
        let rowIDs = TestBoards.rowSpecs(board).map(\.id)
        var nextID = 100_000
        for _ in 0..<60 {
            let ids = board.allItems.map(\.id)
            let row = rowIDs[random.next(below: rowIDs.count)]
            let start = TestBoards.firstDay + random.next(below: 60)
            let end = start + 1 + random.next(below: 6)
            switch random.next(below: 5) {
            case 0:
                try board.insert(Item(id: nextID, row: row, start: start, end: end, style: 1))
                nextID += 1
            case 1:
                try board.remove(itemID: ids[random.next(below: ids.count)])
            case 2:
                let id = ids[random.next(below: ids.count)]
                let item = board.placedItem(id: id)!.item
                try board.move(itemID: id, toRow: item.row, start: item.start, end: item.end + 1)  // a resize
            default:
                try board.move(itemID: ids[random.next(below: ids.count)], toRow: row, start: start, end: end)
            }
        }
        expectSameLayout(board, rebuilt(board))
    }

    @Test(arguments: 1...20)
    func replacingManyItemsAtOnceLeavesTheBoardIdenticalToARebuild(seed: UInt64) throws {
        var board = TestBoards.random(seed: seed)
        if seed % 3 == 0 { board.setFillHeight(4000) }
        var random = SeededGenerator(seed: seed)
        let rowIDs = TestBoards.rowSpecs(board).map(\.id)
        var nextID = 100_000
        for _ in 0..<8 {
            // Some items go, some come back elsewhere (moved), some are new.
            let removing = board.allItems.map(\.id).filter { _ in random.next(below: 10) == 0 }
            var adding: [Item] = []
            for id in removing where random.next(below: 2) == 0 || adding.isEmpty {
                let start = TestBoards.firstDay + random.next(below: 60)
                adding.append(Item(id: id, row: rowIDs[random.next(below: rowIDs.count)], start: start, end: start + 2))
            }
            for _ in 0..<random.next(below: 40) {
                let start = TestBoards.firstDay + random.next(below: 60)
                let end = start + 1 + random.next(below: 6)
                adding.append(Item(id: nextID, row: rowIDs[random.next(below: rowIDs.count)], start: start, end: end))
                nextID += 1
            }
            try board.replace(removing: removing, adding: adding)
            for id in removing where !adding.contains(where: { $0.id == id }) { #expect(!board.contains(itemID: id)) }
            for item in adding { #expect(board.placedItem(id: item.id)?.item == item) }
        }
        expectSameLayout(board, rebuilt(board))
    }

    @Test func replacingRefusesBadEditsAndKeepsTheBoardAsItWas() throws {
        var board = TestBoards.random(seed: 2)
        let kept = board.allItems[0]
        let gone = board.allItems[1]
        let fresh = Item(id: 999_999, row: kept.row, start: kept.start, end: kept.end + 1)
        #expect(throws: TimelineError(.unknownItem, id: -5)) {
            try board.replace(removing: [gone.id, -5], adding: [fresh])
        }
        #expect(throws: TimelineError(.unknownItem, id: gone.id)) {
            try board.replace(removing: [gone.id, gone.id], adding: [])
        }
        #expect(throws: TimelineError(.duplicateItem, id: kept.id)) {
            try board.replace(removing: [gone.id], adding: [fresh, kept])
        }
        #expect(throws: TimelineError(.duplicateItem, id: fresh.id)) {
            try board.replace(removing: [gone.id], adding: [fresh, fresh])
        }
        #expect(throws: TimelineError(.unknownRow, id: 123_456)) {
            try board.replace(removing: [gone.id], adding: [Item(id: 1_000_000, row: 123_456, start: 0, end: 1)])
        }
        #expect(throws: TimelineError(.emptyRange, id: fresh.id)) {
            try board.replace(removing: [gone.id], adding: [Item(id: fresh.id, row: kept.row, start: 4, end: 4)])
        }
        expectSameLayout(board, TestBoards.random(seed: 2))
    }

    @Test func movingAStayToAnotherRoomShiftsTheRowsBetween() throws {
        var board = Board(axis: .days(first: 0, count: 10), metrics: Metrics(laneHeight: 30))
        try board.load(rows: [RowSpec(id: 1), RowSpec(id: 2), RowSpec(id: 3)])
        try board.load(items: [Item(id: 1, row: 1, start: 0, end: 3), Item(id: 2, row: 1, start: 1, end: 3)])
        #expect(board.placedRow(2).y == 56 + 60 + 30)
        try board.move(itemID: 2, toRow: 3, start: 4, end: 6)
        #expect(board.placedRow(1).y == 56 + 30)
        #expect(board.placedRow(2).y == 56 + 60)
        #expect(board.placedItem(id: 2)?.item == Item(id: 2, row: 3, start: 4, end: 6))
    }

    @Test func editsRefuseUnknownIdsAndEmptyRanges() throws {
        var board = TestBoards.random(seed: 1)
        #expect(throws: TimelineError(.unknownItem, id: -5)) { try board.remove(itemID: -5) }
        #expect(throws: TimelineError(.unknownRow, id: 123_456)) {
            try board.move(itemID: 0, toRow: 123_456, start: 0, end: 1)
        }
        #expect(throws: TimelineError(.emptyRange, id: 0)) { try board.move(itemID: 0, toRow: 0, start: 4, end: 4) }
        #expect(throws: TimelineError(.duplicateItem, id: 0)) {
            try board.insert(Item(id: 0, row: 0, start: 0, end: 1))
        }
        expectSameLayout(board, TestBoards.random(seed: 1))
    }

    @Test func previewReportsTheStaysInTheWayWithoutCommitting() throws {
        var board = Board(axis: .days(first: 0, count: 20))
        try board.load(rows: [RowSpec(id: 1, forbidsOverlap: true), RowSpec(id: 2, forbidsOverlap: true)])
        try board.load(items: [
            Item(id: 1, row: 1, start: 0, end: 3), Item(id: 2, row: 2, start: 2, end: 5),
            Item(id: 3, row: 2, start: 6, end: 9),
        ])
        let blocked = try board.preview(itemID: 1, toRow: 2, start: 4, end: 7)
        #expect(blocked.conflictingIDs == [2, 3])
        #expect(blocked.lane == 1)
        let free = try board.preview(itemID: 1, toRow: 2, start: 5, end: 6)
        #expect(free.conflictingIDs.isEmpty)
        #expect(free.lane == 0)
        #expect(free.frame == Rect(x: 160 + 5.5 * 48, y: 56 + 36 + 4, width: 48, height: 28))
        // Moving within its own row never conflicts with itself.
        #expect(try board.preview(itemID: 2, toRow: 2, start: 3, end: 7).conflictingIDs == [3])
        #expect(board.placedItem(id: 1)?.item.row == 1)
        #expect(board.placedRow(1).laneCount == 1)
    }

    @Test func collapsingAGroupHidesItsRoomsAndTheirStays() throws {
        var board = TestBoards.random(seed: 9)
        let before = board.contentHeight
        try board.setCollapsed(groupRowID: 10_000, true)
        let hiddenItems = board.allItems.filter { $0.row >= 0 && $0.row < 100 }
        let everything = Rect(x: 0, y: 0, width: board.contentWidth, height: board.contentHeight)
        let visible = Set(board.items(in: everything).map(\.item.id))
        #expect(hiddenItems.allSatisfy { !visible.contains($0.id) })
        #expect(board.contentHeight < before)
        try board.setCollapsed(groupRowID: 10_000, false)
        #expect(board.contentHeight == before)
        #expect(throws: TimelineError(.unknownRow, id: 0)) { try board.setCollapsed(groupRowID: 0, true) }
    }
}

struct HitTestingTests {
    func board() throws -> Board {
        var board = Board(axis: .days(first: 100, count: 10, columnWidth: 50), metrics: Metrics(laneHeight: 40))
        try board.load(rows: [RowSpec(id: 7, kind: .groupHeader), RowSpec(id: 1), RowSpec(id: 2)])
        try board.load(items: [
            Item(id: 1, row: 1, start: 101, end: 103), Item(id: 2, row: 1, start: 102, end: 104),
            Item(id: 3, row: 7, start: 100, end: 101),
        ])
        return board
    }

    @Test func pointOnAStayFindsItsRowLaneAndNight() throws {
        let board = try board()
        // The group header holds an unassigned stay, so it is one lane (40) tall; row 1 has two lanes.
        let hit = board.hitTest(Point(x: 160 + 2.8 * 50, y: 56 + 40 + 40 + 20), scrollX: 0, scrollY: 0, step: 1)
        #expect(hit.region == .body)
        #expect(hit.rowIndex == 1)
        #expect(hit.lane == 1)
        #expect(hit.itemID == 2)
        #expect(hit.cell == 102)
        #expect(hit.column == 2)
    }

    @Test func rowBoundaryBelongsToTheRowBelow() throws {
        let board = try board()
        let boundary = 56 + 40 + 80.0
        #expect(board.hitTest(Point(x: 300, y: boundary), scrollX: 0, scrollY: 0, step: 1).rowIndex == 2)
        #expect(board.hitTest(Point(x: 300, y: boundary - 0.01), scrollX: 0, scrollY: 0, step: 1).rowIndex == 1)
    }

    @Test func groupHeaderRowsAreHitAndHoldUnassignedStays() throws {
        let board = try board()
        let hit = board.hitTest(Point(x: 160 + 0.8 * 50, y: 56 + 10), scrollX: 0, scrollY: 0, step: 1)
        #expect(hit.rowIndex == 0)
        #expect(hit.itemID == 3)
    }

    @Test func firstAndLastColumnsSnapInsideTheAxis() throws {
        let board = try board()
        let first = board.hitTest(Point(x: 160.5, y: 56 + 40 + 90), scrollX: 0, scrollY: 0, step: 1)
        #expect(first.column == 0)
        #expect(first.cell == 99)  // the left half of the first column is the night before it
        #expect(first.itemID == nil)
        let last = board.hitTest(Point(x: 160 + 499.5, y: 56 + 40 + 90), scrollX: 0, scrollY: 0, step: 1)
        #expect(last.column == 9)
        #expect(last.cell == 109)
        let beyond = board.hitTest(Point(x: 160 + 500, y: 56 + 40 + 90), scrollX: 0, scrollY: 0, step: 1)
        #expect(beyond.region == .outside)
    }

    @Test func headersFloatWithTheScrollOffset() throws {
        let board = try board()
        let corner = board.hitTest(Point(x: 210, y: 100), scrollX: 100, scrollY: 90, step: 1)
        #expect(corner.region == .corner)
        let rowHeader = board.hitTest(Point(x: 210, y: 150), scrollX: 100, scrollY: 90, step: 1)
        #expect(rowHeader.region == .rowHeader)
        #expect(rowHeader.rowIndex == 1)
        let columnHeader = board.hitTest(Point(x: 300, y: 100), scrollX: 100, scrollY: 90, step: 1)
        #expect(columnHeader.region == .columnHeader)
        #expect(columnHeader.rowIndex == nil)
        #expect(columnHeader.column == 2)
    }

    @Test func minuteBoardsSnapToTheChosenStep() throws {
        var board = Board(axis: .minutes(start: 0, end: 1440, minutesPerColumn: 60, columnWidth: 120))
        try board.load(rows: [RowSpec(id: 1)])
        let point = Point(x: 160 + 2 * 97, y: 56 + 10)  // 97 minutes after midnight
        #expect(board.hitTest(point, scrollX: 0, scrollY: 0, step: 5).cell == 95)
        #expect(board.hitTest(point, scrollX: 0, scrollY: 0, step: 15).cell == 90)
        #expect(board.hitTest(point, scrollX: 0, scrollY: 0, step: 15).boundary == 90)
        #expect(board.hitTest(point, scrollX: 0, scrollY: 0, step: 30).boundary == 90)
        #expect(board.hitTest(point, scrollX: 0, scrollY: 0, step: 60).cell == 60)
        #expect(board.hitTest(point, scrollX: 0, scrollY: 0, step: 60).boundary == 120)
    }
}
