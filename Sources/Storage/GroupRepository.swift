import Booking
import SQLKit

/// Bookings of several rooms: the group row, and its stays' `group_id`.
public struct GroupRepository: Sendable {
    let store: Store

    init(store: Store) {
        self.store = store
    }

    /// Holds `stays` together as one group named `name`, under the first one's code, in the transaction open
    /// around it (or its own), with its audit row.
    public func group(_ stays: [Stay], name: String, by userID: Int?) async throws -> BookingGroup {
        guard let first = stays.first else { throw DomainError.invalid("rooms", "a group holds rooms") }
        return try await store.write { sql in
            let id = try await sql.insertReturningID(
                """
                INSERT INTO booking_groups (property_id, code, name, created_at)
                VALUES (\(bind: first.propertyID), \(bind: first.confirmationCode), \(bind: name),
                  \(bind: store.clock.nowMillis))
                RETURNING id
                """
            )
            let ids = stays.map(\.id)
            try await sql.raw("UPDATE stays SET group_id = \(bind: id) WHERE id IN (\(binds: ids))").run()
            let group = BookingGroup(
                id: id, propertyID: first.propertyID, code: first.confirmationCode, name: name, stayIDs: ids)
            try await Journal.record(
                in: sql, at: store.clock.nowMillis, propertyID: group.propertyID, userID: userID, entity: "group",
                entityID: id, action: "create", before: nil as GroupRecord?, after: GroupRecord(group))
            return group
        }
    }

    public func group(id: Int) async throws -> BookingGroup? {
        try await store.read { sql in
            guard let row = try await sql.raw("SELECT * FROM booking_groups WHERE id = \(bind: id)").first() else {
                return nil
            }
            let stays = try await sql.raw("SELECT id FROM stays WHERE group_id = \(bind: id) ORDER BY id").all()
                .map { try $0.decode(column: "id", as: Int.self) }
            return BookingGroup(
                id: id, propertyID: try row.decode(column: "property_id", as: Int.self),
                code: try row.decode(column: "code", as: String.self),
                name: try row.decode(column: "name", as: String.self), stayIDs: stays)
        }
    }
}

/// The stays of a property's groups on the board over some nights (`stays_in_groups` finds them among the
/// few stays booked together), with their groups' names.
extension GroupRepository {
    public struct BoardGroups: Sendable, Equatable {
        /// Each grouped stay's group.
        public var groupOfStay: [Int: Int] = [:]
        public var names: [Int: String] = [:]
    }

    public func boardGroups(propertyID: Int, overlapping nights: Nights) async throws -> BoardGroups {
        try await store.read { sql in
            var groups = BoardGroups()
            for row in try await sql.raw(
                """
                SELECT s.id, s.group_id, g.name FROM stays s JOIN booking_groups g ON g.id = s.group_id
                WHERE s.property_id = \(bind: propertyID) AND s.group_id IS NOT NULL
                  AND s.departure > \(bind: nights.arrival.number) AND s.arrival < \(bind: nights.departure.number)
                """
            ).all() {
                let group = try row.decode(column: "group_id", as: Int.self)
                groups.groupOfStay[try row.decode(column: "id", as: Int.self)] = group
                groups.names[group] = try row.decode(column: "name", as: String.self)
            }
            return groups
        }
    }
}

/// A group as the audit log records it.
struct GroupRecord: Codable {
    var code: String
    var name: String
    var stays: [Int]

    init(_ group: BookingGroup) {
        (code, name, stays) = (group.code, group.name, group.stayIDs)
    }
}
