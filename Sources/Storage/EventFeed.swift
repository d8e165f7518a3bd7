import Foundation
import Logging
import PostgresNIO
import ServiceLifecycle

/// Wakes the readers of a property's event stream when a change to it commits.
///
/// A wake-up carries no data: a reader reads the `events` table from the last sequence number it
/// sent, so a lost or repeated wake-up costs a query, never an event. Wake-ups come from three places:
/// the store's own write transactions (after commit), PostgreSQL `NOTIFY` from every server instance
/// sharing the database, and a tick every few seconds for writers that can do neither (another
/// process on the same SQLite file). The tick and the listener run as a `Service` of the application;
/// without it (a command, a test of the routes alone) readers are woken by this process's writes only.
public final class EventFeed: Service, @unchecked Sendable {
    /// The channel that `Journal` notifies on PostgreSQL; the payload is the property id.
    static let channel = "frontdesk_events"

    private let lock = NSLock()
    private var readers: [Int: (propertyID: Int, wake: AsyncStream<Void>.Continuation)] = [:]
    private var nextReader = 0
    /// Told of each new reader: the listener connects once there is someone to wake.
    private let arrivals = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    /// Whether the PostgreSQL listener is listening now.
    private(set) var isListening: Bool {
        get { lock.withLock { listening } }
        set { lock.withLock { listening = newValue } }
    }
    private var listening = false
    private let postgres: PostgresConnection.Configuration?
    private let tick: Duration
    private let logger: Logger

    init(postgres: PostgresConnection.Configuration?, tick: Duration = .seconds(5), logger: Logger) {
        self.postgres = postgres
        self.tick = tick
        self.logger = logger
    }

    /// Wake-ups for one property's readers: one at once (to catch up), then one per committed change.
    /// The stream ends when the task iterating it is cancelled.
    public func subscribe(propertyID: Int) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = lock.withLock {
            nextReader += 1
            readers[nextReader] = (propertyID, continuation)
            return nextReader
        }
        continuation.onTermination = { [weak self] _ in
            self?.lock.withLock { _ = self?.readers.removeValue(forKey: id) }
        }
        continuation.yield()
        arrivals.continuation.yield()
        return stream
    }

    /// How many readers are open, for `/metrics`.
    public var readerCount: Int { lock.withLock { readers.count } }

    /// Wakes the readers of these properties (all readers when nil).
    func wake(_ propertyIDs: Set<Int>?) {
        let continuations = lock.withLock {
            readers.values.filter { propertyIDs?.contains($0.propertyID) ?? true }.map(\.wake)
        }
        for continuation in continuations { continuation.yield() }
    }

    /// Ends every reader's stream.
    func shutdown() {
        let continuations = lock.withLock { readers.values.map(\.wake) }
        for continuation in continuations { continuation.finish() }
    }

    /// Wakes every reader each `tick` and, on PostgreSQL, listens for the changes every instance
    /// commits (from the first reader on: a server nobody reads live holds no connection for it), until
    /// the application shuts down; then ends the readers' streams.
    public func run() async {
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask {
                    while !Task.isCancelled {
                        try? await Task.sleep(for: self.tick)
                        self.wake(nil)
                    }
                }
                if let postgres = self.postgres {
                    group.addTask {
                        for await _ in self.arrivals.stream { break }
                        guard !Task.isCancelled else { return }
                        await self.listen(postgres)
                    }
                }
            }
        }
        shutdown()
    }

    /// Holds one connection that `LISTEN`s for changes committed by any server instance, and
    /// reconnects after a failure (waking everyone, since notifications may have been missed).
    private func listen(_ configuration: PostgresConnection.Configuration) async {
        var delay = Duration.milliseconds(250)
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(
                    configuration: configuration, id: 0, logger: logger)
                delay = .milliseconds(250)
                // Closed whichever way listening ends: a connection dropped unclosed (the server went
                // away mid-listen) traps in PostgresNIO's deinit.
                do {
                    try await connection.listen(on: Self.channel) { notifications in
                        wake(nil)
                        isListening = true
                        defer { isListening = false }
                        for try await notification in notifications {
                            wake(Int(notification.payload).map { [$0] })
                        }
                    }
                } catch {
                    try? await connection.close()
                    throw error
                }
                try? await connection.close()
            } catch {
                if Task.isCancelled { return }
                logger.warning("event listener lost its connection; reconnecting", metadata: ["error": "\(error)"])
            }
            try? await Task.sleep(for: delay)
            delay = min(delay * 2, .seconds(10))
        }
    }
}

/// The properties a write transaction recorded events for, so the store can wake their readers once
/// the transaction has committed.
final class TouchedProperties: @unchecked Sendable {
    @TaskLocal static var current: TouchedProperties?

    private let lock = NSLock()
    private var ids: Set<Int> = []

    func insert(_ id: Int) { lock.withLock { _ = ids.insert(id) } }
    var all: Set<Int> { lock.withLock { ids } }
}
