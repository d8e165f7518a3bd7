/// Which bookings cause which messages, and what each states: one home for the rule, whoever books
/// (the guest site, the booking page). The caller writes the message in the booking's transaction.
extension NewMessage {
    /// A hotel booking's confirmation to its guest in `language`: nil when the guest gave no email.
    public static func confirmation(
        of booking: OnlineBooking, guestName: String, email: String, language: Language
    ) -> NewMessage? {
        guard !email.isEmpty else { return nil }
        let (stay, place) = (booking.stay, booking.place)
        return NewMessage(
            kind: .confirmation, propertyID: place.id, stayID: stay.id, recipient: email, recipientName: guestName,
            language: language,
            facts: MessageFacts(
                propertyName: place.name, guestName: guestName, confirmationCode: stay.confirmationCode,
                timeZoneID: place.timeZoneID, arrival: stay.arrival.iso, departure: stay.departure.iso,
                nights: stay.nights.count, roomType: place.translations.word(booking.roomType.name, in: language),
                currency: booking.price.currency.code, total: booking.price.total.amount))
    }

    /// A hotel booking cancelled by its guest, with the fee its terms kept.
    public static func cancellation(of booking: GuestsBooking, fee: Money, language: Language) -> NewMessage? {
        guard !booking.guest.email.isEmpty else { return nil }
        let (stay, place) = (booking.stay, booking.place)
        return NewMessage(
            kind: .cancellation, propertyID: place.id, stayID: stay.id, recipient: booking.guest.email,
            recipientName: booking.guest.name, language: language,
            facts: MessageFacts(
                propertyName: place.name, guestName: booking.guest.name, confirmationCode: stay.confirmationCode,
                timeZoneID: place.timeZoneID, arrival: stay.arrival.iso, departure: stay.departure.iso,
                nights: stay.nights.count, roomType: place.translations.word(booking.roomType.name, in: language),
                currency: fee.currency.code, fee: fee.amount))
    }

    /// A salon visit's confirmation (`kind` `.confirmation`) or cancellation (with the fee its terms
    /// charged) to its customer in `language`: nil when they gave no email.
    public static func about(
        _ visit: SalonVisit, kind: MessageKind, fee: Money? = nil, language: Language
    ) -> NewMessage? {
        guard !visit.customer.email.isEmpty, let first = visit.appointments.min(by: { $0.startMinute < $1.startMinute })
        else { return nil }
        let salon = visit.salon
        let total = visit.services.map(\.price.amount).saturatedSum()
        return NewMessage(
            kind: kind, propertyID: salon.id, appointmentID: first.id, recipient: visit.customer.email,
            recipientName: visit.customer.name, language: language,
            facts: MessageFacts(
                propertyName: salon.name, guestName: visit.customer.name, confirmationCode: visit.code,
                timeZoneID: salon.timeZoneID, startMinute: visit.start,
                services: visit.services.map { salon.translations.word($0.name, in: language) },
                staffName: visit.staff?.name, currency: salon.currency.code, total: total, fee: fee?.amount))
    }

    /// An invoice or a receipt, to `email` in `language`, as the desk sends it on request.
    public static func document(
        _ document: FolioDocument, property: Property, email: String, name: String, language: Language
    ) -> NewMessage {
        var facts = MessageFacts(
            propertyName: property.name, guestName: name, confirmationCode: document.confirmationCode,
            timeZoneID: property.timeZoneID, currency: document.currency.code, total: document.totalCharges.amount)
        facts.document = DocumentFacts(document)
        return NewMessage(
            kind: .document, propertyID: property.id, stayID: document.stayID, recipient: email, recipientName: name,
            language: language, facts: facts)
    }
}
