import API
import Booking
import Foundation
import Storage

/// A salon and the hotel whose guests it charges: the link a manager of both sets, and the guests the
/// salon's desk finds to book or to charge a visit to (`RoomCharges`).
extension FrontdeskAPI {
    var roomCharges: RoomCharges<Store> { RoomCharges(storage: store, now: store.clock.now) }

    func setRoomCharges(_ input: Operations.SetRoomCharges.Input) async throws -> Operations.SetRoomCharges.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let salon = try await roomCharges.link(salonID: input.path.id, hotelID: body.hotelId, by: try staff)
        return .ok(.init(body: .json(.init(hotelId: salon.chargesHotelID))))
    }

    func listRoomGuests(_ input: Operations.ListRoomGuests.Input) async throws -> Operations.ListRoomGuests.Output {
        let guests = try await roomCharges.roomGuests(
            salonID: input.path.id, matching: input.query.q ?? "", by: try staff)
        return .ok(
            .init(
                body: .json(.init(guests: guests.map(Components.Schemas.RoomGuest.init)))))
    }
}

extension Components.Schemas.RoomGuest {
    init(_ guest: RoomGuest) {
        self.init(
            stayId: guest.stayID, confirmationCode: guest.confirmationCode, room: guest.roomName,
            name: guest.guestName, phone: guest.guestPhone, arrival: guest.arrival.iso,
            departure: guest.departure.iso, inHouse: guest.inHouse)
    }
}
