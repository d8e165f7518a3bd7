import Booking
import SQLKit

/// Remembers the answers to requests sent with an `Idempotency-Key` for 24 hours, so that a retried
/// or double-tapped request gets the first answer instead of doing the work twice.
///
/// The key's record, the work it guards and the answer commit in one transaction: a server that
/// dies half-way leaves either all three (a retry replays the answer) or none (a retry does the
/// work), never a key stuck "in progress" or a stay its guest can never learn of.
public struct IdempotencyRepository: Sendable {
    let store: Store

    public static let lifetimeMillis = 24 * 60 * 60 * 1000

    init(store: Store) {
        self.store = store
    }

    /// What became of a request under a key.
    public enum Outcome<Answer: Sendable>: Sendable {
        /// The work was done now and its answer stored with it.
        case answered(Answer)
        /// The same request was answered before: send this again.
        case replay(status: Int, response: String)
        /// The key was used for a different request.
        case mismatch
    }

    /// An answer as stored: its status and the text a replay sends.
    public struct StoredAnswer: Sendable {
        public var status: Int
        public var response: String

        public init(status: Int, response: String) {
            self.status = status
            self.response = response
        }
    }

    /// Does `work` once for a key and a request (by the hash of its method, path and body), in one
    /// transaction with the key's record and the answer `work` gives. The writes `work` makes join
    /// that transaction (`Store.write`). A concurrent request with the same key waits for this one to
    /// commit (PostgreSQL's unique index; SQLite's single writer) and then replays its answer. When
    /// `work` throws, nothing is kept: a refusal is recorded by a second `once` whose work gives it.
    public func once<Answer: Sendable>(
        scope: String, key: String, requestHash: String,
        _ work: @escaping @Sendable () async throws -> (answer: Answer, stored: StoredAnswer)
    ) async throws -> Outcome<Answer> {
        try await store.write { sql in
            let earlier: Outcome<Answer>? = try await Self.claim(
                scope: scope, key: key, requestHash: requestHash, now: store.clock.nowMillis, in: sql)
            if let earlier { return earlier }
            let (answer, stored) = try await work()
            try await sql.raw(
                """
                UPDATE idempotency_keys SET status = \(bind: stored.status), response = \(bind: stored.response)
                WHERE scope = \(bind: scope) AND key = \(bind: key)
                """
            ).run()
            return .answered(answer)
        }
    }

    /// Holds the key for this transaction, or says what it answered before. A row of status 0 is a
    /// key that an older server left in progress when it died: its work never committed, so it is
    /// taken over; a row older than the key's lifetime is a new use of the key (`Cleanup` removes
    /// the others in time).
    private static func claim<Answer>(
        scope: String, key: String, requestHash: String, now: Int, in sql: any SQLDatabase
    ) async throws -> Outcome<Answer>? {
        try await sql.raw(
            """
            DELETE FROM idempotency_keys WHERE scope = \(bind: scope) AND key = \(bind: key)
              AND (status = 0 OR created_at < \(bind: now - Self.lifetimeMillis))
            """
        ).run()
        // Waits, on PostgreSQL, for a transaction inserting the same key to end.
        try await sql.raw(
            """
            INSERT INTO idempotency_keys (key, scope, request_hash, status, response, created_at)
            VALUES (\(bind: key), \(bind: scope), \(bind: requestHash), 0, '', \(bind: now))
            ON CONFLICT (scope, key) DO NOTHING
            """
        ).run()
        guard
            let row = try await sql.raw(
                "SELECT * FROM idempotency_keys WHERE scope = \(bind: scope) AND key = \(bind: key)"
            ).first()
        else { throw DomainError(.conflict, "the Idempotency-Key could not be held", field: "Idempotency-Key") }
        guard try row.decode(column: "request_hash", as: String.self) == requestHash else { return .mismatch }
        let status = try row.decode(column: "status", as: Int.self)
        guard status != 0 else { return nil }
        return .replay(status: status, response: try row.decode(column: "response", as: String.self))
    }
}
