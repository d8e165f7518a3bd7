import Booking
import Foundation
import SQLKit

/// A property's webhooks and their delivery. The events table is their outbox: each change records its
/// event in its own transaction, and a webhook is sent its property's events after `delivered_seq`, in
/// order, the next only once the last was taken (2xx) or given up on.
public struct WebhookRepository: Sendable {
    let store: Store

    init(store: Store) {
        self.store = store
    }

    /// A new webhook, told of events recorded from now on; refused past `Webhook.maxPerProperty`.
    public func create(propertyID: Int, url: String, events: Set<WebhookEvent>, secret: String, by userID: Int?)
        async throws -> Webhook
    {
        try Webhook.validate(url: url, events: events)
        return try await store.write { sql in
            let count =
                try await sql.raw("SELECT COUNT(*) AS n FROM webhooks WHERE property_id = \(bind: propertyID)")
                .first()?.decode(column: "n", as: Int.self) ?? 0
            guard count < Webhook.maxPerProperty else {
                throw DomainError.invalid(
                    "url", "a property keeps at most \(Webhook.maxPerProperty) webhooks", reason: .webhookTooMany,
                    params: ["max": String(Webhook.maxPerProperty)])
            }
            let seq =
                try await sql.raw("SELECT event_seq FROM properties WHERE id = \(bind: propertyID)").first()?
                .decode(column: "event_seq", as: Int.self) ?? 0
            let now = store.clock.nowMillis
            let names = events.map(\.rawValue).sorted()
            let id = try await sql.insertReturningID(
                """
                INSERT INTO webhooks (property_id, url, secret, events, created_at, delivered_seq, due_at)
                VALUES (\(bind: propertyID), \(bind: url), \(bind: secret), \(bind: try JSONText.encode(names)),
                  \(bind: now), \(bind: seq), \(bind: now))
                RETURNING id
                """)
            let webhook = Webhook(
                id: id, propertyID: propertyID, url: url, secret: secret, events: events, createdAt: now,
                deliveredSeq: seq)
            try await Journal.record(
                in: sql, at: now, propertyID: propertyID, userID: userID, entity: "property", entityID: propertyID,
                action: "webhook-added", before: nil as [String]?, after: [url] + names)
            return webhook
        }
    }

    public func webhooks(propertyID: Int) async throws -> [Webhook] {
        try await store.read { sql in
            try await sql.raw("SELECT * FROM webhooks WHERE property_id = \(bind: propertyID) ORDER BY id").all()
                .map(Self.webhook(from:))
        }
    }

    public func webhook(id: Int) async throws -> Webhook? {
        try await store.read { sql in
            try await sql.raw("SELECT * FROM webhooks WHERE id = \(bind: id)").first().map(Self.webhook(from:))
        }
    }

    public func delete(_ webhook: Webhook, by userID: Int?) async throws {
        try await store.write { sql in
            try await sql.raw("DELETE FROM webhooks WHERE id = \(bind: webhook.id)").run()
            try await Journal.record(
                in: sql, at: store.clock.nowMillis, propertyID: webhook.propertyID, userID: userID, entity: "property",
                entityID: webhook.propertyID, action: "webhook-removed", before: [webhook.url], after: nil as [String]?)
        }
    }

    /// An event a webhook is to be sent: its property's next after `delivered_seq`.
    public struct PendingEvent: Sendable {
        public var seq: Int
        public var kind: String
        public var entityID: Int
        /// The recorded change as JSON (a list with the entity as it became).
        public var payload: String
        /// Milliseconds since 1970.
        public var at: Int
    }

    /// Takes up to `limit` webhooks with events to send and due, for `leaseMillis`, under `token` (one
    /// delivery's own): a webhook another delivery holds is skipped until its lease runs out.
    public func claim(limit: Int = 10, leaseMillis: Int, token: String) async throws -> [Webhook] {
        guard limit > 0 else { return [] }
        let now = store.clock.nowMillis
        let lock = store.dialect == .postgres ? " FOR UPDATE SKIP LOCKED" : ""
        // Looked for first without a write, as there is most often nothing to send.
        let waiting = try await store.read { sql in
            try await sql.raw(
                """
                SELECT 1 FROM webhooks w
                WHERE w.due_at <= \(bind: now) AND (w.claimed_until IS NULL OR w.claimed_until < \(bind: now))
                  AND EXISTS (SELECT 1 FROM events e WHERE e.property_id = w.property_id AND e.seq > w.delivered_seq)
                LIMIT 1
                """
            ).first() != nil
        }
        guard waiting else { return [] }
        return try await store.write { sql in
            try await sql.raw(
                """
                UPDATE webhooks SET claimed_until = \(bind: now + leaseMillis), claim_token = \(bind: token)
                WHERE id IN (
                  SELECT w.id FROM webhooks w
                  WHERE w.due_at <= \(bind: now) AND (w.claimed_until IS NULL OR w.claimed_until < \(bind: now))
                    AND EXISTS (SELECT 1 FROM events e WHERE e.property_id = w.property_id AND e.seq > w.delivered_seq)
                  ORDER BY w.due_at, w.id LIMIT \(bind: limit)\(unsafeRaw: lock))
                RETURNING *
                """
            ).all().map(Self.webhook(from:))
        }
    }

