import Foundation
import PayCode

/// What the product tells a guest or a customer, by email: each kind has its templates (in the server's
/// `Messages/Templates`) in the five languages.
public enum MessageKind: String, Sendable, Codable, CaseIterable {
    /// A hotel stay or a salon visit booked: its code and the link to manage it.
    case confirmation
    /// A booking cancelled, with any fee kept or refund made.
    case cancellation
    /// A booking's dates, room type or time changed at the desk: its details as they are now.
    case change
    /// A salon's visit, some hours before it (`MessageSettings.reminderHours`).
    case reminder
    /// A hotel stay, some days before its arrival (`MessageSettings.preArrivalDays`).
    case preArrival = "pre_arrival"
    /// An invoice or a receipt as issued, sent when the desk asks.
    case document
    /// A time freed up, offered to a customer on a salon's waitlist and held for them until it lapses.
    case waitlistOffer = "waitlist_offer"
}

/// Where a message is on its way: `queued` until a mail server takes it (retried with backoff while it
/// refuses for now or cannot be reached), `sent` once one did, `failed` when it refused for good or
/// the attempts ran out. A manager can queue a failed or sent message again.
public enum MessageState: String, Sendable, Codable, CaseIterable {
    case queued, sent, failed
}

/// What a message states, captured when the change that causes it is made (in its transaction), so a
/// message sent later, or again, says what was true then. Amounts are in minor units of `currency`.
public struct MessageFacts: Codable, Sendable, Hashable {
    public var propertyName: String
    public var guestName: String
    public var confirmationCode: String
    /// A hotel stay: its first night and the morning it ends (`YYYY-MM-DD`), its room type and nights.
    public var arrival: String?
    public var departure: String?
    public var nights: Int?
    public var roomType: String?
    /// A salon visit: when it starts (minutes since 1970 at UTC), its services in order, by whom.
    public var startMinute: Int?
    public var services: [String]?
    public var staffName: String?
    /// The property's time zone, for the times the message states.
    public var timeZoneID: String
    public var currency: String?
    public var total: Int?
    /// A cancellation: the fee kept and the amount refunded.
    public var fee: Int?
    public var refund: Int?
    /// The property's own line in the message's language (`MessageSettings.notes`).
    public var note: String?
    /// A hotel's check-in time, minutes of its day.
    public var checkInMinute: Int?
    /// An invoice or a receipt, as issued.
    public var document: DocumentFacts?
    /// A hotel's pre-arrival message: the token of the stay's online check-in link.
    public var checkInToken: String?
    /// A change or cancellation of a series' visit and the rest after it: how many later visits went with it.
    public var laterVisits: Int?
    /// A waitlist's offer: the token of its link, and the minute (since 1970 at UTC) it is held until.
    public var offerToken: String?
    public var heldUntilMinute: Int?
    /// The deposit a booking's plan or a waitlist's offer asks, and the code to pay it (its scheme's
    /// payload, the booking's code its reference) where the property is paid by one.
    public var deposit: Int?
    public var payCode: PayCodeFacts?

    public init(
        propertyName: String, guestName: String, confirmationCode: String, timeZoneID: String,
        arrival: String? = nil, departure: String? = nil, nights: Int? = nil, roomType: String? = nil,
        startMinute: Int? = nil, services: [String]? = nil, staffName: String? = nil, currency: String? = nil,
        total: Int? = nil, fee: Int? = nil, refund: Int? = nil
    ) {
        self.propertyName = propertyName
        self.guestName = guestName
        self.confirmationCode = confirmationCode
        self.timeZoneID = timeZoneID
        self.arrival = arrival
        self.departure = departure
        self.nights = nights
        self.roomType = roomType
        self.startMinute = startMinute
        self.services = services
        self.staffName = staffName
        self.currency = currency
        self.total = total
        self.fee = fee
        self.refund = refund
    }
}

/// A code to pay as a message keeps it: the message draws its image from the payload.
public struct PayCodeFacts: Codable, Sendable, Hashable {
    /// `promptpay` or `vietqr`.
    public var scheme: String
    public var payload: String
    public var reference: String

    public init(_ code: PaymentCode) {
        scheme = code.scheme.rawValue
        payload = code.payload
        reference = code.reference
    }

