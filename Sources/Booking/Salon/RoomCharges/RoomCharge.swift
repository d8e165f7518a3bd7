/// A guest staying at the hotel a salon charges (`Property.chargesHotelID`), as the salon's desk finds them
/// to book or to charge a visit to their room: their stay, its room and dates, and the contact the hotel
/// holds, which a booking for them is made under.
public struct RoomGuest: Hashable, Sendable {
    public var stayID: Int
    public var hotelID: Int
    public var confirmationCode: String
    /// The room they sleep in ("" while none is given).
    public var roomName: String
    public var guestName: String
    public var guestPhone: String
    /// What a guest booking online for their stay proves it with, with its code; never shown to the salon.
    public var guestEmail: String
    public var arrival: Day
    public var departure: Day
    public var state: StayState

    public init(
        stayID: Int, hotelID: Int, confirmationCode: String, roomName: String, guestName: String,
        guestPhone: String, guestEmail: String, arrival: Day, departure: Day, state: StayState
    ) {
        self.stayID = stayID
        self.hotelID = hotelID
        self.confirmationCode = confirmationCode
        self.roomName = roomName
        self.guestName = guestName
        self.guestPhone = guestPhone
        self.guestEmail = guestEmail
        self.arrival = arrival
        self.departure = departure
        self.state = state
    }

    /// Checked in: in the house now, so a visit may be charged to the room (`RoomCharge.mayCharge`).
    public var inHouse: Bool { RoomCharge.mayCharge(state) }
}

/// A salon's visit on a hotel guest's bill, where one owner runs both: the salon's sale is paid by a
/// payment "charged to room" (`PaymentMethod.room`) naming the stay, and in the sale's transaction the stay's
/// folio gets one line of the amount (`ChargeCategory.salon`), routed as the stay's split sends a salon's
/// visits. The salon counts the visit in its takings; the hotel counts the line as the salon's, outside its
/// own taxes and revenue, and collects it with the bill at check-out. A refund of the sale reverses the line.
public enum RoomCharge {
    /// The folio line of `amount` for the sale numbered `reference` at `salon` of `services` (the lines'
    /// descriptions): "Spa Aoi: Head spa, Shampoo (RCT-000042)", cut to a folio line's length.
    public static func posting(amount: Money, salon: Property, services: [String], reference: String) -> Posting {
        let named = services.isEmpty ? salon.name : "\(salon.name): \(services.joined(separator: ", "))"
        let tail = " (\(reference))"
        let room = Posting.descriptionLimit - tail.count
        let text = named.count > room ? String(named.prefix(room - 1)) + "…" : named
        return Posting(
            kind: .charge, description: text + tail, amount: amount, category: .salon,
            taxes: LineTaxes(taxClass: .outside, included: []))
    }

    /// How a payment charged to a room is referenced on the sale: its room and booking, "204 · K7QX2M".
    public static func reference(room: String, code: String) -> String {
        room.isEmpty ? code : "\(room) · \(code)"
    }

    /// Whether a stay may be charged now: its guest is in the house (checked in).
    public static func mayCharge(_ state: StayState) -> Bool { state == .checkedIn }

    /// Whether a visit may be booked for a stay's guest: the stay still holds its room and is not over.
    public static func mayBook(_ state: StayState) -> Bool { state == .booked || state == .checkedIn }

    /// The most guests one search answers, and the longest search (a room's number or part of a name).
    public static let maxFound = 20
    public static let queryLimit = 60
}

extension DomainError {
    /// A payment charged to a stay that is not one of the salon's hotel's guests in the house.
    public static func roomNotInHouse(field: String) -> DomainError {
        DomainError(
            .conflict, "that guest is not in the house at the hotel this salon charges", field: field,
            reason: .roomNotInHouse)
    }
}
