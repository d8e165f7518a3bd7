import Booking
import Foundation
import SQLKit

/// The outbox. A change writes its message here inside its own transaction (`enqueue` joins an open
/// `Store.write` as a savepoint), so a booking never commits without its message and a message is
/// never kept for a booking that rolled back. The delivery service `claim`s what is due, sends it, and
/// records how that went.
public struct MessageRepository: Sendable {
    let store: Store

    init(store: Store) {
        self.store = store
    }

    /// Writes `message` to the outbox, due now; in the caller's transaction when one is open.
    @discardableResult
    public func enqueue(_ message: NewMessage) async throws -> OutgoingMessage {
        try await store.write { sql in
            let now = store.clock.nowMillis
            let token = Self.newToken()
            let id = try await sql.insertReturningID(
                """
                INSERT INTO messages (property_id, kind, stay_id, appointment_id, waitlist_offer_id, channel, recipient,
                  recipient_name, language, facts, token, state, attempts, due_at, created_at)
                VALUES (\(bind: message.propertyID), \(bind: message.kind.rawValue), \(bind: message.stayID),
                  \(bind: message.appointmentID), \(bind: message.waitlistOfferID), \(bind: message.channel.rawValue),
                  \(bind: message.recipient),
                  \(bind: message.recipientName),
                  \(bind: message.language.rawValue), \(bind: try JSONText.encode(message.facts)), \(bind: token),
                  \(bind: MessageState.queued.rawValue), 0, \(bind: now), \(bind: now))
                RETURNING id
                """)
            return OutgoingMessage(
                id: id, message: message, messageID: token, state: .queued, attempts: 0, dueAt: now, lastError: nil,
                createdAt: now, sentAt: nil)
        }
    }

    public func message(id: Int) async throws -> OutgoingMessage? {
        try await store.read { sql in
            let found = try await sql.raw("SELECT * FROM messages WHERE id = \(bind: id)").first().map(
                Self.message(from:))
            return try await Self.withHistory(found.map { [$0] } ?? [], in: sql).first
        }
    }

    /// A stay's messages, or an appointment's, newest first.
    public func messages(stayID: Int) async throws -> [OutgoingMessage] {
        try await store.read { sql in
            try await Self.withHistory(
                try await sql.raw("SELECT * FROM messages WHERE stay_id = \(bind: stayID) ORDER BY id DESC LIMIT 100")
                    .all().map(Self.message(from:)), in: sql)
        }
    }

    /// The message of each of a waitlist's offers, by offer.
    public func messages(waitlistOfferIDs ids: [Int]) async throws -> [Int: OutgoingMessage] {
        guard !ids.isEmpty else { return [:] }
        return try await store.read { sql in
            var found: [Int: OutgoingMessage] = [:]
            let rows = try await sql.raw("SELECT * FROM messages WHERE waitlist_offer_id IN (\(binds: ids))").all()
            for message in try await Self.withHistory(try rows.map(Self.message(from:)), in: sql) {
                if let offer = message.message.waitlistOfferID { found[offer] = message }
            }
            return found
        }
    }

    /// A property's messages of `kind`, newest first: a waitlist's offers, which name no booking.
    public func messages(propertyID: Int, kind: MessageKind) async throws -> [OutgoingMessage] {
        try await store.read { sql in
            try await Self.withHistory(
                try await sql.raw(
                    """
                    SELECT * FROM messages WHERE property_id = \(bind: propertyID) AND kind = \(bind: kind.rawValue)
                    ORDER BY id DESC LIMIT 100
                    """
                ).all().map(Self.message(from:)), in: sql)
        }
    }

    /// The messages about an appointment's visit: those naming any appointment booked under its code
    /// (an online visit's share one), or the appointment alone.
    public func messages(appointmentID: Int) async throws -> [OutgoingMessage] {
        try await store.read { sql in
            try await Self.withHistory(
                try await sql.raw(
                    """
                    SELECT * FROM messages WHERE appointment_id = \(bind: appointmentID) OR appointment_id IN (
                      SELECT other.id FROM appointments this JOIN appointments other ON other.code = this.code
                      WHERE this.id = \(bind: appointmentID) AND this.code <> '')
                    ORDER BY id DESC LIMIT 100
                    """
                ).all().map(Self.message(from:)), in: sql)
        }
    }

