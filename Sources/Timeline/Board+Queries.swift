/// An item as drawn: where its bar is, its lane, and whether it is in conflict.
public struct PlacedItem: Equatable, Sendable {
    public var item: Item
    public var rowIndex: Int
    public var lane: Int
    public var inConflict: Bool
    public var frame: Rect
}

/// A row as drawn, for its header and its grid line.
public struct PlacedRow: Equatable, Sendable {
    public var index: Int
    public var spec: RowSpec
    /// The id of the group header row this row belongs to, or nil.
    public var groupRowID: Int?
    public var y: Double
    public var height: Double
    public var laneCount: Int
    public var collapsed: Bool
    public var hasConflict: Bool
}

/// What marks a column: the front end shades, labels and draws lines by these.
public struct ColumnFlags: OptionSet, Equatable, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let weekend = ColumnFlags(rawValue: 1 << 0)
    public static let monthStart = ColumnFlags(rawValue: 1 << 1)
    public static let monday = ColumnFlags(rawValue: 1 << 2)
    public static let containsNow = ColumnFlags(rawValue: 1 << 3)
    public static let hourStart = ColumnFlags(rawValue: 1 << 4)
    public static let outsideBusinessHours = ColumnFlags(rawValue: 1 << 5)
    public static let dayStart = ColumnFlags(rawValue: 1 << 6)
}

/// A column as drawn, for its header, its grid line and its band.
public struct PlacedColumn: Equatable, Sendable {
    public var index: Int
    /// The column's first day or minute.
    public var value: Int
    public var flags: ColumnFlags
    public var x: Double
    public var width: Double
}

/// A span of columns under one label: a month on a day axis, a day on a minute axis.
public struct PlacedSpan: Equatable, Sendable {
    /// The year (day axis) or the day number (minute axis).
    public var major: Int
    /// The month 1...12 (day axis), or 0.
    public var minor: Int
    public var x: Double
    public var width: Double
}

/// The frozen panes and the body for a scroll offset, in content space.
public struct Panes: Equatable, Sendable {
    public var corner: Rect
    public var top: Rect
    public var left: Rect
    public var body: Rect
}

extension Board {
    // MARK: - Sizes

    /// The scroll container's content size, headers included.
    ///
    /// - Complexity: O(1).
    public var contentWidth: Double { metrics.rowHeaderWidth + axis.width }

    /// - Complexity: O(1).
    public var contentHeight: Double { metrics.columnHeaderHeight + tops[rows.count] }

    /// Where the frozen corner, top and left panes sit for a scroll offset (the seed 002 layout that
    /// pins the first row and column to the content offset), and the body they leave.
    ///
    /// - Complexity: O(1).
    public func panes(scrollX: Double, scrollY: Double, viewportWidth: Double, viewportHeight: Double) -> Panes {
        let headerWidth = metrics.rowHeaderWidth
        let headerHeight = metrics.columnHeaderHeight
        let bodyWidth = max(viewportWidth - headerWidth, 0)
        let bodyHeight = max(viewportHeight - headerHeight, 0)
        return Panes(
            corner: Rect(x: scrollX, y: scrollY, width: headerWidth, height: headerHeight),
            top: Rect(x: scrollX + headerWidth, y: scrollY, width: bodyWidth, height: headerHeight),
            left: Rect(x: scrollX, y: scrollY + headerHeight, width: headerWidth, height: bodyHeight),
            body: Rect(x: scrollX + headerWidth, y: scrollY + headerHeight, width: bodyWidth, height: bodyHeight))
    }

    /// The x of now in content space, or nil when now is unset or off the axis.
    ///
    /// - Complexity: O(1).
    public var nowX: Double? {
        guard let now, now >= Double(axis.start), now <= Double(axis.end) else { return nil }
        return metrics.rowHeaderWidth + axis.x(ofFractionalUnit: now)
    }

    // MARK: - Rows

