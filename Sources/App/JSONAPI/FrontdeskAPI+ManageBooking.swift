import API
import Booking
import Foundation
import Storage

/// A guest managing their own booking with what the booking gave them: the confirmation code and the
/// email address. A wrong pair is answered exactly as an unknown code, so that codes cannot be probed.
extension FrontdeskAPI {
    /// The booking, its price, its folio's balance and what cancelling it now would mean.
    func getPublicBooking(_ input: Operations.GetPublicBooking.Input) async throws
        -> Operations.GetPublicBooking.Output
    {
        let booking = try await guestsBooking(input.path.code, email: try Self.requireEmail(input.query.email))
        return .ok(.init(body: .json(try await managed(booking, price: try await price(of: booking)))))
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
        let email = try Self.requireEmail(body.email)
        var booking = try await guestsBooking(input.path.code, email: email)
        booking.stay = try await frontDesk.cancelByGuest(booking.stay.id)
        return .ok(.init(body: .json(try await managed(booking, price: try await price(of: booking)))))
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
    private func guestsBooking(_ code: String, email: String) async throws -> GuestsBooking {
        let notFound = DomainError(.notFound, "no booking with this confirmation code and email address")
        let code = code.trimmingCharacters(in: .whitespaces).uppercased()
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

    private func managed(_ booking: GuestsBooking, price: StayPrice) async throws -> Components.Schemas.ManagedBooking {
        let folio = try await FolioRepository(store: store).folio(stayID: booking.stay.id)
        let terms = GuestCancellation(
            stay: booking.stay, policy: booking.place.cancellationPolicy, total: price.total,
            today: booking.place.today())
        let stay = booking.stay
        return .init(
            confirmationCode: stay.confirmationCode, propertyId: booking.place.id, property: booking.place.name,
            roomTypeId: booking.roomType.id, roomType: booking.roomType.name, arrival: stay.arrival.iso,
            departure: stay.departure.iso, nights: stay.nights.count, adults: stay.adults, children: stay.children,
            infants: stay.infants, guestName: booking.guest.name, state: try documented(stay.state.rawValue),
            price: try .init(price),
            balance: .init(paid: try .init(folio.totalPayments), due: try .init(folio.balance)),
            cancellation: .init(
                allowed: terms.allowed, freeUntil: terms.freeUntil.iso, fee: try .init(terms.fee),
                reason: terms.reason))
    }
}
