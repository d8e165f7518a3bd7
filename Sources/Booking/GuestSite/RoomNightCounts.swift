/// A place's availability as counts, per room type and night of a window: how many of the type's rooms
/// are taken (by a stay's run, or out of service) and how many stays of the type still wait for a room.
/// What `Availability.freeCount` works out from every hold on each call, counted once: the guest
/// site's search keeps these in memory and answers a place's free rooms for any dates in the window
/// from a few numbers a night.
public struct RoomNightCounts: Sendable {
    /// The nights counted.
    public let window: Nights
    private var rooms: [Int: Int] = [:]
    /// Per room type, per night of the window (from its arrival): rooms taken and stays waiting.
    private var held: [Int: [Int32]] = [:]
    /// Each room type's rooms.
    private var roomIDs: [Int: [Int]] = [:]
    /// Per room with any night taken, a bit a night of the window (from its arrival): whether it is.
    private var takenNights: [Int: [UInt64]] = [:]

    /// Counts `holds` over `window`, as `Availability(roomTypes:rooms:holds:)` would see them.
    ///
    /// - Complexity: O(rooms × nights of the window + nights held).
    public init(window: Nights, rooms: [Room], holds: [RoomHold]) {
        self.window = window
        let length = window.count
        var typeOfRoom: [Int: Int] = [:]
        for room in rooms {
            self.rooms[room.roomTypeID, default: 0] += 1
            roomIDs[room.roomTypeID, default: []].append(room.id)
            typeOfRoom[room.id] = room.roomTypeID
        }
        // A room taken twice on a night (a stay over a block, which the database refuses) counts once.
        var taken: [Int: [Bool]] = [:]
        for hold in holds {
            let first = max(hold.nights.arrival.number, window.arrival.number) - window.arrival.number
            let end = min(hold.nights.departure.number, window.departure.number) - window.arrival.number
            guard first < end else { continue }
            if let roomID = hold.roomID {
                guard let roomType = typeOfRoom[roomID] else { continue }
                var nights = taken[roomID] ?? Array(repeating: false, count: length)
                var counts = held[roomType] ?? Array(repeating: 0, count: length)
                for night in first..<end where !nights[night] {
                    nights[night] = true
                    counts[night] += 1
                }
                taken[roomID] = nights
                held[roomType] = counts
            } else {
                var counts = held[hold.roomTypeID] ?? Array(repeating: 0, count: length)
                for night in first..<end { counts[night] += 1 }
                held[hold.roomTypeID] = counts
            }
        }
        for (roomID, nights) in taken {
            var bits = Array(repeating: UInt64(0), count: (length + 63) / 64)
            for night in nights.indices where nights[night] { bits[night / 64] |= 1 << UInt64(night % 64) }
            takenNights[roomID] = bits
        }
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
    /// - Complexity: O(rooms of the type × nights).
    public func bookableOnline(of roomTypeID: Int, for nights: Nights) -> Int? {
        guard let free = freeCount(of: roomTypeID, for: nights) else { return nil }
        guard free > 0 else { return 0 }
        let first = nights.arrival.number - window.arrival.number
        let wholeStay = (roomIDs[roomTypeID] ?? []).count { roomID in
            guard let bits = takenNights[roomID] else { return true }
            return !(first..<(first + nights.count)).contains { bits[$0 / 64] & (1 << UInt64($0 % 64)) != 0 }
        }
        return min(free, wholeStay)
    }
}
