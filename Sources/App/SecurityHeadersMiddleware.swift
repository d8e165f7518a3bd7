import HTTPTypes
import Hummingbird

/// The headers every answer carries so that a browser keeps the pages to themselves:
/// - a `Content-Security-Policy` allowing only the server's own scripts (and their WebAssembly; a page's
///   own import map, by its hash, as `WebPagesMiddleware` sets it), its own connections (the API and the
///   live stream), images from itself and over HTTPS (the map's tiles), and no framing by any page;
/// - `X-Frame-Options`, `X-Content-Type-Options` and `Referrer-Policy` for browsers that read those;
/// - `Cache-Control: no-store` on the API and the calendar feeds, which carry guests' and staff's data,
///   unless a route chose its own (a place's map, a photo);
/// - `Strict-Transport-Security` when the installation is reached over HTTPS.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    let https: Bool

    static var policy: String { policy(scriptHashes: []) }

    /// The policy, allowing also the inline scripts of these hashes (`sha256-…`): a page's import map.
    static func policy(scriptHashes: [String]) -> String {
        [
            "default-src 'self'",
            (["script-src 'self' 'wasm-unsafe-eval'"] + scriptHashes.map { "'\($0)'" }).joined(separator: " "),
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data: blob: https:", "connect-src 'self' blob:", "object-src 'none'", "base-uri 'self'",
            "form-action 'self'", "frame-ancestors 'none'",
        ].joined(separator: "; ")
    }

    static var xFrameOptions: HTTPField.Name { HTTPField.Name("X-Frame-Options")! }
    static var referrerPolicy: HTTPField.Name { HTTPField.Name("Referrer-Policy")! }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var response = try await next(request, context)
        if response.headers[.contentSecurityPolicy] == nil { response.headers[.contentSecurityPolicy] = Self.policy }
        response.headers[Self.xFrameOptions] = "DENY"
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[Self.referrerPolicy] = "same-origin"
        if https { response.headers[.strictTransportSecurity] = "max-age=31536000" }
        if response.headers[.cacheControl] == nil, Self.carriesData(request.uri.path) {
            response.headers[.cacheControl] = "no-store"
        }
        return response
    }

    /// Whether answers under the path are people's data, never to be kept by a browser or a proxy.
    static func carriesData(_ path: String) -> Bool {
        path.hasPrefix("/api/") || path.hasPrefix("/ical/") || path == "/metrics"
    }
}
