import Foundation
import MailTesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Programs the tests start")
struct ChildProcessTests {
    @Test func itsExitStatusIsTheProgramsOwn() async throws {
        #expect(try await ChildProcess.spawn("/bin/sh", ["-c", "exit 3"]).exited() == 3)
        #expect(try ChildProcess.spawn("/bin/sh", ["-c", "exit 0"]).waitUntilExit() == 0)
    }

    /// The thread that starts it may be one of Dispatch's, which block SIGTERM: the child must not inherit that.
    @Test func aTerminatedProgramEndsAndSaysBySignal() async throws {
        let sleeper = try ChildProcess.spawn("/bin/sleep", ["30"])
        #expect(sleeper.isRunning)
        sleeper.signal(SIGTERM)
        #expect(await sleeper.exited() == 128 + SIGTERM)
        #expect(!sleeper.isRunning)
    }

    /// A descriptor this process holds open without close-on-exec (a pipe, here) does not reach the child: a sink
    /// holding another test's pipe open would keep that test waiting for its end.
    @Test func theChildHoldsOnlyItsStandardStreams() async throws {
        var held: [Int32] = [0, 0]
        try #require(pipe(&held) == 0)
        defer { held.forEach { close($0) } }
        let result = try await TestTools.run("/bin/sh", ["-c", "exec ls /proc/self/fd"])
        let descriptors = result.stdout.split(whereSeparator: \.isWhitespace).compactMap { Int32($0) }
        #expect(result.status == 0)
        // 0, 1 and 2, and at most the folder ls itself opened to list them (3): nothing this process holds.
        #expect(Set([0, 1, 2]).isSubset(of: descriptors), "\(descriptors)")
        #expect(descriptors.allSatisfy { $0 <= 3 }, "\(descriptors), holding \(held)")
    }

    @Test func aProgramThatCannotStartIsAnError() throws {
        #expect(throws: SpawnError.self) { try ChildProcess.spawn("/no/such/program", []) }
    }
}
