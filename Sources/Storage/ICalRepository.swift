import Booking
import Foundation
import SQLKit

/// One calendar feed imported into a room: a URL, or `upload` for files sent by hand.
public struct ICalImport: Sendable, Equatable {
    public var id: Int
    public var roomID: Int
    public var source: String
    public var importedAtMillis: Int
    /// Its blocks still in force.
    public var blocks: Int
}

/// What an import changed: blocks added for new events, kept for unchanged ones, removed (cancelled)
/// for events gone from the feed, and events refused because a booking holds the room.
public struct ICalSyncResult: Sendable {
    public struct Conflict: Sendable {
        public var uid: String
        public var nights: Nights
        public var message: String
    }

    public var importID: Int
    public var added: Int
    public var kept: Int
    public var removed: Int
    public var conflicts: [Conflict]
}

/// Room calendars exchanged with channel managers: the secret export link, and imported blocks.
public struct ICalRepository: Sendable {
    let store: Store

    init(store: Store) {
        self.store = store
    }

    /// The room's export token, made on first use.
    public func exportToken(roomID: Int) async throws -> String {
        try await store.write { sql in
            try await sql.raw(
                """
                INSERT INTO ical_exports (room_id, token) VALUES (\(bind: roomID), \(bind: Self.newToken()))
                ON CONFLICT (room_id) DO NOTHING
                """
            ).run()
            return try await Self.token(roomID: roomID, in: sql) ?? ""
        }
    }

    /// Whether `token` is the room's export token (compared in constant time).
    public func isExportToken(_ token: String, roomID: Int) async throws -> Bool {
        guard let stored = try await store.read({ sql in try await Self.token(roomID: roomID, in: sql) }) else {
            return false
        }
        let (a, b) = (Array(stored.utf8), Array(token.utf8))
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// The room's busy nights from `from` on: every active run of a stay in it (imported blocks too, so
    /// that one channel's bookings close the room on the others).
    public func busyNights(roomID: Int, from: Day) async throws -> [(uid: String, nights: Nights)] {
        try await store.read { sql in
            try await sql.raw(
                """
                SELECT stay_id, arrival, departure FROM stay_segments
                WHERE room_id = \(bind: roomID) AND active AND departure > \(bind: from.number)
                ORDER BY arrival
                """
            ).all().map { row in
                let arrival = Day(try row.decode(column: "arrival", as: Int.self))
                let stayID = try row.decode(column: "stay_id", as: Int.self)
                return (
                    "stay-\(stayID)-\(arrival.iso)@frontdesk",
                    try Nights(arrival: arrival, departure: Day(try row.decode(column: "departure", as: Int.self)))
                )
            }
        }
    }

    public func imports(roomID: Int) async throws -> [ICalImport] {
        try await store.read { sql in
            try await sql.raw(
                """
                SELECT i.id, i.room_id, i.source, i.imported_at,
                  (SELECT COUNT(*) FROM stays s WHERE s.ical_import_id = i.id AND s.state = 'booked') AS blocks
                FROM ical_imports i WHERE i.room_id = \(bind: roomID) ORDER BY i.id
                """
            ).all().map { row in
                ICalImport(
                    id: try row.decode(column: "id", as: Int.self),
                    roomID: try row.decode(column: "room_id", as: Int.self),
                    source: try row.decode(column: "source", as: String.self),
                    importedAtMillis: try row.decode(column: "imported_at", as: Int.self),
                    blocks: try row.decode(column: "blocks", as: Int.self))
            }
        }
    }

    /// Brings the room's blocks from `source` in line with `blocks`: events ending on or before `today`
    /// are ignored, blocks whose event is gone are cancelled, new events become blocks (stays of source
    /// `ical`). Each block is written on its own, so an event that collides with a booking is reported
    /// and the others still go in.
    public func sync(roomID: Int, source: String, blocks: [ICalBlock], today: Day, by userID: Int? = nil)
        async throws -> ICalSyncResult
    {
        guard let room = try await store.properties.room(id: roomID) else {
            throw DomainError(.notFound, "no room \(roomID)", field: "id")
        }
        let importID = try await store.write { sql in
            try await sql.raw(
                """
                INSERT INTO ical_imports (room_id, source, imported_at)
                VALUES (\(bind: roomID), \(bind: source), \(bind: store.clock.nowMillis))
                ON CONFLICT (room_id, source) DO UPDATE SET imported_at = excluded.imported_at
                """
            ).run()
            let row = try await sql.raw(
                "SELECT id FROM ical_imports WHERE room_id = \(bind: roomID) AND source = \(bind: source)"
            ).first()
            return try row?.decode(column: "id", as: Int.self) ?? 0
        }
        struct Key: Hashable {
            var uid: String
            var nights: Nights
        }
        let existing = try await store.read { sql in
            try await sql.raw(
                """
                SELECT id, version, ical_uid, arrival, departure FROM stays
                WHERE ical_import_id = \(bind: importID) AND state = 'booked'
                """
            ).all().map { row in
                (
                    id: try row.decode(column: "id", as: Int.self),
                    version: try row.decode(column: "version", as: Int.self),
                    key: Key(
                        uid: try row.decode(column: "ical_uid", as: String?.self) ?? "",
                        nights: try Nights(
                            arrival: Day(try row.decode(column: "arrival", as: Int.self)),
                            departure: Day(try row.decode(column: "departure", as: Int.self))))
                )
            }
        }
        let wanted = Set(blocks.filter { $0.nights.departure > today }.map { Key(uid: $0.uid, nights: $0.nights) })
        let stays = store.stays
        var removed = 0
        for block in existing where !wanted.contains(block.key) {
            _ = try await stays.update(stayID: block.id, expectedVersion: block.version, by: userID, action: "cancel") {
                try $0.cancel()
            }
            removed += 1
        }
        let have = Set(existing.map(\.key))
        var result = ICalSyncResult(importID: importID, added: 0, kept: 0, removed: removed, conflicts: [])
        for block in blocks where wanted.contains(Key(uid: block.uid, nights: block.nights)) {
            if have.contains(Key(uid: block.uid, nights: block.nights)) {
                result.kept += 1
                continue
            }
            let new = NewStay(
                propertyID: room.propertyID, roomTypeID: room.roomTypeID, roomID: room.id, nights: block.nights,
                adults: 1, guestName: block.summary.isEmpty ? "Blocked" : block.summary, source: .ical,
                notes: String("Imported from \(source)".prefix(500)))
            do {
                _ = try await stays.create(
                    new, by: userID,
                    alongside: { stay, sql in
                        try await sql.raw(
                            "UPDATE stays SET ical_import_id = \(bind: importID), ical_uid = \(bind: block.uid) WHERE id = \(bind: stay.id)"
                        ).run()
                    })
                result.added += 1
            } catch let error as DomainError where error.code == .conflict {
                result.conflicts.append(.init(uid: block.uid, nights: block.nights, message: error.message))
            }
        }
        return result
    }

    private static func token(roomID: Int, in sql: any SQLDatabase) async throws -> String? {
        try await sql.raw("SELECT token FROM ical_exports WHERE room_id = \(bind: roomID)").first()?
            .decode(column: "token", as: String.self)
    }

    private static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return String((0..<32).map { _ in alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))] })
    }
}
