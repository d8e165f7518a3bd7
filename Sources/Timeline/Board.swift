/// The layout of a reservation board: rows (grouped) down the side, an axis of days or minutes across
/// the top, and items packed into lanes within their rows.
///
/// What the seeds wrote as a custom `UICollectionViewLayout`, as a value. Build it once with `load`,
/// then keep it current with the incremental edits in `Board+Editing.swift`; ask it what intersects a
/// viewport with the queries in `Board+Queries.swift`. Coordinates are CSS pixels in the scroll
/// container's content space: the body starts below the column headers and right of the row headers.
public struct Board: Sendable {
    public var axis: Axis
    public private(set) var metrics: Metrics
    /// When the rows are shorter than this (the viewport's height, headers included), member rows are
    /// stretched to fill it (seed 004: the board fills the screen however few staff there are).
    public private(set) var fillHeight: Double = 0
    /// Now, as a fractional unit (a day plus minutes / 1440 on a day axis), if set.
    public var now: Double?
    /// Business hours as minutes of the day, for a minute axis.
    public var businessHours: Range<Int>?

    var rows: [RowState] = []
    var rowIndexByID = IDTable<Int>(empty: 0)
    /// Where each item is kept, for finding it by id.
    var locations = IDTable<ItemLocation>(empty: ItemLocation(rowIndex: 0, start: 0))
    /// Row heights before stretching (0 for rows hidden in a collapsed group).
    var naturalHeights: [Double] = []
    /// The top of each row relative to the body, and the body's height at the end: `rows.count + 1`.
    var tops: [Double] = [0]
    /// What each visible member row gains when stretching.
    var stretch: Double = 0

    public init(axis: Axis, metrics: Metrics = Metrics()) {
        self.axis = axis
        self.metrics = metrics
    }

    struct ItemLocation: Equatable, Sendable {
        private var storedRowIndex: Int32
        /// The item's start: with its id, its key in the row's order. Starts are days or minutes since
        /// 1970, well within 32 bits; keeping both in 8 bytes halves the table loading must fill.
        private var storedStart: Int32

        init(rowIndex: Int, start: Int) {
            storedRowIndex = Int32(truncatingIfNeeded: rowIndex)
            storedStart = Int32(truncatingIfNeeded: start)
        }

        var rowIndex: Int { Int(storedRowIndex) }
        var start: Int { Int(storedStart) }
    }

    struct RowState: Sendable {
        var spec: RowSpec
        /// The index of the group header row this row belongs to, or -1.
        var groupIndex: Int
        /// For group header rows: whether their members are hidden.
        var collapsed = false
        var content = RowContent()
    }

    public var rowCount: Int { rows.count }
    public var itemCount: Int { locations.count }

    // MARK: - Loading

    /// Replaces the rows, dropping all items.
    ///
    /// - Complexity: O(r).
    public mutating func load(rows specs: [RowSpec]) throws(TimelineError) {
        var indexByID = IDTable<Int>(capacity: specs.count, empty: 0)
        var newRows: [RowState] = []
        newRows.reserveCapacity(specs.count)
        var groupIndex = -1
        for (index, spec) in specs.enumerated() {
            guard indexByID.updateValue(index, forID: spec.id) == nil else {
                throw TimelineError(.duplicateRow, id: spec.id)
            }
            if spec.kind == .groupHeader { groupIndex = index }
            newRows.append(RowState(spec: spec, groupIndex: spec.kind == .groupHeader ? -1 : groupIndex))
        }
        rows = newRows
        rowIndexByID = indexByID
        locations = IDTable(empty: ItemLocation(rowIndex: 0, start: 0))
        relayoutAllRows()
    }

