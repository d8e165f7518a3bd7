/// Booking a stay at the desk (a room or only its type, any dates the desk sells); the guest site books
/// through `GuestsBookings.book`, by the same checks.
extension FrontDesk {
    /// Books a stay at the desk: a room (of the type given, or of its own type) or only a room type.
    /// Refused with `.invalid` for a guest, a count or a length the rules
    /// never allow, `.notFound` for a room or room type not of the property, `.conflict` naming the
    /// stay in the way when the room is taken. The stay keeps `new.agreedRates`, else the room type's
    /// rates as they stand now, for its folio.
    public func book(_ new: NewStay, by staff: Staff?) async throws -> Stay {
        let (new, rates) = try await checked(new, by: staff)
        return try await storage.insert(new, agreedRates: rates, by: staff?.user.id)
    }

    /// Books a stay at the desk as `book(_:by:)` does and, when the desk chose a `language` for the guest,
    /// writes their confirmation in the booking's transaction. Everything is read and checked before the
    /// transaction opens, so that a burst of bookings after one room holds the database's connections
    /// only while each takes the room's lock and writes.
    public func book(_ new: NewStay, by staff: Staff?, confirmingIn language: Language?) async throws -> Stay {
        let (new, rates) = try await checked(new, by: staff)
        guard let language else { return try await storage.insert(new, agreedRates: rates, by: staff?.user.id) }
        return try await storage.inOneTransaction {
            let stay = try await storage.insert(new, agreedRates: rates, by: staff?.user.id)
            try await notices.confirm(deskBooking: stay, in: language)
            return stay
        }
    }

    /// The booking as it will be written, with the rates its stay keeps, once every rule has passed.
    func checked(_ new: NewStay, by staff: Staff?) async throws -> (NewStay, [Day: Money]) {
        guard try staff?.worksAt(new.propertyID) ?? true, let property = try await storage.property(id: new.propertyID)
        else { throw DomainError(.notFound, "no property \(new.propertyID)", field: "propertyId") }
        try Stay.validate(nights: new.nights)
        var new = new
        let roomType: RoomType
        switch (new.roomTypeID, new.roomID) {
        case (let roomTypeID?, let roomID):
            roomType = try await self.roomType(roomTypeID, of: property, field: "roomTypeId")
            if let roomID {
                let room = try await room(roomID, of: property)
                guard room.roomTypeID == roomType.id else {
                    throw DomainError.invalid(
                        "roomId", "room \(room.number) is not a \(roomType.name)", reason: .roomWrongType,
                        params: ["room": room.number, "roomType": roomType.name])
                }
            }
        case (nil, let roomID?):
            roomType = try await self.roomType(try await room(roomID, of: property).roomTypeID, of: property)
        case (nil, nil):
            throw DomainError(.invalid, "give a roomId or a roomTypeId", field: "roomTypeId")
        }
        new.roomTypeID = roomType.id
        try Self.validate(new, roomType: roomType)
        let plan = try Self.plan(new.ratePlanID, of: property)
        let rates =
            new.agreedRates
            ?? Dictionary(
                uniqueKeysWithValues: new.nights.map { night in
                    (night, roomType.rate(for: night, on: plan))
                })
        return (new, rates)
    }

    /// The plan a booking asks for: one the property offers now, or 404 naming `ratePlanId`.
    static func plan(_ id: Int?, of property: Property) throws(DomainError) -> RatePlan? {
        guard let id else { return nil }
        guard let plan = property.ratePlan(id), plan.active else {
            throw DomainError(.notFound, "no rate plan \(id) at this property", field: "ratePlanId")
        }
        return plan
    }

    /// What every booking's guest, guests and notes must be, wherever it is made.
    static func validate(_ new: NewStay, roomType: RoomType) throws(DomainError) {
        try Guest.validate(name: new.guestName, email: new.guestEmail, phone: new.guestPhone)
        try Stay.validateGuests(
            adults: new.adults, children: new.children, infants: new.infants, capacity: roomType.capacity)
        try Stay.validate(notes: new.notes)
    }
}
