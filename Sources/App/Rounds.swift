import ServiceLifecycle
import Storage

extension Store {
    /// How the application's background services work: once the schema is up to date, `round` after
    /// `round` until the service group shuts down, each answering how much it did. Between rounds it rests
    /// `interval`: after every round, or with `restingWhenIdle` only after one that found nothing to do (an
    /// outbox drained as fast as it fills).
    func workInRounds(
        every interval: Duration, restingWhenIdle: Bool = false, _ round: @escaping @Sendable () async -> Int
    ) async {
        await cancelWhenGracefulShutdown {
            await self.untilMigrated()
            while !Task.isCancelled {
                let done = await round()
                if !restingWhenIdle || done == 0 { try? await Task.sleep(for: interval) }
            }
        }
    }
}
