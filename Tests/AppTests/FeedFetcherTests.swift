import Booking
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import App

/// Fetching a feed by URL cannot be turned against the server's own network.
@Suite(.serialized)
struct FeedFetcherTests {
    @Test func loopbackPrivateLinkLocalAndReservedAddressesAreNotPublic() throws {
        for address in [
            "127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0",
            "224.0.0.1", "255.255.255.255", "::1", "::", "fe80::1", "fd00::1", "::ffff:127.0.0.1", "64:ff9b::a00:1",
            "2001:db8::1",
        ] {
            #expect(!FeedFetcher.isPublic(try SocketAddress(ipAddress: address, port: 80)), "\(address)")
        }
        for address in ["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"] {
            #expect(FeedFetcher.isPublic(try SocketAddress(ipAddress: address, port: 80)), "\(address)")
        }
    }

    @Test func aFeedOnALoopbackOrPrivateAddressIsRefusedNamingTheURL() async throws {
        let fetcher = FeedFetcher()
        for url in [
            "http://127.0.0.1:9/cal.ics", "http://localhost/cal.ics", "http://[::1]/cal.ics",
            "http://169.254.169.254/latest/meta-data/", "http://10.0.0.1/cal.ics", "file:///etc/passwd",
        ] {
            await #expect(throws: DomainError.self, "\(url)") { try await fetcher.fetch(url) }
        }
    }

    /// A feed server on 127.0.0.1 that the test's fetcher may reach, unlike 127.0.0.2.
    static func withFeedServer(_ body: @escaping @Sendable (Int) async throws -> Void) async throws {
        let router = Router()
        router.get("feed.ics") { _, _ in "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n" }
        router.get("to-private") { request, _ -> Response in
            let port = request.head.authority?.split(separator: ":").last ?? "80"
            return Response(status: .found, headers: [.location: "http://127.0.0.2:\(port)/feed.ics"])
        }
        router.get("drip") { _, _ -> Response in
            Response(
                status: .ok,
                body: ResponseBody { writer in
                    for _ in 0..<20 {
                        try await writer.write(ByteBuffer(string: "X"))
                        try await Task.sleep(for: .milliseconds(500))
                    }
                    try await writer.finish(nil)
                })
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in try await body(client.port!) }
    }

    static let onlyFirstLoopback = FeedFetcher(allows: { address in address.ipAddress == "127.0.0.1" })

    @Test func aRedirectToAPrivateAddressIsRefusedAtTheRedirect() async throws {
        try await Self.withFeedServer { port in
            let feed = try await Self.onlyFirstLoopback.fetch("http://127.0.0.1:\(port)/feed.ics")
            #expect(String(decoding: feed, as: UTF8.self).hasPrefix("BEGIN:VCALENDAR"))
            await #expect(throws: DomainError.self) {
                try await Self.onlyFirstLoopback.fetch("http://127.0.0.1:\(port)/to-private")
            }
        }
    }

    @Test func aFeedThatDripsIsCutOffAtTheWholeFetchsTimeNotItsIdleTime() async throws {
        try await Self.withFeedServer { port in
            var fetcher = Self.onlyFirstLoopback
            fetcher.timeout = .seconds(2)
            let started = ContinuousClock.now
            await #expect(throws: DomainError.self) { try await fetcher.fetch("http://127.0.0.1:\(port)/drip") }
            #expect(ContinuousClock.now - started < .seconds(4))
        }
    }

    @Test func aFeedOverTheLimitIsRefused() async throws {
        try await Self.withFeedServer { port in
            var fetcher = Self.onlyFirstLoopback
            fetcher.maxBytes = 8
            await #expect(throws: DomainError.self) { try await fetcher.fetch("http://127.0.0.1:\(port)/feed.ics") }
        }
    }
}
