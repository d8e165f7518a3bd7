// The C ABI over Timeline for JavaScript; see README.md beside this file for the contract.
#if canImport(Timeline)
    import Timeline
#endif

nonisolated(unsafe) var board = Board(axis: .days(first: 0, count: 1))
nonisolated(unsafe) var input = WordBuffer(capacity: 1024)
nonisolated(unsafe) var output = WordBuffer(capacity: 1024)

/// Runs an engine call; on a refusal, writes the row or item id in question as output word 0.
private func status(_ body: () throws(TimelineError) -> Void) -> Int32 {
    do throws(TimelineError) {
        try body()
        return 0
    } catch {
        output.clear()
        output.append(error.id)
        return error.code.rawValue
    }
}

/// Runs a query that writes records of `words` words each to the output; returns how many it wrote.
private func records(of words: Int, _ query: () -> Void) -> Int32 {
    output.clear()
    query()
    return count(output.count / words)
}

private func int(_ value: Int32) -> Int { Int(value) }
private func double(_ value: Float) -> Double { Double(value) }
private func count(_ value: Int) -> Int32 { Int32(truncatingIfNeeded: value) }

// MARK: - Buffers

@_cdecl("tl_input")
public func tl_input(_ words: Int32) -> UnsafeMutableRawPointer {
    input.clear()
    input.reserve(int(words))
    return UnsafeMutableRawPointer(input.base)
}

@_cdecl("tl_output")
public func tl_output() -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer(output.base)
}

@_cdecl("tl_output_length")
public func tl_output_length() -> Int32 {
    count(output.count)
}

// MARK: - Set-up

@_cdecl("tl_set_day_axis")
public func tl_set_day_axis(
    _ firstDay: Int32, _ dayCount: Int32, _ columnWidth: Float, _ checkIn: Float, _ checkOut: Float
) {
    board.axis = .days(
        first: int(firstDay), count: int(dayCount), columnWidth: double(columnWidth), checkIn: double(checkIn),
        checkOut: double(checkOut))
}

@_cdecl("tl_set_minute_axis")
public func tl_set_minute_axis(
    _ startMinute: Int32, _ endMinute: Int32, _ minutesPerColumn: Int32, _ columnWidth: Float
) {
    board.axis = .minutes(
        start: int(startMinute), end: int(endMinute), minutesPerColumn: int(minutesPerColumn),
        columnWidth: double(columnWidth))
}

@_cdecl("tl_set_metrics")
public func tl_set_metrics(
    _ rowHeaderWidth: Float, _ columnHeaderHeight: Float, _ laneHeight: Float, _ groupHeaderHeight: Float,
    _ barInset: Float
) {
    board.setMetrics(
        Metrics(
            rowHeaderWidth: double(rowHeaderWidth), columnHeaderHeight: double(columnHeaderHeight),
            laneHeight: double(laneHeight), groupHeaderHeight: double(groupHeaderHeight), barInset: double(barInset)))
}

@_cdecl("tl_set_fill_height")
public func tl_set_fill_height(_ height: Float) {
    board.setFillHeight(double(height))
}

@_cdecl("tl_set_now")
public func tl_set_now(_ unit: Int32, _ minuteOfDay: Int32) {
    switch board.axis.unit {
    case .day: board.now = Double(unit) + Double(minuteOfDay) / 1440
    case .minute: board.now = Double(unit)
    }
}

@_cdecl("tl_set_business_hours")
public func tl_set_business_hours(_ openMinute: Int32, _ closeMinute: Int32) {
    board.businessHours = openMinute < closeMinute ? int(openMinute)..<int(closeMinute) : nil
}

@_cdecl("tl_load_rows")
public func tl_load_rows(_ rowCount: Int32) -> Int32 {
    var specs: [RowSpec] = []
    specs.reserveCapacity(int(rowCount))
    for record in 0..<int(rowCount) {
        let word = record * 3
        let kind: RowKind = input.int(at: word + 1) == 1 ? .groupHeader : .member
        specs.append(RowSpec(id: input.int(at: word), kind: kind, forbidsOverlap: input.int(at: word + 2) & 1 != 0))
    }
    return status { () throws(TimelineError) in try board.load(rows: specs) }
}

