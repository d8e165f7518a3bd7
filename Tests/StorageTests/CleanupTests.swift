import Booking
import Foundation
import SQLKit
import StorageTesting
import Testing

@testable import Storage

/// Sessions and idempotency keys are removed once expired, by the store's clock, by the clean-up
/// service rather than by whoever signs in or books next.
@Suite(.closesItsStores, .serialized)
struct CleanupTests {
    static func count(_ table: String, in store: Store) async throws -> Int {
        let row = try await store.sql.raw("SELECT COUNT(*) AS n FROM \(unsafeRaw: table)").first()
        return try #require(try row?.decode(column: "n", as: Int.self))
    }

    @Test(arguments: TestDatabase.available)
    func expiredSessionsAndKeysGoAndTheLiveOnesStay(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let users = store.users
        let user = try await users.create(
            email: "desk@example.com", name: "Desk", role: .frontDesk, passwordHash: "x",
            properties: [hotel.property.id])
        store.clock.set(Date(timeIntervalSince1970: 1_900_000_000))
        let now = store.clock.nowMillis
        try await users.startSession(userID: user.id, tokenHash: "ended", expiresAtMillis: now + 1_000)
        try await users.startSession(userID: user.id, tokenHash: "open", expiresAtMillis: now + 3_600_000)
        let keys = store.idempotencyKeys
        for key in ["yesterday", "today"] {
            if key == "today" { store.clock.advance(by: 12 * 3600) }
            _ = try await keys.once(scope: "test", key: key, requestHash: "h") {
                ("done", IdempotencyRepository.StoredAnswer(status: 201, response: "{}"))
            }
        }
        store.clock.set(Date(timeIntervalSince1970: 1_900_000_000 + 25 * 3600))
        // Nothing is removed until the clean-up runs: signing in removes no one else's session.
        try await users.startSession(userID: user.id, tokenHash: "later", expiresAtMillis: store.clock.nowMillis + 60)
        #expect(try await Self.count("sessions", in: store) == 3)

        let cleanup = Task { await Cleanup(store: store, every: .seconds(3600)).run() }
        for _ in 0..<250 where try await Self.count("idempotency_keys", in: store) > 1 {
            try await Task.sleep(for: .milliseconds(20))
        }
        cleanup.cancel()
        await cleanup.value
        let sessions = try await store.sql.raw("SELECT token_hash FROM sessions ORDER BY token_hash").all()
        #expect(try sessions.map { try $0.decode(column: "token_hash", as: String.self) } == ["later"])
        let kept = try await store.sql.raw("SELECT key FROM idempotency_keys").all()
        #expect(try kept.map { try $0.decode(column: "key", as: String.self) } == ["today"])
    }
}
