import Foundation
import SQLKit
import Synchronization

/// What the guest site's rate limit and the sign-in throttle count, kept where every server instance on
/// the database sees it: a client sending its requests to one instance and then another is counted once.
public struct LimitRepository: Sendable {
    let store: Store

    init(store: Store) {
        self.store = store
    }

    /// A client's requests in one minute and in the minute before it.
    public struct Minutes: Sendable, Equatable {
        public var this: Int
        public var previous: Int

        public init(this: Int, previous: Int) {
            self.this = this
            self.previous = previous
        }
    }

    /// Counts a request of `client` in `minute` (minutes since 1970) and answers that minute's count with
    /// it and the one before's. On PostgreSQL one statement on a table every instance shares; on SQLite,
    /// whose file one server serves, the counts are this process's (a write per guest request would queue
    /// behind the bookings).
    public func countRequest(client: String, minute: Int) async throws -> Minutes {
        switch store.dialect {
        case .sqlite:
            return store.requestCounts.count(client: client, minute: minute, by: 1)
        case .postgres:
            let row = try await store.sql.raw(
                """
                WITH counted AS (
                  INSERT INTO request_counts (client, minute, count) VALUES (\(bind: client), \(bind: minute), 1)
                  ON CONFLICT (client, minute) DO UPDATE SET count = request_counts.count + 1 RETURNING count)
                SELECT (SELECT count FROM counted) AS this,
                  COALESCE((SELECT count FROM request_counts WHERE client = \(bind: client)
                    AND minute = \(bind: minute - 1)), 0) AS previous
                """
            ).first()
            return Minutes(
                this: try row?.decode(column: "this", as: Int.self) ?? 1,
                previous: try row?.decode(column: "previous", as: Int.self) ?? 0)
        }
    }

    /// Takes back a request counted in `minute` (one refused, which the limit does not hold against the client).
    public func uncountRequest(client: String, minute: Int) async throws {
        switch store.dialect {
        case .sqlite:
            _ = store.requestCounts.count(client: client, minute: minute, by: -1)
        case .postgres:
            try await store.sql.raw(
                """
                UPDATE request_counts SET count = count - 1
                WHERE client = \(bind: client) AND minute = \(bind: minute) AND count > 0
                """
            ).run()
        }
    }

    /// A sign-in counted as a wrong password until it is known to be right.
    public struct SignInTry: Sendable {
        public let account: String
        public let address: String
        let id: String
    }

    /// Counts a sign-in for `account` from `address` as wrong (its password is checked next), or answers
    /// the seconds to wait when either has had its limit of wrong passwords within `SignInLimits.window`
    /// (the try is then not counted). Tries from any instance are counted one after another: PostgreSQL
    /// locks the two keys for the transaction, SQLite has one writer.
    public func beginSignIn(account: String, address: String) async throws -> Result<SignInTry, SignInLimits.Wait> {
        let now = store.clock.nowMillis
        let keys = [("account:" + account, SignInLimits.perAccount), ("address:" + address, SignInLimits.perAddress)]
        let id = UUID().uuidString
        return try await store.write { sql in
            if store.dialect == .postgres {
                for (key, _) in keys.sorted(by: { $0.0 < $1.0 }) {
                    try await sql.raw("SELECT pg_advisory_xact_lock(hashtext(\(bind: key)))").run()
                }
            }
            var wait = 0
            for (key, limit) in keys {
                let recent = try await sql.raw(
                    """
                    SELECT at FROM sign_in_tries WHERE key = \(bind: key) AND at > \(bind: now - SignInLimits.windowMillis)
                    ORDER BY at
                    """
                ).all().map { try $0.decode(column: "at", as: Int.self) }
                if recent.count >= limit, let oldest = recent.first {
                    wait = max(wait, 1, (SignInLimits.windowMillis - (now - oldest) + 999) / 1000)
                }
            }
            if wait > 0 { return .failure(SignInLimits.Wait(seconds: wait)) }
            for (key, _) in keys {
                try await sql.raw(
                    "INSERT INTO sign_in_tries (key, try_id, at) VALUES (\(bind: key), \(bind: id), \(bind: now))"
                ).run()
            }
            return .success(SignInTry(account: account, address: address, id: id))
        }
    }

    /// The password was right: the account's count starts again, and the try no longer counts against
    /// the address.
    public func signedIn(_ attempt: SignInTry) async throws {
        try await store.write { sql in
            try await sql.raw("DELETE FROM sign_in_tries WHERE key = \(bind: "account:" + attempt.account)").run()
            try await sql.raw(
                "DELETE FROM sign_in_tries WHERE key = \(bind: "address:" + attempt.address) AND try_id = \(bind: attempt.id)"
            ).run()
        }
    }
}

/// How many wrong passwords sign-in takes before it refuses (429) until the oldest ages out, whatever
/// the password: `perAccount` for one email, `perAddress` from one address, within the window. A right
/// password clears the account's count. A try is counted as wrong when it starts, before its password is
/// checked, and taken back when the password was right: guesses sent at once are counted one after
/// another, never all checked against the same count.
public enum SignInLimits {
    public static let perAccount = 5
    public static let perAddress = 30
    public static let windowMillis = 15 * 60 * 1000

    /// The seconds to wait before signing in is tried again.
    public struct Wait: Error, Sendable {
        public let seconds: Int
    }
}

/// The guest site's request counts of a SQLite server (`LimitRepository.countRequest`), in its memory.
final class RequestCountsInMemory: Sendable {
    private let counts = Mutex<[String: (minute: Int, this: Int, previous: Int)]>([:])

    func count(client: String, minute: Int, by change: Int) -> LimitRepository.Minutes {
        counts.withLock { counts in
            var (kept, this, previous) = counts[client] ?? (minute, 0, 0)
            if kept != minute {
                (previous, this) = (kept == minute - 1 ? this : 0, 0)
            }
            this = max(0, this + change)
            counts[client] = (minute, this, previous)
            if counts.count > 100_000 { counts = counts.filter { $0.value.minute >= minute - 1 } }
            return LimitRepository.Minutes(this: this, previous: previous)
        }
    }
}
