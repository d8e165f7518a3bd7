/// One row's items, packed into lanes.
///
/// Items are kept sorted by start (then id). Each lane holds items that do not overlap, so within a
/// lane both starts and ends ascend: a lane can be searched by binary search on either. That per-lane
/// order is the engine's interval index, kept flat (one array for all lanes) so that a query touches
/// no nested arrays.
struct RowContent: Equatable {
    private(set) var items: [Item] = []
    /// The lane of each item, parallel to `items`.
    private(set) var laneOfItem: [Int] = []
    /// Whether each item overlaps another in a row that forbids overlap, parallel to `items`.
    private(set) var conflictOfItem: [Bool] = []
    /// The items again, lane 0's in start order, then lane 1's, and so on: what queries search, in
    /// contiguous memory (an index into `items` instead would cost a cache miss a step).
    private(set) var laneItems: [Item] = []
    /// Whether each of `laneItems` is in conflict.
    private(set) var laneConflicts: [Bool] = []
    /// Where each lane's run starts in `laneItems`, and where the last one ends: `laneCount + 1` bounds.
    private(set) var laneBounds: [Int] = [0]
    private(set) var hasConflict = false

    init() {}

    /// A row's content from items in any order.
    ///
    /// - Complexity: O(m log m + m·L) for m items in L lanes.
    init(unsorted: consuming [Item], forbidsOverlap: Bool) {
        items = unsorted
        items.sort { $0.precedes($1) }
        pack(forbidsOverlap: forbidsOverlap)
    }

    var laneCount: Int { laneBounds.count - 1 }

    /// The index of an item, found by binary search on its start.
    ///
    /// - Complexity: O(log m).
    func index(of item: Item) -> Int? {
        let position = insertionIndex(for: item)
        return position < items.count && items[position].id == item.id ? position : nil
    }

    /// - Complexity: O(m + m·L): the insertion shifts the array, then the row is re-packed.
    mutating func insert(_ item: Item, forbidsOverlap: Bool) {
        items.insert(item, at: insertionIndex(for: item))
        pack(forbidsOverlap: forbidsOverlap)
    }

    /// - Complexity: O(m + m·L).
    mutating func remove(at index: Int, forbidsOverlap: Bool) {
        items.remove(at: index)
        pack(forbidsOverlap: forbidsOverlap)
    }

    /// Drops the items whose ids `isRemoved` picks and adds others, then sorts and packs the row once.
    ///
    /// - Complexity: O(m log m + m·L).
    mutating func replace(removing isRemoved: (Int) -> Bool, adding added: [Item], forbidsOverlap: Bool) {
        items.removeAll { isRemoved($0.id) }
        items.append(contentsOf: added)
        items.sort { $0.precedes($1) }
        pack(forbidsOverlap: forbidsOverlap)
    }

    /// Changes an item in place when its start and id keep its position.
    mutating func setStyle(_ style: Int, at index: Int) {
        items[index].style = style
    }

    /// The lane an item would get among these items: a dry run of packing, committing nothing.
    ///
    /// - Complexity: O(m·L).
    func lane(ifAdding item: Item, without removedID: Int?) -> Int {
        var laneEnds: [Int] = []
        var placed = false
        var result = 0
        for existing in items where existing.id != removedID {
            if !placed && item.precedes(existing) {
                result = Self.assign(item, to: &laneEnds)
                placed = true
            }
            _ = Self.assign(existing, to: &laneEnds)
        }
        return placed ? result : Self.assign(item, to: &laneEnds)
    }

    /// Calls `body` with every item overlapping `[start, end)`, lane by lane.
    ///
    /// - Complexity: O(L log m + k).
    func forEachItem(overlapping start: Int, _ end: Int, _ body: (Item) -> Void) {
        for lane in 0..<laneCount {
            var position = firstPosition(inLane: lane) { $0.end > start }
            while position < laneBounds[lane + 1], laneItems[position].start < end {
                body(laneItems[position])
                position += 1
            }
        }
    }

