import Booking
import Foundation
import Logging
import ServiceLifecycle
import Storage

/// Sends the outbox: a `Service` of the application, started once the schema is up to date, with a sender
/// for each channel set up (`MessageSender`: SMTP for email). Each round it claims what is due on those
/// channels (`MessageRepository.claim`: one instance of several takes each message), writes each in its
/// recipient's language, and hands it to its channel's sender. A refusal for now or a server out of reach is
/// tried again later (`MessageRetries`); a refusal for good, or the attempts run out, marks the message
/// failed with the channel's words. Without a sender it is not started, and messages wait in the outbox.
struct MessageDelivery: ServiceLifecycle.Service {
    let store: Store
    let settings: MessagingSettings
    let senders: [MessageChannel: any MessageSender]
    let logger: Logger

    init(store: Store, settings: MessagingSettings, senders: [any MessageSender], logger: Logger) {
        self.store = store
        self.settings = settings
        self.senders = Dictionary(senders.map { ($0.channel, $0) }, uniquingKeysWith: { first, _ in first })
        self.logger = logger
    }

    func run() async throws {
        let composer = try await MessageComposer.bundled(siteURL: settings.siteURL)
        await store.workInRounds(every: settings.pollInterval, restingWhenIdle: true) { await round(composer) }
    }

    /// Sends what is due now; how many messages it tried.
    @discardableResult
    func round(_ composer: MessageComposer) async -> Int {
        let claimed: [OutgoingMessage]
        do {
            claimed = try await store.claimMessages(
                leaseMillis: settings.leaseSeconds * 1000, channels: Set(senders.keys))
        } catch {
            logger.warning("could not read the outbox", metadata: ["error": "\(error)"])
            return 0
        }
        for message in claimed { await deliver(message, composer) }
        return claimed.count
    }

    private func deliver(_ outgoing: OutgoingMessage, _ composer: MessageComposer) async {
        let failure: SendFailure?
        do {
            let message = outgoing.message
            guard let sender = senders[message.channel] else {
                throw SendFailure(description: "no sender for the channel \(message.channel)", permanent: true)
            }
            if [.reminder, .preArrival].contains(message.kind),
                !message.stillTimely(now: store.clock.now(), booked: try await store.stillBooked(message))
            {
                throw SendFailure(description: "not sent: its visit or stay is no longer to come", permanent: true)
            }
            try await sender.send(outgoing, try composer.compose(outgoing))
            failure = nil
        } catch let error as SendFailure {
            failure = error
        } catch {
            failure = SendFailure(description: "\(error)", permanent: true)
        }
        do {
            if let failure {
                let wait = failure.permanent ? nil : settings.retries.wait(afterAttempt: outgoing.attempts)
                try await store.markNotSent(
                    messageID: outgoing.id, error: failure.description, retryAfterMillis: wait)
                logger.notice(
                    "message not sent", metadata: ["message": "\(outgoing.id)", "error": "\(failure.description)"])
            } else {
                try await store.markSent(messageID: outgoing.id)
            }
        } catch {
            // Left claimed: sent again (with the same Message-ID) once its lease has passed.
            logger.warning(
                "could not record a message's delivery", metadata: ["message": "\(outgoing.id)", "error": "\(error)"])
        }
    }
}
