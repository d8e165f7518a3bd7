import AsyncKit
import Booking
import FluentKit
import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation
import Logging
import NIOCore
import NIOPosix
import SQLKit
import ServiceLifecycle
import Synchronization

/// The database Frontdesk keeps its truth in: a SQLite file by default, PostgreSQL for larger
/// deployments. One code path for both; only the schema's DDL and how a write transaction starts
/// differ by dialect.
public final class Store: Sendable {
    public enum Dialect: String, Sendable {
        case sqlite
        case postgres
    }

    public let dialect: Dialect
    /// Where it is: a file path, or the URL without its password.
    public let location: String
    let databases: Databases
    let logger: Logger
    /// Wakes the readers of the live event stream when changes commit.
    public let events: EventFeed
    /// SQLite's writers, one at a time (`WriterQueue`).
    let writers = WriterQueue()
    /// The instant it is now for every "today" and every line posted (a test moves it).
    public let clock = WallClock()
    /// The guest site's request counts when one server serves the database (SQLite): `LimitRepository`.
    let requestCounts = RequestCountsInMemory()
    private let isOpen = Mutex(true)
    private let migrated = Mutex(false)

    /// Whether `migrate()` has brought the schema up to date in this process (services that write wait for it).
    public var isMigrated: Bool { migrated.withLock { $0 } }

