/// A place's availability as counts, per room type and night of a window: how many of the type's rooms
/// are taken (by a stay's run, or out of service) and how many stays of the type still wait for a room.
/// What `Availability.freeCount` works out from every hold on each call, counted once: the guest
/// site's search keeps these in memory and answers a place's free rooms for any dates in the window
/// from a few numbers a night. A class: read by every search, never changed once counted, and handed
/// about by reference.
public final class RoomNightCounts: Sendable {
    /// The nights counted.
    public let window: Nights
    private let rooms: [Int: Int]
    /// Per room type, per night of the window (from its arrival): rooms taken and stays waiting.
    private let held: [Int: [Int32]]
    /// Per room type with any room taken on any night: its rooms' taken nights, `words` words a room one
    /// after another, a bit a night of the window (from its arrival).
    private let takenNights: [Int: [UInt64]]
    /// The words of one room's nights.
    private let words: Int

    /// Counts `holds` over `window`, as `Availability(roomTypes:rooms:holds:)` would see them.
    ///
    /// - Complexity: O(rooms + nights held + words of the types' taken nights).
    public init(window: Nights, rooms: [Room], holds: [RoomHold]) {
        self.window = window
        let length = window.count
        let words = (length + 63) / 64
        self.words = words
        var roomsOfType: [Int: Int] = [:]
        // Each room's type, and its place among the type's rooms.
        var place: [Int: (roomTypeID: Int, index: Int)] = [:]
        for room in rooms {
            place[room.id] = (room.roomTypeID, roomsOfType[room.roomTypeID, default: 0])
            roomsOfType[room.roomTypeID, default: 0] += 1
        }
        var held: [Int: [Int32]] = [:]
        var taken: [Int: [UInt64]] = [:]
        for hold in holds {
            let first = max(hold.nights.arrival.number, window.arrival.number) - window.arrival.number
            let end = min(hold.nights.departure.number, window.departure.number) - window.arrival.number
            guard first < end else { continue }
            if let roomID = hold.roomID {
                guard let (roomType, index) = place[roomID] else { continue }
                var bits = taken[roomType] ?? Array(repeating: 0, count: roomsOfType[roomType, default: 0] * words)
                var counts = held[roomType] ?? Array(repeating: 0, count: length)
                // A room taken twice on a night (a stay over a block, which the database refuses) counts once.
                for night in first..<end {
                    let (word, bit) = (index * words + night / 64, UInt64(1) << UInt64(night % 64))
                    guard bits[word] & bit == 0 else { continue }
                    bits[word] |= bit
                    counts[night] += 1
                }
                taken[roomType] = bits
                held[roomType] = counts
            } else {
                var counts = held[hold.roomTypeID] ?? Array(repeating: 0, count: length)
                for night in first..<end { counts[night] += 1 }
                held[hold.roomTypeID] = counts
            }
        }
        self.rooms = roomsOfType
        self.held = held
        self.takenNights = taken
    }

    /// Whether all of `nights` are in the window.
    public func covers(_ nights: Nights) -> Bool {
        nights.arrival >= window.arrival && nights.departure <= window.departure
    }

    /// How many more stays of a room type fit on every one of `nights`, as `Availability.freeCount`
    /// says; nil when some of the nights are outside the window.
    ///
    /// - Complexity: O(nights).
    public func freeCount(of roomTypeID: Int, for nights: Nights) -> Int? {
        guard covers(nights) else { return nil }
        let roomsOfType = rooms[roomTypeID] ?? 0
        guard let counts = held[roomTypeID] else { return roomsOfType }
        let first = nights.arrival.number - window.arrival.number
        let most = counts[first..<(first + nights.count)].max() ?? 0
        return max(roomsOfType - Int(most), 0)
    }

    /// How many guests could still book a room type online for `nights`, as
    /// `Availability.bookableOnline` says: at most its rooms free on every one of the nights. Nil when
    /// some of the nights are outside the window.
    ///
    /// - Complexity: O(rooms of the type × words the nights span).
    public func bookableOnline(of roomTypeID: Int, for nights: Nights) -> Int? {
        guard let free = freeCount(of: roomTypeID, for: nights) else { return nil }
        guard free > 0, let bits = takenNights[roomTypeID] else { return free }
        // The nights asked for as masks of the words they fall in (two at most for a month).
        let first = nights.arrival.number - window.arrival.number
        let end = first + nights.count
        var masks: [(word: Int, mask: UInt64)] = []
        var night = first
        while night < end {
            let (word, low) = (night / 64, night % 64)
            let high = min(64, low + end - night)
            masks.append((word, (high - low == 64 ? ~UInt64(0) : (UInt64(1) << UInt64(high - low)) - 1) << UInt64(low)))
            night += high - low
        }
        let wholeStay = bits.withUnsafeBufferPointer { bits in
            stride(from: 0, to: bits.count, by: words).count { room in
                masks.allSatisfy { bits[room + $0.word] & $0.mask == 0 }
            }
        }
        return min(free, wholeStay)
    }
}
