import Logging
import SQLKit
import ServiceLifecycle

/// Removes what has expired, by the store's clock: sessions past their end, idempotency keys past
/// their lifetime, and the requests and wrong passwords the limits no longer count. Runs as a `Service` of the application, once the schema is up to date (the server
/// migrates before it starts, while this service is already running) and then every `interval`, rather
/// than riding on the writes of whoever signs in or books next.
public struct Cleanup: Service {
    let store: Store
    let interval: Duration

    public init(store: Store, every interval: Duration = .seconds(15 * 60)) {
        self.store = store
        self.interval = interval
    }

    public func run() async {
        await cancelWhenGracefulShutdown {
            await store.untilMigrated()
            while !Task.isCancelled {
                do {
                    try await store.removeExpired()
                } catch {
                    store.logger.warning("could not remove expired sessions and keys", metadata: ["error": "\(error)"])
                }
                try? await Task.sleep(for: interval)
            }
        }
    }
}

extension Store {
    /// Deletes the sessions that have ended, the idempotency keys older than their lifetime, and the
    /// counts of requests and wrong passwords older than their limits' windows.
    public func removeExpired() async throws {
        let now = clock.nowMillis
        try await write { sql in
            try await sql.raw("DELETE FROM sessions WHERE expires_at < \(bind: now)").run()
            try await sql.raw(
                "DELETE FROM idempotency_keys WHERE created_at < \(bind: now - IdempotencyRepository.lifetimeMillis)"
            ).run()
            try await sql.raw("DELETE FROM request_counts WHERE minute < \(bind: now / 60_000 - 1)").run()
            try await sql.raw("DELETE FROM sign_in_tries WHERE at <= \(bind: now - SignInLimits.windowMillis)").run()
        }
    }
}