@_cdecl("tl_load_items")
public func tl_load_items(_ itemCount: Int32) -> Int32 {
    var items: [Item] = []
    items.reserveCapacity(int(itemCount))
    for record in 0..<int(itemCount) {
        let word = record * 5
        items.append(
            Item(
                id: input.int(at: word), row: input.int(at: word + 1), start: input.int(at: word + 2),
                end: input.int(at: word + 3), style: input.int(at: word + 4)))
    }
    return status { () throws(TimelineError) in try board.load(items: items) }
}

@_cdecl("tl_generate")
public func tl_generate(_ rooms: Int32, _ stays: Int32, _ seed: Int32) -> Int32 {
    guard board.axis.unit == .day else { return -TimelineError.Code.noDayAxis.rawValue }
    let hotel = SyntheticBoard.hotel(
        rooms: int(rooms), firstDay: board.axis.start, days: board.axis.end - board.axis.start, stays: int(stays),
        seed: UInt64(UInt32(bitPattern: seed)))
    let result = status { () throws(TimelineError) in
        try board.load(rows: hotel.rows)
        try board.load(items: hotel.items)
    }
    return result == 0 ? count(hotel.items.count) : -result
}

// MARK: - Queries

@_cdecl("tl_content_width")
public func tl_content_width() -> Float { Float(board.contentWidth) }

@_cdecl("tl_content_height")
public func tl_content_height() -> Float { Float(board.contentHeight) }

@_cdecl("tl_item_count")
public func tl_item_count() -> Int32 { count(board.itemCount) }

@_cdecl("tl_row_count")
public func tl_row_count() -> Int32 { count(board.rowCount) }

private func appendItemFlags(_ placed: PlacedItem) {
    output.append((placed.inConflict ? 1 : 0) | (min(placed.lane, 255) << 8))
}

@_cdecl("tl_query_items")
public func tl_query_items(_ x: Float, _ y: Float, _ width: Float, _ height: Float) -> Int32 {
    records(of: 8) {
        board.forEachItem(in: Rect(x: double(x), y: double(y), width: double(width), height: double(height))) {
            placed in
            output.append(placed.item.id)
            output.append(placed.item.row)
            output.append(placed.item.style)
            appendItemFlags(placed)
            output.append(placed.frame)
        }
    }
}

@_cdecl("tl_query_rows")
public func tl_query_rows(_ y: Float, _ height: Float) -> Int32 {
    records(of: 8) {
        board.forEachRow(intersecting: double(y), double(y) + double(height)) { row in
            output.append(row.spec.id)
            output.append(row.index)
            output.append(row.spec.kind.rawValue)
            output.append((row.collapsed ? 1 : 0) | (row.spec.forbidsOverlap ? 2 : 0) | (row.hasConflict ? 4 : 0))
            output.append(row.y)
            output.append(row.height)
            output.append(row.laneCount)
            output.append(row.groupRowID ?? -1)
        }
    }
}

@_cdecl("tl_query_columns")
public func tl_query_columns(_ x: Float, _ width: Float) -> Int32 {
    records(of: 4) {
        board.forEachColumn(intersecting: double(x), double(x) + double(width)) { column in
            output.append(column.value)
            output.append(column.flags.rawValue)
            output.append(column.x)
            output.append(column.width)
        }
    }
}

@_cdecl("tl_query_spans")
public func tl_query_spans(_ x: Float, _ width: Float) -> Int32 {
    records(of: 4) {
        board.forEachSpan(intersecting: double(x), double(x) + double(width)) { span in
            output.append(span.major)
            output.append(span.minor)
            output.append(span.x)
            output.append(span.width)
        }
    }
}

@_cdecl("tl_panes")
public func tl_panes(_ scrollX: Float, _ scrollY: Float, _ viewportWidth: Float, _ viewportHeight: Float) -> Int32 {
    output.clear()
    let panes = board.panes(
        scrollX: double(scrollX), scrollY: double(scrollY), viewportWidth: double(viewportWidth),
        viewportHeight: double(viewportHeight))
    output.append(panes.corner)
    output.append(panes.top)
    output.append(panes.left)
    output.append(panes.body)
    return 4
}

@_cdecl("tl_now_x")
public func tl_now_x() -> Float { Float(board.nowX ?? -1) }

