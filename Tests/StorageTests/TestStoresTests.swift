import Storage
import StorageTesting
import Synchronization
import Testing

/// The scope a test's stores are opened in, which closes them on every path: a pool left open asserts
/// when it goes away and would end the whole run.
struct TestStoresTests {
    struct SetUpFailed: Error {}

    @Test func aStoreOpenedBeforeTheSetUpThrowsIsClosedAndTheErrorIsTheTestsOwn() async throws {
        let opened = Mutex<[Store]>([])
        await #expect(throws: SetUpFailed.self) {
            try await TestStores.scope {
                let store = try await TestDatabase.sqlite.makeStore()
                opened.withLock { $0.append(store) }
                #expect(!store.isShutDown)
                throw SetUpFailed()
            }
        }
        let stores = opened.withLock { $0 }
        #expect(stores.count == 1)
        #expect(stores.allSatisfy { $0.isShutDown })
    }

    @Test func aStoreIsClosedWhenItsTestPasses() async throws {
        let store = try await TestStores.scope { try await TestDatabase.sqlite.makeStore() }
        #expect(store.isShutDown)
    }

    @Test func aStoreIsNotOpenedOutsideTheScope() async throws {
        await #expect(throws: TestStores.OutsideScope.self) { _ = try await TestDatabase.sqlite.makeStore() }
    }
}
