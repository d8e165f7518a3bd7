import API
import Booking

/// A guest managing their own booking with what the booking gave them: the confirmation code and the
/// email address. A wrong pair is answered exactly as an unknown code, so that codes cannot be probed.
extension FrontdeskAPI {
    /// The booking, its price, its folio's balance and what cancelling it now would mean.
    func getPublicBooking(_ input: Operations.GetPublicBooking.Input) async throws
        -> Operations.GetPublicBooking.Output
    {
        .ok(
            .init(
                body: .json(
                    try .init(
                        try await guestsBookings.find(code: input.path.code, email: input.query.email),
                        in: try .asked(input.query.lang)))))
    }

    /// Cancels the booking as the front desk would (the same change of the stay, so its event reaches
    /// the live boards), charging the policy's late-cancellation fee to its folio when the free window
    /// has closed. Refused with 409 when the guest may no longer cancel (checked in or out, already
    /// cancelled, arrival passed).
    func cancelPublicBooking(_ input: Operations.CancelPublicBooking.Input) async throws
        -> Operations.CancelPublicBooking.Output
    {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let language = try Language.asked(input.query.lang)
        let cancelled = try await guestsBookings.cancel(
            code: input.path.code, email: body.email, language: language ?? .en)
        return .ok(.init(body: .json(try .init(cancelled, in: language))))
    }
}

extension Components.Schemas.ManagedBooking {
    /// The booking as the guest reads it in `language`.
    init(_ booking: GuestsBooking, in language: Language?) throws {
        let (stay, terms, folio) = (booking.stay, booking.cancellation, booking.folio)
        let translations = booking.place.translations
        self.init(
            confirmationCode: stay.confirmationCode, propertyId: booking.place.id, property: booking.place.name,
            roomTypeId: booking.roomType.id, roomType: translations.word(booking.roomType.name, in: language),
            arrival: stay.arrival.iso,
            departure: stay.departure.iso, nights: stay.nights.count, adults: stay.adults, children: stay.children,
            infants: stay.infants, guestName: booking.guest.name, state: try documented(stay.state.rawValue),
            spas: booking.spas.isEmpty ? nil : booking.spas.map { .init(id: $0.id, name: $0.name) },
            otherRooms: booking.otherRooms.isEmpty
                ? nil
                : try booking.otherRooms.map { room in
                    .init(
                        roomType: translations.word(room.roomType.name, in: language), adults: room.stay.adults,
                        children: room.stay.children, infants: room.stay.infants,
                        state: try documented(room.stay.state.rawValue), total: try .init(room.price.total))
                },
            price: try .init(booking.price.worded(translations, in: language)),
            balance: .init(paid: try .init(folio.totalPayments), due: try .init(folio.balance)),
            cancellation: .init(
                allowed: terms.allowed, freeUntil: terms.freeUntil.iso, fee: try .init(terms.fee),
                reason: terms.reason),
            payCode: try booking.payCode.map { try .init($0, label: $0.reference) })
    }
}
