import Synchronization

/// Lets one write transaction of a SQLite store run at a time in this process, the others waiting
/// their turn in order. SQLite itself allows one writer a file; without the queue, writers past the
/// first wait inside SQLite (`BEGIN IMMEDIATE` and its busy handler) on the threads that run every
/// SQLite call, and with as many waiting writers as threads the writer holding the lock cannot run
/// its next statement: all stall until SQLite gives up with "database is locked". Waiting here takes
/// no thread. Writers in other processes (a `frontdesk` command beside the server) still meet
/// SQLite's own wait.
final class WriterQueue: Sendable {
    private struct State {
        var busy = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Runs `body` once every writer queued before it has finished.
    func run<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        await enter()
        defer { leave() }
        return try await body()
    }

    private func enter() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let admitted = state.withLock { state in
                guard state.busy else {
                    state.busy = true
                    return true
                }
                state.waiting.append(continuation)
                return false
            }
            if admitted { continuation.resume() }
        }
    }

    private func leave() {
        let next = state.withLock { state in
            guard !state.waiting.isEmpty else {
                state.busy = false
                return nil as CheckedContinuation<Void, Never>?
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
