import Booking
import Hummingbird
import Testing

@testable import App

struct BoardCacheTests {
    actor Counter {
        var value = 0
        func add() { value += 1 }
    }

    let key = BoardCache<ByteBuffer>.Key(
        propertyID: 1, from: Day(year: 2026, month: 11, day: 1), to: Day(year: 2026, month: 12, day: 1),
        today: Day(year: 2026, month: 11, day: 23))

    @Test func requestsForABoardBeingReadShareThatOneReading() async throws {
        let cache = BoardCache<ByteBuffer>()
        let reads = Counter()
        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    let body = try await cache.board(for: key, seq: 7) { _ in
                        await reads.add()
                        try await Task.sleep(for: .milliseconds(50))
                        return ByteBuffer(string: "board at 7")
                    }
                    return String(buffer: body)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(bodies == Array(repeating: "board at 7", count: 20))
        #expect(await reads.value == 1)
    }

    @Test func aNewerSequenceReadsTheBoardAgain() async throws {
        let cache = BoardCache<ByteBuffer>()
        _ = try await cache.board(for: key, seq: 1) { _ in ByteBuffer(string: "old") }
        let kept = try await cache.board(for: key, seq: 1) { _ in ByteBuffer(string: "not read") }
        let fresh = try await cache.board(for: key, seq: 2) { _ in ByteBuffer(string: "new") }
        #expect(String(buffer: kept) == "old")
        #expect(String(buffer: fresh) == "new")
    }

    @Test func aNewerSequenceIsMadeFromTheBoardKept() async throws {
        let cache = BoardCache<ByteBuffer>()
        let first = try await cache.board(for: key, seq: 1) { kept in
            ByteBuffer(string: kept == nil ? "read whole" : "not this")
        }
        let second = try await cache.board(for: key, seq: 4) { kept in
            ByteBuffer(string: String(buffer: kept ?? ByteBuffer()) + ", brought to 4")
        }
        #expect(String(buffer: first) == "read whole")
        #expect(String(buffer: second) == "read whole, brought to 4")
    }

    @Test func aFailedReadingIsNotKept() async throws {
        struct Failure: Error {}
        let cache = BoardCache<ByteBuffer>()
        await #expect(throws: Failure.self) {
            _ = try await cache.board(for: key, seq: 3) { _ in throw Failure() }
        }
        let body = try await cache.board(for: key, seq: 3) { _ in ByteBuffer(string: "read again") }
        #expect(String(buffer: body) == "read again")
    }
}
