/// Booking a stay: at the desk (a room or only its type, any dates the desk sells) and on the guest
/// site (a free room of the type, from the property's today, at the rates quoted now).
extension FrontDesk {
    /// Books a stay at the desk: a room (of the type given, or of its own type) or only a room type.
    /// Refused with `.invalid` for a guest, a count or a length the rules
    /// never allow, `.notFound` for a room or room type not of the property, `.conflict` naming the
    /// stay in the way when the room is taken. The stay keeps `new.agreedRates`, else the room type's
    /// rates as they stand now, for its folio.
    public func book(_ new: NewStay, by staff: Staff?) async throws -> Stay {
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
        return try await storage.insert(new, agreedRates: rates, by: staff?.user.id)
    }

    /// The plan a booking asks for: one the property offers now, or 404 naming `ratePlanId`.
    static func plan(_ id: Int?, of property: Property) throws(DomainError) -> RatePlan? {
        guard let id else { return nil }
        guard let plan = property.ratePlan(id), plan.active else {
            throw DomainError(.notFound, "no rate plan \(id) at this property", field: "ratePlanId")
        }
        return plan
    }

    /// Books a guest into a free room of `new.roomTypeID` from the guest site: on dates the place sells
    /// online (`Stay.validateOnline`: from its today, within its horizon, at most 60 nights) and its
    /// restrictions allow (`RoomType.restrictionRefusal`), with an
    /// email to reach the guest, at the rates quoted now (kept for the folio). A specific free room is
    /// booked, so that the database's own guard makes overbooking impossible: if another guest takes it
    /// first, the next free room is tried; `.conflict` when none is left.
    public func bookOnline(_ new: NewStay) async throws -> OnlineBooking {
        guard let property = try await storage.property(id: new.propertyID), property.kind == .hotel else {
            throw DomainError(.notFound, "no place \(new.propertyID)", field: "propertyId")
        }
        guard !new.guestEmail.isEmpty else {
            throw DomainError.invalid("guest.email", "an email address is required", reason: .emailRequired)
        }
        try Stay.validateOnline(new.nights, today: property.today(now: now()))
        guard let roomTypeID = new.roomTypeID else {
            throw DomainError(.invalid, "choose a room type", field: "roomTypeId")
        }
        let roomType = try await roomType(roomTypeID, of: property, field: "roomTypeId")
        try Self.validate(new, roomType: roomType)
        if let refusal = roomType.restrictionRefusal(for: new.nights) { throw refusal }
        let price = try StayPrice.quote(
            roomType: roomType, nights: new.nights, property: property,
            party: Party(adults: new.adults, children: new.children, infants: new.infants),
            plan: try Self.plan(new.ratePlanID, of: property))
        var new = new
        new.source = .online
        let rates = Dictionary(
            uniqueKeysWithValues: price.nights.compactMap { line in line.night.map { ($0, line.amount) } })
        let rooms = try await storage.rooms(propertyID: property.id)
        for _ in 0..<5 {
            let availability = Availability(
                roomTypes: [roomType], rooms: rooms,
                holds: try await storage.holds(propertyID: property.id, overlapping: new.nights))
            // Stays of the type still waiting for a room hold its rooms too: the count decides.
            guard availability.freeCount(of: roomType.id, for: new.nights) > 0,
                let room = availability.freeRooms(of: roomType.id, for: new.nights).first
            else { break }
            new.roomID = room.id
            do {
                let stay = try await storage.insert(new, agreedRates: rates, by: nil)
                return OnlineBooking(stay: stay, price: price, place: property, roomType: roomType)
            } catch let error as DomainError where error.code == .conflict && error.field == "roomId" {
                continue
            }
        }
        throw DomainError(
            .conflict,
            "\(roomType.name) is no longer available from \(new.nights.arrival) to \(new.nights.departure); search again",
            field: "roomTypeId")
    }

    /// What every booking's guest, guests and notes must be, wherever it is made.
    static func validate(_ new: NewStay, roomType: RoomType) throws(DomainError) {
        try Guest.validate(name: new.guestName, email: new.guestEmail, phone: new.guestPhone)
        try Stay.validateGuests(
            adults: new.adults, children: new.children, infants: new.infants, capacity: roomType.capacity)
        try Stay.validate(notes: new.notes)
    }
}

/// A booking the guest site made: the stay, the price the guest agreed to, and what it is of.
public struct OnlineBooking: Sendable {
    public var stay: Stay
    public var price: StayPrice
    public var place: Property
    public var roomType: RoomType
}
