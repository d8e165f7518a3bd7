import Foundation
import Storage
import StorageTesting
import Testing

@testable import App

/// Behind a load balancer the client is the right-most address its trusted proxies name.
@Suite(.closesItsStores)
struct ClientAddressTests {
    let proxies: Set<String> = ["127.0.0.1", "10.0.0.5"]

    @Test func theClientIsTheRightMostAddressNotATrustedProxy() {
        #expect(ClientAddressMiddleware.client(forwardedFor: ["203.0.113.7"], by: proxies) == "203.0.113.7")
        #expect(
            ClientAddressMiddleware.client(forwardedFor: ["203.0.113.7, 10.0.0.5", "127.0.0.1"], by: proxies)
                == "203.0.113.7")
    }

    @Test func whatTheClientWroteFurtherLeftIsNotBelieved() {
        #expect(
            ClientAddressMiddleware.client(forwardedFor: ["1.2.3.4, 198.51.100.9"], by: proxies) == "198.51.100.9")
    }

    @Test func onlyProxiesOrNothingNamesNoClient() {
        #expect(ClientAddressMiddleware.client(forwardedFor: [], by: proxies) == nil)
        #expect(ClientAddressMiddleware.client(forwardedFor: ["127.0.0.1, ", " 10.0.0.5"], by: proxies) == nil)
    }

    @Test func aTrustedProxyMustBeAnIPAddress() {
        #expect(ServerConfiguration.isIPAddress("127.0.0.1"))
        #expect(ServerConfiguration.isIPAddress("::1"))
        #expect(!ServerConfiguration.isIPAddress("nginx.local"))
        #expect(!ServerConfiguration.isIPAddress("10.0.0.0/8"))
    }
}

/// The guest site's limit over a sliding minute, estimated from whole minutes' counts.
@Suite(.closesItsStores)
struct RateLimiterTests {
    @Test func theMinuteBeforeCountsForWhatTheSlidingMinuteStillCovers() {
        let counts = LimitRepository.Minutes(this: 30, previous: 100)
        #expect(RateLimiter.weighted(counts, elapsed: 0) == 130 * RateLimiter.minute)
        #expect(RateLimiter.weighted(counts, elapsed: 45_000) == 55 * RateLimiter.minute)
    }

    @Test(arguments: TestDatabase.available)
    func aRefusedClientIsToldTheFirstSecondItWouldBeLetThrough(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        // 30 seconds into a minute.
        store.clock.set(Date(timeIntervalSince1970: 1_899_999_990))
        #expect(Int(store.clock.nowMillis / 1000) % 60 == 30)
        let limiter = RateLimiter(perMinute: 3, store: store)
        for _ in 0..<3 { #expect(try await limiter.refusal(of: "10.0.0.1") == nil) }
        // The three count for the rest of this minute, then less and less: at a third into the next, two.
        #expect(try await limiter.refusal(of: "10.0.0.1") == 50)
        #expect(try await limiter.refusal(of: "10.0.0.2") == nil)
        store.clock.advance(by: 50)
        #expect(try await limiter.refusal(of: "10.0.0.1") == nil)
        #expect(try await limiter.refusal(of: "10.0.0.1") != nil)
    }
}
