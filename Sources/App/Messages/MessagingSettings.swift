import Booking
import Mail

/// How this installation sends messages to guests and customers: its SMTP server (none set up by default:
/// messages are then kept, and the desk shows them as not sent), the sender's address, where the guest site
/// is reached (for the links in messages), and how often the outbox is read and retried.
public struct MessagingSettings: Sendable {
    public var smtp: SMTPConfiguration?
    public var sender: MailAddress
    /// The guest site's address as guests reach it, without a trailing slash.
    public var siteURL: String
    public var retries: MessageRetries
    /// How long a server instance keeps a message it is sending from the others: one that dies while
    /// sending leaves it to be sent again (with the same `Message-ID`) once this has passed.
    public var leaseSeconds: Int
    /// How often the outbox is read for what is due.
    public var pollInterval: Duration

    public init(
        smtp: SMTPConfiguration? = nil, sender: MailAddress = MailAddress("frontdesk@localhost", name: "Frontdesk"),
        siteURL: String = "http://127.0.0.1:8080", retries: MessageRetries = MessageRetries(), leaseSeconds: Int = 120,
        pollInterval: Duration = .seconds(1)
    ) {
        self.smtp = smtp
        self.sender = sender
        self.siteURL = siteURL
        self.retries = retries
        self.leaseSeconds = leaseSeconds
        self.pollInterval = pollInterval
    }

    /// The senders set up: SMTP for email when a server is; none otherwise.
    var senders: [any MessageSender] {
        smtp.map { [SMTPSender(smtp: $0, from: sender)] } ?? []
    }
}

/// The work the server does in the background, by the clock rather than by a request: the messages due
/// (reminders, pre-arrival messages), the salons' waitlists, and the webhooks' deliveries.
public struct BackgroundWork: Sendable {
    /// How often reminders and pre-arrival messages due are looked for.
    public var scheduleInterval: Duration = .seconds(60)
    /// How often the salons' waitlists are worked: offers made, lapsed ones passed on.
    public var waitlistInterval: Duration = .seconds(30)
    /// How often webhooks' events due are looked for, and how a refused call is tried again.
    public var webhookInterval: Duration = .seconds(1)
    public var webhookRetries = MessageRetries()

    public init() {}
}