    /// Takes up to `limit` queued messages that are due and not being sent by anyone else, for
    /// `leaseMillis`: counted as an attempt each, of the `channels` this instance sends (all, when nil). On
    /// PostgreSQL rows another instance is claiming are skipped (`FOR UPDATE SKIP LOCKED`); SQLite has one
    /// writer at a time.
    public func claim(limit: Int = 10, leaseMillis: Int, channels: Set<MessageChannel>? = nil) async throws
        -> [OutgoingMessage]
    {
        let now = store.clock.nowMillis
        let ofChannels: SQLQueryString =
            channels.map { names in
                names.isEmpty
                    ? " AND FALSE"
                    : " AND channel IN (\(binds: names.map(\.rawValue).sorted()))"
            } ?? ""
        let lock = store.dialect == .postgres ? " FOR UPDATE SKIP LOCKED" : ""
        // Looked for first without a write, as there is most often nothing due.
        let due = try await store.read { sql in
            try await sql.raw(
                """
                SELECT 1 FROM messages WHERE state = 'queued' AND due_at <= \(bind: now)
                  AND (claimed_until IS NULL OR claimed_until < \(bind: now))\(ofChannels)
                LIMIT 1
                """
            ).first() != nil
        }
        guard due else { return [] }
        return try await store.write { sql in
            try await sql.raw(
                """
                UPDATE messages SET claimed_until = \(bind: now + leaseMillis), attempts = attempts + 1
                WHERE id IN (
                  SELECT id FROM messages
                  WHERE state = 'queued' AND due_at <= \(bind: now) AND (claimed_until IS NULL OR claimed_until < \(bind: now))
                    \(ofChannels)
                  ORDER BY due_at, id LIMIT \(bind: limit)\(unsafeRaw: lock))
                RETURNING *
                """
            ).all().map(Self.message(from:)).sorted { $0.id < $1.id }
        }
    }

    /// A mail server took it.
    public func markSent(id: Int) async throws {
        let now = store.clock.nowMillis
        try await store.write { sql in
            try await sql.raw(
                """
                UPDATE messages SET state = 'sent', sent_at = \(bind: now), claimed_until = NULL, last_error = NULL
                WHERE id = \(bind: id)
                """
            ).run()
            try await Self.record(MessageAttempt(at: now, outcome: .sent), of: id, in: sql)
        }
    }

    /// It was not sent: tried again after `retryAfterMillis`, or `failed` for good when nil.
    public func markNotSent(id: Int, error: String, retryAfterMillis: Int?) async throws {
        let now = store.clock.nowMillis
        let error = String(error.prefix(500))
        try await store.write { sql in
            if let wait = retryAfterMillis {
                try await sql.raw(
                    """
                    UPDATE messages SET due_at = \(bind: now + wait), claimed_until = NULL, last_error = \(bind: error)
                    WHERE id = \(bind: id)
                    """
                ).run()
                try await Self.record(MessageAttempt(at: now, outcome: .deferred, error: error), of: id, in: sql)
            } else {
                try await sql.raw(
                    """
                    UPDATE messages SET state = 'failed', claimed_until = NULL, last_error = \(bind: error)
                    WHERE id = \(bind: id)
                    """
                ).run()
                try await Self.record(MessageAttempt(at: now, outcome: .failed, error: error), of: id, in: sql)
            }
        }
    }

    /// Queues a message again, as a new one (its own `Message-ID`: mail programs set aside a second
    /// copy of one they have), due now; refused (`.conflict`) while it is still queued.
    public func sendAgain(id: Int) async throws -> OutgoingMessage {
        let now = store.clock.nowMillis
        return try await store.write { sql in
            guard let row = try await sql.raw("SELECT * FROM messages WHERE id = \(bind: id)").first() else {
                throw DomainError(.notFound, "no message \(id)")
            }
            let message = try Self.message(from: row)
            guard message.state != .queued else {
                throw DomainError(.conflict, "the message is still on its way", field: "id", reason: .messageQueued)
            }
            guard !message.message.recipient.isEmpty else {
                throw DomainError(.notAllowed, "the recipient's details were erased", reason: .customerErased)
            }
            try await sql.raw(
                """
                UPDATE messages SET state = 'queued', token = \(bind: Self.newToken()), attempts = 0,
                  due_at = \(bind: now), claimed_until = NULL, last_error = NULL, sent_at = NULL
                WHERE id = \(bind: id)
                """
            ).run()
            try await Self.record(MessageAttempt(at: now, outcome: .sentAgain), of: id, in: sql)
            guard let again = try await sql.raw("SELECT * FROM messages WHERE id = \(bind: id)").first() else {
                throw DomainError(.notFound, "no message \(id)")
            }
            return try await Self.withHistory([try Self.message(from: again)], in: sql)[0]
        }
    }

    /// Records one attempt of message `id` (or its being sent again).
    static func record(_ attempt: MessageAttempt, of id: Int, in sql: any SQLDatabase) async throws {
        try await sql.raw(
            """
            INSERT INTO message_attempts (message_id, at, outcome, error)
            VALUES (\(bind: id), \(bind: attempt.at), \(bind: attempt.outcome.rawValue), \(bind: attempt.error))
            """
        ).run()
    }

