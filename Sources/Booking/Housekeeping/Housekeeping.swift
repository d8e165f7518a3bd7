import Foundation

/// A room taken out of service for some nights (a leak, a repair, a deep clean): no stay may hold it
/// on them, it is not sold, and it is not counted as available. The database refuses a block over a
/// stay's nights and a stay over a block's, as it refuses two stays in one room.
public struct RoomBlock: Hashable, Sendable, Identifiable {
    public var id: Int
    public var propertyID: Int
    public var roomID: Int
    public var nights: Nights
    /// Why, as the desk wrote it: "Air conditioning broken".
    public var reason: String

    public init(id: Int, propertyID: Int, roomID: Int, nights: Nights, reason: String) {
        self.id = id
        self.propertyID = propertyID
        self.roomID = roomID
        self.nights = nights
        self.reason = reason
    }

    public static let reasonLimit = 200
    /// The most nights one block may cover: a room out for longer is a room to remove.
    public static let longest = 366

    /// Checks a new block: a reason of one line, nights from the property's `today` on (a night gone
    /// by is history), at most `longest` of them.
    public static func validate(reason: String, nights: Nights, today: Day) throws(DomainError) {
        guard !reason.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw .invalid("reason", "say why the room is out of service (1 to \(reasonLimit) characters)")
        }
        try FreeText.validate(reason, field: "reason", limit: reasonLimit, lines: false)
        guard nights.arrival >= today else {
            throw .invalid("from", "must be today (\(today)) or later: a night gone by cannot be taken out of service")
        }
        guard nights.count <= longest else { throw .invalid("to", "at most \(longest) nights at a time") }
    }

    /// The block when the room returns to service on `today`: the nights before today stay as they
    /// were (they are history), the rest are given back. Nil when no night of it had begun (the block
    /// is removed); refused when it had already ended.
    public func returned(on today: Day) throws(DomainError) -> RoomBlock? {
        guard nights.departure > today else {
            throw DomainError(.notAllowed, "this block ended on \(nights.departure): the room is in service")
        }
        guard nights.arrival < today else { return nil }
        var shortened = self
        shortened.nights = try Nights(arrival: nights.arrival, departure: today)
        return shortened
    }
}

extension Room {
    /// The longest housekeeper's name the list keeps.
    public static let housekeeperLimit = 60

    public static func validate(housekeeper name: String) throws(DomainError) {
        try FreeText.validate(name, field: "housekeeper", limit: housekeeperLimit, lines: false)
    }
}

/// The morning's housekeeping list: every room with its status, who cleans it, and what the day
/// holds for it (a guest leaving, one arriving, one staying on, or out of service), so that rooms
/// due for an arrival are cleaned first.
public struct HousekeepingList: Sendable {
    public struct Line: Sendable {
        public var room: Room
        /// A guest leaves it today (checked out or still to).
        public var departure: Bool
        /// A guest arrives in it today.
        public var arrival: Bool
        /// A guest is checked in and sleeps in it tonight.
        public var occupied: Bool
        /// Out of service tonight.
        public var block: RoomBlock?
    }

    public var day: Day
    /// Rooms by floor, then number.
    public var lines: [Line]

    public init(day: Day, rooms: [Room], stays: [Stay], blocks: [RoomBlock]) {
        self.day = day
        let yesterday = day.adding(days: -1)
        var leaving = Set<Int>()
        var arriving = Set<Int>()
        var occupied = Set<Int>()
        for stay in stays where stay.state != .cancelled && stay.state != .noShow {
            if stay.departure == day, stay.state != .booked, let room = stay.roomID(on: yesterday) {
                leaving.insert(room)
            }
            if stay.arrival == day, stay.state == .booked, let room = stay.roomID(on: day) { arriving.insert(room) }
            if stay.state == .checkedIn, stay.nights.contains(day), let room = stay.roomID(on: day) {
                occupied.insert(room)
            }
        }
        let blockByRoom = Dictionary(
            blocks.filter { $0.nights.contains(day) }.map { ($0.roomID, $0) }, uniquingKeysWith: { first, _ in first })
        lines = rooms.sorted { ($0.floor, $0.number.count, $0.number) < ($1.floor, $1.number.count, $1.number) }.map {
            Line(
                room: $0, departure: leaving.contains($0.id), arrival: arriving.contains($0.id),
                occupied: occupied.contains($0.id), block: blockByRoom[$0.id])
        }
    }
}
