import Booking
import Foundation
import Hummingbird
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

#if canImport(Glibc)
    import Glibc
#endif

/// Fetches a channel manager's iCal feed for a member of staff, and POSTs a property's events to its
/// webhooks, without letting them make the server call anything it should not (server-side request
/// forgery): only `http` and `https`, only to
/// public addresses (checked after DNS resolution, and the connection made to the address checked,
/// so a name cannot resolve twice to different places), every redirect checked the same way, at
/// most 1 MiB, and the whole fetch within `timeout` (a feed dripping a byte every few seconds is
/// cut off, not only a silent one).
struct FeedFetcher: Sendable {
    /// Which addresses may be connected to; public ones only, but for tests.
    var allows: @Sendable (SocketAddress) -> Bool = FeedFetcher.isPublic
    /// Whether `allows` lets every address through (the installation's choice).
    var allowsAll = false
    var timeout: Duration = .seconds(15)
    var maxBytes = Request.maximumJSONBytes
    var maxRedirects = 5

    /// The feed's bytes, or a refusal naming `url`.
    func fetch(_ address: String) async throws -> Data {
        guard let first = URL(string: address) else { throw Self.refusal("is not an address") }
        let deadline = timeout
        return try await withThrowingTaskGroup(of: Data.self) { group in
            group.addTask {
                var url = first
                for _ in 0...maxRedirects {
                    switch try await get(url) {
                    case .feed(let data): return data
                    case .redirect(let location):
                        guard let next = URL(string: location, relativeTo: url)?.absoluteURL else {
                            throw Self.refusal("redirects to '\(location.prefix(100))', which is not an address")
                        }
                        url = next
                    }
                }
                throw Self.refusal("redirects more than \(maxRedirects) times")
            }
            group.addTask {
                try await Task.sleep(for: deadline)
                throw Self.refusal("did not send the whole calendar within \(deadline.components.seconds) seconds")
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }

    /// POSTs `body` (JSON) to `address` under the same rules, within `timeout`: refused unless the
    /// answer is 2xx. A redirect is not followed (a webhook's receiver answers where it is).
    func post(_ address: String, body: Data, headers: [(String, String)]) async throws {
        guard let url = URL(string: address) else { throw Self.refusal("is not an address") }
        let deadline = timeout
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                if case .redirect(let location) = try await send(url, method: .POST, headers: headers, body: body) {
                    throw Self.refusal("redirects to '\(location.prefix(100))', which is not followed")
                }
            }
            group.addTask {
                try await Task.sleep(for: deadline)
                throw Self.refusal("did not answer within \(deadline.components.seconds) seconds")
            }
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    /// Refuses, before anything is sent, an address that is not `http` or `https` or whose host is not
    /// one this fetcher may reach (a private, loopback or link-local address, unless allowed).
    func checkReachable(_ address: String) async throws {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(),
            ["http", "https"].contains(scheme),
            let host = url.host, !host.isEmpty
        else { throw Webhook.notHTTP }
        let addresses: [SocketAddress]
        do {
            addresses = try await Self.resolve(host: host, port: url.port ?? (scheme == "https" ? 443 : 80))
        } catch {
            throw DomainError.invalid(
                "url", "names a host that could not be found (\(host))", reason: .addressUnknown, params: ["host": host]
            )
        }
        guard !addresses.isEmpty, addresses.allSatisfy(allows) else {
            throw DomainError.invalid(
                "url", "\(host) is a private, local or reserved address", reason: .addressPrivate,
                params: ["host": host])
        }
    }

    enum Answer: Sendable {
        case feed(Data)
        case redirect(String)
    }

    private func get(_ url: URL) async throws -> Answer {
        try await send(
            url, method: .GET,
            headers: [("Accept", "text/calendar, */*;q=0.5"), ("User-Agent", "Frontdesk iCal import")],
            body: nil)
    }

    /// One request: to a public address of the URL's host, over TLS for https.
    private func send(_ url: URL, method: HTTPMethod, headers: [(String, String)], body: Data?) async throws -> Answer {
        guard let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), let host = url.host,
            !host.isEmpty
        else { throw Self.refusal("must be an http or https address") }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        let addresses = try await Self.resolve(host: host, port: port)
        guard let target = addresses.first, addresses.allSatisfy(allows) else {
            throw Self.refusal("\(host) is a private, local or reserved address")
        }
        var path = url.path.isEmpty ? "/" : url.path
        if let query = url.query { path += "?\(query)" }
        let maxBytes = maxBytes
        let eventLoop = MultiThreadedEventLoopGroup.singleton.next()
        let answer = eventLoop.makePromise(of: Answer.self)
        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: eventLoop)
                .connectTimeout(.seconds(10))
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        if scheme == "https" {
                            let context = try NIOSSLContext(configuration: .makeClientConfiguration())
                            try channel.pipeline.syncOperations.addHandler(
                                try NIOSSLClientHandler(context: context, serverHostname: host))
                        }
                        try channel.pipeline.syncOperations.addHTTPClientHandlers()
                        try channel.pipeline.syncOperations.addHandler(
                            FeedResponseReader(answer: answer, maxBytes: maxBytes))
                    }
                }
                .connect(to: target).get()
        } catch {
            answer.fail(error)
            throw Self.refusal("could not be reached (\(error))")
        }
        var head = HTTPRequestHead(version: .http1_1, method: method, uri: path)
        head.headers.add(name: "Host", value: url.port.map { "\(host):\($0)" } ?? host)
        for (name, value) in headers { head.headers.add(name: name, value: value) }
        if let body { head.headers.add(name: "Content-Length", value: String(body.count)) }
        head.headers.add(name: "Connection", value: "close")
        channel.write(HTTPClientRequestPart.head(head), promise: nil)
        if let body { channel.write(HTTPClientRequestPart.body(.byteBuffer(ByteBuffer(bytes: body))), promise: nil) }
        channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
        return try await withTaskCancellationHandler {
            defer { channel.close(promise: nil) }
            return try await answer.futureResult.get()
        } onCancel: {
            channel.close(promise: nil)
        }
    }

    static func refusal(_ message: String) -> DomainError { .invalid("url", message) }

    /// Every address a host name has (or the address itself), looked up off the event loops.
    static func resolve(host: String, port: Int) async throws -> [SocketAddress] {
        try await NIOThreadPool.singleton.runIfActive {
            var hints = addrinfo()
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            var list: UnsafeMutablePointer<addrinfo>?
            guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
                throw refusal("names a host that could not be found (\(host))")
            }
            defer { freeaddrinfo(list) }
            var addresses: [SocketAddress] = []
            var next: UnsafeMutablePointer<addrinfo>? = first
            while let info = next {
                if info.pointee.ai_family == AF_INET {
                    info.pointee.ai_addr.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                        addresses.append(SocketAddress($0.pointee, host: host))
                    }
                } else if info.pointee.ai_family == AF_INET6 {
                    info.pointee.ai_addr.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                        addresses.append(SocketAddress($0.pointee, host: host))
                    }
                }
                next = info.pointee.ai_next
            }
            return addresses
        }
    }

    /// Whether an address is on the public internet: not loopback, private (RFC 1918, unique local),
    /// link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast, documentation
    /// or otherwise reserved, in IPv4 or IPv6 (IPv4-mapped and NAT64 addresses by the IPv4 inside).
    static func isPublic(_ address: SocketAddress) -> Bool {
        switch address {
        case .v4(let v4):
            return isPublic(ipv4: UInt32(bigEndian: v4.address.sin_addr.s_addr))
        case .v6(let v6):
            var bytes = [UInt8](repeating: 0, count: 16)
            withUnsafeBytes(of: v6.address.sin6_addr) { bytes = Array($0) }
            return isPublic(ipv6: bytes)
        default:
            return false
        }
    }

    static func isPublic(ipv4 address: UInt32) -> Bool {
        let reserved: [(UInt32, Int)] = [
            (0x0000_0000, 8), (0x0A00_0000, 8), (0x6440_0000, 10), (0x7F00_0000, 8), (0xA9FE_0000, 16),
            (0xAC10_0000, 12), (0xC000_0000, 24), (0xC000_0200, 24), (0xC058_6300, 24), (0xC0A8_0000, 16),
            (0xC612_0000, 15), (0xC633_6400, 24), (0xCB00_7100, 24), (0xE000_0000, 4), (0xF000_0000, 4),
        ]
        return !reserved.contains { network, length in
            address >> (32 - UInt32(length)) == network >> (32 - UInt32(length))
        }
    }

    static func isPublic(ipv6 bytes: [UInt8]) -> Bool {
        let ipv4Inside = UInt32(bytes[12]) << 24 | UInt32(bytes[13]) << 16 | UInt32(bytes[14]) << 8 | UInt32(bytes[15])
        // ::ffff:a.b.c.d (IPv4-mapped) and 64:ff9b::a.b.c.d (NAT64) reach the IPv4 address inside.
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            return isPublic(ipv4: ipv4Inside)
        }
        if bytes[0..<12] == [0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0] { return isPublic(ipv4: ipv4Inside) }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) { return false }  // :: and ::1
        if bytes[0] & 0xFE == 0xFC { return false }  // fc00::/7 unique local
        if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80 { return false }  // fe80::/10 link-local
        if bytes[0] == 0xFF { return false }  // multicast
        if bytes[0..<4] == [0x20, 0x01, 0x0D, 0xB8] { return false }  // documentation
        if bytes[0..<8] == [0x01, 0x00, 0, 0, 0, 0, 0, 0] { return false }  // discard
        return true
    }
}

