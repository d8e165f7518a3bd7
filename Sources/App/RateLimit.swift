import Foundation
import Hummingbird

/// A token bucket per client address: `perMinute` requests, refilled continuously.
actor RateLimiter {
    private let perMinute: Int
    private var buckets: [String: (tokens: Double, updated: Date)] = [:]

    init(perMinute: Int) {
        self.perMinute = max(perMinute, 1)
    }

    /// Takes a token for `client`; false when its bucket is empty.
    func allow(_ client: String, now: Date = Date()) -> Bool {
        var (tokens, updated) = buckets[client] ?? (Double(perMinute), now)
        tokens = min(Double(perMinute), tokens + now.timeIntervalSince(updated) * Double(perMinute) / 60)
        let allowed = tokens >= 1
        buckets[client] = (allowed ? tokens - 1 : tokens, now)
        if buckets.count > 100_000 { buckets = buckets.filter { now.timeIntervalSince($0.value.updated) < 60 } }
        return allowed
    }
}

/// Refuses a client over its rate with 429 and `Retry-After`.
struct RateLimitMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let limiter: RateLimiter

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard await limiter.allow(context.remoteAddress ?? "local") else {
            var response = ErrorMiddleware<Context>.response(
                .tooManyRequests, code: "rate_limited", "too many requests; try again in a few seconds", field: nil)
            response.headers[.retryAfter] = "5"
            return response
        }
        return try await next(request, context)
    }
}
