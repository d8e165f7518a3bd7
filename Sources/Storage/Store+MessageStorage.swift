import Booking

/// The outbox as the domain's `Notices` write it: each write joins the transaction open around it.
extension Store: MessageStorage {
    public func inOneTransaction<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await write { _ in try await body() }
    }

    public func messageSettings(propertyID: Int) async throws -> MessageSettings {
        try await messages.settings(propertyID: propertyID)
    }

    public func language(stayID: Int) async throws -> Language? { try await messages.language(stayID: stayID) }

    public func visit(appointmentID: Int) async throws -> UpcomingVisit? {
        try await messages.visit(appointmentID: appointmentID)
    }

    public func consent(propertyID: Int, channel: MessageChannel, address: String) async throws -> MessageConsent? {
        try await messages.consent(propertyID: propertyID, channel: channel, address: address)
    }

    public func enqueue(_ message: NewMessage) async throws -> OutgoingMessage { try await messages.enqueue(message) }

    public func enqueueOnce(_ message: NewMessage) async throws -> Bool { try await messages.enqueueOnce(message) }
}

extension Store: ScheduledMessageStorage {
    public func upcomingVisits(now: Int) async throws -> [UpcomingVisit] { try await messages.upcomingVisits(now: now) }

    public func upcomingStays(around day: Day) async throws -> [UpcomingStay] {
        try await messages.upcomingStays(around: day)
    }
}

extension Store: OutboxStorage {
    public func message(id: Int) async throws -> OutgoingMessage? { try await messages.message(id: id) }

    public func messages(stayID: Int) async throws -> [OutgoingMessage] { try await messages.messages(stayID: stayID) }

    public func messages(appointmentID: Int) async throws -> [OutgoingMessage] {
        try await messages.messages(appointmentID: appointmentID)
    }

    public func sendAgain(id: Int) async throws -> OutgoingMessage { try await messages.sendAgain(id: id) }

    public func record(_ consent: MessageConsent, propertyID: Int, by userID: Int?) async throws -> MessageConsent {
        try await messages.record(consent, propertyID: propertyID, by: userID)
    }

    public func updateSettings(_ settings: MessageSettings, propertyID: Int, by userID: Int?) async throws
        -> MessageSettings
    {
        try await messages.updateSettings(settings, propertyID: propertyID, by: userID)
    }
}

extension Store: WebhookStorage {
    public func webhooks(propertyID: Int) async throws -> [Webhook] {
        try await webhooks.webhooks(propertyID: propertyID)
    }

    public func webhook(id: Int) async throws -> Webhook? { try await webhooks.webhook(id: id) }

    public func createWebhook(
        propertyID: Int, url: String, events: Set<WebhookEvent>, secret: String, by userID: Int?
    ) async throws -> Webhook {
        try await webhooks.create(propertyID: propertyID, url: url, events: events, secret: secret, by: userID)
    }

    public func delete(_ webhook: Webhook, by userID: Int?) async throws {
        try await webhooks.delete(webhook, by: userID)
    }
}