@_cdecl("tl_hit_test")
public func tl_hit_test(_ x: Float, _ y: Float, _ scrollX: Float, _ scrollY: Float, _ step: Int32) -> Int32 {
    output.clear()
    let hit = board.hitTest(
        Point(x: double(x), y: double(y)), scrollX: double(scrollX), scrollY: double(scrollY), step: int(step))
    let rowIndex = hit.rowIndex ?? -1
    output.append(hit.region.rawValue)
    output.append(hit.rowIndex.map { board.placedRow($0).spec.id } ?? -1)
    output.append(rowIndex)
    output.append(hit.lane ?? -1)
    output.append(hit.itemID ?? -1)
    output.append(hit.cell)
    output.append(hit.boundary)
    output.append(hit.column ?? -1)
    return count(hit.region.rawValue)
}

@_cdecl("tl_preview")
public func tl_preview(_ id: Int32, _ rowID: Int32, _ start: Int32, _ end: Int32) -> Int32 {
    output.clear()
    return status { () throws(TimelineError) in
        let preview = try board.preview(itemID: int(id), toRow: int(rowID), start: int(start), end: int(end))
        output.append(preview.lane)
        output.append(preview.conflictingIDs.count)
        output.append(preview.frame)
        for conflict in preview.conflictingIDs { output.append(conflict) }
    }
}

@_cdecl("tl_item")
public func tl_item(_ id: Int32) -> Int32 {
    output.clear()
    guard let placed = board.placedItem(id: int(id)) else { return TimelineError.Code.unknownItem.rawValue }
    output.append(placed.item.row)
    output.append(placed.item.start)
    output.append(placed.item.end)
    output.append(placed.item.style)
    output.append(placed.lane)
    appendItemFlags(placed)
    output.append(placed.frame)
    return 0
}

@_cdecl("tl_conflicts")
public func tl_conflicts() -> Int32 {
    output.clear()
    let ids = board.conflictingItemIDs
    for id in ids { output.append(id) }
    return count(ids.count)
}

// MARK: - Edits

@_cdecl("tl_insert")
public func tl_insert(_ id: Int32, _ rowID: Int32, _ start: Int32, _ end: Int32, _ style: Int32) -> Int32 {
    status { () throws(TimelineError) in
        try board.insert(Item(id: int(id), row: int(rowID), start: int(start), end: int(end), style: int(style)))
    }
}

@_cdecl("tl_remove")
public func tl_remove(_ id: Int32) -> Int32 {
    status { () throws(TimelineError) in try board.remove(itemID: int(id)) }
}

/// Removes `removeCount` items and adds `addCount` in one step (`Board.replace`): the input holds the
/// ids to remove, then the items to add as 5-word records `id, rowID, start, end, style`.
@_cdecl("tl_replace")
public func tl_replace(_ removeCount: Int32, _ addCount: Int32) -> Int32 {
    let removing = int(removeCount)
    var ids: [Int] = []
    ids.reserveCapacity(removing)
    for word in 0..<removing { ids.append(input.int(at: word)) }
    var items: [Item] = []
    items.reserveCapacity(int(addCount))
    for record in 0..<int(addCount) {
        let word = removing + record * 5
        items.append(
            Item(
                id: input.int(at: word), row: input.int(at: word + 1), start: input.int(at: word + 2),
                end: input.int(at: word + 3), style: input.int(at: word + 4)))
    }
    return status { () throws(TimelineError) in try board.replace(removing: ids, adding: items) }
}

/// 1 when the board holds the item, else 0.
@_cdecl("tl_has")
public func tl_has(_ id: Int32) -> Int32 {
    board.contains(itemID: int(id)) ? 1 : 0
}

@_cdecl("tl_move")
public func tl_move(_ id: Int32, _ rowID: Int32, _ start: Int32, _ end: Int32) -> Int32 {
    status { () throws(TimelineError) in
        try board.move(itemID: int(id), toRow: int(rowID), start: int(start), end: int(end))
    }
}

@_cdecl("tl_set_style")
public func tl_set_style(_ id: Int32, _ style: Int32) -> Int32 {
    status { () throws(TimelineError) in try board.setStyle(itemID: int(id), style: int(style)) }
}

@_cdecl("tl_set_collapsed")
public func tl_set_collapsed(_ rowID: Int32, _ collapsed: Int32) -> Int32 {
    status { () throws(TimelineError) in try board.setCollapsed(groupRowID: int(rowID), collapsed != 0) }
}
