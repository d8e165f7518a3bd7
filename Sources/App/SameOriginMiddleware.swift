import Foundation
import HTTPTypes
import Hummingbird

/// Refuses what another site's page could make a signed-in browser send (cross-site request forgery):
/// a request that changes something, or opens the live event stream, must come from the server's own
/// pages. Browsers say where a request comes from in `Sec-Fetch-Site` (Chromium, Firefox, Safari) or
/// at least `Origin`; a client that sends neither is not a browser, and has no cookie of a victim to
/// ride on. Answers 403 naming the header. (Behind a proxy that rewrites `Host`, browsers still say
/// `Sec-Fetch-Site`, which does not depend on it.)
struct SameOriginMiddleware<Context: RequestContext>: RouterMiddleware {
    static var secFetchSite: HTTPField.Name { HTTPField.Name("Sec-Fetch-Site")! }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        if ![.get, .head, .options].contains(request.method) { try Self.requireSameOrigin(request) }
        return try await next(request, context)
    }

    static func requireSameOrigin(_ request: Request) throws {
        if let site = request.headers[secFetchSite] {
            // `none`: the user typed or bookmarked the address.
            guard site == "same-origin" || site == "none" else {
                throw APIError(
                    .forbidden, code: "cross_origin", "requests from another site's pages are refused",
                    field: "Sec-Fetch-Site")
            }
            return
        }
        // A page's origin is http or https; anything else (`ws://host` from a WebSocket library) was
        // not written by a browser for a page.
        guard let origin = request.headers[.origin],
            origin == "null" || origin.lowercased().hasPrefix("http://") || origin.lowercased().hasPrefix("https://")
        else { return }
        guard let url = URL(string: origin), let host = url.host,
            let target = request.head.authority ?? request.headers[HTTPField.Name("Host")!],
            authority(host: host, port: url.port, scheme: url.scheme) == authority(target, scheme: url.scheme)
        else {
            throw APIError(
                .forbidden, code: "cross_origin", "requests from another site's pages are refused", field: "Origin")
        }
    }

    /// `host:port` in lower case, with the scheme's default port written out.
    private static func authority(host: String, port: Int?, scheme: String?) -> String {
        let standard = scheme?.lowercased() == "https" ? 443 : 80
        return "\(host.lowercased()):\(port ?? standard)"
    }

    private static func authority(_ hostHeader: String, scheme: String?) -> String {
        guard let url = URL(string: "http://\(hostHeader)"), let host = url.host else { return hostHeader }
        return authority(host: host, port: url.port, scheme: scheme)
    }
}