    /// Returns once the schema is up to date (the server migrates before it takes requests, while its
    /// services are already running), or the task is cancelled.
    public func untilMigrated() async {
        while !isMigrated && !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    /// How long a request waits for a connection before it is refused (503, `isDatabaseBusy`). A burst of writes on a
    /// busy machine (a tour group's bookings, a slow disk) queues longer than the drivers' 10 seconds;
    /// the person at the desk would rather wait than be told to try again.
    static let connectionWait = TimeAmount.seconds(60)

    /// Opens a database: a `postgres://` (or `postgresql://`) URL, `:memory:`, or a SQLite file path.
    /// `searchPath` puts PostgreSQL's tables in other schemas than `public` (tests use one each).
    /// `eventTick` is how often live-event readers re-check without being told of a change (changes
    /// written by another process to the same SQLite file are seen this way).
    public static func open(
        _ location: String, searchPath: [String]? = nil, eventTick: Duration = .seconds(5),
        logger: Logger = Logger(label: "frontdesk.storage")
    ) throws -> Store {
        let databases = Databases(threadPool: NIOThreadPool.singleton, on: MultiThreadedEventLoopGroup.singleton)
        if location.hasPrefix("postgres://") || location.hasPrefix("postgresql://") {
            var configuration = try SQLPostgresConfiguration(url: location)
            configuration.searchPath = searchPath
            databases.use(
                .postgres(
                    configuration: configuration, maxConnectionsPerEventLoop: 4,
                    connectionPoolTimeout: Self.connectionWait),
                as: .psql)
            return Store(
                dialect: .postgres, location: Self.redacted(location), databases: databases,
                events: EventFeed(postgres: configuration.coreConfiguration, tick: eventTick, logger: logger),
                logger: logger)
        }
        let storage: SQLiteConfiguration = location == ":memory:" ? .memory : .file(location)
        databases.use(.sqlite(storage, connectionPoolTimeout: Self.connectionWait), as: .sqlite)
        return Store(
            dialect: .sqlite, location: location, databases: databases,
            events: EventFeed(postgres: nil, tick: eventTick, logger: logger), logger: logger)
    }

    private init(dialect: Dialect, location: String, databases: Databases, events: EventFeed, logger: Logger) {
        self.dialect = dialect
        self.location = location
        self.databases = databases
        self.events = events
        self.logger = logger
    }

    /// A handle for one unit of work; cheap, use one per request. Once the store is shut down, work that
    /// outlived it (a stream still reading, a retry) gets `Closed` rather than a crash.
    public var database: any Database {
        get throws {
            guard let database = databases.database(logger: logger, on: databases.eventLoopGroup.any()) else {
                throw Closed()
            }
            return database
        }
    }

    var sql: any SQLDatabase { get throws { try database as! any SQLDatabase } }

    /// Work asked of a store after `shutdown()`.
    public struct Closed: Error, CustomStringConvertible {
        public var description: String { "the store is shut down" }
    }

    /// Creates or updates the schema, and sets SQLite up for concurrent use (WAL, so readers do not
    /// wait for the writer).
    public func migrate() async throws {
        if dialect == .sqlite, location != ":memory:" {
            try await sql.raw("PRAGMA journal_mode = WAL").run()
        }
        let migrations = Migrations()
        migrations.add(Schema(dialect: dialect))
        migrations.add(ICalSchema(dialect: dialect))
        migrations.add(BoardIndexes())
        migrations.add(InventoryGeneration())
        migrations.add(StayTerms())
        migrations.add(SegmentOwners())
        migrations.add(HousekeepingSchema(dialect: dialect, today: Day.today(in: .gmt, now: clock.now())))
        migrations.add(DocumentSchema(dialect: dialect))
        migrations.add(TranslationSchema())
        migrations.add(BoardRuns(dialect: dialect))
        migrations.add(LighterWrites(dialect: dialect))
        migrations.add(StaffMemberships())
        migrations.add(LedgerIndex())
        migrations.add(GuestRegistration())
        migrations.add(NightAuditSchema(dialect: dialect))
        migrations.add(RestrictionSchema())
        migrations.add(RatePlanSchema())
        migrations.add(SalonSetupSchema())
        migrations.add(SalonOnlineSchema())
        migrations.add(SalonRetirementSchema())
        migrations.add(CustomerSchema(dialect: dialect))
        migrations.add(SaleSchema(dialect: dialect))
        migrations.add(VisitTermsSchema())
        migrations.add(AppointmentSeriesSchema())
        migrations.add(MessageSchema(dialect: dialect))
        migrations.add(MessageSettingsSchema())
        migrations.add(WebhookSchema(dialect: dialect))
        migrations.add(OnlineCheckInSchema())
        migrations.add(WaitlistSchema(dialect: dialect))
        migrations.add(SharedLimitsSchema(dialect: dialect))
        migrations.add(CustomerRefold())
        migrations.add(WebhookClaims())
        migrations.add(MessageAttemptsSchema(dialect: dialect))
        migrations.add(LineTaxesSchema())
        migrations.add(ReceivingAccountSchema())
        migrations.add(BankStatementSchema(dialect: dialect))
        migrations.add(TaxInvoiceSchema())
        migrations.add(CashReceiptSchema(dialect: dialect))
        migrations.add(StatementVisitsSchema())
        migrations.add(SaleTaxInvoiceSchema())
        migrations.add(MessageChannelSchema(dialect: dialect))
        migrations.add(FolioSplitSchema(dialect: dialect))
        migrations.add(BookingGroupSchema(dialect: dialect))
        migrations.add(RoomChargeSchema())
        migrations.add(BoardGroupsSchema())
        migrations.add(TicketSchema(dialect: dialect))
        migrations.add(TicketEndingSchema())
        let migrator = Migrator(
            databases: databases, migrations: migrations, logger: logger, on: databases.eventLoopGroup.any())
        try await oneMigratorAtATime {
            try await migrator.setupIfNeeded().get()
            try await migrator.prepareBatch().get()
        }
        migrated.withLock { $0 = true }
    }

    /// Runs `body` while no other process migrates the same PostgreSQL schema: instances started
    /// together behind a load balancer would otherwise each try to create the same tables. The lock is
    /// named by the schema's name (tests migrate schemas of their own at once), and held by one
    /// connection for the session, so a process that dies lets go of it.
    private func oneMigratorAtATime(_ body: @escaping @Sendable () async throws -> Void) async throws {
        guard dialect == .postgres else { return try await body() }
        try await database.withConnection { connection in
            let sql = connection as! any SQLDatabase
            let lock: SQLQueryString = "hashtext('frontdesk.migrations.' || current_schema())"
            try await sql.raw("SELECT pg_advisory_lock(\(lock))").run()
            do {
                try await body()
            } catch {
                try? await sql.raw("SELECT pg_advisory_unlock(\(lock))").run()
                throw error
            }
            try await sql.raw("SELECT pg_advisory_unlock(\(lock))").run()
        }
    }

    /// After many rows written at once (a generated hotel, an import): on PostgreSQL, marks the pages of
    /// the stays' tables all-visible and refreshes the planner's statistics, without which it reads the
    /// board's runs by a scan of the whole table rather than from its covering index (and autovacuum
    /// comes to it only minutes later). SQLite plans from its indexes alone and needs nothing.
    public func settleAfterBulkWrite() async throws {
        guard dialect == .postgres else { return }
        for table in ["stays", "stay_segments", "guests", "stay_rates", "folio_entries"] {
            try await sql.raw("VACUUM (ANALYZE) \(unsafeRaw: table)").run()
        }
    }

    /// Runs `body`, then closes the databases whether it returned or threw.
    public func closing<Result>(_ body: () async throws -> Result) async throws -> Result {
        let result: Result
        do {
            result = try await body()
        } catch {
            await shutdown()
            throw error
        }
        await shutdown()
        return result
    }

    /// Closes the databases' connections; once (a second call does nothing).
    /// Whether `shutdown()` has been called.
    public var isShutDown: Bool { !isOpen.withLock { $0 } }

    public func shutdown() async {
        guard
            isOpen.withLock({ open in
                defer { open = false }; return open
            })
        else { return }
        events.shutdown()
        await databases.shutdownAsync()
    }

    /// Runs `body` in a write transaction: on SQLite `BEGIN IMMEDIATE`, so that the write lock is taken
    /// up front and concurrent writers queue instead of failing half-way; on PostgreSQL a transaction.
    /// Rolled back when `body` throws. Once it has committed, the readers of the events it recorded
    /// are woken.
    ///
    /// A write started inside another one (by the same task) joins it as a savepoint: its changes
    /// commit with the outer write or not at all, and its failure undoes only its own. That is how a
    /// request's `Idempotency-Key` commits in one transaction with the stay it made.
    public func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        if let open = OpenTransaction.current, open.store === self { return try await open.savepoint(body) }
        let touched = TouchedProperties()
        // Bound inside the body: fluent runs it in a task of its own, which does not inherit task locals.
        let result = try await transaction { sql in
            try await TouchedProperties.$current.withValue(touched) {
                try await OpenTransaction.$current.withValue(OpenTransaction(sql, of: self)) { try await body(sql) }
            }
        }
        if !touched.all.isEmpty { events.wake(touched.all) }
        return result
    }

