import Booking
import Foundation
import SQLKit

/// The audit log and the event stream, written in the same transaction as the change they record.
enum Journal {
    /// Appends an audit row (who, when, what, before and after) and the property's next event, stamped
    /// `now` (milliseconds since 1970, from the store's clock).
    static func record<Record: Encodable>(
        in sql: any SQLDatabase, at now: Int, propertyID: Int, userID: Int?, entity: String, entityID: Int,
        action: String, before: Record?, after: Record?
    ) async throws {
        let beforeJSON = try before.map { try JSONText.encode($0) }
        let afterJSON = try after.map { try JSONText.encode($0) }
        try await sql.raw(
            """
            INSERT INTO audit_log (at, user_id, entity, entity_id, action, before, after)
            VALUES (\(bind: now), \(bind: userID), \(bind: entity), \(bind: entityID), \(bind: action),
              \(bind: beforeJSON), \(bind: afterJSON))
            """
        ).run()
        // Numbered per property without gaps: the update takes the property row's lock on PostgreSQL,
        // and SQLite writes one transaction at a time.
        let row = try await sql.raw(
            "UPDATE properties SET event_seq = event_seq + 1 WHERE id = \(bind: propertyID) RETURNING event_seq"
        ).first()
        guard let seq = try row?.decode(column: "event_seq", as: Int.self) else { return }
        try await sql.raw(
            """
            INSERT INTO events (property_id, seq, kind, entity_id, payload, at)
            VALUES (\(bind: propertyID), \(bind: seq), \(bind: "\(entity).\(action)"), \(bind: entityID),
              \(bind: try JSONText.encode(after.map { [$0] } ?? [])), \(bind: now))
            """
        ).run()
        // Readers are woken once the transaction commits: by the store in this process, and on
        // PostgreSQL by NOTIFY (delivered at commit) in every server instance.
        TouchedProperties.current?.insert(propertyID)
        if sql.dialect.name == "postgresql" {
            try await sql.raw("SELECT pg_notify(\(bind: EventFeed.channel), \(bind: String(propertyID)))").run()
        }
    }
}
