/// A booking of several rooms: a family's, a party's, a company's group. Each room is a stay of its own (its
/// room, nights, guests, plan and terms, folio), and the group holds them together under one name and the
/// code it goes by (its first stay's), which its guest quotes, pays with and finds it by. A group is booked
/// all or none, in one transaction: when one of its rooms is taken meanwhile, none is booked.
public struct BookingGroup: Hashable, Sendable, Identifiable {
    public var id: Int
    public var propertyID: Int
    /// Its first stay's confirmation code.
    public var code: String
    public var name: String
    /// Its stays' ids, in the order booked.
    public var stayIDs: [Int]

    public init(id: Int, propertyID: Int, code: String, name: String, stayIDs: [Int]) {
        self.id = id
        self.propertyID = propertyID
        self.code = code
        self.name = name
        self.stayIDs = stayIDs
    }

    /// The most rooms one booking holds at the desk, and online.
    public static let maxRooms = 30
    public static let maxRoomsOnline = 9
    public static let nameLimit = 120

    /// Checks a group as asked for: 2 to `limit` rooms, and a name of one line (the guest's, when empty).
    public static func validate(rooms count: Int, name: String, limit: Int = maxRooms) throws(DomainError) {
        guard (2...limit).contains(count) else {
            throw .invalid(
                "rooms", "a booking of several rooms holds 2 to \(limit) rooms", reason: .groupRooms,
                params: ["limit": String(limit)])
        }
        try FreeText.validate(name, field: "name", limit: nameLimit, lines: false)
    }
}

/// What a booking of several rooms needs of storage besides stays.
public protocol GroupStorage: StayStorage {
    /// Holds `stays` (stored in the transaction open around it) together as one group named `name`, under
    /// the first one's code; answers the group.
    func group(_ stays: [Stay], name: String, by userID: Int?) async throws -> BookingGroup
    func group(id: Int) async throws -> BookingGroup?
}