    private func transaction<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T)
        async throws -> T
    {
        switch dialect {
        case .postgres:
            // PostgreSQL ends one of two transactions that wait on each other (a deadlock: two room moves
            // taking the same rooms' locks in turn). Nothing of it was kept, so it runs again, twice at most.
            var attempt = 1
            while true {
                do {
                    return try await database.transaction { transaction in
                        try await body(transaction as! any SQLDatabase)
                    }
                } catch  where error.isDeadlock && attempt < 3 {
                    try await Task.sleep(for: .milliseconds(5 * attempt))
                    attempt += 1
                }
            }
        case .sqlite:
            return try await writers.run {
                try await sqliteTransaction(body)
            }
        }
    }

    private func sqliteTransaction<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T)
        async throws -> T
    {
        try await database.withConnection { connection in
            let sql = connection as! any SQLDatabase
            return try await sql.between("BEGIN IMMEDIATE", and: "COMMIT", undoneBy: ["ROLLBACK"]) {
                try await body(sql)
            }
        }
    }

    /// Runs `body` for reads: on SQLite on one connection that reads the file through memory mapping
    /// (without it, a large read such as a 2,000-room board spends most of its time in `read` calls
    /// for pages the operating system already has).
    /// Inside a write, reads see that write's own changes: they run in its transaction.
    /// Inside `readingTogether`, they run on its connection.
    public func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        if let open = OpenTransaction.current, open.store === self { return try await body(open.sql) }
        if let open = OpenReading.current, open.store === self { return try await body(open.sql) }
        switch dialect {
        case .postgres:
            return try await body(sql)
        case .sqlite:
            return try await database.withConnection { connection in
                let sql = connection as! any SQLDatabase
                try await sql.raw("PRAGMA mmap_size = \(unsafeRaw: String(Self.sqliteMapBytes))").run()
                return try await body(sql)
            }
        }
    }

    /// Runs `body`, whose reads (`read`) then run as one, on one connection taken (and on SQLite set up)
    /// once rather than for each. On SQLite they are one read transaction, so they see the file at one
    /// moment. On PostgreSQL each sees what had committed when it began (its transactions' BEGIN and
    /// COMMIT would double the round trips of a short read): a reader that must not take newer data for
    /// older reads the number it goes by first (`SalonMemory` does). Inside a write, or inside another
    /// `readingTogether`, `body` just runs in it.
    public func readingTogether<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        if let open = OpenTransaction.current, open.store === self { return try await body() }
        if let open = OpenReading.current, open.store === self { return try await body() }
        return try await database.withConnection { [self] connection in
            let sql = connection as! any SQLDatabase
            // Bound inside the body: fluent runs it in a task of its own, which does not inherit task locals.
            let reading = { try await OpenReading.$current.withValue(OpenReading(sql, of: self)) { try await body() } }
            switch dialect {
            case .postgres:
                return try await reading()
            case .sqlite:
                try await sql.raw("PRAGMA mmap_size = \(unsafeRaw: String(Self.sqliteMapBytes))").run()
                return try await sql.between("BEGIN", and: "COMMIT", undoneBy: ["ROLLBACK"]) { try await reading() }
            }
        }
    }

    /// How much of a SQLite file readers map into memory.
    static let sqliteMapBytes = 1 << 30

    private static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url) else { return "postgres://…" }
        if components.password != nil { components.password = "…" }
        return components.string ?? "postgres://…"
    }
}

