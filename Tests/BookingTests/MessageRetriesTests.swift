import Testing

@testable import Booking

/// The outbox's retries: three times longer each time from the base, never more than six hours apart,
/// and a last attempt after which the message is given up on.
struct MessageRetriesTests {
    @Test func waitsGrowThreefoldUpToSixHoursThenStop() {
        let retries = MessageRetries(baseSeconds: 15)
        #expect(retries.wait(afterAttempt: 1) == 15_000)
        #expect(retries.wait(afterAttempt: 2) == 45_000)
        #expect(retries.wait(afterAttempt: 3) == 135_000)
        #expect(retries.wait(afterAttempt: 11) == 6 * 3600 * 1000)
        #expect(retries.wait(afterAttempt: MessageRetries.maxAttempts) == nil)
        #expect(retries.wait(afterAttempt: 0) == nil)
        let total = (1..<MessageRetries.maxAttempts).compactMap(retries.wait(afterAttempt:)).reduce(0, +)
        #expect(total > 20 * 3600 * 1000 && total < 48 * 3600 * 1000)
    }

    @Test func theBaseIsBounded() {
        #expect(MessageRetries(baseSeconds: 0).baseSeconds == 1)
        #expect(MessageRetries(baseSeconds: 100_000).baseSeconds == 3600)
    }
}
