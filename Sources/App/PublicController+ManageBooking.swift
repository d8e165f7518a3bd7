import Booking
import Foundation
import Hummingbird
import Storage

/// A guest managing their own booking with what the booking gave them: the confirmation code and the
/// email address. A wrong pair is answered exactly as an unknown code, so that codes cannot be probed.
extension PublicController {
    struct CancelBookingRequest: Decodable {
        var email: String
    }

    /// `GET /api/v1/public/bookings/{code}?email=`: the booking, its price, its folio's balance and what
    /// cancelling it now would mean.
    @Sendable func booking(_ request: Request, context: AppRequestContext) async throws -> ManagedBookingJSON {
        let email = try Self.requireEmail(request.uri.queryParameters.get("email"))
        let booking = try await guestsBooking(context, email: email)
        return try await json(booking, price: try await price(of: booking))
    }

    /// `POST /api/v1/public/bookings/{code}/cancel` with `{"email"}`: cancels the booking as the front
    /// desk would (the same change of the stay, so its event reaches the live boards), charging the
    /// policy's late-cancellation fee to its folio when the free window has closed. Refused with 409
    /// when the guest may no longer cancel (checked in or out, already cancelled, arrival passed).
    @Sendable func cancelBooking(_ request: Request, context: AppRequestContext) async throws -> ManagedBookingJSON {
        let body = try await request.decodeJSON(as: CancelBookingRequest.self, context: context)
        let email = try Self.requireEmail(body.email)
        var booking = try await guestsBooking(context, email: email)
        let (place, roomType) = (booking.place, booking.roomType)
        let today = place.today()
        booking.stay = try await StayRepository(store: store).update(
            stayID: booking.stay.id, expectedVersion: nil, by: nil, action: "cancel"
        ) { stay, transaction in
            // Decided on the stay as it stands in this transaction, not as it was read before it.
            let price = try StayPrice.quote(
                roomType: roomType, nights: stay.nights, property: place,
                agreedRates: try await transaction.agreedRates(stayID: stay.id))
            let terms = GuestCancellation(
                stay: stay, policy: place.cancellationPolicy, total: price.total, today: today)
            try terms.check()
            try stay.cancel()
            if terms.fee.amount > 0 {
                try await transaction.post(
                    [
                        FolioRepository.Posting(
                            kind: .charge, description: "Late cancellation fee", amount: terms.fee, category: .fee)
                    ], stayID: stay.id)
            }
        }
        return try await json(booking, price: try await price(of: booking))
    }

    /// What the booking costs: its nights at the rates it was booked at, the place's fees and taxes.
    private func price(of booking: GuestsBooking) async throws -> StayPrice {
        try StayPrice.quote(
            roomType: booking.roomType, nights: booking.stay.nights, property: booking.place,
            agreedRates: try await StayRepository(store: store).agreedRates(stayID: booking.stay.id))
    }

    /// A guest's booking and what it is of.
    struct GuestsBooking {
        var stay: Stay
        var guest: Guest
        var place: Property
        var roomType: RoomType
    }

    static func requireEmail(_ email: String?) throws -> String {
        let email = email?.trimmingCharacters(in: .whitespaces) ?? ""
        guard !email.isEmpty else {
            throw DomainError.invalid("email", "give the email address the booking was made with")
        }
        return email
    }

    /// The booking the code in the path names, if its guest's email is `email` (ignoring case); one
    /// refusal for every other case.
    private func guestsBooking(_ context: AppRequestContext, email: String) async throws -> GuestsBooking {
        let notFound = DomainError(.notFound, "no booking with this confirmation code and email address")
        let code = (context.parameters.get("code") ?? "").trimmingCharacters(in: .whitespaces).uppercased()
        guard code.count <= 40 else { throw notFound }
        let stays = StayRepository(store: store)
        guard let stay = try await stays.stay(confirmationCode: code),
            let guest = try await stays.guest(id: stay.guestID),
            !guest.email.isEmpty, guest.email.lowercased() == email.lowercased(),
            let place = try await PropertyRepository(store: store).property(id: stay.propertyID),
            let roomType = try await PropertyRepository(store: store).roomTypes(propertyID: place.id).first(where: {
                $0.id == stay.roomTypeID
            })
        else { throw notFound }
        return GuestsBooking(stay: stay, guest: guest, place: place, roomType: roomType)
    }

    private func json(_ booking: GuestsBooking, price: StayPrice) async throws -> ManagedBookingJSON {
        let folio = try await FolioRepository(store: store).folio(stayID: booking.stay.id)
        let terms = GuestCancellation(
            stay: booking.stay, policy: booking.place.cancellationPolicy, total: price.total,
            today: booking.place.today())
        let stay = booking.stay
        return ManagedBookingJSON(
            confirmationCode: stay.confirmationCode, propertyId: booking.place.id, property: booking.place.name,
            roomTypeId: booking.roomType.id, roomType: booking.roomType.name, arrival: stay.arrival.iso,
            departure: stay.departure.iso, nights: stay.nights.count, adults: stay.adults, children: stay.children,
            infants: stay.infants, guestName: booking.guest.name, state: stay.state.rawValue, price: PriceJSON(price),
            balance: .init(paid: MoneyJSON(folio.totalPayments), due: MoneyJSON(folio.balance)),
            cancellation: .init(
                allowed: terms.allowed, freeUntil: terms.freeUntil.iso, fee: MoneyJSON(terms.fee),
                reason: terms.reason))
    }
}

/// A booking as its guest manages it.
struct ManagedBookingJSON: ResponseEncodable, Decodable {
    /// The folio as it stands: what the guest has paid, and what it charges beyond that (nothing is
    /// charged before check-in but a late-cancellation fee).
    struct Balance: Codable {
        var paid: MoneyJSON
        var due: MoneyJSON
    }

    struct Cancellation: Codable {
        /// Whether the guest may cancel now.
        var allowed: Bool
        /// The last day, in the place's zone, on which cancelling is free.
        var freeUntil: String
        /// What cancelling now costs (zero when free, or when not allowed).
        var fee: MoneyJSON
        /// Why not, when not allowed.
        var reason: String?
    }

    var confirmationCode: String
    var propertyId: Int
    /// The place's name.
    var property: String
    var roomTypeId: Int
    var roomType: String
    var arrival: String
    var departure: String
    var nights: Int
    var adults: Int
    var children: Int
    var infants: Int
    var guestName: String
    /// `booked`, `checked_in`, `checked_out`, `cancelled` or `no_show`.
    var state: String
    /// The stay's price, itemised: its nights at the rates it was booked at (a night added since, at the
    /// current rate), the place's fees and taxes; what check-in charges.
    var price: PriceJSON
    var balance: Balance
    var cancellation: Cancellation
}
