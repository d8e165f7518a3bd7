import Timeline

/// Small factories for boards built in code.
enum TestBoards {
    static let firstDay = 20_000

    /// A hotel-like board: `groups` room types of 2...6 rooms (forbidding overlap) with random stays
    /// that may overlap (bad data), and a few unassigned stays on the group header rows.
    static func random(seed: UInt64, groups: Int = 5, items itemCount: Int = 300, days: Int = 60) -> Board {
        var random = SeededGenerator(seed: seed)
        var rows: [RowSpec] = []
        var memberIDs: [Int] = []
        var headerIDs: [Int] = []
        for group in 0..<groups {
            let headerID = 10_000 + group
            headerIDs.append(headerID)
            rows.append(RowSpec(id: headerID, kind: .groupHeader))
            for member in 0..<(2 + random.next(below: 5)) {
                let id = group * 100 + member
                memberIDs.append(id)
                rows.append(RowSpec(id: id, forbidsOverlap: group % 2 == 1))
            }
        }
        var items: [Item] = []
        for id in 0..<itemCount {
            let row =
                random.next(below: 10) == 0
                ? headerIDs[random.next(below: headerIDs.count)] : memberIDs[random.next(below: memberIDs.count)]
            let start = firstDay - 2 + random.next(below: days + 4)
            items.append(Item(id: id, row: row, start: start, end: start + 1 + random.next(below: 7), style: id % 4))
        }
        var board = Board(axis: .days(first: firstDay, count: days, columnWidth: 40))
        try! board.load(rows: rows)
        try! board.load(items: items)
        return board
    }

    /// A seeded rectangle somewhere on (or just off) the board.
    static func randomRect(_ random: inout SeededGenerator, on board: Board) -> Rect {
        let width = Int(board.contentWidth) + 200
        let height = Int(board.contentHeight) + 200
        return Rect(
            x: Double(random.next(below: width)) - 100, y: Double(random.next(below: height)) - 100,
            width: Double(1 + random.next(below: 900)), height: Double(1 + random.next(below: 700)))
    }

    /// The items intersecting a rect, found by looking at every item: what the index must agree with.
    static func bruteForceItems(in rect: Rect, on board: Board) -> [PlacedItem] {
        board.allItems.compactMap { item in
            guard let placed = board.placedItem(id: item.id), !board.isHidden(rowIndex: placed.rowIndex),
                placed.frame.intersects(rect)
            else { return nil }
            return placed
        }
    }

    static func rowSpecs(_ board: Board) -> [RowSpec] {
        (0..<board.rowCount).map { board.placedRow($0).spec }
    }
}

extension Array where Element == PlacedItem {
    var sortedByID: [PlacedItem] { sorted { $0.item.id < $1.item.id } }
}
