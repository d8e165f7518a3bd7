import Booking
import Foundation
import SQLKit

/// Finding a property's stays, and reading a stay's history.
extension StayRepository {
    /// A stay's history from the audit log, oldest first: every change of the stay (with the stay as it
    /// became) and every line posted to its folio, each with when and by whom (nil: the guest site or
    /// the system).
    public func history(stayID: Int) async throws -> [StayHistoryEntry] {
        try await store.read { sql in
            let rows = try await sql.raw(
                """
                SELECT a.at, a.entity, a.action, a.after, u.name AS user_name FROM audit_log a
                LEFT JOIN users u ON u.id = a.user_id
                WHERE a.entity IN ('stay', 'folio') AND a.entity_id = \(bind: stayID)
                ORDER BY a.id
                """
            ).all()
            return try rows.map { row in
                let after = try row.decode(column: "after", as: String?.self).map { Data($0.utf8) }
                let isStay = try row.decode(column: "entity", as: String.self) == "stay"
                let action = try row.decode(column: "action", as: String.self)
                // A folio's row is a line posted, or its split between payers (which carries no line).
                let isLine = !isStay && FolioEntryKind(rawValue: action) != nil
                return StayHistoryEntry(
                    atMillis: try row.decode(column: "at", as: Int.self),
                    userName: try row.decode(column: "user_name", as: String?.self), action: action,
                    stay: try after.flatMap { isStay ? try JSONDecoder().decode(StaySnapshot.self, from: $0) : nil },
                    line: try after.flatMap {
                        isLine ? StayHistoryEntry.Line(try JSONDecoder().decode(FolioEntryRecord.self, from: $0)) : nil
                    })
            }
        }
    }

    /// Finds a property's stays by their guest's name, email or phone or by confirmation code, on any
    /// dates and in any state (a cancelled one too): at most `limit`, the latest arrival first, each
    /// with its guest. Case is ignored; `%` and `_` in `text` are themselves.
    public func find(_ text: String, propertyID: Int, limit: Int = 50) async throws -> [(Stay, Guest)] {
        let pattern = Store.likePattern(containing: text.lowercased())
        return try await store.read { sql in
            let rows = try await sql.raw(
                """
                SELECT s.*, g.name AS guest_name, g.email AS guest_email, g.phone AS guest_phone,
                  g.notes AS guest_notes
                FROM stays s JOIN guests g ON g.id = s.guest_id
                WHERE s.property_id = \(bind: propertyID)
                  AND (LOWER(g.name) LIKE \(bind: pattern) ESCAPE '\\' OR LOWER(g.email) LIKE \(bind: pattern) ESCAPE '\\'
                    OR g.phone LIKE \(bind: pattern) ESCAPE '\\'
                    OR LOWER(s.confirmation_code) LIKE \(bind: pattern) ESCAPE '\\')
                ORDER BY s.arrival DESC, s.id DESC LIMIT \(bind: limit)
                """
            ).all()
            // Their runs in one more query, not two queries a stay.
            let ids = try rows.map { try $0.decode(column: "id", as: Int.self) }
            let segments =
                ids.isEmpty
                ? [:]
                : try Self.segmentsByStay(
                    try await sql.raw(
                        "SELECT * FROM stay_segments WHERE stay_id IN (\(binds: ids)) ORDER BY stay_id, arrival"
                    ).all())
            return try rows.map { row in
                let stay = try Self.stay(
                    from: row, segments: segments[try row.decode(column: "id", as: Int.self)] ?? [])
                let guest = Guest(
                    id: stay.guestID, name: try row.decode(column: "guest_name", as: String.self),
                    email: try row.decode(column: "guest_email", as: String.self),
                    phone: try row.decode(column: "guest_phone", as: String.self),
                    notes: try row.decode(column: "guest_notes", as: String.self))
                return (stay, guest)
            }
        }
    }
}

extension StayHistoryEntry.Line {
    /// A folio line as its audit row recorded it; nil for one that names no kind or currency we know.
    init?(_ record: FolioEntryRecord) {
        guard let kind = FolioEntryKind(rawValue: record.kind), let currency = try? Currency.named(record.currency)
        else { return nil }
        self.init(kind: kind, description: record.description, amount: Money(record.amount, currency))
    }
}
