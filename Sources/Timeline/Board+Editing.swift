/// Where a point falls on the board.
public enum Region: Int, Equatable, Sendable {
    case outside = 0
    case corner = 1
    case columnHeader = 2
    case rowHeader = 3
    case body = 4
}

/// What is under a point: the pane, the row and lane, the item, and the snapped time.
public struct Hit: Equatable, Sendable {
    public var region: Region
    public var rowIndex: Int?
    public var lane: Int?
    /// The item whose bar contains the point (body only).
    public var itemID: Int?
    /// The day whose night covers the point (day axis), or the `step`-minute slot it falls in.
    public var cell: Int
    /// The `step` boundary nearest the point: where a dragged edge or start snaps to.
    public var boundary: Int
    /// The column under the point, or nil off the axis.
    public var column: Int?
}

/// Where an item would be drawn after a move or resize, and what is in its way, before committing.
public struct Preview: Equatable, Sendable {
    public var lane: Int
    /// The bar's frame on the board as it is now (rows below the target keep their places).
    public var frame: Rect
    /// Items overlapping the new range in a row that forbids overlap.
    public var conflictingIDs: [Int]
}

extension Board {
    // MARK: - Hit testing

    /// What is under a point in content space, given the scroll offset (the headers float with it).
    ///
    /// - Complexity: O(log r + L·log m).
    public func hitTest(_ point: Point, scrollX: Double, scrollY: Double, step: Int) -> Hit {
        let inLeftPane = point.x - scrollX < metrics.rowHeaderWidth
        let inTopPane = point.y - scrollY < metrics.columnHeaderHeight
        let axisX = point.x - metrics.rowHeaderWidth
        var hit = Hit(
            region: .outside, rowIndex: nil, lane: nil, itemID: nil, cell: axis.cell(atX: axisX, step: step),
            boundary: axis.boundary(atX: axisX, step: step), column: nil)
        guard point.x >= 0, point.y >= 0, point.x < contentWidth, point.y < contentHeight else { return hit }
        let columns = axis.columns(intersecting: axisX, axisX.nextUp)
        hit.column = inLeftPane ? nil : columns.first
        switch (inLeftPane, inTopPane) {
        case (true, true): hit.region = .corner
        case (false, true): hit.region = .columnHeader
        case (true, false): hit.region = .rowHeader
        case (false, false): hit.region = .body
        }
        guard !inTopPane, let rowIndex = rowIndex(atY: point.y) else { return hit }
        hit.rowIndex = rowIndex
        let laneHeight = laneHeight(ofRow: rowIndex)
        let laneCount = max(rows[rowIndex].content.laneCount, 1)
        let laneOffset = (point.y - metrics.columnHeaderHeight - tops[rowIndex]) / laneHeight
        let lane = min(Int(laneOffset.rounded(.down)), laneCount - 1)
        hit.lane = lane
        guard hit.region == .body, lane < rows[rowIndex].content.laneCount else { return hit }
        let (minY, maxY) = barSpanY(row: rowIndex, lane: lane)
        guard point.y >= minY, point.y < maxY else { return hit }
        rows[rowIndex].content.forEachBar(axis: axis, minX: axisX, maxX: axisX.nextUp, lanes: lane..<(lane + 1)) {
            item, _, _, span in
            if axisX >= span.minX && axisX < span.maxX { hit.itemID = item.id }
        }
        return hit
    }

    // MARK: - Previews

    /// Where an item would go if moved or resized to a row and range, and what it would overlap, without
    /// changing the board.
    ///
    /// - Complexity: O(m·L) for the target row's m items in L lanes.
    public func preview(itemID: Int, toRow rowID: Int, start: Int, end: Int) throws(TimelineError) -> Preview {
        guard let (sourceRow, index) = indexPath(ofItem: itemID) else { throw TimelineError(.unknownItem, id: itemID) }
        guard let targetRow = rowIndexByID[rowID] else { throw TimelineError(.unknownRow, id: rowID) }
        guard end > start else { throw TimelineError(.emptyRange, id: itemID) }
        var moved = rows[sourceRow].content.items[index]
        moved.row = rowID
        moved.start = start
        moved.end = end
        let content = rows[targetRow].content
        let lane = content.lane(ifAdding: moved, without: itemID)
        var conflicts: [Int] = []
        if rows[targetRow].spec.forbidsOverlap {
            content.forEachItem(overlapping: start, end) { found in
                if found.id != itemID { conflicts.append(found.id) }
            }
            conflicts.sort()
        }
        return Preview(
            lane: lane, frame: barFrame(start: start, end: end, row: targetRow, lane: lane), conflictingIDs: conflicts)
    }

    // MARK: - Incremental edits

    /// Adds one item: re-packs its row and moves the rows below.
    ///
    /// - Complexity: O(m·L + r) at worst; the rows are only shifted, never re-packed.
    public mutating func insert(_ item: Item) throws(TimelineError) {
        guard let rowIndex = rowIndexByID[item.row] else { throw TimelineError(.unknownRow, id: item.row) }
        guard item.end > item.start else { throw TimelineError(.emptyRange, id: item.id) }
        guard locations[item.id] == nil else { throw TimelineError(.duplicateItem, id: item.id) }
        locations.updateValue(ItemLocation(rowIndex: rowIndex, start: item.start), forID: item.id)
        rows[rowIndex].content.insert(item, forbidsOverlap: rows[rowIndex].spec.forbidsOverlap)
        rowsChanged(rowIndex, rowIndex)
    }

