import Foundation

/// A guest's own booking as the guest site shows it: found by what the booking gave them, with its
/// price, its folio and what cancelling it now would mean.
public struct GuestsBooking: Sendable {
    public var stay: Stay
    public var guest: Guest
    public var place: Property
    public var roomType: RoomType
    /// Its nights at the rates it was booked at, the place's fees and taxes.
    public var price: StayPrice
    public var folio: Folio
    public var cancellation: GuestCancellation
}

extension FrontDesk {
    /// The booking with confirmation code `code` (any case, spaces around ignored) whose guest's email
    /// is `email` (ignoring case). A wrong pair is refused exactly as an unknown code, so that codes
    /// cannot be probed.
    public func guestsBooking(code: String, email: String) async throws -> GuestsBooking {
        let (found, guest) = try await findGuestsBooking(code: code, email: email)
        return try await guestsBooking(found, guest: guest)
    }

    /// The guest cancels the booking found as `guestsBooking` finds it (`cancelByGuest`), and sees it after.
    public func cancelGuestsBooking(code: String, email: String) async throws -> GuestsBooking {
        var (found, guest) = try await findGuestsBooking(code: code, email: email)
        found.stay = try await cancelByGuest(found)
        return try await guestsBooking(found, guest: guest)
    }

    private func findGuestsBooking(code: String, email: String) async throws -> (StayAtProperty, Guest) {
        let notFound = DomainError(.notFound, "no booking with this confirmation code and email address")
        let code = code.trimmingCharacters(in: .whitespaces).uppercased()
        let email = email.trimmingCharacters(in: .whitespaces)
        guard !email.isEmpty else {
            throw DomainError.invalid("email", "give the email address the booking was made with")
        }
        guard code.count <= 40, let stay = try await storage.stay(confirmationCode: code),
            let guest = try await storage.guest(id: stay.guestID),
            !guest.email.isEmpty, guest.email.lowercased() == email.lowercased(),
            let place = try await storage.property(id: stay.propertyID),
            let roomType = try await storage.roomTypes(propertyID: place.id).first(where: { $0.id == stay.roomTypeID })
        else { throw notFound }
        return (StayAtProperty(stay: stay, property: place, roomType: roomType, today: place.today(now: now())), guest)
    }

    /// The booking as the guest sees it: its price at the rates it was booked at, its folio, and what
    /// cancelling it today would mean.
    private func guestsBooking(_ found: StayAtProperty, guest: Guest) async throws -> GuestsBooking {
        let (stay, place) = (found.stay, found.property)
        let price = try StayPrice.quote(
            roomType: found.roomType, nights: stay.nights, property: place, party: stay.party,
            plan: place.ratePlan(stay.ratePlanID),
            agreedRates: try await storage.agreedRates(stayID: stay.id))
        return GuestsBooking(
            stay: stay, guest: guest, place: place, roomType: found.roomType, price: price,
            folio: try await storage.folio(stayID: stay.id),
            cancellation: GuestCancellation(
                stay: stay, policy: place.cancellationPolicy(for: stay), total: price.total, today: found.today))
    }
}
