import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A program the tests start (python3 with aiosmtpd, openssl, rsvg-convert, zbarimg), spawned with
/// `posix_spawn` rather than Foundation's `Process`.
///
/// `Process.run()` on Linux (Swift 6.3.1) lists /proc/self/fd by copying each `dirent`'s whole 256-byte name,
/// which reads past the end of glibc's buffer when a short record sits at its tail: now and then the whole test
/// run dies of SIGSEGV in `memcpy` (swift-corelibs-foundation #5472, fixed after 6.3.1; it ended a CI run here
/// in `SMTPSink.start`). Here the child gets the three descriptors it is given and no other
/// (`posix_spawn_file_actions_addclosefrom_np`), every signal at its default and none blocked (the thread that
/// spawns it may be one of Dispatch's, which block SIGTERM), and one thread waits for its exit.
public final class ChildProcess: Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable {
        case null
        /// A file, created or emptied, that the child writes.
        case file(String)
        /// The read end of a pipe (`ChildProcess.pipe()`), as the child's standard input.
        case pipe(Int32)
    }

    public let pid: pid_t
    private let state = Mutex(State())

    private struct State {
        var status: Int32?
        var waiters: [@Sendable (Int32) -> Void] = []
    }

    private init(pid: pid_t) { self.pid = pid }

    /// Starts `executable` with `arguments`; `environment` nil passes this process's own.
    public static func spawn(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        stdin: Stream = .null, stdout: Stream = .null, stderr: Stream = .null
    ) throws -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (descriptor, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            let result: Int32
            switch stream {
            case .null:
                result = posix_spawn_file_actions_addopen(
                    &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
            case .file(let path):
                result = posix_spawn_file_actions_addopen(
                    &actions, descriptor, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            case .pipe(let readEnd):
                result = posix_spawn_file_actions_adddup2(&actions, readEnd, descriptor)
            }
            guard result == 0 else { throw SpawnError(executable: executable, errno: result) }
        }
        guard let closeFrom = GNU.addCloseFrom, closeFrom(&actions, 3) == 0 else {
            throw SpawnError(executable: executable, errno: ENOSYS)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let environment = environment ?? ProcessInfo.processInfo.environment
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { throw SpawnError(executable: executable, errno: result) }

        let child = ChildProcess(pid: pid)
        let waiter = Thread { child.reap() }
        waiter.name = "wait \(pid)"
        waiter.start()
        return child
    }

    /// A pipe whose ends this process keeps from any other child: `read` for `Stream.pipe`, `write` to close.
    public static func pipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard let pipe2 = GNU.pipe2 else { throw SpawnError(executable: "pipe2", errno: ENOSYS) }
        guard pipe2(&ends, O_CLOEXEC) == 0 else { throw SpawnError(executable: "pipe2", errno: errno) }
        return (ends[0], ends[1])
    }

    /// The exit status once it has exited (128 and the signal's number if a signal ended it), else nil.
    public var exitStatus: Int32? { state.withLock { $0.status } }

    public var isRunning: Bool { exitStatus == nil }

    public func signal(_ number: Int32) {
        if isRunning { kill(pid, number) }
    }

    /// Waits for its exit, without holding a thread of the caller's.
    public func exited() async -> Int32 {
        await withCheckedContinuation { continuation in
            whenExited { continuation.resume(returning: $0) }
        }
    }

    /// Waits for its exit, blocking the calling thread.
    public func waitUntilExit() -> Int32 {
        let done = DispatchSemaphore(value: 0)
        whenExited { _ in done.signal() }
        done.wait()
        return exitStatus ?? -1
    }

    private func whenExited(_ waiter: @escaping @Sendable (Int32) -> Void) {
        let status = state.withLock { state -> Int32? in
            if state.status == nil { state.waiters.append(waiter) }
            return state.status
        }
        if let status { waiter(status) }
    }

    private func reap() {
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) == -1 && errno == EINTR {}
        let signal = raw & 0x7f
        let status = signal == 0 ? (raw >> 8) & 0xff : 128 + signal
        let waiters = state.withLock { state in
            state.status = status
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter(status) }
    }
}

/// glibc's functions that Swift's Glibc module leaves out (they are declared only with _GNU_SOURCE), found once.
private enum GNU {
    typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32

    static let addCloseFrom: AddCloseFrom? = symbol("posix_spawn_file_actions_addclosefrom_np")
    static let pipe2: Pipe2? = symbol("pipe2")

    private static func symbol<Function>(_ name: String) -> Function? {
        dlsym(nil, name).map { unsafeBitCast($0, to: Function.self) }
    }
}

public struct SpawnError: Error, CustomStringConvertible {
    public var executable: String
    public var errno: Int32
    public var description: String { "cannot start \(executable): \(String(cString: strerror(errno)))" }
}
