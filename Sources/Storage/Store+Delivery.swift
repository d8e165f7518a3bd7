import Booking

/// What the outbox's and the webhooks' senders claim, and how each delivery went: the background work's
/// side of messages and webhooks (the domain writes them, in `Notices` and the event log).
extension Store {
    /// Leases up to `limit` messages due now on these channels (all when nil) to one sender.
    public func claimMessages(limit: Int = 10, leaseMillis: Int, channels: Set<MessageChannel>? = nil) async throws
        -> [OutgoingMessage]
    {
        try await messages.claim(limit: limit, leaseMillis: leaseMillis, channels: channels)
    }

    public func markSent(messageID: Int) async throws { try await messages.markSent(id: messageID) }

    /// Records a failed attempt; retried after `retryAfterMillis`, or given up when nil.
    public func markNotSent(messageID: Int, error: String, retryAfterMillis: Int?) async throws {
        try await messages.markNotSent(id: messageID, error: error, retryAfterMillis: retryAfterMillis)
    }

    /// Whether a reminder's stay or visit is still booked as it was when the reminder was written.
    public func stillBooked(_ message: NewMessage) async throws -> Bool { try await messages.stillBooked(message) }

    /// The messages of waitlist offers, by offer.
    public func messages(waitlistOfferIDs ids: [Int]) async throws -> [Int: OutgoingMessage] {
        try await messages.messages(waitlistOfferIDs: ids)
    }

    /// Leases up to `limit` webhooks with events to send to one dispatcher (`token`).
    public func claimWebhooks(limit: Int = 10, leaseMillis: Int, token: String) async throws -> [Webhook] {
        try await webhooks.claim(limit: limit, leaseMillis: leaseMillis, token: token)
    }

    /// Extends a webhook's lease; false when another dispatcher has it now.
    public func renewWebhook(id: Int, token: String, leaseMillis: Int) async throws -> Bool {
        try await webhooks.renew(id: id, token: token, leaseMillis: leaseMillis)
    }

    public func releaseWebhook(id: Int, token: String) async throws {
        try await webhooks.release(id: id, token: token)
    }

    /// A webhook's events not yet delivered, oldest first.
    public func pendingEvents(of webhook: Webhook, limit: Int = 20) async throws -> [WebhookRepository.PendingEvent] {
        try await webhooks.pendingEvents(of: webhook, limit: limit)
    }

    public func markDelivered(webhookID: Int, upTo seq: Int, token: String) async throws {
        try await webhooks.markDelivered(id: webhookID, upTo: seq, token: token)
    }

    /// Records a failed delivery of event `seq`; retried after `retryAfterMillis`, or given up when nil.
    public func markFailed(webhookID: Int, event seq: Int, error: String, retryAfterMillis: Int?, token: String)
        async throws
    {
        try await webhooks.markFailed(
            id: webhookID, event: seq, error: error, retryAfterMillis: retryAfterMillis, token: token)
    }
}
