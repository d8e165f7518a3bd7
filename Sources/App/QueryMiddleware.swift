import Booking
import Hummingbird

/// Reads a query string as browsers and HTML forms write it: `+` is a space (`region=Chiang+Mai`,
/// what Python's requests sends too), and no parameter may hold a NUL (no text the API stores or
/// searches for may).
struct QueryMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard let path = request.head.path, let mark = path.firstIndex(of: "?") else {
            return try await next(request, context)
        }
        var request = request
        if path[mark...].contains("+") {
            var head = request.head
            head.path = String(path[..<mark]) + path[mark...].replacingOccurrences(of: "+", with: "%20")
            request = Request(head: head, body: request.body)
        }
        for (name, value) in request.uri.queryParameters where value.contains("\u{0}") || name.contains("\u{0}") {
            throw DomainError.invalid(String(name), "must not contain NUL characters")
        }
        return try await next(request, context)
    }
}
