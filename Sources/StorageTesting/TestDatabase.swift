import Foundation
import SQLKit
import Storage

/// The databases every storage test runs against: a SQLite file, and a real PostgreSQL server when
/// `FRONTDESK_TEST_POSTGRES_URL` names one (`make test` starts one: scripts/with-postgres.sh).
public enum TestDatabase: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite
    case postgres

    public static var postgresURL: String? { ProcessInfo.processInfo.environment["FRONTDESK_TEST_POSTGRES_URL"] }

    /// The ones available here. `make test` always has both and sets `FRONTDESK_REQUIRE_POSTGRES`, so
    /// that a missing server fails the run instead of quietly testing SQLite alone.
    /// `FRONTDESK_TEST_DATABASE` (`sqlite` or `postgres`) narrows a run to one of them: the second pass of
    /// `make test` under a moved clock runs on the one its commit picks.
    public static var available: [TestDatabase] {
        if let named = ProcessInfo.processInfo.environment["FRONTDESK_TEST_DATABASE"], !named.isEmpty {
            guard let one = TestDatabase(rawValue: named) else {
                fatalError("FRONTDESK_TEST_DATABASE is '\(named)': sqlite or postgres")
            }
            if one == .postgres && postgresURL == nil {
                fatalError("FRONTDESK_TEST_DATABASE is postgres but FRONTDESK_TEST_POSTGRES_URL is not set")
            }
            return [one]
        }
        if postgresURL == nil && ProcessInfo.processInfo.environment["FRONTDESK_REQUIRE_POSTGRES"] != nil {
            fatalError(
                "FRONTDESK_REQUIRE_POSTGRES is set but FRONTDESK_TEST_POSTGRES_URL is not: run through scripts/with-postgres.sh"
            )
        }
        return postgresURL == nil ? [.sqlite] : [.sqlite, .postgres]
    }

    public var description: String { rawValue }

    /// A new, empty, migrated database: a file in a fresh folder, or a fresh PostgreSQL schema.
    public func makeStore() async throws -> Store {
        try await makeStores(count: 1)[0]
    }

    /// Several stores over one new database, as several server instances would share it. `eventTick`
    /// is how often their event readers re-check without being told of a change.
    /// They are closed when the test ends, on every path (one left open asserts when it goes away, and
    /// takes the whole run with it): so they are opened only inside `TestStores.scope`, which the
    /// `.closesItsStores` trait puts around each test.
    public func makeStores(count: Int, eventTick: Duration = .seconds(5)) async throws -> [Store] {
        guard let opened = TestStores.current else { throw TestStores.OutsideScope() }
        let name = "t\(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased())"
        let (location, searchPath): (String, [String]?)
        switch self {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("frontdesk-\(name)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            (location, searchPath) = (folder.appendingPathComponent("test.sqlite").path, nil)
        case .postgres:
            let admin = try Store.open(Self.postgresURL!)
            try await admin.closing {
                try await admin.write { sql in
                    try await sql.raw("CREATE SCHEMA \(unsafeRaw: name)").run()
                    try await sql.raw("CREATE EXTENSION IF NOT EXISTS btree_gist SCHEMA public").run()
                }
            }
            (location, searchPath) = (Self.postgresURL!, [name, "public"])
        }
        var stores: [Store] = []
        for _ in 0..<count {
            let store = try Store.open(location, searchPath: searchPath, eventTick: eventTick)
            opened.add(store)
            stores.append(store)
        }
        try await stores[0].migrate()
        return stores
    }
}
