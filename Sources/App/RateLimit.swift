import Foundation
import Hummingbird

/// A token bucket per client address: `perMinute` requests, refilled continuously.
actor RateLimiter {
    private let perMinute: Int
    private var buckets: [String: (tokens: Double, updated: ContinuousClock.Instant)] = [:]

    init(perMinute: Int) {
        self.perMinute = max(perMinute, 1)
    }

    /// Takes a token for `client`; false when its bucket is empty.
    func allow(_ client: String, now: ContinuousClock.Instant = .now) -> Bool {
        var (tokens, updated) = buckets[client] ?? (Double(perMinute), now)
        tokens = min(Double(perMinute), tokens + updated.duration(to: now).inSeconds * Double(perMinute) / 60)
        let allowed = tokens >= 1
        buckets[client] = (allowed ? tokens - 1 : tokens, now)
        if buckets.count > 100_000 { buckets = buckets.filter { $0.value.updated.duration(to: now) < .seconds(60) } }
        return allowed
    }
}

extension Duration {
    /// The duration in seconds, with their fraction.
    var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
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
