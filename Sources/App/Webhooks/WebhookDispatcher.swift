import Booking
import Foundation
import Logging
import ServiceLifecycle
import Storage
import Synchronization

/// Sends each webhook its property's events, in order: a `Service` of the application. It claims the
/// webhooks with events waiting (`WebhookRepository.claim`: one delivery of one instance holds each, and
/// renews its claim as it goes), and sends each claimed webhook its events in a task of its own, so that a
/// slow receiver delays no other: at most `concurrentWebhooks` at once. Each event a webhook asks for is
/// POSTed as JSON, signed (`WebhookSignature`), only while the claim holds (a webhook removed meanwhile is
/// sent nothing more). One the receiver does not take (not 2xx, or out of reach) is tried again after
/// `MessageRetries`' waits, holding back the later ones, until the attempts run out: then it is passed over
/// and the error kept.
struct WebhookDispatcher: ServiceLifecycle.Service {
    let store: Store
    let fetcher: FeedFetcher
    let retries: MessageRetries
    let pollInterval: Duration
    let logger: Logger
    /// How many webhooks are sent to at once, each by a task of its own.
    var concurrentWebhooks = 16
    /// How long a claim holds without being renewed: longer than one POST may take (`FeedFetcher.timeout`).
    var leaseMillis = 60_000

    func run() async {
        await cancelWhenGracefulShutdown {
            await store.untilMigrated()
            let sending = InFlight()
            await withDiscardingTaskGroup { group in
                while !Task.isCancelled {
                    let free = concurrentWebhooks - sending.count
                    let claimed = await claim(limit: free)
                    for (webhook, token) in claimed {
                        sending.add(webhook.id)
                        group.addTask {
                            _ = await deliverLogged(webhook, token: token)
                            sending.remove(webhook.id)
                        }
                    }
                    if claimed.isEmpty { try? await Task.sleep(for: pollInterval) }
                }
            }
        }
    }

    /// Sends what is due now, each webhook at once with the others, and waits for all: how many events
    /// were sent or passed over. (What `run` does round after round without waiting; tests call it.)
    @discardableResult
    func round() async -> Int {
        await withTaskGroup(of: Int.self) { group in
            for (webhook, token) in await claim(limit: concurrentWebhooks) {
                group.addTask { await deliverLogged(webhook, token: token) }
            }
            return await group.reduce(0, +)
        }
    }

    /// Up to `limit` webhooks with events due, each under a token of its own delivery.
    private func claim(limit: Int) async -> [(Webhook, String)] {
        do {
            let token = UUID().uuidString
            return try await store.claimWebhooks(limit: limit, leaseMillis: leaseMillis, token: token).map {
                ($0, token)
            }
        } catch {
            logger.warning("could not claim webhooks", metadata: ["error": "\(error)"])
            return []
        }
    }

    private func deliverLogged(_ webhook: Webhook, token: String) async -> Int {
        do {
            let done = try await deliver(webhook, token: token)
            try await store.releaseWebhook(id: webhook.id, token: token)
            return done
        } catch {
            logger.warning("could not send webhooks", metadata: ["webhook": "\(webhook.id)", "error": "\(error)"])
            return 0
        }
    }

    /// Sends the webhook's waiting events until one fails or the claim is lost: how many were done with.
    private func deliver(_ webhook: Webhook, token: String) async throws -> Int {
        var done = 0
        for event in try await store.pendingEvents(of: webhook) {
            guard let type = WebhookEvent.of(kind: event.kind), webhook.events.contains(type) else {
                try await store.markDelivered(webhookID: webhook.id, upTo: event.seq, token: token)
                done += 1
                continue
            }
            // Removed, or taken by another instance after the lease ran out: nothing more from here.
            guard try await store.renewWebhook(id: webhook.id, token: token, leaseMillis: leaseMillis) else {
                return done
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
                // Stopped with the server: not the receiver's failure; the event is sent again later.
                if Task.isCancelled { return done }
                let message = (error as? DomainError)?.message ?? "\(error)"
                try await store.markFailed(
                    webhookID: webhook.id, event: event.seq, error: message,
                    retryAfterMillis: retries.wait(afterAttempt: webhook.attempts + 1), token: token)
                logger.notice("webhook not taken", metadata: ["webhook": "\(webhook.id)", "error": "\(message)"])
                return done
            }
            try await store.markDelivered(webhookID: webhook.id, upTo: event.seq, token: token)
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

/// The webhooks being sent to now, by id.
private final class InFlight: Sendable {
    private let ids = Mutex<Set<Int>>([])

    var count: Int { ids.withLock { $0.count } }
    func add(_ id: Int) { ids.withLock { _ = $0.insert(id) } }
    func remove(_ id: Int) { ids.withLock { _ = $0.remove(id) } }
}