    /// The indices of rows whose band intersects `[minY, maxY)` in content space, hidden rows included
    /// (they have no height; `forEachRow` skips them).
    ///
    /// - Complexity: O(log r).
    public func rowIndices(intersecting minY: Double, _ maxY: Double) -> Range<Int> {
        let low = minY - metrics.columnHeaderHeight
        let high = maxY - metrics.columnHeaderHeight
        guard high > low, !rows.isEmpty else { return 0..<0 }
        let first = firstRow { tops[$0 + 1] > low }
        let end = firstRow { tops[$0] >= high }
        return first < end ? first..<end : 0..<0
    }

    /// The row at a content y, or nil outside the rows.
    ///
    /// - Complexity: O(log r).
    public func rowIndex(atY y: Double) -> Int? {
        let bodyY = y - metrics.columnHeaderHeight
        guard bodyY >= 0, bodyY < tops[rows.count] else { return nil }
        let index = firstRow { tops[$0 + 1] > bodyY }
        return index < rows.count ? index : nil
    }

    /// Calls `body` for every visible row (group headers included) intersecting `[minY, maxY)`.
    ///
    /// - Complexity: O(log r + k).
    public func forEachRow(intersecting minY: Double, _ maxY: Double, _ body: (PlacedRow) -> Void) {
        for index in rowIndices(intersecting: minY, maxY) where height(ofRow: index) > 0 {
            body(placedRow(index))
        }
    }

    public func placedRow(_ index: Int) -> PlacedRow {
        let row = rows[index]
        return PlacedRow(
            index: index, spec: row.spec, groupRowID: row.groupIndex >= 0 ? rows[row.groupIndex].spec.id : nil,
            y: metrics.columnHeaderHeight + tops[index], height: height(ofRow: index),
            laneCount: max(row.content.laneCount, 1), collapsed: row.collapsed, hasConflict: row.content.hasConflict)
    }

