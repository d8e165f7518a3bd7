import Booking
import Foundation
import Logging
import ServiceLifecycle
import Storage

/// Sends each webhook its property's events, in order: a `Service` of the application. Each round it
/// claims the webhooks with events waiting (`WebhookRepository.claim`: one instance of several takes
/// each), and POSTs each event a webhook asks for as JSON, signed (`WebhookSignature`). One the receiver
/// does not take (not 2xx, or out of reach) is tried again after `MessageRetries`' waits, holding back
/// the later ones, until the attempts run out: then it is passed over and the error kept.
struct WebhookDispatcher: ServiceLifecycle.Service {
    let store: Store
    let fetcher: FeedFetcher
    let retries: MessageRetries
    let pollInterval: Duration
    let logger: Logger

    func run() async {
        await store.workInRounds(every: pollInterval, restingWhenIdle: true) { await round() }
    }

    /// Sends what is due now: how many events were sent or passed over.
    @discardableResult
    func round() async -> Int {
        do {
            var done = 0
            for webhook in try await store.webhooks.claim(leaseMillis: 60_000) {
                done += try await deliver(webhook)
            }
            return done
        } catch {
            logger.warning("could not send webhooks", metadata: ["error": "\(error)"])
            return 0
        }
    }

    /// Sends the webhook's waiting events until one fails: how many were done with.
    private func deliver(_ webhook: Webhook) async throws -> Int {
        var done = 0
        for event in try await store.webhooks.pendingEvents(of: webhook) {
            guard let type = WebhookEvent.of(kind: event.kind), webhook.events.contains(type) else {
                try await store.webhooks.markDelivered(id: webhook.id, upTo: event.seq)
                done += 1
                continue
            }
            let body = try Self.body(of: event, type: type, propertyID: webhook.propertyID)
            let signature = WebhookSignature.value(
                secret: webhook.secret, timestamp: Int(store.clock.now().timeIntervalSince1970), body: body)
            do {
                try await fetcher.post(
                    webhook.url, body: body,
                    headers: [
                        ("Content-Type", "application/json"), ("User-Agent", "Frontdesk webhooks"),
                        (WebhookSignature.header, signature), ("Frontdesk-Event", type.rawValue),
                        ("Frontdesk-Delivery", "\(webhook.propertyID)-\(event.seq)"),
                    ])
            } catch {
                let message = (error as? DomainError)?.message ?? "\(error)"
                try await store.webhooks.markFailed(
                    id: webhook.id, event: event.seq, error: message,
                    retryAfterMillis: retries.wait(afterAttempt: webhook.attempts + 1))
                logger.notice("webhook not taken", metadata: ["webhook": "\(webhook.id)", "error": "\(message)"])
                return done
            }
            try await store.webhooks.markDelivered(id: webhook.id, upTo: event.seq)
            done += 1
        }
        return done
    }

    /// The JSON an event is sent as: its id (the property's and the event's numbers, the same on every
    /// attempt, so a receiver can set aside a second copy), its type, when it happened, and the entity
    /// as the change left it.
    static func body(of event: WebhookRepository.PendingEvent, type: WebhookEvent, propertyID: Int) throws -> Data {
        let entity = String(event.kind.split(separator: ".").first ?? "")
        let data = try JSONSerialization.jsonObject(with: Data(event.payload.utf8)) as? [Any]
        let object: [String: Any] = [
            "id": "\(propertyID)-\(event.seq)", "type": type.rawValue, "propertyId": propertyID,
            "occurredAt": ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(event.at) / 1000)),
            "entity": entity, "entityId": event.entityID, "action": event.kind, "data": data?.first ?? NSNull(),
        ]
        return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }
}
