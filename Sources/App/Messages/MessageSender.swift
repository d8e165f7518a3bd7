import Booking
import Foundation
import Mail

/// A way out of the outbox for one channel's messages (`MessageChannel`): `MessageDelivery` claims what is
/// due on the channels it has senders for, composes each (`MessageComposer`) and hands it to its channel's
/// sender. A channel (LINE, Kakao, Zalo) is added by a sender of its own, set up beside SMTP; the outbox, the
/// scheduler and the composer do not change for it.
protocol MessageSender: Sendable {
    var channel: MessageChannel { get }
    /// Sends one message as composed; a `SendFailure` says why not, and whether to try again later.
    func send(_ outgoing: OutgoingMessage, _ composed: ComposedMessage) async throws(SendFailure)
}

/// Why a message did not go, in its channel's words: for now (tried again later) or for good.
struct SendFailure: Error, CustomStringConvertible {
    var description: String
    var permanent: Bool
}

/// Email, by SMTP: each message with its `Message-ID` (the same when sent again), from the installation's
/// address under the property's name.
struct SMTPSender: MessageSender {
    let smtp: SMTPConfiguration
    let from: MailAddress

    var channel: MessageChannel { .email }

    func send(_ outgoing: OutgoingMessage, _ composed: ComposedMessage) async throws(SendFailure) {
        do {
            try await SMTPClient(configuration: smtp).send(mail(outgoing, composed))
        } catch {
            throw SendFailure(description: error.description, permanent: error.isPermanent)
        }
    }

    /// The domain after the sender's `@`: the right-hand side of every `Message-ID`.
    var messageIDDomain: String {
        String(from.email.split(separator: "@").last ?? "localhost")
    }

    private func mail(_ outgoing: OutgoingMessage, _ composed: ComposedMessage) -> MailMessage {
        let message = outgoing.message
        return MailMessage(
            from: MailAddress(from.email, name: message.facts.propertyName),
            to: [MailAddress(message.recipient, name: message.recipientName)],
            replyTo: nil, subject: composed.subject, text: composed.text, html: composed.html,
            inlineImages: composed.images,
            messageID: "<\(outgoing.messageID)@\(messageIDDomain)>",
            date: Date(timeIntervalSince1970: TimeInterval(outgoing.createdAt) / 1000),
            language: message.language.rawValue, headers: [("Auto-Submitted", "auto-generated")])
    }
}
