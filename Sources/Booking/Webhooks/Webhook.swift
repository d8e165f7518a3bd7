import Foundation

/// What a webhook can be told of: a booking (a hotel stay or a salon appointment) made, changed or
/// cancelled, a guest checked in or out, a payment received. Each is one of the property's recorded
/// events, sent as it was recorded.
public enum WebhookEvent: String, Sendable, Codable, CaseIterable {
    case bookingCreated = "booking.created"
    case bookingChanged = "booking.changed"
    case bookingCancelled = "booking.cancelled"
    case checkedIn = "stay.checked_in"
    case checkedOut = "stay.checked_out"
    case paymentReceived = "payment.received"

    /// The webhook event a recorded event is (its kind is `entity.action`), or nil for one no webhook
    /// is told of (a property's settings, a room's housekeeping).
    public static func of(kind: String) -> WebhookEvent? {
        switch kind {
        case "stay.create", "appointment.create", "appointment.book-online": .bookingCreated
        case "stay.cancel", "stay.no-show", "appointment.cancel", "appointment.cancel-online", "appointment.no-show":
            .bookingCancelled
        case "stay.check-in": .checkedIn
        case "stay.check-out": .checkedOut
        case "folio.payment", "sale.checkout", "sale.deposit", "sale.payment": .paymentReceived
        case _ where kind.hasPrefix("stay.") || kind.hasPrefix("appointment."): .bookingChanged
        default: nil
        }
    }
}

/// A URL a property's events are POSTed to, signed with its secret.
public struct Webhook: Sendable, Hashable {
    /// The most webhooks one property keeps.
    public static let maxPerProperty = 10
    /// The longest URL, in characters.
    public static let urlLimit = 2_000

    public var id: Int
    public var propertyID: Int
    public var url: String
    /// Shared with the receiver, who checks each request's signature with it; shown once, when made.
    public var secret: String
    public var events: Set<WebhookEvent>
    /// Milliseconds since 1970.
    public var createdAt: Int
    /// How delivery stands: the last event sent, and why the last attempt failed.
    public var deliveredSeq: Int
    public var lastError: String?
    public var attempts: Int

    public init(
        id: Int, propertyID: Int, url: String, secret: String, events: Set<WebhookEvent>, createdAt: Int,
        deliveredSeq: Int = 0, lastError: String? = nil, attempts: Int = 0
    ) {
        self.id = id
        self.propertyID = propertyID
        self.url = url
        self.secret = secret
        self.events = events
        self.createdAt = createdAt
        self.deliveredSeq = deliveredSeq
        self.lastError = lastError
        self.attempts = attempts
    }

    public static let notHTTP = DomainError.invalid(
        "url", "must be an http or https address, such as https://example.com/hooks", reason: .addressNotHTTP)

    /// Refuses a URL that is not `http` or `https` with a host (checked again, with its addresses, when
    /// it is called: private ones are refused unless the installation allows them), or no events.
    public static func validate(url: String, events: Set<WebhookEvent>) throws(DomainError) {
        try FreeText.validate(url, field: "url", limit: urlLimit, lines: false)
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
            ["http", "https"].contains(scheme),
            let host = parsed.host, !host.isEmpty, parsed.user == nil, parsed.password == nil
        else { throw notHTTP }
        guard !events.isEmpty else { throw .invalid("events", "choose at least one event", reason: .webhookEvents) }
    }
}
