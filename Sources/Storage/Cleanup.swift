import Logging
import SQLKit
import ServiceLifecycle

/// Removes what has expired, by the store's clock: sessions past their end and idempotency keys past
/// their lifetime. Runs as a `Service` of the application, once the schema is up to date (the server
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
    /// Deletes the sessions that have ended and the idempotency keys older than their lifetime.
    public func removeExpired() async throws {
        let now = clock.nowMillis
        try await write { sql in
            try await sql.raw("DELETE FROM sessions WHERE expires_at < \(bind: now)").run()
            try await sql.raw(
                "DELETE FROM idempotency_keys WHERE created_at < \(bind: now - IdempotencyRepository.lifetimeMillis)"
            ).run()
        }
    }
}
