import Foundation
import HTTPTypes
import Hummingbird
import Synchronization

/// Serves the web app's pages as `PageWriter` writes them, and tells browsers how long to keep its files:
/// - a page is `no-cache` with an entity tag, so that a browser asks each time and is answered 304 while
///   nothing changed;
/// - a file asked for with its current version (`?v=`) is `public, max-age=31536000, immutable`;
/// - a file asked for without one (a service worker's list, a retried import) is `no-cache`;
/// - a file asked for with a version it does not have now is 404 and kept nowhere: another instance
///   behind the proxy may still serve that version (`deploy/nginx.conf.template` asks the next one), and
///   a page is never given a module of another version than its own.
///
/// The files are read again when a page is asked for after one of them changed (a developer's edit).
struct WebPagesMiddleware<Context: RequestContext>: RouterMiddleware {
    let site: WebSite

    static var immutable: String { "public, max-age=31536000, immutable" }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let path = request.uri.path
        // The API's answers are no files: they pass without a look at the files' versions.
        guard request.method == .get || request.method == .head, !SecurityHeadersMiddleware<Context>.carriesData(path)
        else { return try await next(request, context) }
        let assets = site.assets(refreshing: site.pages.contains(path))
        if let page = assets.pages[path] { return Self.answer(page, to: request) }
        guard let current = assets.version(of: path) else { return try await next(request, context) }
        let asked = request.uri.queryParameters.get("v").map { String($0) }
        if let asked, asked != current {
            return Response(
                status: .notFound, headers: [.cacheControl: "no-store", .contentType: "text/plain; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: "this version of \(path) is not served here\n")))
        }
        var response = try await next(request, context)
        if response.status == .ok || response.status == .notModified {
            response.headers[.cacheControl] = asked == nil ? "no-cache" : Self.immutable
        }
        return response
    }

    static func answer(_ page: WrittenPage, to request: Request) -> Response {
        var headers: HTTPFields = [
            .cacheControl: "no-cache", .eTag: page.entityTag,
            .contentSecurityPolicy: SecurityHeadersMiddleware<Context>.policy(scriptHashes: page.scriptHashes),
        ]
        let tags = (request.headers[.ifNoneMatch] ?? "").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        if tags.contains(page.entityTag) || tags.contains("*") {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = "text/html; charset=utf-8"
        let body = ByteBuffer(string: page.html)
        headers[.contentLength] = String(body.readableBytes)
        return Response(
            status: .ok, headers: headers, body: request.method == .head ? .init() : .init(byteBuffer: body))
    }
}

/// The web app's files as last read (`WebAssets`), shared by every request, read again when a page is
/// asked for and a file changed since (checked at most once a second).
final class WebSite: Sendable {
    private let state: Mutex<(assets: WebAssets, checked: ContinuousClock.Instant)>
    /// The paths that serve a page, as found at start.
    let pages: Set<String>

    init(root: String) {
        let assets = WebAssets.load(root: root)
        state = Mutex((assets, .now))
        pages = Set(assets.pages.keys)
    }

    func assets(refreshing: Bool) -> WebAssets {
        guard refreshing else { return state.withLock { $0.assets } }
        let (assets, due) = state.withLock { state -> (WebAssets, Bool) in
            let due = state.checked.duration(to: .now) > .seconds(1)
            if due { state.checked = .now }
            return (state.assets, due)
        }
        guard due, assets.isStale() else { return assets }
        let fresh = WebAssets.load(root: assets.root)
        state.withLock { $0.assets = fresh }
        return fresh
    }
}
