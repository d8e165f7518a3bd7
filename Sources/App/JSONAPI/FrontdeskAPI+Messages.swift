import API
import Booking
import Foundation

/// What the desk sees of the messages sent to a stay's guest or a visit's customer, and a manager's
/// "send again". Reading them needs what reading the stay or the appointment needs.
extension FrontdeskAPI {
    func listStayMessages(_ input: Operations.ListStayMessages.Input) async throws
        -> Operations.ListStayMessages.Output
    {
        .ok(.init(body: .json(try messageList(try await outbox.messages(ofStay: input.path.id, by: try staff)))))
    }

    func listAppointmentMessages(_ input: Operations.ListAppointmentMessages.Input) async throws
        -> Operations.ListAppointmentMessages.Output
    {
        .ok(.init(body: .json(try messageList(try await outbox.messages(ofAppointment: input.path.id, by: try staff)))))
    }

    func sendMessageAgain(_ input: Operations.SendMessageAgain.Input) async throws
        -> Operations.SendMessageAgain.Output
    {
        .ok(.init(body: .json(try .init(try await outbox.sendAgain(input.path.id, by: try staff), mail: mailSetUp))))
    }

    /// Whether the messages are sent (a sender is set up), or kept until one is.
    var mailSetUp: Bool { !configuration.messaging.senders.isEmpty }

    private func messageList(_ messages: [OutgoingMessage]) throws -> Components.Schemas.MessageList {
        .init(messages: try messages.map { try .init($0, mail: mailSetUp) })
    }
}

extension Components.Schemas.OutgoingMessage {
    /// The message as the desk reads it: `unsent` while queued without a mail server to send it.
    init(_ outgoing: OutgoingMessage, mail: Bool) throws {
        let instant = { (millis: Int) in Date(timeIntervalSince1970: TimeInterval(millis) / 1000) }
        let state = outgoing.state == .queued && !mail ? "unsent" : outgoing.state.rawValue
        self.init(
            id: outgoing.id, kind: try documented(outgoing.message.kind.rawValue),
            recipient: outgoing.message.recipient, language: try documented(outgoing.message.language.rawValue),
            state: try documented(state), attempts: outgoing.attempts, lastError: outgoing.lastError,
            createdAt: instant(outgoing.createdAt), sentAt: outgoing.sentAt.map(instant),
            nextAttemptAt: outgoing.state == .queued && mail ? instant(outgoing.dueAt) : nil,
            history: try outgoing.history.map {
                .init(at: instant($0.at), outcome: try documented($0.outcome.rawValue), error: $0.error)
            })
    }
}

/// What a property sends: read by its staff, set by its managers.
extension FrontdeskAPI {
    func getMessageSettings(_ input: Operations.GetMessageSettings.Input) async throws
        -> Operations.GetMessageSettings.Output
    {
        .ok(.init(body: .json(.init(try await outbox.settings(of: input.path.id, by: try staff)))))
    }

    func setMessageSettings(_ input: Operations.SetMessageSettings.Input) async throws
        -> Operations.SetMessageSettings.Output
    {
        let body =
            switch input.body {
            case .json(let body): body
            }
        return .ok(
            .init(body: .json(.init(try await outbox.set(try MessageSettings(body), of: input.path.id, by: try staff))))
        )
    }
}

/// What guests and customers said of a property's messages on each channel: read by its staff, recorded at
/// the desk.
extension FrontdeskAPI {
    func getMessageConsent(_ input: Operations.GetMessageConsent.Input) async throws
        -> Operations.GetMessageConsent.Output
    {
        let channel = try Self.channel(input.query.channel)
        let said = try await outbox.consent(
            on: channel, address: input.query.address, at: input.path.id, by: try staff)
        let consent =
            said
            ?? MessageConsent(
                channel: channel, address: MessageConsent.normalized(input.query.address),
                granted: MessageConsent.allows(nil, on: channel))
        return .ok(.init(body: .json(.init(consent, said: said != nil))))
    }

    func setMessageConsent(_ input: Operations.SetMessageConsent.Input) async throws
        -> Operations.SetMessageConsent.Output
    {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let consent = MessageConsent(
            channel: try Self.channel(body.channel), address: body.address, granted: body.granted)
        return .ok(
            .init(body: .json(.init(try await outbox.record(consent, at: input.path.id, by: try staff), said: true))))
    }

    /// A channel by its name, refused naming `channel` when it is none.
    static func channel(_ name: String) throws -> MessageChannel {
        guard let channel = MessageChannel(rawValue: name) else {
            throw DomainError.invalid("channel", "'\(name)' is not a channel's name")
        }
        return channel
    }
}

extension Components.Schemas.MessageConsent {
    init(_ consent: MessageConsent, said: Bool) {
        self.init(
            channel: consent.channel.rawValue, address: consent.address, granted: consent.granted,
            changedAt: said ? Date(timeIntervalSince1970: TimeInterval(consent.changedAt) / 1000) : nil)
    }
}

extension Components.Schemas.MessageSettings {
    init(_ settings: MessageSettings) {
        self.init(
            confirmation: settings.confirmation, cancellation: settings.cancellation,
            reminderHours: settings.reminderHours ?? 0, preArrivalDays: settings.preArrivalDays ?? 0,
            notes: .init(
                en: settings.notes[.en], th: settings.notes[.th], ja: settings.notes[.ja], ko: settings.notes[.ko],
                vi: settings.notes[.vi]))
    }
}

extension MessageSettings {
    /// The settings a manager sent: 0 for a message not sent.
    init(_ body: Components.Schemas.MessageSettings) throws(DomainError) {
        let notes: [Language: String?] = [
            .en: body.notes.en, .th: body.notes.th, .ja: body.notes.ja, .ko: body.notes.ko, .vi: body.notes.vi,
        ]
        self.init(
            confirmation: body.confirmation, cancellation: body.cancellation,
            reminderHours: body.reminderHours == 0 ? nil : body.reminderHours,
            preArrivalDays: body.preArrivalDays == 0 ? nil : body.preArrivalDays,
            notes: notes.compactMapValues { $0?.trimmingCharacters(in: .whitespacesAndNewlines) })
        try validate()
    }
}

/// An invoice or a receipt sent by email from the desk.
extension FrontdeskAPI {
    func sendDocument(_ input: Operations.SendDocument.Input) async throws -> Operations.SendDocument.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let sent = try await accounts.send(
            input.path.id, to: body.email, in: try Language.named(body.language.rawValue, field: "language"),
            by: try context.staff(for: .accounts))
        return .accepted(.init(body: .json(try .init(sent, mail: mailSetUp))))
    }
}
