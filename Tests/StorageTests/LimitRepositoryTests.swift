import Foundation
import StorageTesting
import Testing

@testable import Storage

/// The rate limit's and the sign-in throttle's counts, as several server instances on one database keep
/// them: each store here is an instance of its own.
@Suite(.closesItsStores)
struct LimitRepositoryTests {
    @Test(arguments: TestDatabase.available)
    func wrongPasswordsTriedAtOnceOnTwoInstancesAreCountedOneAfterAnother(database: TestDatabase) async throws {
        let stores = try await database.makeStores(count: 2)
        for store in stores { store.clock.set(Date(timeIntervalSince1970: 1_900_000_000)) }
        let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<16 {
                group.addTask {
                    let limits = stores[index % 2].limits
                    return try await limits.beginSignIn(account: "desk@example.com", address: "10.0.0.\(index)").counted
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 }.count == SignInLimits.perAccount)
        // Refused at either instance until the first try ages out, then counted again.
        let refused = try await stores[1].limits.beginSignIn(account: "desk@example.com", address: "10.0.1.1")
        guard case .failure(let wait) = refused else { Issue.record("not refused: \(refused)"); return }
        #expect(wait.seconds == SignInLimits.windowMillis / 1000)
        for store in stores { store.clock.advance(by: TimeInterval(wait.seconds)) }
        let later = try await stores[0].limits.beginSignIn(account: "desk@example.com", address: "10.0.1.1")
        #expect(later.counted)
        try await stores[0].removeExpired()
        #expect(try await CleanupTests.count("sign_in_tries", in: stores[0]) == 2)
    }

    @Test(arguments: TestDatabase.available)
    func aRightPasswordClearsTheAccountAtEveryInstanceAndOnlyItsOwnTryFromTheAddress(database: TestDatabase)
        async throws
    {
        let stores = try await database.makeStores(count: 2)
        for _ in 1..<SignInLimits.perAccount {
            _ = try await stores[0].limits.beginSignIn(account: "desk@example.com", address: "10.0.0.1")
        }
        let right = try await stores[1].limits.beginSignIn(account: "desk@example.com", address: "10.0.0.1").get()
        try await stores[1].limits.signedIn(right)
        for _ in 0..<SignInLimits.perAccount {
            #expect(try await stores[0].limits.beginSignIn(account: "desk@example.com", address: "10.0.0.1").counted)
        }
        #expect(try await !stores[1].limits.beginSignIn(account: "desk@example.com", address: "10.0.0.1").counted)
        // The address's count kept the wrong ones (4 + 5) and not the right one.
        let row = try await stores[0].sql.raw(
            "SELECT COUNT(*) AS n FROM sign_in_tries WHERE key = 'address:10.0.0.1'"
        ).first()
        #expect(try row?.decode(column: "n", as: Int.self) == 2 * SignInLimits.perAccount - 1)
    }

    @Test(arguments: TestDatabase.available)
    func requestsCountedByTheInstancesOfOneDatabaseAddUp(database: TestDatabase) async throws {
        // A SQLite file has one server: its counts are that process's.
        let stores = try await database.makeStores(count: database == .postgres ? 2 : 1)
        var last = LimitRepository.Minutes(this: 0, previous: 0)
        for index in 0..<10 {
            last = try await stores[index % stores.count].limits.countRequest(client: "10.0.0.1", minute: 500)
        }
        #expect(last == .init(this: 10, previous: 0))
        try await stores[0].limits.uncountRequest(client: "10.0.0.1", minute: 500)
        let next = try await stores[stores.count - 1].limits.countRequest(client: "10.0.0.1", minute: 501)
        #expect(next == .init(this: 1, previous: 9))
        // Another client counts alone; a minute after a gap starts from nothing.
        #expect(try await stores[0].limits.countRequest(client: "10.0.0.2", minute: 501) == .init(this: 1, previous: 0))
        #expect(try await stores[0].limits.countRequest(client: "10.0.0.1", minute: 503) == .init(this: 1, previous: 0))
    }
}

extension Result where Failure == SignInLimits.Wait {
    /// Whether the try was counted (not refused).
    var counted: Bool {
        if case .success = self { return true }
        return false
    }
}
