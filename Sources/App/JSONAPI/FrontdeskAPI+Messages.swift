import API
import Booking
import Foundation

/// What the desk sees of the messages sent to a stay's guest or a visit's customer, and a manager's
/// "send again". Reading them needs what reading the stay or the appointment needs.
extension FrontdeskAPI {
    func listStayMessages(_ input: Operations.ListStayMessages.Input) async throws
        -> Operations.ListStayMessages.Output
    {
        _ = try await frontDesk.stay(input.path.id, by: try staff.doing(.reading))
        return .ok(.init(body: .json(try messageList(try await store.messages.messages(stayID: input.path.id)))))
    }

    func listAppointmentMessages(_ input: Operations.ListAppointmentMessages.Input) async throws
        -> Operations.ListAppointmentMessages.Output
    {
        _ = try await salonDesk.appointment(input.path.id, by: try staff.doing(.reading))
        return .ok(
            .init(body: .json(try messageList(try await store.messages.messages(appointmentID: input.path.id)))))
    }

    func sendMessageAgain(_ input: Operations.SendMessageAgain.Input) async throws
        -> Operations.SendMessageAgain.Output
    {
        let notFound = DomainError(.notFound, "no message \(input.path.id)", field: "id")
        guard let message = try await store.messages.message(id: input.path.id) else { throw notFound }
        let staff = try staff
        guard staff.roles(message.message.propertyID) != nil else { throw notFound }
        try staff.requireManager("send a message again", at: message.message.propertyID)
        return .ok(.init(body: .json(try .init(try await store.messages.sendAgain(id: message.id), mail: mailSetUp))))
    }

    var mailSetUp: Bool { configuration.mail.smtp != nil }

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
        let property = try await frontDesk.property(input.path.id, by: try staff.doing(.reading))
        return .ok(.init(body: .json(.init(try await store.messages.settings(propertyID: property.id)))))
    }

    func setMessageSettings(_ input: Operations.SetMessageSettings.Input) async throws
        -> Operations.SetMessageSettings.Output
    {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let staff = try staff
        let property = try await frontDesk.property(input.path.id, by: staff.doing(.reading))
        try staff.requireManager("change what the property sends", at: property.id)
        let settings = try MessageSettings(body)
        return .ok(
            .init(
                body: .json(
                    .init(try await store.messages.updateSettings(settings, propertyID: property.id, by: staff.user.id))
                )))
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
        let document = try await accounts.document(input.path.id, by: try context.staff(for: .accounts))
        let found = try await frontDesk.stay(document.stayID, by: try context.staff(for: .accounts))
        let guest = try await store.guest(id: found.stay.guestID)
        let email = (body.email ?? guest?.email ?? "").trimmingCharacters(in: .whitespaces)
        guard !email.isEmpty else {
            throw DomainError.invalid("email", "the guest has no email address: give one", reason: .emailRequired)
        }
        // Refused naming `email`, the field the desk typed it in.
        try User.validate(email: email)
        let message = NewMessage.document(
            document, property: found.property, email: email, name: document.guestName,
            language: try Language.named(body.language.rawValue, field: "language"))
        return .accepted(.init(body: .json(try .init(try await store.messages.enqueue(message), mail: mailSetUp))))
    }
}
