import API
import Booking
import Foundation

/// A property's webhooks, a manager's: listed with how each is being sent, added (its secret answered
/// once), removed.
extension FrontdeskAPI {
    func listWebhooks(_ input: Operations.ListWebhooks.Input) async throws -> Operations.ListWebhooks.Output {
        let property = try await managed(input.path.id, "read the webhooks")
        return .ok(
            .init(
                body: .json(.init(webhooks: try await store.webhooks.webhooks(propertyID: property).map { .init($0) })))
        )
    }

    func createWebhook(_ input: Operations.CreateWebhook.Input) async throws -> Operations.CreateWebhook.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let property = try await managed(input.path.id, "add a webhook")
        let events = Set(body.events.compactMap { WebhookEvent(rawValue: $0.rawValue) })
        let url = body.url.trimmingCharacters(in: .whitespaces)
        try Webhook.validate(url: url, events: events)
        // Where it points is checked now too, as it is again on every call.
        try await configuration.feeds.checkReachable(url)
        let webhook = try await store.webhooks.create(
            propertyID: property, url: url, events: events,
            secret: WebhookSignature.newSecret(), by: try staff.user.id)
        return .created(.init(body: .json(.init(webhook, secret: true))))
    }

    func deleteWebhook(_ input: Operations.DeleteWebhook.Input) async throws -> Operations.DeleteWebhook.Output {
        let notFound = DomainError(.notFound, "no webhook \(input.path.id)", field: "id")
        guard let webhook = try await store.webhooks.webhook(id: input.path.id),
            try staff.roles(webhook.propertyID) != nil
        else { throw notFound }
        _ = try await managed(webhook.propertyID, "remove a webhook")
        try await store.webhooks.delete(webhook, by: try staff.user.id)
        return .noContent(.init())
    }

    /// The property, for a manager of it: 404 for anyone who does not work there, 403 for its other staff.
    private func managed(_ propertyID: Int, _ what: String) async throws -> Int {
        let staff = try staff
        let property = try await frontDesk.property(propertyID, by: staff.doing(.reading))
        try staff.requireManager(what, at: property.id)
        return property.id
    }
}

extension Components.Schemas.Webhook {
    init(_ webhook: Webhook, secret: Bool = false) {
        self.init(
            id: webhook.id, url: webhook.url,
            events: webhook.events.map(\.rawValue).sorted().compactMap(Components.Schemas.WebhookEvent.init(rawValue:)),
            createdAt: Date(timeIntervalSince1970: TimeInterval(webhook.createdAt) / 1000),
            secret: secret ? webhook.secret : nil, attempts: webhook.attempts, lastError: webhook.lastError)
    }
}
