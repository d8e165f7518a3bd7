/// One row's items, packed into lanes.
///
/// Items are kept sorted by start (then id). Each lane holds items that do not overlap, so within a
/// lane both starts and ends ascend: a lane can be searched by binary search on either. That per-lane
/// order is the engine's interval index.
struct RowContent: Equatable {
    private(set) var items: [Item] = []
    /// The lane of each item, parallel to `items`.
    private(set) var laneOfItem: [Int] = []
    /// Whether each item overlaps another in a row that forbids overlap, parallel to `items`.
    private(set) var conflictOfItem: [Bool] = []
    /// For each lane, the indices into `items` of its items, in start order.
    private(set) var lanes: [[Int]] = []
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

    var laneCount: Int { lanes.count }

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

    /// Calls `body` with the index of every item overlapping `[start, end)`, lane by lane.
    ///
    /// - Complexity: O(L log m + k).
    func forEachItem(overlapping start: Int, _ end: Int, _ body: (Int) -> Void) {
        for lane in lanes {
            var position = firstIndex(in: lane) { items[$0].end > start }
            while position < lane.count, items[lane[position]].start < end {
                body(lane[position])
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
        for lane in laneRange {
            var position = firstIndex(in: lanes[lane]) { index in
                axis.barSpan(start: items[index].start, end: items[index].end).maxX > minX
            }
            while position < lanes[lane].count {
                let index = lanes[lane][position]
                let span = axis.barSpan(start: items[index].start, end: items[index].end)
                guard span.minX < maxX else { break }
                body(items[index], lane, conflictOfItem[index], span)
                position += 1
            }
        }
    }

    /// The first position in a lane whose item satisfies `isAfter`, which must be false then true
    /// along the lane (it is for any condition on ascending starts or ascending ends).
    func firstIndex(in lane: [Int], where isAfter: (Int) -> Bool) -> Int {
        var low = 0
        var high = lane.count
        while low < high {
            let middle = (low + high) / 2
            if isAfter(lane[middle]) { high = middle } else { low = middle + 1 }
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
        lanes = Array(repeating: [], count: laneEnds.count)
        for (index, lane) in laneOfItem.enumerated() {
            lanes[lane].append(index)
        }
        markConflicts(forbidsOverlap: forbidsOverlap)
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