    /// Whether the delivery `token` still holds the webhook's claim, renewed for `leaseMillis` if so: false
    /// once the webhook is removed (or its lease ran out and another took it). Asked before each event is
    /// sent, so that a removed webhook is sent nothing more.
    public func renew(id: Int, token: String, leaseMillis: Int) async throws -> Bool {
        let now = store.clock.nowMillis
        return try await store.write { sql in
            try await sql.raw(
                """
                UPDATE webhooks SET claimed_until = \(bind: now + leaseMillis)
                WHERE id = \(bind: id) AND claim_token = \(bind: token) AND claimed_until >= \(bind: now)
                RETURNING id
                """
            ).first() != nil
        }
    }

    /// The delivery `token` is done with the webhook for now: the next may claim it at once.
    public func release(id: Int, token: String) async throws {
        try await store.write { sql in
            try await sql.raw(
                """
                UPDATE webhooks SET claimed_until = NULL, claim_token = NULL
                WHERE id = \(bind: id) AND claim_token = \(bind: token)
                """
            ).run()
        }
    }

    /// The webhook's next events to send, in order.
    public func pendingEvents(of webhook: Webhook, limit: Int = 20) async throws -> [PendingEvent] {
        try await store.read { sql in
            try await sql.raw(
                """
                SELECT seq, kind, entity_id, payload, at FROM events
                WHERE property_id = \(bind: webhook.propertyID) AND seq > \(bind: webhook.deliveredSeq)
                ORDER BY seq LIMIT \(bind: limit)
                """
            ).all().map { row in
                PendingEvent(
                    seq: try row.decode(column: "seq", as: Int.self),
                    kind: try row.decode(column: "kind", as: String.self),
                    entityID: try row.decode(column: "entity_id", as: Int.self),
                    payload: try row.decode(column: "payload", as: String.self),
                    at: try row.decode(column: "at", as: Int.self))
            }
        }
    }

    /// Events up to `seq` are done with (sent, or not for this webhook) by the delivery `token`, which keeps
    /// its claim: the next is due now.
    public func markDelivered(id: Int, upTo seq: Int, token: String) async throws {
        let now = store.clock.nowMillis
        try await store.write { sql in
            try await sql.raw(
                """
                UPDATE webhooks SET delivered_seq = \(bind: seq), attempts = 0, due_at = \(bind: now),
                  last_error = NULL
                WHERE id = \(bind: id) AND delivered_seq < \(bind: seq) AND claim_token = \(bind: token)
                """
            ).run()
        }
    }

    /// Sending the next event failed: tried again after `retryAfterMillis`; when nil (given up), that
    /// event is passed over, so later ones are not held back for ever, and the error is kept. The claim of
    /// the delivery `token` ends.
    public func markFailed(id: Int, event seq: Int, error: String, retryAfterMillis: Int?, token: String)
        async throws
    {
        let now = store.clock.nowMillis
        let error = String(error.prefix(500))
        try await store.write { sql in
            if let wait = retryAfterMillis {
                try await sql.raw(
                    """
                    UPDATE webhooks SET attempts = attempts + 1, due_at = \(bind: now + wait), claimed_until = NULL,
                      claim_token = NULL, last_error = \(bind: error)
                    WHERE id = \(bind: id) AND claim_token = \(bind: token)
                    """
                ).run()
            } else {
                try await sql.raw(
                    """
                    UPDATE webhooks SET delivered_seq = \(bind: seq), attempts = 0, due_at = \(bind: now),
                      claimed_until = NULL, claim_token = NULL, last_error = \(bind: "event \(seq) given up: \(error)")
                    WHERE id = \(bind: id) AND delivered_seq < \(bind: seq) AND claim_token = \(bind: token)
                    """
                ).run()
            }
        }
    }

    static func webhook(from row: any SQLRow) throws -> Webhook {
        let names = try JSONText.decode([String].self, try row.decode(column: "events", as: String.self))
        return Webhook(
            id: try row.decode(column: "id", as: Int.self),
            propertyID: try row.decode(column: "property_id", as: Int.self),
            url: try row.decode(column: "url", as: String.self),
            secret: try row.decode(column: "secret", as: String.self),
            events: Set(names.compactMap(WebhookEvent.init(rawValue:))),
            createdAt: try row.decode(column: "created_at", as: Int.self),
            deliveredSeq: try row.decode(column: "delivered_seq", as: Int.self),
            lastError: try row.decode(column: "last_error", as: String?.self),
            attempts: try row.decode(column: "attempts", as: Int.self))
    }
}
