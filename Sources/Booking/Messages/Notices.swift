/// What a change sets off for the people it concerns, written in the change's own transaction: the message
/// to the guest or customer in their language, as their property's settings send it. (The change's event,
/// which webhooks and live boards carry, is written by the storage with the change itself.) The one way a
/// message enters the outbox: `FrontDesk`, `GuestsBookings`, `SalonDesk` (at the desk, online and from the
/// waitlist), `Accounts` and `MessageRounds` all write through it, so a booking made by any of them, from
/// the API, the command line or a test, is told alike.
public struct Notices<Storage: MessageStorage>: Sendable {
    public let storage: Storage

    public init(storage: Storage) {
        self.storage = storage
    }

    /// Writes `message` as its property sends it (with the property's own line in its language): none when
    /// there is no message, the property sends none of its kind, or its recipient does not agree to be
    /// written to on its channel (`MessageConsent`).
    @discardableResult
    func send(_ message: NewMessage?) async throws -> OutgoingMessage? {
        guard let message, try await agreed(to: message) else { return nil }
        let settings = try await storage.messageSettings(propertyID: message.propertyID)
        guard let applied = settings.applied(to: message) else { return nil }
        return try await storage.enqueue(applied)
    }

    /// Whether the recipient agrees to the property's messages on the message's channel.
    private func agreed(to message: NewMessage) async throws -> Bool {
        let consent = try await storage.consent(
            propertyID: message.propertyID, channel: message.channel,
            address: MessageConsent.normalized(message.recipient))
        return MessageConsent.allows(consent, on: message.channel)
    }

    /// Writes a message someone asked for (a document the desk sends, a time the waitlist offers): sent
    /// whatever the property's settings say of bookings' messages.
    @discardableResult
    func sendAsAsked(_ message: NewMessage) async throws -> OutgoingMessage {
        try await storage.enqueue(message)
    }

    /// Writes a message due by the clock (a reminder, a pre-arrival message) unless its booking already
    /// has one: whether it was written.
    func sendOnce(_ message: NewMessage?) async throws -> Bool {
        guard let message, try await agreed(to: message) else { return false }
        return try await storage.enqueueOnce(message)
    }
}

extension Notices where Storage: StayStorage {
    /// A booking the desk made, confirmed to its guest in the `language` the desk chose for them, with the
    /// total the guest site would quote for it.
    func confirm(deskBooking stay: Stay, in language: Language) async throws {
        guard let (guest, place, roomType) = try await particulars(of: stay) else { return }
        let price = try StayPrice.quote(
            roomType: roomType, nights: stay.nights, property: place, party: stay.party,
            plan: place.ratePlan(stay.ratePlanID), agreedRates: try await storage.agreedRates(stayID: stay.id))
        try await send(
            .confirmation(
                ofDeskBooking: stay, guest: guest, place: place, roomType: roomType, price: price, language: language))
    }

    /// The desk's change of a stay from `before` to `after` (`NewMessage.deskChange` says which message, if
    /// any), in the language of the guest's first message (English when they had none); `fee` is what a
    /// cancellation's terms kept.
    func tell(deskChangeFrom before: Stay, to after: Stay, fee: Money?) async throws {
        guard let (guest, place, roomType) = try await particulars(of: after) else { return }
        let language = try await storage.language(stayID: after.id) ?? .en
        try await send(
            .deskChange(
                from: before, to: after, fee: fee, guest: guest, place: place, roomType: roomType, language: language))
    }

    /// What a stay's messages state of it besides the stay: its guest, property and room type; nil when one
    /// of them is gone.
    private func particulars(of stay: Stay) async throws -> (Guest, Property, RoomType)? {
        guard let guest = try await storage.guest(id: stay.guestID),
            let place = try await storage.property(id: stay.propertyID),
            let roomType = try await storage.roomTypes(propertyID: place.id).first(where: { $0.id == stay.roomTypeID })
        else { return nil }
        return (guest, place, roomType)
    }
}

extension Notices where Storage: SalonStorage {
    /// An appointment the desk booked, confirmed to its customer in the `language` the desk chose (which
    /// their later messages follow); `later` visits of its series were booked with it.
    func confirm(deskBooking appointment: Appointment, in language: Language, later: Int = 0) async throws {
        guard let visit = try await storage.visit(appointmentID: appointment.id),
            let salon = try await storage.property(id: appointment.propertyID)
        else { return }
        var message = NewMessage.confirmation(ofDeskBooked: visit, salon: salon, language: language)
        if later > 0 { message?.facts.laterVisits = later }
        try await send(message)
    }

    /// The desk's change of an appointment from `before` to `after`: its customer is told of their visit
    /// as it is after (`NewMessage.deskChange`), with the `fee` a cancellation's terms kept, and that
    /// `later` visits of its series went with it.
    func tell(deskChangeFrom before: Appointment, to after: Appointment, fee: Money?, later: Int = 0) async throws {
        guard let visit = try await storage.visit(appointmentID: after.id),
            let salon = try await storage.property(id: after.propertyID)
        else { return }
        try await send(.deskChange(of: visit, from: before, to: after, fee: fee, salon: salon, later: later))
    }
}