    /// Calls `body` with each item whose bar crosses `(minX, maxX)` in the given lanes, lane by lane in
    /// start order, with its lane, its conflict flag and its bar's span.
    ///
    /// - Complexity: O(L·log m + k).
    func forEachBar(
        axis: Axis, minX: Double, maxX: Double, lanes laneRange: Range<Int>,
        _ body: (Item, Int, Bool, (minX: Double, maxX: Double)) -> Void
    ) {
        // Search on units, not pixels: a bar ends after minX once its end unit passes this threshold.
        // Less a margin, so rounding can only admit an extra candidate, which the exact test drops.
        let endThreshold = Double(axis.start) + axis.unitOffset(atX: minX) - axis.exitOffset - 1e-6
        laneItems.withUnsafeBufferPointer { items in
            laneConflicts.withUnsafeBufferPointer { conflicts in
                for lane in laneRange {
                    var low = laneBounds[lane]
                    var high = laneBounds[lane + 1]
                    while low < high {
                        let middle = (low + high) / 2
                        if Double(items[middle].end) > endThreshold { high = middle } else { low = middle + 1 }
                    }
                    let laneEnd = laneBounds[lane + 1]
                    while low < laneEnd {
                        let span = axis.barSpan(start: items[low].start, end: items[low].end)
                        guard span.minX < maxX else { break }
                        if span.maxX > minX { body(items[low], lane, conflicts[low], span) }
                        low += 1
                    }
                }
            }
        }
    }

    /// The first position in a lane's run of `laneItems` whose item satisfies `isAfter`, which must be
    /// false then true along the lane (it is for any condition on ascending starts or ascending ends).
    func firstPosition(inLane lane: Int, where isAfter: (Item) -> Bool) -> Int {
        var low = laneBounds[lane]
        var high = laneBounds[lane + 1]
        while low < high {
            let middle = (low + high) / 2
            if isAfter(laneItems[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    private func insertionIndex(for item: Item) -> Int {
        var low = 0
        var high = items.count
        while low < high {
            let middle = (low + high) / 2
            if items[middle].precedes(item) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Interval partitioning: each item, in start order, goes to the lowest lane that is free by its
    /// start. When that opens lane k, k items overlap at that start, so no packing uses fewer lanes.
    private mutating func pack(forbidsOverlap: Bool) {
        var laneEnds: [Int] = []
        laneOfItem = []
        laneOfItem.reserveCapacity(items.count)
        for item in items {
            laneOfItem.append(Self.assign(item, to: &laneEnds))
        }
        markConflicts(forbidsOverlap: forbidsOverlap)
        guard laneEnds.count > 1 else {
            // One lane (most rooms): lane order is start order, so share the arrays; nothing is copied.
            laneItems = items
            laneConflicts = conflictOfItem
            laneBounds = laneEnds.isEmpty ? [0] : [0, items.count]
            return
        }
        // A counting sort by lane; stable, so each lane's run stays in start order.
        laneBounds = Array(repeating: 0, count: laneEnds.count + 1)
        for lane in laneOfItem { laneBounds[lane + 1] += 1 }
        for lane in 0..<laneEnds.count { laneBounds[lane + 1] += laneBounds[lane] }
        var next = laneBounds
        laneItems = items
        laneConflicts = conflictOfItem
        for (index, lane) in laneOfItem.enumerated() {
            laneItems[next[lane]] = items[index]
            laneConflicts[next[lane]] = conflictOfItem[index]
            next[lane] += 1
        }
    }

    private static func assign(_ item: Item, to laneEnds: inout [Int]) -> Int {
        for lane in laneEnds.indices where laneEnds[lane] <= item.start {
            laneEnds[lane] = item.end
            return lane
        }
        laneEnds.append(item.end)
        return laneEnds.count - 1
    }

    /// An item conflicts when an earlier one ends after its start, or when the next one (the first
    /// that could overlap it from the right) starts before its end.
    private mutating func markConflicts(forbidsOverlap: Bool) {
        conflictOfItem = Array(repeating: false, count: items.count)
        hasConflict = false
        guard forbidsOverlap, items.count > 1 else { return }
        var latestEnd = Int.min
        for index in items.indices {
            let item = items[index]
            let overlapsEarlier = item.start < latestEnd
            let overlapsNext = index + 1 < items.count && items[index + 1].start < item.end
            if overlapsEarlier || overlapsNext {
                conflictOfItem[index] = true
                hasConflict = true
            }
            latestEnd = max(latestEnd, item.end)
        }
    }
}