/// The reads the current task makes together (`Store.readingTogether`), on one connection.
final class OpenReading: Sendable {
    @TaskLocal static var current: OpenReading?

    let sql: any SQLDatabase
    unowned let store: Store

    init(_ sql: any SQLDatabase, of store: Store) {
        self.sql = sql
        self.store = store
    }
}

/// The write transaction the current task runs in, which writes started inside it join.
final class OpenTransaction: Sendable {
    @TaskLocal static var current: OpenTransaction?

    let sql: any SQLDatabase
    /// Whose transaction it is: a write to another store (a test's second database) is its own.
    unowned let store: Store
    private let savepoints = Atomic<Int>(0)

    init(_ sql: any SQLDatabase, of store: Store) {
        self.sql = sql
        self.store = store
    }

    /// Runs `body` under a savepoint: released when it returns, rolled back to when it throws (on
    /// PostgreSQL a failed statement spoils the whole transaction unless rolled back to a savepoint).
    func savepoint<T: Sendable>(_ body: @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        let name = "nested_write_\(savepoints.add(1, ordering: .relaxed).newValue)"
        return try await sql.between(
            "SAVEPOINT \(name)", and: "RELEASE SAVEPOINT \(name)",
            undoneBy: ["ROLLBACK TO SAVEPOINT \(name)", "RELEASE SAVEPOINT \(name)"]
        ) { try await body(sql) }
    }
}

extension Error {
    /// Whether the database refused a write for a constraint: a unique key, a foreign key, or the
    /// guard against two stays in one room on one night.
    var isConstraintFailure: Bool {
        (self as? any DatabaseError)?.isConstraintFailure ?? false
    }

    /// Whether PostgreSQL ended the transaction to break a deadlock (`40P01`) or a serialization
    /// failure (`40001`): the same work, run again, may well pass. Two guests booking the same room at
    /// once can deadlock on the guard against double booking itself: each inserts its night, then
    /// waits for the other's to commit or go.
    public var isDeadlock: Bool {
        guard let error = self as? PSQLError, let state = error.serverInfo?[.sqlState] else { return false }
        return state == "40P01" || state == "40001"
    }

    /// Whether the request waited its whole `Store.connectionWait` for a database connection and got none:
    /// the server is too busy now, and the same request a little later may well pass.
    public var isDatabaseBusy: Bool { self is ConnectionPoolTimeoutError }

    /// What the database said when it refused a statement, in its own words: PostgresNIO keeps the
    /// server's message out of an error's description.
    var databaseMessage: String {
        if let error = self as? PSQLError, let message = error.serverInfo?[.message] { return message }
        return String(describing: self)
    }

    /// What PostgreSQL said of the error, with its SQLSTATE and where (for the server's log: PostgresNIO
    /// keeps it out of an error's description); nil when it is not PostgreSQL's.
    public var databaseDiagnosis: String? {
        guard let error = self as? PSQLError else { return nil }
        let info = error.serverInfo
        return "PostgreSQL \(info?[.sqlState] ?? "-"): \(info?[.message] ?? "\(error.code)")"
            + (info?[.detail].map { " (\($0))" } ?? "") + (error.query.map { " in: \($0.sql.prefix(300))" } ?? "")
    }
}

extension Store {
    /// A `LIKE … ESCAPE '\'` pattern matching text that holds `text`, its `%`, `_` and `\` taken as
    /// themselves: what the desk's searches (stays, customers) compare with.
    static func likePattern(containing text: String) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
        return "%" + escaped + "%"
    }
}

extension SQLDatabase {
    /// Runs `body` after the statement `begin`, then `commit`; when `body` throws, the statements of
    /// `undo` instead (their own failures ignored), and the error goes on.
    func between<T>(
        _ begin: String, and commit: String, undoneBy undo: [String], _ body: () async throws -> T
    ) async throws -> T {
        try await raw("\(unsafeRaw: begin)").run()
        do {
            let result = try await body()
            try await raw("\(unsafeRaw: commit)").run()
            return result
        } catch {
            for statement in undo { try? await raw("\(unsafeRaw: statement)").run() }
            throw error
        }
    }

    /// Runs an `INSERT ... RETURNING id` and gives the new row's id.
    func insertReturningID(_ query: SQLQueryString) async throws -> Int {
        guard let row = try await raw(query).first() else {
            throw DomainError(.notFound, "the database returned no id for an insert")
        }
        return try row.decode(column: "id", as: Int.self)
    }
}

extension Store: ServiceLifecycle.Service {
    /// Holds the databases open while the application runs, and closes them once it has stopped: the
    /// first service of the group, it is the last to stop, after the server has answered its last request.
    public func run() async {
        try? await gracefulShutdown()
        await shutdown()
    }
}
