import Booking
import Foundation
import Logging
import Mail
import ServiceLifecycle
import Storage

/// Sends the outbox by SMTP: a `Service` of the application, started once the schema is up to date.
/// Each round it claims what is due (`MessageRepository.claim`: one instance of several takes each
/// message), writes each in its recipient's language, and sends it with its `Message-ID`. A refusal
/// for now (4xx) or a server out of reach is tried again later (`MessageRetries`); a refusal for good
/// (5xx), or the attempts run out, marks the message failed with the server's words. Without an SMTP
/// server set up it is not started, and messages wait in the outbox.
struct MessageDelivery: ServiceLifecycle.Service {
    let store: Store
    let settings: MailSettings
    let smtp: SMTPConfiguration
    let logger: Logger

    func run() async throws {
        let composer = try await MessageComposer.bundled(siteURL: settings.siteURL)
        await store.workInRounds(every: settings.pollInterval, restingWhenIdle: true) { await round(composer) }
    }

    /// Sends what is due now; how many messages it tried.
    @discardableResult
    func round(_ composer: MessageComposer) async -> Int {
        let claimed: [OutgoingMessage]
        do {
            claimed = try await store.messages.claim(leaseMillis: settings.leaseSeconds * 1000)
        } catch {
            logger.warning("could not read the outbox", metadata: ["error": "\(error)"])
            return 0
        }
        for message in claimed { await deliver(message, composer) }
        return claimed.count
    }

    private func deliver(_ outgoing: OutgoingMessage, _ composer: MessageComposer) async {
        let outcome: (error: String, permanent: Bool)?
        do {
            let message = outgoing.message
            if [.reminder, .preArrival].contains(message.kind),
                !message.stillTimely(now: store.clock.now(), booked: try await store.messages.stillBooked(message))
            {
                throw MessageTemplateError("not sent: its visit or stay is no longer to come")
            }
            let composed = try composer.compose(outgoing)
            try await SMTPClient(configuration: smtp).send(mail(outgoing, composed))
            outcome = nil
        } catch let error as MailError {
            outcome = (error.description, error.isPermanent)
        } catch {
            outcome = ("\(error)", true)
        }
        do {
            if let outcome {
                let wait = outcome.permanent ? nil : settings.retries.wait(afterAttempt: outgoing.attempts)
                try await store.messages.markNotSent(id: outgoing.id, error: outcome.error, retryAfterMillis: wait)
                logger.notice(
                    "message not sent", metadata: ["message": "\(outgoing.id)", "error": "\(outcome.error)"])
            } else {
                try await store.messages.markSent(id: outgoing.id)
            }
        } catch {
            // Left claimed: sent again (with the same Message-ID) once its lease has passed.
            logger.warning(
                "could not record a message's delivery", metadata: ["message": "\(outgoing.id)", "error": "\(error)"])
        }
    }

    private func mail(_ outgoing: OutgoingMessage, _ composed: ComposedMessage) -> MailMessage {
        let message = outgoing.message
        return MailMessage(
            from: MailAddress(settings.sender.email, name: message.facts.propertyName),
            to: [MailAddress(message.recipient, name: message.recipientName)],
            replyTo: nil, subject: composed.subject, text: composed.text, html: composed.html,
            inlineImages: composed.images,
            messageID: "<\(outgoing.messageID)@\(settings.messageIDDomain)>",
            date: Date(timeIntervalSince1970: TimeInterval(outgoing.createdAt) / 1000),
            language: message.language.rawValue, headers: [("Auto-Submitted", "auto-generated")])
    }
}
