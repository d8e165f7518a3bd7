/// What a room of another type than booked means for a stay's price. The stay keeps the rates it
/// was booked at (an upgrade the hotel gives, a downgrade it owes); `difference` is what its nights
/// from today on in rooms of `roomType` would cost more (negative: less) at that type's rates, for
/// the desk to tell the guest, and charge when the guest asked for the better room.
public struct RoomTypeChange: Hashable, Sendable {
    /// The type the stay was booked as.
    public var bookedAs: RoomType
    /// The type of the room it is now in.
    public var roomType: RoomType
    /// The stay's nights from today on in rooms of `roomType`.
    public var nights: Int
    public var difference: Money
}

extension FrontDesk {
    /// Moves the guest to another room of the property from a night on (the air conditioning broke,
    /// the guest asked for a view): the nights before stay where they were. A checked-in guest moves
    /// from today at the earliest: a night already slept never changes room. The folio is not
    /// touched (the stay keeps its agreed price); a room of another type than booked is answered
    /// with its `RoomTypeChange`. A checked-in guest moved today leaves the room they were in dirty.
    public func moveRoom(_ id: Int, version: Int?, toRoom roomID: Int, fromNight night: Day, by staff: Staff)
        async throws -> ChangedStay
    {
        let found = try await stay(id, by: staff)
        let room = try await room(roomID, of: found.property)
        let today = found.today
        let stay = try await change(id, version: version, by: staff, action: "move") { stay, ledger in
            guard stay.state != .checkedIn || night >= today else {
                throw DomainError.invalid(
                    "fromDate", "the guest has slept in their room until today (\(today)): move them from today on",
                    reason: .staySleptUntil, params: ["today": today.iso])
            }
            let left = stay.roomID(on: today)
            try stay.move(toRoom: room.id, fromNight: night)
            // A guest in the house who moves today leaves a used room behind.
            if stay.state == .checkedIn, night == today, let left, left != room.id {
                try await ledger.setHousekeeping(.dirty, roomID: left)
            }
        }
        return ChangedStay(
            stay: stay,
            roomTypeChange: try await roomTypeChange(
                of: stay, into: room, bookedAs: found.roomType, property: found.property, today: today))
    }

    /// The price difference of the stay's nights from today on in rooms of `room`'s type, when that is
    /// not the type it was booked as.
    func roomTypeChange(of stay: Stay, into room: Room, bookedAs: RoomType, property: Property, today: Day)
        async throws -> RoomTypeChange?
    {
        guard room.roomTypeID != bookedAs.id else { return nil }
        let roomType = try await roomType(room.roomTypeID, of: property)
        let rooms = Set(
            try await storage.rooms(propertyID: property.id).filter { $0.roomTypeID == roomType.id }.map(\.id))
        let agreed = try await storage.agreedRates(stayID: stay.id)
        var nights = 0
        var difference = 0
        for night in stay.nights where night >= today {
            guard let roomID = stay.roomID(on: night), rooms.contains(roomID) else { continue }
            nights += 1
            difference = difference.addingSaturated(
                roomType.rate(for: night).amount.subtractingSaturated(
                    (agreed[night] ?? bookedAs.rate(for: night)).amount))
        }
        guard nights > 0 else { return nil }
        return RoomTypeChange(
            bookedAs: bookedAs, roomType: roomType, nights: nights, difference: Money(difference, property.currency))
    }
}
