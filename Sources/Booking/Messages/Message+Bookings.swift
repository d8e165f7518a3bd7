/// Which bookings cause which messages, and what each states: one home for the rule, whoever books
/// (the guest site, the booking page). `Notices` writes it in the booking's transaction.
extension NewMessage {
    /// A hotel booking's confirmation to its guest in `language`: nil when the guest gave no email.
    public static func confirmation(
        of booking: OnlineBooking, guestName: String, email: String, language: Language
    ) -> NewMessage? {
        about(
            booking.stay, kind: .confirmation, guest: Guest(id: booking.stay.guestID, name: guestName, email: email),
            place: booking.place, roomType: booking.roomType, language: language, total: booking.price.total
        ).map { $0.askingDeposit(of: booking.stay, priced: booking.price, at: booking.place) }
    }

    /// A booking of several rooms' one confirmation in `language`: its code (its first stay's), each room
    /// ("2 × Garden Double, Family"), their total, and the deposits their plans ask, with one code to pay them
    /// where the place is paid by one. nil when the guest gave no email.
    public static func confirmation(
        ofGroup bookings: [OnlineBooking], guestName: String, email: String, language: Language
    ) -> NewMessage? {
        guard let first = bookings.first,
            var message = about(
                first.stay, kind: .confirmation, guest: Guest(id: first.stay.guestID, name: guestName, email: email),
                place: first.place, roomType: first.roomType, language: language,
                total: Money(bookings.map(\.price.total.amount).saturatedSum(), first.place.currency))
        else { return nil }
        var counts: [(name: String, count: Int)] = []
        for booking in bookings {
            let name = first.place.translations.word(booking.roomType.name, in: language)
            if let index = counts.firstIndex(where: { $0.name == name }) {
                counts[index].count += 1
            } else {
                counts.append((name, 1))
            }
        }
        message.facts.roomType = counts.map { $0.count > 1 ? "\($0.count) × \($0.name)" : $0.name }.joined(
            separator: ", ")
        let deposits = bookings.compactMap { booking in
            booking.place.ratePlan(booking.stay.ratePlanID)?.deposit(
                price: booking.price, guests: booking.stay.adults + booking.stay.children)
        }
        if !deposits.isEmpty {
            let deposit = Money(deposits.map(\.amount).saturatedSum(), first.place.currency)
            message.facts.deposit = deposit.amount
            message.facts.currency = deposit.currency.code
            message.facts.payCode = PaymentCode.due(
                deposit, at: first.place, confirmationCode: first.stay.confirmationCode
            )
            .map(PayCodeFacts.init)
        }
        return message
    }

    /// A booking made at the desk, confirmed to its guest in the `language` the desk chose for them, with
    /// its `price` as the guest site would quote it (and the deposit its plan asks of it): nil when the guest
    /// gave no email.
    public static func confirmation(
        ofDeskBooking stay: Stay, guest: Guest, place: Property, roomType: RoomType, price: StayPrice,
        language: Language
    ) -> NewMessage? {
        about(
            stay, kind: .confirmation, guest: guest, place: place, roomType: roomType, language: language,
            total: price.total
        ).map { $0.askingDeposit(of: stay, priced: price, at: place) }
    }

    /// The message asking the deposit the stay's plan asks of its price, with the code to pay it where the
    /// place is paid by one; unchanged when the plan asks none.
    func askingDeposit(of stay: Stay, priced price: StayPrice, at place: Property) -> NewMessage {
        guard let deposit = place.ratePlan(stay.ratePlanID)?.deposit(price: price, guests: stay.adults + stay.children)
        else { return self }
        var message = self
        message.facts.deposit = deposit.amount
        message.facts.currency = deposit.currency.code
        message.facts.payCode = PaymentCode.due(deposit, at: place, confirmationCode: stay.confirmationCode).map(
            PayCodeFacts.init)
        return message
    }

    /// A hotel booking cancelled by its guest, with the fee its terms kept.
    public static func cancellation(of booking: GuestsBooking, fee: Money, language: Language) -> NewMessage? {
        about(
            booking.stay, kind: .cancellation, guest: booking.guest, place: booking.place, roomType: booking.roomType,
            language: language, fee: fee)
    }

    /// What the desk's change of a stay from `before` to `stay` tells its guest: a cancellation (with the
    /// `fee` its terms kept), or new dates or room type (`change`); nil when nothing they booked changed.
    public static func deskChange(
        from before: Stay, to stay: Stay, fee: Money?, guest: Guest, place: Property, roomType: RoomType,
        language: Language
    ) -> NewMessage? {
        if before.state == .booked, stay.state == .cancelled {
            return about(
                stay, kind: .cancellation, guest: guest, place: place, roomType: roomType, language: language,
                fee: fee ?? .zero(place.currency))
        }
        guard stay.state == .booked, before.nights != stay.nights || before.roomTypeID != stay.roomTypeID else {
            return nil
        }
        return about(stay, kind: .change, guest: guest, place: place, roomType: roomType, language: language)
    }

    /// A message of `kind` about a hotel stay to its guest in `language`: nil when the guest gave no email.
    static func about(
        _ stay: Stay, kind: MessageKind, guest: Guest, place: Property, roomType: RoomType, language: Language,
        total: Money? = nil, fee: Money? = nil
    ) -> NewMessage? {
        guard !guest.email.isEmpty else { return nil }
        return NewMessage(
            kind: kind, propertyID: place.id, stayID: stay.id, recipient: guest.email, recipientName: guest.name,
            language: language,
            facts: MessageFacts(
                propertyName: place.name, guestName: guest.name, confirmationCode: stay.confirmationCode,
                timeZoneID: place.timeZoneID, arrival: stay.arrival.iso, departure: stay.departure.iso,
                nights: stay.nights.count, roomType: place.translations.word(roomType.name, in: language),
                currency: (total ?? fee)?.currency.code, total: total?.amount, fee: fee?.amount))
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
