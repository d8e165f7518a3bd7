/// How the outbox tries again: a mail server that refuses for now (4xx) or cannot be reached is tried
/// after `base`, then three times longer each time up to six hours, for `maxAttempts` attempts in all
/// (with the default base, about a day); then the message is `failed` and a manager may send it again.
public struct MessageRetries: Sendable, Hashable {
    public static let maxAttempts = 12
    public static let longestWaitSeconds: Int = 6 * 3600

    /// The first wait, in seconds (1 to 3,600).
    public var baseSeconds: Int

    public init(baseSeconds: Int = 15) {
        self.baseSeconds = min(max(baseSeconds, 1), 3600)
    }

    /// Milliseconds to wait after failed attempt number `attempt` (1 for the first), or nil when that
    /// was the last one allowed.
    public func wait(afterAttempt attempt: Int) -> Int? {
        guard attempt >= 1, attempt < Self.maxAttempts else { return nil }
        var seconds = baseSeconds
        for _ in 1..<attempt where seconds < Self.longestWaitSeconds { seconds *= 3 }
        return min(seconds, Self.longestWaitSeconds) * 1000
    }
}
