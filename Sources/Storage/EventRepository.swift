import SQLKit

/// One recorded change, as the live stream sends it.
public struct StoredEvent: Sendable, Equatable {
    /// Numbered per property from 1, without gaps.
    public var seq: Int
    /// `entity.action`, such as `stay.move` or `appointment.update`.
    public var kind: String
    public var entityID: Int
    /// A JSON array: the entity as it is after the change (a `StaySnapshot` or an
    /// `AppointmentSnapshot`), empty when the change left nothing to show.
    public var payloadJSON: String
    /// Milliseconds since 1970.
    public var atMillis: Int
}

/// Reads a property's event stream.
public struct EventRepository: Sendable {
    let store: Store

    init(store: Store) {
        self.store = store
    }

    /// The property's last sequence number (0 before its first change); nil when it does not exist.
    public func latestSeq(propertyID: Int) async throws -> Int? {
        try await store.read { sql in
            try await sql.raw("SELECT event_seq FROM properties WHERE id = \(bind: propertyID)").first()?
                .decode(column: "event_seq", as: Int.self)
        }
    }

    /// The last sequence numbers of `propertyIDs`, by property id, read as one row a few thousand
    /// places: the guest site's search asks which of its region's places changed since it last counted
    /// their nights.
    public func latestSeqs(of propertyIDs: [Int]) async throws -> [Int: Int] {
        try await store.read { sql in
            // Each property `id,seq,` (`AggregatedText`).
            let pair: SQLQueryString = "id || ',' || event_seq || ','"
            let aggregate: SQLQueryString =
                sql.dialect.name == "postgresql" ? "string_agg(\(pair), '')" : "group_concat(\(pair), '')"
            var seqs: [Int: Int] = [:]
            for start in stride(from: 0, to: propertyIDs.count, by: Self.idsPerQuery) {
                let chunk = propertyIDs[start..<min(start + Self.idsPerQuery, propertyIDs.count)]
                let text = try await sql.raw(
                    "SELECT \(aggregate) AS seqs FROM properties WHERE id IN (\(binds: Array(chunk)))"
                ).first()?.decode(column: "seqs", as: String?.self)
                let pairs = try AggregatedText.rows(of: text ?? "", what: "event sequences") { row in
                    (try row.number(), try row.number())
                }
                seqs.merge(pairs, uniquingKeysWith: { _, last in last })
            }
            return seqs
        }
    }

    /// The most ids one query binds (SQLite takes 32,766 parameters, PostgreSQL 65,535).
    static let idsPerQuery = 5_000

    /// Events after `seq`, oldest first, at most `limit`.
    public func events(propertyID: Int, after seq: Int, limit: Int = 500) async throws -> [StoredEvent] {
        try await store.read { sql in
            try await sql.raw(
                """
                SELECT seq, kind, entity_id, payload, at FROM events
                WHERE property_id = \(bind: propertyID) AND seq > \(bind: seq)
                ORDER BY seq LIMIT \(bind: limit)
                """
            ).all().map { row in
                StoredEvent(
                    seq: try row.decode(column: "seq", as: Int.self),
                    kind: try row.decode(column: "kind", as: String.self),
                    entityID: try row.decode(column: "entity_id", as: Int.self),
                    payloadJSON: try row.decode(column: "payload", as: String.self),
                    atMillis: try row.decode(column: "at", as: Int.self))
            }
        }
    }
}
