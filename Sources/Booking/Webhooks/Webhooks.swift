import Foundation

/// A property's webhooks, a manager's: listed with how each is being sent, added, removed. Anyone who does
/// not work at the property finds none (404); its other staff are refused (403), before anything they sent
/// is read.
public struct Webhooks<Storage: WebhookStorage>: StayOperations {
    public let storage: Storage
    public let now: @Sendable () -> Date

    public init(storage: Storage, now: @escaping @Sendable () -> Date) {
        self.storage = storage
        self.now = now
    }

    public func webhooks(of propertyID: Int, by staff: Staff) async throws -> [Webhook] {
        try await storage.webhooks(propertyID: try await managed(propertyID, "read the webhooks", by: staff))
    }

    /// Adds a webhook to `url` for `events` (`Webhook.validate`), keyed by `secret`; `reachable` checks where
    /// it points, once the manager is known (it is checked again on every call).
    public func add(
        url: String, events: Set<WebhookEvent>, secret: String, to propertyID: Int, by staff: Staff,
        reachable: @Sendable (String) async throws -> Void
    ) async throws -> Webhook {
        let property = try await managed(propertyID, "add a webhook", by: staff)
        let url = url.trimmingCharacters(in: .whitespaces)
        try Webhook.validate(url: url, events: events)
        try await reachable(url)
        return try await storage.createWebhook(
            propertyID: property, url: url, events: events, secret: secret, by: staff.user.id)
    }

    public func remove(_ id: Int, by staff: Staff) async throws {
        guard let webhook = try await storage.webhook(id: id), staff.roles(webhook.propertyID) != nil else {
            throw DomainError(.notFound, "no webhook \(id)", field: "id")
        }
        _ = try await managed(webhook.propertyID, "remove a webhook", by: staff)
        try await storage.delete(webhook, by: staff.user.id)
    }

    /// The property, for a manager of it: 404 for anyone who does not work there, 403 for its other staff.
    private func managed(_ propertyID: Int, _ what: String, by staff: Staff) async throws -> Int {
        let property = try await property(propertyID, by: staff.doing(.reading))
        try staff.requireManager(what, at: property.id)
        return property.id
    }
}

/// Where a property's webhooks are kept.
public protocol WebhookStorage: StayStorage {
    func webhooks(propertyID: Int) async throws -> [Webhook]
    func webhook(id: Int) async throws -> Webhook?
    /// Stores a new webhook, journaled; refused (`.conflict`) past `Webhook.maxPerProperty`.
    func createWebhook(propertyID: Int, url: String, events: Set<WebhookEvent>, secret: String, by userID: Int?)
        async throws -> Webhook
    func delete(_ webhook: Webhook, by userID: Int?) async throws
}
