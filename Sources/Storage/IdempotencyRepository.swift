import Booking
import SQLKit

/// Remembers the answers to requests sent with an `Idempotency-Key` for 24 hours, so that a retried
/// or double-tapped request gets the first answer instead of doing the work twice.
public struct IdempotencyRepository: Sendable {
    let store: Store

    public static let lifetimeMillis = 24 * 60 * 60 * 1000

    public init(store: Store) {
        self.store = store
    }

    public enum Reservation: Sendable, Equatable {
        /// The key is new and now held for this request: do the work, then `complete` or `release`.
        case reserved
        /// The same request was answered before: send this again.
        case replay(status: Int, response: String)
        /// The key was used for a different request.
        case mismatch
        /// The same request is being worked on right now.
        case inProgress
    }

    /// Holds a key for a request (by the hash of its method, path and body), or says what happened to it.
    public func reserve(scope: String, key: String, requestHash: String) async throws -> Reservation {
        do {
            return try await store.write { sql in
                try await sql.raw(
                    "DELETE FROM idempotency_keys WHERE created_at < \(bind: Clock.nowMillis - Self.lifetimeMillis)"
                ).run()
                if let row = try await sql.raw(
                    "SELECT * FROM idempotency_keys WHERE scope = \(bind: scope) AND key = \(bind: key)"
                ).first() {
                    guard try row.decode(column: "request_hash", as: String.self) == requestHash else {
                        return .mismatch
                    }
                    let status = try row.decode(column: "status", as: Int.self)
                    guard status != 0 else { return .inProgress }
                    return .replay(status: status, response: try row.decode(column: "response", as: String.self))
                }
                try await sql.raw(
                    """
                    INSERT INTO idempotency_keys (key, scope, request_hash, status, response, created_at)
                    VALUES (\(bind: key), \(bind: scope), \(bind: requestHash), 0, '', \(bind: Clock.nowMillis))
                    """
                ).run()
                return .reserved
            }
        } catch  where error.isConstraintFailure {
            // Another request inserted the same key between our look and our insert.
            return .inProgress
        }
    }

    /// Stores the answer to a reserved key.
    public func complete(scope: String, key: String, status: Int, response: String) async throws {
        try await store.write { sql in
            try await sql.raw(
                """
                UPDATE idempotency_keys SET status = \(bind: status), response = \(bind: response)
                WHERE scope = \(bind: scope) AND key = \(bind: key)
                """
            ).run()
        }
    }

    /// Lets a key go again when its request failed in a way worth retrying (a server error).
    public func release(scope: String, key: String) async throws {
        try await store.write { sql in
            try await sql.raw("DELETE FROM idempotency_keys WHERE scope = \(bind: scope) AND key = \(bind: key)").run()
        }
    }
}
