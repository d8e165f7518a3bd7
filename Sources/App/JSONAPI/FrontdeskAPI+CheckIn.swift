import API
import Booking
import Foundation

/// A hotel's guest checking in online before arriving, from the signed link of the pre-arrival message
/// (`CheckInLink`), and the desk's copy of that link. The rules are `OnlineCheckIn`'s.
extension FrontdeskAPI {
    func getPublicCheckIn(_ input: Operations.GetPublicCheckIn.Input) async throws
        -> Operations.GetPublicCheckIn.Output
    {
        let language = try Language.asked(input.query.lang)
        return .ok(.init(body: .json(try await publicCheckIn(try await linkedStay(input.path.token), in: language))))
    }

    /// Records the guest's details as a change of the stay, checked by `OnlineCheckIn.validate` against the
    /// stay as it is in the transaction; refused once the check-in has closed.
    func submitPublicCheckIn(_ input: Operations.SubmitPublicCheckIn.Input) async throws
        -> Operations.SubmitPublicCheckIn.Output
    {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let language = try Language.asked(input.query.lang)
        let linked = try await linkedStay(input.path.token)
        let guests = try body.guests.enumerated().map { index, guest in
            RegisteredGuest(
                name: guest.name, nationality: guest.nationality ?? "", documentNumber: guest.documentNumber ?? "",
                birthDate: try guest.birthDate.map { try Day.parse($0, field: "guests[\(index)].birthDate") })
        }
        let checkIn = OnlineCheckIn(
            guests: guests, arrivalMinute: try body.arrivalTime.map { try clockMinute($0, field: "arrivalTime") },
            requests: body.requests ?? "", submittedAt: store.clock.now())
        let after = try await guestsBookings.checkIn(linked, checkIn)
        return .ok(.init(body: .json(try await publicCheckIn(after, in: language))))
    }

    /// The stay's link, for a member who may change the stay (its guest's passport details are behind it).
    func getStayCheckInLink(_ input: Operations.GetStayCheckInLink.Input) async throws
        -> Operations.GetStayCheckInLink.Output
    {
        let details = try await frontDesk.details(input.path.id, by: try staff)
        guard details.actions.contains(.giveCheckInLink) else {
            guard details.actions.contains(.change) else {
                throw DomainError(.forbidden, "only a member who may change the stay gives its check-in link")
            }
            // Theirs to change, but no longer the guest's to check in online (the action decided it).
            throw DomainError(
                .notAllowed, "online check-in is closed for this booking (\(details.stay.state.rawValue))",
                reason: .checkInClosed)
        }
        let link = CheckInLink(stayID: details.stay.id, departure: details.stay.departure)
        let token = link.token(key: try await store.secret(CheckInLink.secretName))
        // In the language the guest was written to in, as the pre-arrival message's link is.
        let url = CheckInLink.url(
            site: configuration.messaging.siteURL, token: token,
            language: try await store.language(stayID: details.stay.id))
        return .ok(.init(body: .json(.init(url: url, expiresOn: link.expiresOn.iso))))
    }

    /// The stay a token names, when this installation signed it and its day has not come.
    private func linkedStay(_ token: String) async throws -> LinkedStay {
        let link = try CheckInLink(verifying: token, key: try await store.secret(CheckInLink.secretName))
        return try await guestsBookings.linkedStay(link.stayID, expiresOn: link.expiresOn)
    }

    private func publicCheckIn(_ linked: LinkedStay, in language: Language?) async throws
        -> Components.Schemas.PublicCheckIn
    {
        let (stay, hotel) = (linked.stay, linked.hotel)
        let (guests, sent) = try await guestsBookings.checkInForm(of: linked)
        return .init(
            propertyId: hotel.id, property: hotel.name, confirmationCode: stay.confirmationCode,
            roomType: hotel.translations.word(linked.roomType.name, in: language), arrival: stay.arrival.iso,
            departure: stay.departure.iso, nights: stay.nights.count, adults: stay.adults,
            checkInTime: clockTime(hotel.checkInMinute), guests: guests.map(Components.Schemas.RegisteredGuest.init),
            arrivalTime: sent?.arrivalMinute.map(clockTime), requests: sent?.requests ?? "",
            submittedAt: sent?.submittedAt, open: OnlineCheckIn.isOpen(stay, today: linked.today))
    }
}

/// A stay a check-in link names, with what its page shows.
extension Components.Schemas.RegisteredGuest {
    init(_ guest: RegisteredGuest) {
        self.init(
            name: guest.name, nationality: guest.nationality.isEmpty ? nil : guest.nationality,
            documentNumber: guest.documentNumber.isEmpty ? nil : guest.documentNumber, birthDate: guest.birthDate?.iso)
    }
}

extension Components.Schemas.OnlineCheckIn {
    /// What the guest sent, as the desk reads it: the booking's guest's details are the stay's `guest`.
    init(_ checkIn: OnlineCheckIn) {
        self.init(
            submittedAt: checkIn.submittedAt, arrivalTime: checkIn.arrivalMinute.map(clockTime),
            requests: checkIn.requests, companions: checkIn.companions.map(Components.Schemas.RegisteredGuest.init))
    }
}