    /// Replaces all items, all or nothing: on a bad item (unknown row, duplicate id, end not after
    /// start) the board keeps the items it had.
    ///
    /// - Complexity: O(n log(n / r) + n·L) for n items in r rows of at most L lanes.
    public mutating func load(items: [Item]) throws(TimelineError) {
        // Two passes: find each item's row and count per row, then fill rows of exactly that size, so
        // that loading allocates each row's storage once.
        var rowOfItem = [Int32](repeating: 0, count: items.count)
        var countOfRow = [Int](repeating: 0, count: rows.count)
        var newLocations = IDTable<ItemLocation>(capacity: items.count, empty: ItemLocation(rowIndex: 0, start: 0))
        for (index, item) in items.enumerated() {
            guard let rowIndex = rowIndexByID[item.row] else { throw TimelineError(.unknownRow, id: item.row) }
            guard item.end > item.start else { throw TimelineError(.emptyRange, id: item.id) }
            let location = ItemLocation(rowIndex: rowIndex, start: item.start)
            guard newLocations.updateValue(location, forID: item.id) == nil else {
                throw TimelineError(.duplicateItem, id: item.id)
            }
            rowOfItem[index] = Int32(truncatingIfNeeded: rowIndex)
            countOfRow[rowIndex] += 1
        }
        var itemsOfRow: [[Item]] = countOfRow.map { count in
            var row: [Item] = []
            row.reserveCapacity(count)
            return row
        }
        for (index, item) in items.enumerated() {
            itemsOfRow[Int(rowOfItem[index])].append(item)
        }
        for index in rows.indices {
            let rowItems = itemsOfRow[index]
            itemsOfRow[index] = []
            rows[index].content = RowContent(unsorted: rowItems, forbidsOverlap: rows[index].spec.forbidsOverlap)
        }
        locations = newLocations
        relayoutAllRows()
    }

    public mutating func setMetrics(_ metrics: Metrics) {
        self.metrics = metrics
        relayoutAllRows()
    }

    public mutating func setFillHeight(_ height: Double) {
        fillHeight = max(height, 0)
        relayoutHeights(from: 0)
    }

    // MARK: - Heights

    // Rows are read field by field here: binding `rows[index]` to a constant would copy the row and
    // retain its arrays, on paths that run for every visible row.
    func naturalHeight(ofRow index: Int) -> Double {
        let groupIndex = rows[index].groupIndex
        if groupIndex >= 0 && rows[groupIndex].collapsed { return 0 }
        let lanes = Double(rows[index].content.laneCount)
        switch rows[index].spec.kind {
        case .member: return max(lanes, 1) * metrics.laneHeight
        case .groupHeader: return max(metrics.groupHeaderHeight, lanes * metrics.laneHeight)
        }
    }

    func height(ofRow index: Int) -> Double {
        tops[index + 1] - tops[index]
    }

    /// The height of one lane in a row: stretched member rows share their height among their lanes.
    func laneHeight(ofRow index: Int) -> Double {
        guard rows[index].spec.kind == .member else { return metrics.laneHeight }
        return height(ofRow: index) / Double(max(rows[index].content.laneCount, 1))
    }

    mutating func relayoutAllRows() {
        naturalHeights = rows.indices.map { naturalHeight(ofRow: $0) }
        relayoutHeights(from: 0)
    }

    /// Recomputes the tops from a row down: what an edit costs beyond re-packing its rows.
    ///
    /// - Complexity: O(r) at worst; O(r - index) unless the stretch changes.
    mutating func relayoutHeights(from index: Int) {
        if tops.count != rows.count + 1 { tops = Array(repeating: 0, count: rows.count + 1) }
        let newStretch = stretchPerMemberRow()
        let first = newStretch == stretch ? min(index, rows.count) : 0
        stretch = newStretch
        for row in first..<rows.count {
            var height = naturalHeights[row]
            if height > 0 && rows[row].spec.kind == .member { height += stretch }
            tops[row + 1] = tops[row] + height
        }
    }

    private func stretchPerMemberRow() -> Double {
        let target = fillHeight - metrics.columnHeaderHeight
        guard target > 0 else { return 0 }
        var natural = 0.0
        var visibleMembers = 0
        for row in rows.indices {
            natural += naturalHeights[row]
            if naturalHeights[row] > 0 && rows[row].spec.kind == .member { visibleMembers += 1 }
        }
        guard natural < target, visibleMembers > 0 else { return 0 }
        return (target - natural) / Double(visibleMembers)
    }
}