    /// The first row index in `0..<rows.count` for which `isAfter` holds (false then true along the rows).
    private func firstRow(where isAfter: (Int) -> Bool) -> Int {
        var low = 0
        var high = rows.count
        while low < high {
            let middle = (low + high) / 2
            if isAfter(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    // MARK: - Items

    /// Calls `body` for every item whose bar intersects `rect` (edges touching do not count), row by row,
    /// lane by lane, in start order. Hidden rows give nothing.
    ///
    /// Rows are found by binary search over their tops, lanes by arithmetic, and items by binary search
    /// within each lane, whose bars never overlap and so ascend in both start and end.
    /// - Complexity: O(log r + v·L·log m + k) for v visible rows of at most L lanes and m items, k found.
    public func forEachItem(in rect: Rect, _ body: (PlacedItem) -> Void) {
        guard rect.width > 0, rect.height > 0 else { return }
        let minX = rect.x - metrics.rowHeaderWidth
        let maxX = rect.maxX - metrics.rowHeaderWidth
        let visibleRows = rowIndices(intersecting: rect.y, rect.maxY)
        // Rows are read through a buffer pointer so that each row is borrowed, not copied (with its
        // arrays retained and released), on this per-frame path.
        rows.withUnsafeBufferPointer { rows in
            for rowIndex in visibleRows where height(ofRow: rowIndex) > 0 {
                let content = rows.baseAddress! + rowIndex
                let laneHeight = laneHeight(ofRow: rowIndex)
                let inset = min(metrics.barInset, laneHeight / 2)
                let rowTop = metrics.columnHeaderHeight + tops[rowIndex]
                // Lanes that may cross the rect, one wider each way than arithmetic says so that rounding
                // never drops one; the exact test is below.
                let laneCount = content.pointee.content.laneCount
                let firstLane = max(0, Int(((rect.y - rowTop + inset) / laneHeight).rounded(.down)) - 1)
                let endLane = min(laneCount, Int(((rect.maxY - rowTop - inset) / laneHeight).rounded(.up)) + 1)
                guard firstLane < endLane else { continue }
                content.pointee.content.forEachBar(axis: axis, minX: minX, maxX: maxX, lanes: firstLane..<endLane) {
                    item, lane, inConflict, span in
                    let (minY, maxY) = Self.barSpanY(rowTop: rowTop, laneHeight: laneHeight, inset: inset, lane: lane)
                    guard minY < rect.maxY, maxY > rect.y else { return }
                    body(
                        PlacedItem(
                            item: item, rowIndex: rowIndex, lane: lane, inConflict: inConflict,
                            frame: Rect(
                                x: metrics.rowHeaderWidth + span.minX, y: minY, width: span.maxX - span.minX,
                                height: maxY - minY)))
                }
            }
        }
    }

    /// The items whose bars intersect `rect`; see `forEachItem(in:_:)`.
    ///
    /// - Complexity: O(log r + v·L·log m + k).
    public func items(in rect: Rect) -> [PlacedItem] {
        var found: [PlacedItem] = []
        forEachItem(in: rect) { found.append($0) }
        return found
    }

    /// Whether the board holds an item.
    ///
    /// - Complexity: O(1) expected.
    public func contains(itemID id: Int) -> Bool {
        locations[id] != nil
    }

    /// One item as drawn, or nil for an unknown id.
    ///
    /// - Complexity: O(log m) after a hash lookup.
    public func placedItem(id: Int) -> PlacedItem? {
        guard let (rowIndex, index) = indexPath(ofItem: id) else { return nil }
        return placed(rowIndex: rowIndex, itemIndex: index)
    }

    /// Every item of every row, in row order: for tests and exports, not for drawing.
    ///
    /// - Complexity: O(n).
    public var allItems: [Item] {
        var all: [Item] = []
        all.reserveCapacity(itemCount)
        for row in rows { all.append(contentsOf: row.content.items) }
        return all
    }

    /// Whether an item is in a row hidden by a collapsed group.
    public func isHidden(rowIndex: Int) -> Bool { height(ofRow: rowIndex) == 0 }

    /// The ids of all items in conflict (overlapping another in a row that forbids overlap).
    ///
    /// - Complexity: O(r + c) plus the conflicting rows' items.
    public var conflictingItemIDs: [Int] {
        var ids: [Int] = []
        for row in rows where row.content.hasConflict {
            for (index, item) in row.content.items.enumerated() where row.content.conflictOfItem[index] {
                ids.append(item.id)
            }
        }
        return ids
    }

    /// The row and the index within it of an item.
    ///
    /// - Complexity: O(log m) after a hash lookup.
    func indexPath(ofItem id: Int) -> (rowIndex: Int, index: Int)? {
        guard let location = locations[id] else { return nil }
        let key = Item(id: id, row: 0, start: location.start, end: location.start)
        guard let index = rows[location.rowIndex].content.index(of: key) else { return nil }
        return (location.rowIndex, index)
    }

    func placed(rowIndex: Int, itemIndex: Int) -> PlacedItem {
        let content = rows[rowIndex].content
        let item = content.items[itemIndex]
        let lane = content.laneOfItem[itemIndex]
        return PlacedItem(
            item: item, rowIndex: rowIndex, lane: lane, inConflict: content.conflictOfItem[itemIndex],
            frame: barFrame(start: item.start, end: item.end, row: rowIndex, lane: lane))
    }

    func barFrame(start: Int, end: Int, row: Int, lane: Int) -> Rect {
        let span = axis.barSpan(start: start, end: end)
        let (minY, maxY) = barSpanY(row: row, lane: lane)
        return Rect(
            x: metrics.rowHeaderWidth + span.minX, y: minY, width: span.maxX - span.minX, height: maxY - minY)
    }

    /// The vertical extent of a bar in a lane, in content space.
    func barSpanY(row: Int, lane: Int) -> (Double, Double) {
        let laneHeight = laneHeight(ofRow: row)
        let inset = min(metrics.barInset, laneHeight / 2)
        return Self.barSpanY(
            rowTop: metrics.columnHeaderHeight + tops[row], laneHeight: laneHeight, inset: inset, lane: lane)
    }

    /// The one formula for a bar's vertical extent, so that every path gives the same bits.
    static func barSpanY(rowTop: Double, laneHeight: Double, inset: Double, lane: Int) -> (Double, Double) {
        let laneTop = rowTop + Double(lane) * laneHeight
        return (laneTop + inset, laneTop + laneHeight - inset)
    }

    // MARK: - Columns

    /// Calls `body` for every column intersecting `[minX, maxX)` in content space: the column headers,
    /// vertical grid lines and shaded bands (weekends, closed hours) of a viewport.
    ///
    /// - Complexity: O(k) for k columns found.
    public func forEachColumn(intersecting minX: Double, _ maxX: Double, _ body: (PlacedColumn) -> Void) {
        let offset = metrics.rowHeaderWidth
        for column in axis.columns(intersecting: minX - offset, maxX - offset) {
            let value = axis.columnStart(column)
            body(
                PlacedColumn(
                    index: column, value: value, flags: flags(ofColumnStartingAt: value),
                    x: offset + Double(column) * axis.columnWidth, width: axis.columnWidth))
        }
    }

    func flags(ofColumnStartingAt value: Int) -> ColumnFlags {
        var flags: ColumnFlags = []
        let columnEnd = value + axis.unitsPerColumn
        if let now, now >= Double(value), now < Double(columnEnd) { flags.insert(.containsNow) }
        switch axis.unit {
        case .day:
            let weekday = CalendarDay.weekday(ofDay: value)
            if weekday == 0 || weekday == 6 { flags.insert(.weekend) }
            if weekday == 1 { flags.insert(.monday) }
            if CalendarDay(daysSince1970: value).day == 1 { flags.insert(.monthStart) }
        case .minute:
            let minuteOfDay = Self.floorMod(value, 1440)
            if minuteOfDay % 60 == 0 { flags.insert(.hourStart) }
            if minuteOfDay == 0 { flags.insert(.dayStart) }
            if let hours = businessHours, minuteOfDay < hours.lowerBound || minuteOfDay >= hours.upperBound {
                flags.insert(.outsideBusinessHours)
            }
        }
        return flags
    }

    /// Calls `body` for every span intersecting `[minX, maxX)`: months on a day axis, days on a minute
    /// axis, each clipped to the axis, for the labels above the column headers.
    ///
    /// - Complexity: O(k) for k spans found.
    public func forEachSpan(intersecting minX: Double, _ maxX: Double, _ body: (PlacedSpan) -> Void) {
        let columns = axis.columns(intersecting: minX - metrics.rowHeaderWidth, maxX - metrics.rowHeaderWidth)
        guard let firstColumn = columns.first else { return }
        var unit = axis.columnStart(firstColumn)
        let lastUnit = min(axis.columnStart(columns.upperBound - 1) + axis.unitsPerColumn, axis.end)
        while unit < lastUnit {
            let spanStart: Int
            let spanEnd: Int
            let major: Int
            let minor: Int
            switch axis.unit {
            case .day:
                let date = CalendarDay(daysSince1970: unit)
                spanStart = unit - (date.day - 1)
                spanEnd = spanStart + CalendarDay.daysInMonth(year: date.year, month: date.month)
                major = date.year
                minor = date.month
            case .minute:
                let day = Self.floorDivide(unit, 1440)
                spanStart = day * 1440
                spanEnd = spanStart + 1440
                major = day
                minor = 0
            }
            let clippedStart = max(spanStart, axis.start)
            let clippedEnd = min(spanEnd, axis.end)
            let x = metrics.rowHeaderWidth + axis.x(of: clippedStart)
            body(PlacedSpan(major: major, minor: minor, x: x, width: axis.x(of: clippedEnd) - axis.x(of: clippedStart)))
            unit = spanEnd
        }
    }

    static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        let quotient = value / divisor
        return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    static func floorMod(_ value: Int, _ divisor: Int) -> Int {
        value - floorDivide(value, divisor) * divisor
    }
}
