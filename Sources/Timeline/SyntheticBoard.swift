/// A small, seeded pseudo-random generator (SplitMix64) that gives the same numbers natively and in
/// WebAssembly, where `Int` is 32 bits and the standard library's `random(in:using:)` would differ.
public struct SeededGenerator: Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (0 when bound is not positive).
    public mutating func next(below bound: Int) -> Int {
        bound > 0 ? Int(next() % UInt64(bound)) : 0
    }
}

/// Synthetic boards for benchmarks, tests and the demo page: the same seed gives the same board in
/// every build.
public enum SyntheticBoard {
    /// Rooms per room type.
    public static let roomsPerType = 7
    /// Row ids of room type headers start here; rooms are numbered from 1.
    public static let roomTypeRowIDBase = 1_000_000

    /// A hotel: `rooms` rooms in room types of seven (group header rows), and about `stays` stays,
    /// spread evenly over `days` days from `firstDay` and never overlapping within a room. Each room
    /// holds at most one stay a day, so a board gets `min(stays, rooms x days)` stays.
    ///
    /// - Complexity: O(rooms + stays).
    public static func hotel(
        rooms: Int, firstDay: Int, days: Int, stays: Int, seed: UInt64
    ) -> (rows: [RowSpec], items: [Item]) {
        var random = SeededGenerator(seed: seed)
        var rows: [RowSpec] = []
        rows.reserveCapacity(rooms + rooms / roomsPerType + 1)
        var items: [Item] = []
        items.reserveCapacity(max(0, min(stays, rooms * days)))
        let perRoom = rooms > 0 ? stays / rooms : 0
        let extra = rooms > 0 ? stays % rooms : 0
        for room in 0..<rooms {
            if room % roomsPerType == 0 {
                rows.append(RowSpec(id: roomTypeRowIDBase + room / roomsPerType, kind: .groupHeader))
            }
            let roomID = room + 1
            rows.append(RowSpec(id: roomID, kind: .member, forbidsOverlap: true))
            let count = min(perRoom + (room < extra ? 1 : 0), days)
            for stay in 0..<count {
                // Each stay keeps to its own slot of the range, so stays in one room never overlap.
                let slotStart = firstDay + stay * days / count
                let slotEnd = firstDay + (stay + 1) * days / count
                let slotLength = slotEnd - slotStart
                let nights = 1 + random.next(below: min(slotLength, 14))
                let arrival = slotStart + random.next(below: slotLength - nights + 1)
                items.append(
                    Item(
                        id: items.count + 1, row: roomID, start: arrival, end: arrival + nights,
                        style: random.next(below: 4)))
            }
        }
        return (rows, items)
    }
}
