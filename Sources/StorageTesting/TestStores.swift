import Storage
import Synchronization
import Testing

/// The stores a test opens, each closed when the test ends, whether it passed, failed or threw in its
/// own set-up. A pool left open asserts when it goes away and kills the whole test process, so a store
/// is opened only inside a scope (`TestDatabase.makeStores` refuses otherwise), and one fixture's
/// failure is that test's alone.
public final class TestStores: Sendable {
    @TaskLocal static var current: TestStores?

    private let stores = Mutex<[Store]>([])

    private init() {}

    func add(_ store: Store) { stores.withLock { $0.append(store) } }

    /// Runs `body` with a scope for the stores it opens, and closes them after it, on every path.
    public static func scope<Result>(_ body: () async throws -> Result) async throws -> Result {
        let opened = TestStores()
        do {
            let result = try await $current.withValue(opened) { try await body() }
            await opened.closeAll()
            return result
        } catch {
            await opened.closeAll()
            throw error
        }
    }

    private func closeAll() async {
        for store in stores.withLock({ $0 }) { await store.shutdown() }
    }

    /// A test store opened outside `TestStores.scope`: its suite lacks `@Suite(.closesItsStores)`.
    public struct OutsideScope: Error, CustomStringConvertible {
        public var description: String {
            "a test store was opened outside TestStores.scope: give the suite @Suite(.closesItsStores)"
        }
    }
}

/// Puts each test of a suite (each of its arguments) in `TestStores.scope`.
public struct ClosesItsStores: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? { testCase == nil ? nil : self }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await TestStores.scope { try await function() }
    }
}

extension Trait where Self == ClosesItsStores {
    /// Closes every store a test opens when it ends, on every path.
    public static var closesItsStores: Self { ClosesItsStores() }
}
