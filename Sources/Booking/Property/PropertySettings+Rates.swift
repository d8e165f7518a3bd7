/// What setting a room type's rates and restrictions needs of storage.
public protocol RateStorage: StayStorage {
    func roomType(id: Int) async throws -> RoomType?
    /// Sets the room type's rate for `nights`, replacing any they had, with its audit row and event.
    func setRate(_ rate: Money, roomType: RoomType, nights: Nights, by userID: Int?) async throws
    /// Sets the room type's restriction for `nights` (an empty one clears them), with its audit row and event.
    func setRestriction(_ restriction: NightRestriction, roomType: RoomType, nights: Nights, by userID: Int?)
        async throws
}

/// A room type's nightly rates and restrictions: what a manager sets for a season or a festival, and
/// what the guest site then quotes and allows. Stays already booked keep the rates they were booked at.
extension PropertySettings where Storage: RateStorage {
    /// The room type and the nights `from` up to the night before `to`, to read their rates: the
    /// accounts' reading (not housekeeping's).
    public func rates(roomTypeID: Int, from: Day, to: Day, by staff: Staff) async throws -> (RoomType, Nights) {
        let roomType = try await roomType(roomTypeID, by: staff.doing(.accounts))
        return (roomType, try RoomType.rateNights(from: from, to: to))
    }

    /// Sets the rate of the nights `from` up to the night before `to` (a manager's change); returns the
    /// room type as it now is.
    public func setRate(amount: Int, roomTypeID: Int, from: Day, to: Day, by staff: Staff) async throws
        -> (RoomType, Nights)
    {
        let roomType = try await roomType(roomTypeID, by: staff.doing(.managing))
        let nights = try RoomType.rateNights(from: from, to: to)
        try RoomType.validate(rate: amount)
        try await storage.setRate(
            Money(amount, roomType.baseRate.currency), roomType: roomType, nights: nights, by: staff.user.id)
        return (try await self.roomType(roomTypeID, by: staff.doing(.managing)), nights)
    }

    /// Sets the restriction of the nights `from` up to the night before `to` (a manager's change); an
    /// empty restriction clears theirs. Returns the room type as it now is.
    public func setRestriction(
        _ restriction: NightRestriction, roomTypeID: Int, from: Day, to: Day, by staff: Staff
    ) async throws -> (RoomType, Nights) {
        let roomType = try await roomType(roomTypeID, by: staff.doing(.managing))
        let nights = try RoomType.rateNights(from: from, to: to)
        try restriction.validate()
        try await storage.setRestriction(restriction, roomType: roomType, nights: nights, by: staff.user.id)
        return (try await self.roomType(roomTypeID, by: staff.doing(.managing)), nights)
    }

    /// A room type of a property `staff` works at (and whose work their role allows), or 404.
    private func roomType(_ id: Int, by staff: Staff) async throws -> RoomType {
        guard let roomType = try await storage.roomType(id: id), try staff.worksAt(roomType.propertyID) else {
            throw DomainError(.notFound, "no room type \(id)")
        }
        return roomType
    }
}

extension RoomType {
    /// The most nights whose rates are read or set at once: a year.
    public static let maxRateNights = 366

    /// The nights from `from` up to the night before `to`, refused (naming `to`) when empty or longer
    /// than `maxRateNights`.
    public static func rateNights(from: Day, to: Day) throws(DomainError) -> Nights {
        guard to > from else { throw DomainError.invalid("to", "must be after 'from'") }
        let nights = try Nights(arrival: from, departure: to)
        guard nights.count <= maxRateNights else {
            throw DomainError.invalid("to", "at most \(maxRateNights) nights at once, not \(nights.count)")
        }
        return nights
    }
}