    /// Removes one item and returns it.
    ///
    /// - Complexity: O(m·L + r) at worst.
    @discardableResult
    public mutating func remove(itemID: Int) throws(TimelineError) -> Item {
        guard let (rowIndex, index) = indexPath(ofItem: itemID) else { throw TimelineError(.unknownItem, id: itemID) }
        let item = rows[rowIndex].content.items[index]
        locations.removeValue(forID: itemID)
        rows[rowIndex].content.remove(at: index, forbidsOverlap: rows[rowIndex].spec.forbidsOverlap)
        rowsChanged(rowIndex, rowIndex)
        return item
    }

    /// Removes items and adds others in one step: a chunk of days read, or the runs of the stays that
    /// changed in a frame. Each row they touch is sorted and packed once and the rows below move once,
    /// where one edit at a time would re-pack a row and move the rows below for every item. An item can
    /// be removed and added again (moved) in one step. All or nothing: on an id not on the board (or
    /// removed twice), an unknown row, an empty range, or an id added twice or added while kept, the
    /// board is left as it was.
    ///
    /// - Complexity: O(k + Σ(m log m + m·L) over the rows touched + r) for k ids removed and added.
    public mutating func replace(removing ids: [Int], adding items: [Item]) throws(TimelineError) {
        var removedFromRow = IDTable<Int>(capacity: ids.count, empty: 0)
        for id in ids {
            guard let location = locations[id], removedFromRow.updateValue(location.rowIndex, forID: id) == nil else {
                throw TimelineError(.unknownItem, id: id)
            }
        }
        var added = IDTable<Bool>(capacity: items.count, empty: false)
        var addedToRow: [[Item]] = Array(repeating: [], count: rows.count)
        for item in items {
            guard let rowIndex = rowIndexByID[item.row] else { throw TimelineError(.unknownRow, id: item.row) }
            guard item.end > item.start else { throw TimelineError(.emptyRange, id: item.id) }
            let kept = locations[item.id] != nil && removedFromRow[item.id] == nil
            guard !kept, added.updateValue(true, forID: item.id) == nil else {
                throw TimelineError(.duplicateItem, id: item.id)
            }
            addedToRow[rowIndex].append(item)
        }
        var touched = Array(repeating: false, count: rows.count)
        for id in ids {
            touched[locations[id]!.rowIndex] = true
            locations.removeValue(forID: id)
        }
        for item in items {
            let rowIndex = rowIndexByID[item.row]!
            touched[rowIndex] = true
            locations.updateValue(ItemLocation(rowIndex: rowIndex, start: item.start), forID: item.id)
        }
        var firstTouched = rows.count
        for rowIndex in rows.indices where touched[rowIndex] {
            firstTouched = min(firstTouched, rowIndex)
            rows[rowIndex].content.replace(
                removing: { removedFromRow[$0] != nil }, adding: addedToRow[rowIndex],
                forbidsOverlap: rows[rowIndex].spec.forbidsOverlap)
            naturalHeights[rowIndex] = naturalHeight(ofRow: rowIndex)
        }
        relayoutHeights(from: firstTouched)
    }

    /// Moves an item to a row and range (a drag or a resize): re-packs the rows it leaves and enters.
    ///
    /// - Complexity: O(m·L + r) at worst.
    public mutating func move(itemID: Int, toRow rowID: Int, start: Int, end: Int) throws(TimelineError) {
        guard let (sourceRow, index) = indexPath(ofItem: itemID) else { throw TimelineError(.unknownItem, id: itemID) }
        guard let targetRow = rowIndexByID[rowID] else { throw TimelineError(.unknownRow, id: rowID) }
        guard end > start else { throw TimelineError(.emptyRange, id: itemID) }
        var item = rows[sourceRow].content.items[index]
        rows[sourceRow].content.remove(at: index, forbidsOverlap: rows[sourceRow].spec.forbidsOverlap)
        item.row = rowID
        item.start = start
        item.end = end
        rows[targetRow].content.insert(item, forbidsOverlap: rows[targetRow].spec.forbidsOverlap)
        locations.updateValue(ItemLocation(rowIndex: targetRow, start: start), forID: itemID)
        rowsChanged(sourceRow, targetRow)
    }

    /// Changes an item's style; nothing moves.
    ///
    /// - Complexity: O(log m).
    public mutating func setStyle(itemID: Int, style: Int) throws(TimelineError) {
        guard let (rowIndex, index) = indexPath(ofItem: itemID) else { throw TimelineError(.unknownItem, id: itemID) }
        rows[rowIndex].content.setStyle(style, at: index)
    }

    /// Collapses or expands a group: its member rows take no height while collapsed.
    ///
    /// - Complexity: O(g + r) for a group of g rows.
    public mutating func setCollapsed(groupRowID: Int, _ collapsed: Bool) throws(TimelineError) {
        guard let header = rowIndexByID[groupRowID], rows[header].spec.kind == .groupHeader else {
            throw TimelineError(.unknownRow, id: groupRowID)
        }
        rows[header].collapsed = collapsed
        var index = header + 1
        while index < rows.count && rows[index].groupIndex == header {
            naturalHeights[index] = naturalHeight(ofRow: index)
            index += 1
        }
        relayoutHeights(from: header)
    }

    private mutating func rowsChanged(_ first: Int, _ second: Int) {
        naturalHeights[first] = naturalHeight(ofRow: first)
        naturalHeights[second] = naturalHeight(ofRow: second)
        relayoutHeights(from: min(first, second))
    }
}