    /// The code drawn as a PNG, for a mail (whose readers drop an SVG).
    public func png() -> [UInt8] {
        // A payload is at most a few hundred ASCII characters: version 40 holds it at any level.
        (try? QRCode(text: payload, errorCorrection: .medium))?.png() ?? []
    }
}

/// A message to send, as the change that causes it writes it to the outbox.
public struct NewMessage: Sendable, Hashable {
    public var kind: MessageKind
    public var propertyID: Int
    public var stayID: Int?
    /// A salon visit's appointments share one message: it names the first.
    public var appointmentID: Int?
    /// A waitlist's offer, which names no booking.
    public var waitlistOfferID: Int?
    /// Where it goes: email unless another channel's sender is set up for it.
    public var channel: MessageChannel
    /// The recipient's address on `channel`.
    public var recipient: String
    public var recipientName: String
    public var language: Language
    public var facts: MessageFacts

    public init(
        kind: MessageKind, propertyID: Int, stayID: Int? = nil, appointmentID: Int? = nil,
        waitlistOfferID: Int? = nil, channel: MessageChannel = .email, recipient: String, recipientName: String,
        language: Language, facts: MessageFacts
    ) {
        self.waitlistOfferID = waitlistOfferID
        self.channel = channel
        self.kind = kind
        self.propertyID = propertyID
        self.stayID = stayID
        self.appointmentID = appointmentID
        self.recipient = recipient
        self.recipientName = recipientName
        self.language = language
        self.facts = facts
    }
}

/// A message in the outbox.
public struct OutgoingMessage: Sendable, Hashable {
    public var id: Int
    public var message: NewMessage
    /// The `Message-ID` header, made once when it is queued: sent again, it is the same message.
    public var messageID: String
    public var state: MessageState
    public var attempts: Int
    /// Milliseconds since 1970: when it is sent (or tried) next, while queued.
    public var dueAt: Int
    /// Why the last attempt failed, in the mail server's words.
    public var lastError: String?
    public var createdAt: Int
    public var sentAt: Int?
    /// Every attempt to send it and every time the desk sent it again, oldest first: kept when it is sent
    /// again, as `attempts` and `lastError` start over.
    public var history: [MessageAttempt] = []

    public init(
        id: Int, message: NewMessage, messageID: String, state: MessageState, attempts: Int, dueAt: Int,
        lastError: String?, createdAt: Int, sentAt: Int?
    ) {
        self.id = id
        self.message = message
        self.messageID = messageID
        self.state = state
        self.attempts = attempts
        self.dueAt = dueAt
        self.lastError = lastError
        self.createdAt = createdAt
        self.sentAt = sentAt
    }
}

/// One attempt to send a message, or the desk's sending it again: when, what came of it, and the mail
/// server's words when it did not go.
public struct MessageAttempt: Sendable, Hashable {
    public enum Outcome: String, Sendable, CaseIterable {
        /// A mail server took it.
        case sent
        /// Not taken this time; tried again later.
        case deferred
        /// Refused for good, or given up on.
        case failed
        /// A manager sent it again.
        case sentAgain = "sent_again"
    }

    /// Milliseconds since 1970.
    public var at: Int
    public var outcome: Outcome
    public var error: String?

    public init(at: Int, outcome: Outcome, error: String? = nil) {
        self.at = at
        self.outcome = outcome
        self.error = error
    }
}

/// An invoice or a receipt as a message states it: its reference, issuer, lines and totals (minor units
/// of the message's currency).
public struct DocumentFacts: Codable, Sendable, Hashable {
    public struct Line: Codable, Sendable, Hashable {
        public var description: String
        public var amount: Int
    }

    /// `invoice` or `receipt`.
    public var kind: String
    public var reference: String
    public var issuedOn: String
    public var issuer: String
    public var issuerAddress: String
    public var taxID: String
    public var charges: [Line]
    public var taxes: [Line]
    public var total: Int
    public var paid: Int
    public var balance: Int

    public init(_ document: FolioDocument) {
        kind = document.kind.rawValue
        reference = document.reference
        issuedOn = document.issuedOn.iso
        issuer = document.issuer.name
        issuerAddress = document.issuer.address
        taxID = document.issuer.taxID
        charges = document.charges.map { Line(description: $0.description, amount: $0.amount.amount) }
        taxes = document.taxes.map { Line(description: $0.name, amount: $0.amount.amount) }
        total = document.totalCharges.amount
        paid = document.totalPayments.amount
        balance = document.balance.amount
    }
}
