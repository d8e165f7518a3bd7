import Foundation

/// A salon and the hotel whose guests it charges, where one owner runs both: the link a manager of both
/// sets, and the hotel's guests the salon's desk finds by room or name to book or to charge a visit to
/// (`RoomCharge`). Callable without HTTP; access and every rule are decided here.
public struct RoomCharges<Storage: RoomChargeStorage>: Sendable {
    public let storage: Storage
    public let now: @Sendable () -> Date

    public init(storage: Storage, now: @escaping @Sendable () -> Date) {
        self.storage = storage
        self.now = now
    }

    /// Has the salon charge visits to the rooms of `hotelID`'s guests (nil: to none). Only a manager of the
    /// salon and of the hotel links them; the hotel must be a hotel and keep its books in the salon's
    /// currency, as the line on its folio is the sale's amount.
    public func link(salonID: Int, hotelID: Int?, by staff: Staff) async throws -> Property {
        try staff.requireManager("say which hotel's rooms the salon charges", at: salonID)
        guard let salon = try await storage.property(id: salonID), salon.kind == .salon else {
            throw DomainError(.notFound, "no salon \(salonID)", field: "id")
        }
        if let hotelID {
            guard staff.roles(hotelID) != nil, let hotel = try await storage.property(id: hotelID),
                hotel.kind == .hotel
            else { throw DomainError(.notFound, "no hotel \(hotelID) of yours", field: "hotelId") }
            try staff.requireManager("charge visits to its rooms", at: hotelID, field: "hotelId")
            guard hotel.currency == salon.currency else {
                throw DomainError.invalid(
                    "hotelId",
                    "the hotel keeps its books in \(hotel.currency.code), the salon in \(salon.currency.code)")
            }
        }
        return try await storage.linkRoomCharges(salonID: salonID, hotelID: hotelID, by: staff.user.id)
    }

    /// The guests of the salon's hotel who are staying (booked to arrive by today, or in the house), whose
    /// room's name begins with `query` or whose name holds it (any case): those in the house first, by room.
    /// At most `RoomCharge.maxFound`, for staff who book and take payments (not housekeeping). Refused
    /// (`.roomChargesNone`) where the salon charges no hotel.
    public func roomGuests(salonID: Int, matching query: String, by staff: Staff) async throws -> [RoomGuest] {
        guard try staff.doing(.deskWork).worksAt(salonID), let salon = try await storage.property(id: salonID),
            salon.kind == .salon
        else { throw DomainError(.notFound, "no salon \(salonID)", field: "id") }
        try FreeText.validate(query, field: "q", limit: RoomCharge.queryLimit, lines: false)
        let hotelID = try Self.hotel(of: salon)
        guard let hotel = try await storage.property(id: hotelID) else { throw Self.noHotel }
        return try await storage.roomGuests(
            hotelID: hotelID, today: hotel.today(now: now()),
            matching: query.trimmingCharacters(in: .whitespaces), limit: RoomCharge.maxFound)
    }

    /// The guest of `stayID` a visit at `salon` is booked for, refused unless the salon charges that stay's
    /// hotel and the stay still holds its room and is not over (`RoomCharge.mayBook`), naming `field`.
    static func guest(of stayID: Int, at salon: Property, today: Day, storage: Storage, field: String) async throws
        -> RoomGuest
    {
        let hotelID = try hotel(of: salon, field: field)
        guard let guest = try await storage.roomGuest(stayID: stayID, today: today), guest.hotelID == hotelID,
            RoomCharge.mayBook(guest.state)
        else { throw DomainError.roomNotInHouse(field: field) }
        return guest
    }

    /// The guest of the stay booked under `code` a visit online at `salon` is for, when `email` is the one it
    /// was booked with (any case): refused as `guest(of:at:today:storage:field:)` refuses, naming `field`, and
    /// alike for a code unknown or an email that is not the stay's, so that codes cannot be probed.
    static func guest(
        booked code: String, email: String, at salon: Property, today: Day, storage: Storage, field: String
    ) async throws -> RoomGuest {
        guard let found = try await storage.roomGuest(confirmationCode: code.uppercased(), today: today),
            found.guestEmail.lowercased() == email.trimmingCharacters(in: .whitespaces).lowercased(),
            !found.guestEmail.isEmpty
        else { throw DomainError.roomNotInHouse(field: field) }
        return try await guest(of: found.stayID, at: salon, today: today, storage: storage, field: field)
    }

    /// The hotel a salon charges, refused (`.roomChargesNone`) when none.
    public static func hotel(of salon: Property, field: String = "id") throws(DomainError) -> Int {
        guard let id = salon.chargesHotelID else { throw noHotel(field: field) }
        return id
    }

    private static var noHotel: DomainError { noHotel(field: "id") }

    private static func noHotel(field: String) -> DomainError {
        DomainError(
            .conflict, "this salon charges no hotel's rooms: a manager of both links the hotel first", field: field,
            reason: .roomChargesNone)
    }
}

/// What linking a salon to a hotel and finding its guests need of storage.
public protocol RoomChargeStorage: Sendable {
    func property(id: Int) async throws -> Property?
    /// Sets the salon's `chargesHotelID`, with its audit row; answers the salon after.
    func linkRoomCharges(salonID: Int, hotelID: Int?, by userID: Int?) async throws -> Property
    /// The hotel's stays holding a room whose guest is in the house, or booked to arrive by `today` and not
    /// gone: matching `query` (a room name's beginning or part of the guest's name, any case; "" matches
    /// all), in the house first, then by room, at most `limit`.
    func roomGuests(hotelID: Int, today: Day, matching query: String, limit: Int) async throws -> [RoomGuest]
    /// A stay as the salon's desk sees its guest on `today`, whatever its state; nil when there is none.
    func roomGuest(stayID: Int, today: Day) async throws -> RoomGuest?
    /// The stay booked under `confirmationCode` as `roomGuest(stayID:today:)` reads it; nil when none.
    func roomGuest(confirmationCode: String, today: Day) async throws -> RoomGuest?
    /// The salons that charge `hotelID`'s guests, by name.
    func salons(chargingHotel hotelID: Int) async throws -> [Property]
}
