/// A guest books several rooms at once on the guest site: a family, a party.
extension GuestsBookings where Storage: GroupStorage {
    /// Books `rooms` (each a room type for a party, on the same place) as one booking: each as `book` books
    /// one (a free room of its type, at the rates quoted now), all in one transaction, so that when any is
    /// no longer free none is booked (`.conflict`, `group.unavailable`). One confirmation, in `language`,
    /// names the booking's code (its first stay's), every room, the total and the deposit asked.
    public func bookGroup(_ rooms: [NewStay], language: Language = .en) async throws -> [OnlineBooking] {
        try BookingGroup.validate(rooms: rooms.count, name: "", limit: BookingGroup.maxRoomsOnline)
        for (index, room) in rooms.enumerated() where room.propertyID != rooms[0].propertyID {
            throw DomainError.invalid("rooms[\(index)].propertyId", "a booking's rooms are at one place")
        }
        // Rooms of each type in one order, so that two bookings at once take their rooms' locks in it.
        let ordered = rooms.enumerated().sorted {
            ($0.element.roomTypeID ?? 0, $0.offset) < ($1.element.roomTypeID ?? 0, $1.offset)
        }
        return try await storage.inOneTransaction {
            var booked: [(Int, OnlineBooking)] = []
            for (index, room) in ordered {
                do {
                    booked.append((index, try await booking(room)))
                } catch let error as DomainError where error.code == .conflict {
                    throw DomainError(
                        .conflict, "not every room asked for is free on those dates: nothing was booked",
                        field: "rooms", reason: .groupUnavailable)
                } catch let error as DomainError {
                    throw error.under("rooms[\(index)]")
                }
            }
            let bookings = booked.sorted { $0.0 < $1.0 }.map(\.1)
            let group = try await storage.group(bookings.map(\.stay), name: rooms[0].guestName, by: nil)
            let grouped = bookings.map { booking in
                var booking = booking
                booking.stay.groupID = group.id
                return booking
            }
            try await notices.send(
                .confirmation(
                    ofGroup: grouped, guestName: rooms[0].guestName, email: rooms[0].guestEmail, language: language))
            return grouped
        }
    }
}
