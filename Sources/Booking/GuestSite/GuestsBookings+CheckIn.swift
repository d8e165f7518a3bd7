/// What online check-in needs of storage: what guests sent before arriving, and recording it as a change of
/// the stay.
public protocol OnlineCheckInStorage: StayStorage {
    /// What the guests of `stayIDs` sent, by stay (the booking's guest as they stand now first).
    func onlineCheckIns(stayIDs: [Int]) async throws -> [Int: OnlineCheckIn]
    /// Records what `make` answers for the stay as it is in the transaction (it refuses what the rules do)
    /// as a change of the stay, its first guest's details on the booking's guest; the stay after.
    func checkInOnline(stayID: Int, _ make: @escaping @Sendable (Stay) throws -> OnlineCheckIn) async throws -> Stay
}

extension OnlineCheckInStorage {
    public func onlineCheckIn(stayID: Int) async throws -> OnlineCheckIn? {
        try await onlineCheckIns(stayIDs: [stayID])[stayID]
    }
}

/// A stay reached by its online check-in link, with its hotel and room type, and the hotel's today.
public struct LinkedStay: Sendable {
    public var stay: Stay
    public var hotel: Property
    public var roomType: RoomType
    public var today: Day
}

/// A hotel's guest checking in online before arriving, from the link the installation signed (App checks
/// the signature and hands the stay and the link's last day here). The rules are `OnlineCheckIn`'s.
extension GuestsBookings where Storage: OnlineCheckInStorage {
    /// The stay a link names, while the link's last day `expiresOn` has not passed (by the hotel's today);
    /// refused as a link that is not valid when the stay is gone.
    public func linkedStay(_ stayID: Int, expiresOn: Day) async throws -> LinkedStay {
        guard let stay = try await storage.stay(id: stayID),
            let hotel = try await storage.property(id: stay.propertyID),
            let roomType = try await storage.roomTypes(propertyID: hotel.id).first(where: { $0.id == stay.roomTypeID })
        else { throw DomainError(.notFound, "this check-in link is not valid", reason: .checkInLink) }
        let today = hotel.today(now: now())
        try OnlineCheckIn.requireUnexpired(expiresOn, today: today)
        return LinkedStay(stay: stay, hotel: hotel, roomType: roomType, today: today)
    }

    /// The check-in's form as the guest opens it: one entry per adult, what was sent (the booking's guest as
    /// they stand now first), else the booking's guest and blanks; and what was sent besides.
    public func checkInForm(of linked: LinkedStay) async throws -> (guests: [RegisteredGuest], sent: OnlineCheckIn?) {
        let stay = linked.stay
        let sent = try await storage.onlineCheckIn(stayID: stay.id)
        var guests = sent?.guests ?? []
        if guests.isEmpty {
            guests = [try await storage.guest(id: stay.guestID).map(RegisteredGuest.init) ?? RegisteredGuest(name: "")]
        }
        guests = Array(guests.prefix(stay.adults))
        while guests.count < stay.adults { guests.append(RegisteredGuest(name: "")) }
        return (guests, sent)
    }

    /// Records what the guest sent as a change of the stay, checked (`OnlineCheckIn.validate`) against the
    /// stay as it is in the transaction; refused once the check-in has closed.
    public func checkIn(_ linked: LinkedStay, _ checkIn: OnlineCheckIn) async throws -> LinkedStay {
        let today = linked.today
        var after = linked
        after.stay = try await storage.checkInOnline(stayID: linked.stay.id) { stay in
            try OnlineCheckIn.requireOpen(stay, today: today)
            try checkIn.validate(for: stay, today: today)
            return checkIn
        }
        return after
    }
}
