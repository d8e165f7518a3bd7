import Foundation

/// The rooms between guests: the morning's list, a room's status and housekeeper, and taking a room
/// out of service and back.
public struct HousekeepingDesk<Storage: RoomStorage>: StayOperations {
    public let storage: Storage
    public let now: @Sendable () -> Date

    public init(storage: Storage, now: @escaping @Sendable () -> Date) {
        self.storage = storage
        self.now = now
    }

    /// The property's housekeeping list for its today.
    public func housekeepingList(propertyID: Int, by staff: Staff) async throws -> HousekeepingList {
        let property = try await property(propertyID, by: staff)
        let today = property.today(now: now())
        // Last night too: a stay leaving today slept its last night then.
        let nights = try Nights(arrival: today.adding(days: -1), departure: today.adding(days: 1))
        return HousekeepingList(
            day: today, rooms: try await storage.rooms(propertyID: property.id),
            stays: try await storage.stays(propertyID: property.id, overlapping: nights),
            blocks: try await storage.blocks(propertyID: property.id, overlapping: nights))
    }

    /// Marks a room clean, dirty or inspected, and (or) assigns it to a housekeeper (`""`: nobody).
    public func updateHousekeeping(
        roomID: Int, status: HousekeepingStatus?, housekeeper: String?, by staff: Staff
    ) async throws -> Room {
        var room = try await room(roomID, by: staff)
        if let housekeeper {
            try Room.validate(housekeeper: housekeeper)
            room.housekeeper = housekeeper.trimmingCharacters(in: .whitespaces)
        }
        if let status { room.housekeeping = status }
        return try await storage.updateHousekeeping(of: room, by: staff.user.id)
    }

    /// Takes a room out of service for `nights` (from today on) for `reason`. Refused, naming the
    /// booking in the way, when a stay holds the room on one of the nights: move it first.
    public func blockRoom(roomID: Int, nights: Nights, reason: String, by staff: Staff) async throws -> RoomBlock {
        let room = try await room(roomID, by: staff)
        guard let property = try await storage.property(id: room.propertyID) else {
            throw DomainError(.notFound, "no property \(room.propertyID)")
        }
        try RoomBlock.validate(reason: reason, nights: nights, today: property.today(now: now()))
        return try await storage.insert(
            RoomBlock(
                id: 0, propertyID: property.id, roomID: room.id, nights: nights,
                reason: reason.trimmingCharacters(in: .whitespaces)),
            by: staff.user.id)
    }

    /// Puts a room back in service today: its block keeps the nights before today and gives back the
    /// rest, or goes when it had not begun. Returns the block as it stands after, nil when removed.
    public func returnToService(blockID: Int, by staff: Staff) async throws -> RoomBlock? {
        guard let block = try await storage.block(id: blockID), try staff.worksAt(block.propertyID),
            let property = try await storage.property(id: block.propertyID)
        else { throw DomainError(.notFound, "no room block \(blockID)") }
        let shortened = try block.returned(on: property.today(now: now()))
        try await storage.end(block, shortenedTo: shortened, by: staff.user.id)
        return shortened
    }
}
