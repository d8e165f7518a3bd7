import HTTPTypes
import Hummingbird
import NIOCore

/// Behind a load balancer every connection comes from the balancer: the client's own address is the one
/// it adds to `X-Forwarded-For`. Only a peer named in `trustedProxies` is believed, and of its list only
/// the right-most address that is not itself a trusted proxy counts (what the client wrote further left
/// is anyone's guess). The rate limits and the sign-in throttle then count the client, not the balancer.
struct ClientAddressMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    let trustedProxies: Set<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard let peer = context.remoteAddress, trustedProxies.contains(peer) else {
            return try await next(request, context)
        }
        var context = context
        context.remoteAddress =
            Self.client(forwardedFor: request.headers[values: Self.forwardedFor], by: trustedProxies)
            ?? peer
        return try await next(request, context)
    }

    /// The right-most address in the `X-Forwarded-For` values that is not a trusted proxy.
    static func client(forwardedFor values: [String], by trustedProxies: Set<String>) -> String? {
        let addresses = values.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        return addresses.last { !$0.isEmpty && !trustedProxies.contains($0) }
    }
}

extension ServerConfiguration {
    /// Whether `address` is an IPv4 or IPv6 address, as a trusted proxy's must be.
    public static func isIPAddress(_ address: String) -> Bool {
        (try? SocketAddress(ipAddress: address, port: 0)) != nil
    }
}