    /// `messages` with their histories, read in one query.
    static func withHistory(_ messages: [OutgoingMessage], in sql: any SQLDatabase) async throws -> [OutgoingMessage] {
        guard !messages.isEmpty else { return [] }
        var history: [Int: [MessageAttempt]] = [:]
        let rows = try await sql.raw(
            "SELECT * FROM message_attempts WHERE message_id IN (\(binds: messages.map(\.id))) ORDER BY id"
        ).all()
        for row in rows {
            guard let outcome = MessageAttempt.Outcome(rawValue: try row.decode(column: "outcome", as: String.self))
            else { continue }
            history[try row.decode(column: "message_id", as: Int.self), default: []].append(
                MessageAttempt(
                    at: try row.decode(column: "at", as: Int.self), outcome: outcome,
                    error: try row.decode(column: "error", as: String?.self)))
        }
        return messages.map { message in
            var message = message
            message.history = history[message.id] ?? []
            return message
        }
    }

    /// Takes a salon customer's details out of the messages about their appointments (`appointmentIDs`) and of
    /// those sent to `email` at the salon (waitlist offers): no recipient, no name in the facts. One still
    /// queued is not sent: it fails, saying why.
    static func erase(appointmentIDs: [Int], email: String, propertyID: Int, in sql: any SQLDatabase) async throws {
        let byAppointment =
            appointmentIDs.isEmpty
            ? "FALSE" : "appointment_id IN (\(appointmentIDs.map(String.init).joined(separator: ",")))"
        let key = Customer.matchingEmail(email)
        let rows = try await sql.raw(
            """
            SELECT id, facts FROM messages WHERE property_id = \(bind: propertyID)
              AND (\(unsafeRaw: byAppointment) OR (\(bind: key) <> '' AND LOWER(recipient) = \(bind: key)))
            """
        ).all()
        for row in rows {
            var facts = try JSONText.decode(MessageFacts.self, try row.decode(column: "facts", as: String.self))
            facts.guestName = ""
            try await sql.raw(
                """
                UPDATE messages SET recipient = '', recipient_name = '', facts = \(bind: try JSONText.encode(facts)),
                  last_error = CASE WHEN state = 'queued' THEN 'the customer''s details were erased'
                    ELSE REPLACE(last_error, \(bind: email), '') END,
                  state = CASE WHEN state = 'queued' THEN 'failed' ELSE state END, claimed_until = NULL
                WHERE id = \(bind: try row.decode(column: "id", as: Int.self))
                """
            ).run()
            // A mail server's words may name the address.
            try await sql.raw(
                """
                UPDATE message_attempts SET error = REPLACE(error, \(bind: email), '')
                WHERE message_id = \(bind: try row.decode(column: "id", as: Int.self))
                """
            ).run()
        }
    }

    /// 128 random bits in hex: the left part of the message's `Message-ID`.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(generator.next() as UInt32, radix: 16) }.map {
            String(repeating: "0", count: 8 - $0.count) + $0
        }.joined()
    }

    static func message(from row: any SQLRow) throws -> OutgoingMessage {
        let kind = try row.decode(column: "kind", as: String.self)
        let language = try row.decode(column: "language", as: String.self)
        let state = try row.decode(column: "state", as: String.self)
        let channel = try row.decode(column: "channel", as: String.self)
        guard let kind = MessageKind(rawValue: kind), let language = Language(rawValue: language),
            let state = MessageState(rawValue: state), let channel = MessageChannel(rawValue: channel)
        else { throw DomainError(.invalid, "a stored message is of an unknown kind, language, state or channel") }
        return OutgoingMessage(
            id: try row.decode(column: "id", as: Int.self),
            message: NewMessage(
                kind: kind, propertyID: try row.decode(column: "property_id", as: Int.self),
                stayID: try row.decode(column: "stay_id", as: Int?.self),
                appointmentID: try row.decode(column: "appointment_id", as: Int?.self),
                waitlistOfferID: try row.decode(column: "waitlist_offer_id", as: Int?.self),
                channel: channel, recipient: try row.decode(column: "recipient", as: String.self),
                recipientName: try row.decode(column: "recipient_name", as: String.self), language: language,
                facts: try JSONText.decode(MessageFacts.self, try row.decode(column: "facts", as: String.self))),
            messageID: try row.decode(column: "token", as: String.self), state: state,
            attempts: try row.decode(column: "attempts", as: Int.self),
            dueAt: try row.decode(column: "due_at", as: Int.self),
            lastError: try row.decode(column: "last_error", as: String?.self),
            createdAt: try row.decode(column: "created_at", as: Int.self),
            sentAt: try row.decode(column: "sent_at", as: Int?.self))
    }
}
