import Booking
import Foundation
import SQLKit

/// Rooms between guests: their housekeeping status and housekeeper, and the blocks that take them out
/// of service. Every change writes its audit row and its event (`room.housekeeping`, `block.create`,
/// `block.return`), so every open desk sees it.
public struct RoomRepository: Sendable {
    let store: Store

    init(store: Store) {
        self.store = store
    }

    /// A room as the audit log and the event stream record it.
    struct Snapshot: Codable {
        var id: Int
        var number: String
        var housekeeping: String
        var housekeeper: String

        init(_ room: Room) {
            id = room.id
            number = room.number
            housekeeping = room.housekeeping.rawValue
            housekeeper = room.housekeeper
        }
    }

    /// A block as the audit log and the event stream record it.
    struct BlockSnapshot: Codable {
        var id: Int
        var roomId: Int
        var arrival: String
        var departure: String
        var reason: String

        init(_ block: RoomBlock) {
            id = block.id
            roomId = block.roomID
            arrival = block.nights.arrival.iso
            departure = block.nights.departure.iso
            reason = block.reason
        }
    }

    public func updateHousekeeping(of room: Room, by userID: Int?) async throws -> Room {
        try await store.write { sql in
            guard let before = try await PropertyRepository.room(id: room.id, in: sql) else {
                throw DomainError(.notFound, "no room \(room.id)", field: "roomId")
            }
            try await Self.write(room, before: before, userID: userID, now: store.clock.nowMillis, in: sql)
            return room
        }
    }

    /// Sets a room's status inside a transaction already open (a check-out's), with its event.
    static func setHousekeeping(
        _ status: HousekeepingStatus, roomID: Int, userID: Int?, now: Int, in sql: any SQLDatabase
    ) async throws {
        guard let before = try await PropertyRepository.room(id: roomID, in: sql), before.housekeeping != status else {
            return
        }
        var after = before
        after.housekeeping = status
        try await write(after, before: before, userID: userID, now: now, in: sql)
    }

    private static func write(
        _ room: Room, before: Room, userID: Int?, now: Int, in sql: any SQLDatabase
    ) async throws {
        try await sql.raw(
            """
            UPDATE rooms SET housekeeping = \(bind: room.housekeeping.rawValue), housekeeper = \(bind: room.housekeeper)
            WHERE id = \(bind: room.id)
            """
        ).run()
        try await Journal.record(
            in: sql, at: now, propertyID: room.propertyID, userID: userID, entity: "room", entityID: room.id,
            action: "housekeeping", before: Snapshot(before), after: Snapshot(room))
    }

    // MARK: - Blocks

    public func block(id: Int) async throws -> RoomBlock? {
        try await store.read { sql in
            try await sql.raw("SELECT * FROM room_blocks WHERE id = \(bind: id)").first().map(Self.block(from:))
        }
    }

    public func blocks(propertyID: Int, overlapping nights: Nights) async throws -> [RoomBlock] {
        try await blocks(propertyIDs: [propertyID], overlapping: nights)[propertyID] ?? []
    }

    /// The blocks of many properties that take a room out on some of `nights`, by property.
    public func blocks(propertyIDs: [Int], overlapping nights: Nights) async throws -> [Int: [RoomBlock]] {
        guard !propertyIDs.isEmpty else { return [:] }
        return try await store.read { sql in
            try await Self.blocks(propertyIDs: propertyIDs, overlapping: nights, in: sql)
        }
    }

    static func blocks(propertyIDs: [Int], overlapping nights: Nights, in sql: any SQLDatabase) async throws
        -> [Int: [RoomBlock]]
    {
        Dictionary(
            grouping: try await sql.raw(
                """
                SELECT * FROM room_blocks WHERE property_id IN (\(binds: propertyIDs))
                  AND departure > \(bind: nights.arrival.number) AND arrival < \(bind: nights.departure.number)
                ORDER BY room_id, arrival
                """
            ).all().map(Self.block(from:)), by: \.propertyID)
    }

    public func insert(_ block: RoomBlock, by userID: Int?) async throws -> RoomBlock {
        do {
            return try await store.write { sql in
                var stored = block
                stored.id = try await sql.insertReturningID(
                    """
                    INSERT INTO room_blocks (property_id, room_id, arrival, departure, reason, created_at)
                    VALUES (\(bind: block.propertyID), \(bind: block.roomID), \(bind: block.nights.arrival.number),
                      \(bind: block.nights.departure.number), \(bind: block.reason), \(bind: store.clock.nowMillis))
                    RETURNING id
                    """
                )
                try await Journal.record(
                    in: sql, at: store.clock.nowMillis, propertyID: block.propertyID, userID: userID, entity: "block",
                    entityID: stored.id,
                    action: "create", before: nil, after: BlockSnapshot(stored))
                return stored
            }
        } catch  where error.isConstraintFailure {
            throw try await store.stays.blocker(
                roomID: block.roomID, nights: block.nights, excluding: nil)
                ?? DomainError(
                    .conflict, "the room is taken on one of these nights", field: "roomId", reason: .roomTaken)
        }
    }

    public func end(_ block: RoomBlock, shortenedTo shortened: RoomBlock?, by userID: Int?) async throws {
        try await store.write { sql in
            if let shortened {
                try await sql.raw(
                    """
                    UPDATE room_blocks SET departure = \(bind: shortened.nights.departure.number)
                    WHERE id = \(bind: block.id)
                    """
                ).run()
            } else {
                try await sql.raw("DELETE FROM room_blocks WHERE id = \(bind: block.id)").run()
            }
            try await Journal.record(
                in: sql, at: store.clock.nowMillis, propertyID: block.propertyID, userID: userID, entity: "block",
                entityID: block.id,
                action: "return", before: BlockSnapshot(block), after: shortened.map(BlockSnapshot.init))
        }
    }

    /// The blocks in a room over some nights, as the text of a refusal: which block is in the way.
    static func blockInTheWay(roomID: Int, nights: Nights, in sql: any SQLDatabase) async throws -> DomainError? {
        guard
            let row = try await sql.raw(
                """
                SELECT b.arrival, b.departure, b.reason, r.number FROM room_blocks b JOIN rooms r ON r.id = b.room_id
                WHERE b.room_id = \(bind: roomID) AND b.arrival < \(bind: nights.departure.number)
                  AND b.departure > \(bind: nights.arrival.number)
                ORDER BY b.arrival LIMIT 1
                """
            ).first()
        else { return nil }
        let number = try row.decode(column: "number", as: String.self)
        let arrival = Day(try row.decode(column: "arrival", as: Int.self))
        let departure = Day(try row.decode(column: "departure", as: Int.self))
        let reason = try row.decode(column: "reason", as: String.self)
        return DomainError(
            .conflict, "room \(number) is out of service from \(arrival) to \(departure) (\(reason))",
            field: "roomId", reason: .roomOutOfService,
            params: ["room": number, "arrival": arrival.iso, "departure": departure.iso, "why": reason])
    }

    static func block(from row: any SQLRow) throws -> RoomBlock {
        RoomBlock(
            id: try row.decode(column: "id", as: Int.self),
            propertyID: try row.decode(column: "property_id", as: Int.self),
            roomID: try row.decode(column: "room_id", as: Int.self),
            nights: try Nights(
                arrival: Day(try row.decode(column: "arrival", as: Int.self)),
                departure: Day(try row.decode(column: "departure", as: Int.self))),
            reason: try row.decode(column: "reason", as: String.self))
    }
}
