import API
import Booking
import Foundation

/// A property's webhooks, a manager's: listed with how each is being sent, added (its secret answered
/// once), removed.
extension FrontdeskAPI {
    func listWebhooks(_ input: Operations.ListWebhooks.Input) async throws -> Operations.ListWebhooks.Output {
        .ok(
            .init(
                body: .json(
                    .init(webhooks: try await webhooks.webhooks(of: input.path.id, by: try staff).map { .init($0) }))))
    }

    func createWebhook(_ input: Operations.CreateWebhook.Input) async throws -> Operations.CreateWebhook.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let feeds = configuration.feeds
        let webhook = try await webhooks.add(
            url: body.url, events: Set(body.events.compactMap { WebhookEvent(rawValue: $0.rawValue) }),
            secret: WebhookSignature.newSecret(), to: input.path.id, by: try staff
        ) { url in try await feeds.checkReachable(url) }
        return .created(.init(body: .json(.init(webhook, secret: true))))
    }

    func deleteWebhook(_ input: Operations.DeleteWebhook.Input) async throws -> Operations.DeleteWebhook.Output {
        try await webhooks.remove(input.path.id, by: try staff)
        return .noContent(.init())
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