/// Reads one HTTP response into an `Answer`: the body of a 2xx (at most `maxBytes`), the `Location`
/// of a redirect, or a refusal for anything else.
private final class FeedResponseReader: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart

    private let answer: EventLoopPromise<FeedFetcher.Answer>
    private let maxBytes: Int
    private var status: HTTPResponseStatus?
    private var location: String?
    private var body = Data()
    private var answered = false

    init(answer: EventLoopPromise<FeedFetcher.Answer>, maxBytes: Int) {
        self.answer = answer
        self.maxBytes = maxBytes
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            status = head.status
            location = head.headers["location"].first
        case .body(var buffer):
            guard body.count + buffer.readableBytes <= maxBytes else {
                finish(.failure(FeedFetcher.refusal("answered with more than \(maxBytes) bytes")))
                context.close(promise: nil)
                return
            }
            body.append(contentsOf: buffer.readBytes(length: buffer.readableBytes) ?? [])
        case .end:
            guard let status else { return }
            switch status.code {
            case 200..<300: finish(.success(.feed(body)))
            case 301, 302, 303, 307, 308:
                finish(
                    location.map { .success(.redirect($0)) }
                        ?? .failure(FeedFetcher.refusal("answered HTTP \(status.code) without a Location")))
            default: finish(.failure(FeedFetcher.refusal("answered HTTP \(status.code)")))
            }
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish(.failure(FeedFetcher.refusal("closed the connection before its answer was whole")))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        finish(.failure(FeedFetcher.refusal("could not be read (\(error))")))
        context.close(promise: nil)
    }

    /// The first outcome is the answer; what follows (the close after it) is not.
    private func finish(_ result: Result<FeedFetcher.Answer, any Error>) {
        guard !answered else { return }
        answered = true
        answer.completeWith(result)
    }
}
