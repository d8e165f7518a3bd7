import Booking
import Foundation
import SQLKit

/// The audit log and the event stream, written in the same transaction as the change they record.
enum Journal {
    /// Appends an audit row (who, when, what, before and after) and the property's next event.
    static func record<Record: Encodable>(
        in sql: any SQLDatabase, propertyID: Int, userID: Int?, entity: String, entityID: Int, action: String,
        before: Record?, after: Record?
    ) async throws {
        let now = Clock.nowMillis
        try await sql.raw(
            """
            INSERT INTO audit_log (at, user_id, entity, entity_id, action, before, after)
            VALUES (\(bind: now), \(bind: userID), \(bind: entity), \(bind: entityID), \(bind: action),
              \(bind: try before.map(JSONText.encode)), \(bind: try after.map(JSONText.encode)))
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
    }
}

/// A stay as JSON, for the audit log and the event stream.
struct StayRecord: Codable {
    struct Segment: Codable {
        var roomId: Int?
        var arrival: String
        var departure: String
    }

    var id: Int
    var propertyId: Int
    var roomTypeId: Int
    var guestId: Int
    var arrival: String
    var departure: String
    var segments: [Segment]
    var adults: Int
    var children: Int
    var source: String
    var state: String
    var version: Int
    var confirmationCode: String

    init(_ stay: Stay) {
        id = stay.id
        propertyId = stay.propertyID
        roomTypeId = stay.roomTypeID
        guestId = stay.guestID
        arrival = stay.arrival.iso
        departure = stay.departure.iso
        segments = stay.segments.map {
            Segment(roomId: $0.roomID, arrival: $0.nights.arrival.iso, departure: $0.nights.departure.iso)
        }
        adults = stay.adults
        children = stay.children
        source = stay.source.rawValue
        state = stay.state.rawValue
        version = stay.version
        confirmationCode = stay.confirmationCode
    }
}
