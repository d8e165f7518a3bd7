import Foundation
import SQLKit
import StorageTesting
import Synchronization
import Testing

@testable import Storage

/// The store's transactions.
@Suite(.closesItsStores)
struct StoreTests {
    /// How many times the writes' bodies ran.
    final class Runs: Sendable {
        let count = Mutex(0)
        /// How many writes hold their first lock: each waits for both before taking its second, so the
        /// two always cross however late a loaded machine starts one.
        let holding = Mutex(0)
    }

    /// Two writes that take two locks in turn, each waiting for the other: PostgreSQL ends one for the
    /// deadlock, and the store runs it again once the other has committed, so both land.
    @Test func aWriteEndedForADeadlockRunsAgainAndBothLand() async throws {
        guard TestDatabase.available.contains(.postgres) else { return }
        let store = try await TestDatabase.postgres.makeStore()
        // Advisory locks are the server's, not the schema's: keys of this test alone.
        let (first, second) = (Int.random(in: 1...1_000_000), Int.random(in: 1_000_001...2_000_000))
        let runs = Runs()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for locks in [[first, second], [second, first]] {
                group.addTask {
                    try await store.write { sql in
                        runs.count.withLock { $0 += 1 }
                        try await sql.raw("SELECT pg_advisory_xact_lock(4242, \(bind: locks[0])::int)").run()
                        runs.holding.withLock { $0 += 1 }
                        let deadline = ContinuousClock.now + .seconds(10)
                        while runs.holding.withLock({ $0 }) < 2, ContinuousClock.now < deadline {
                            try await Task.sleep(for: .milliseconds(20))
                        }
                        try await sql.raw("SELECT pg_advisory_xact_lock(4242, \(bind: locks[1])::int)").run()
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(runs.count.withLock { $0 } == 3)
    }
}
