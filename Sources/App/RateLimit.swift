import Foundation
import Hummingbird
import Storage

/// The guest site's limit of `perMinute` requests per client address over any sliding minute, counted
/// by every server instance on the database together (`LimitRepository`). The minute is estimated from
/// whole minutes' counts, as the one before weighted by how much of it the sliding minute still covers.
/// A refused request is not counted.
struct RateLimiter: Sendable {
    let perMinute: Int
    let store: Store

    /// `perMinute` is at most `ServerConfiguration.maxRequestsPerMinute`, so that counts of that many
    /// times a minute's milliseconds fit an `Int`.
    init(perMinute: Int, store: Store) {
        self.perMinute = min(max(perMinute, 1), ServerConfiguration.maxRequestsPerMinute)
        self.store = store
    }

    /// Counts a request of `client`; nil when it is allowed, else the seconds until one would be.
    func refusal(of client: String) async throws -> Int? {
        let now = store.clock.nowMillis
        let minute = now / Self.minute
        let counts = try await store.countRequest(client: client, minute: minute)
        guard Self.weighted(counts, elapsed: now % Self.minute) > perMinute * Self.minute else { return nil }
        try await store.uncountRequest(client: client, minute: minute)
        // The first second from which one more request (the counts left as they are) would be allowed.
        let counted = LimitRepository.Minutes(this: counts.this - 1, previous: counts.previous)
        let wait = (1...120).first { seconds in
            let later = now % Self.minute + seconds * 1000
            let moved =
                switch later / Self.minute {
                case 0: counted
                case 1: LimitRepository.Minutes(this: 0, previous: counted.this)
                default: LimitRepository.Minutes(this: 0, previous: 0)
                }
            return Self.weighted(moved, elapsed: later % Self.minute) + Self.minute <= perMinute * Self.minute
        }
        return wait ?? 120
    }

    /// A minute in milliseconds.
    static let minute = 60_000

    /// The requests in the sliding minute ending `elapsed` milliseconds into the current whole minute,
    /// times the minute's milliseconds (whole numbers, so that a limit is met exactly): the minute before
    /// weighted by how much of it the sliding minute still covers, and this one whole.
    static func weighted(_ counts: LimitRepository.Minutes, elapsed: Int) -> Int {
        counts.previous * (minute - elapsed) + counts.this * minute
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
        if let wait = try await limiter.refusal(of: context.remoteAddress ?? "local") {
            var response = ErrorMiddleware<Context>.response(
                .tooManyRequests, code: "rate_limited", "too many requests; try again in \(wait) seconds",
                field: nil)
            response.headers[.retryAfter] = String(wait)
            return response
        }
        return try await next(request, context)
    }
}
