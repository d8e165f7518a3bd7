/// What the desk changes of a stay in one edit (the stay form, or a drag or resize on the board):
/// any of its dates, its room, its guests and notes. nil leaves a part as it is.
public struct StayChange: Sendable {
    public var arrival: Day?
    public var departure: Day?
    public var roomID: Int?
    public var adults: Int?
    public var children: Int?
    public var infants: Int?
    public var notes: String?
    public var guestName: String?
    public var guestEmail: String?
    public var guestPhone: String?
    public var guestNationality: String?
    public var guestDocumentNumber: String?
    /// `.some(nil)` takes the birth date away.
    public var guestBirthDate: Day??

    public init(
        arrival: Day? = nil, departure: Day? = nil, roomID: Int? = nil, adults: Int? = nil, children: Int? = nil,
        infants: Int? = nil, notes: String? = nil, guestName: String? = nil, guestEmail: String? = nil,
        guestPhone: String? = nil, guestNationality: String? = nil, guestDocumentNumber: String? = nil,
        guestBirthDate: Day?? = nil
    ) {
        self.arrival = arrival
        self.departure = departure
        self.roomID = roomID
        self.adults = adults
        self.children = children
        self.infants = infants
        self.notes = notes
        self.guestName = guestName
        self.guestEmail = guestEmail
        self.guestPhone = guestPhone
        self.guestNationality = guestNationality
        self.guestDocumentNumber = guestDocumentNumber
        self.guestBirthDate = guestBirthDate
    }

    var changesGuest: Bool {
        guestName != nil || guestEmail != nil || guestPhone != nil || guestNationality != nil
            || guestDocumentNumber != nil || guestBirthDate != nil
    }
}

/// A stay after a change, and what the change means for its price when it put the guest in a room
/// of another type than the stay was booked as.
public struct ChangedStay: Sendable {
    public var stay: Stay
    public var roomTypeChange: RoomTypeChange?
}

extension FrontDesk {
    /// Changes a stay as the desk edits it. A booked stay takes its new dates and room as a whole
    /// (`Stay.reschedule`). A checked-in stay keeps the nights the guest has slept: its arrival cannot
    /// change, a new departure adds or gives up nights from today on (`Stay.changeDeparture`) and its
    /// folio is corrected in the same transaction (`StayCharges`), and a new room is a move from today
    /// (`moveRoom`'s rule), never of a night already slept. Guests are checked against the booked
    /// type's capacity.
    /// The guest is told of new dates or a new room type in the change's transaction (`Notices`).
    public func changeStay(_ id: Int, version: Int?, _ change: StayChange, by staff: Staff) async throws -> ChangedStay
    {
        try await tellingGuest(id) {
            let changed = try await changingStay(id, version: version, change, by: staff)
            return (changed, changed.stay)
        }
    }

    private func changingStay(_ id: Int, version: Int?, _ change: StayChange, by staff: Staff) async throws
        -> ChangedStay
    {
        let found = try await stay(id, by: staff)
        let (property, roomType, today) = (found.property, found.roomType, found.today)
        let room = try await change.roomID.asyncMap { try await self.room($0, of: property) }
        let nights = try Nights(
            arrival: change.arrival ?? found.stay.arrival, departure: change.departure ?? found.stay.departure)
        if let notes = change.notes { try Stay.validate(notes: notes) }
        let stay = try await self.change(id, version: version, by: staff, action: "edit") { stay, ledger in
            if stay.state == .checkedIn {
                guard nights.arrival == stay.arrival else {
                    throw DomainError.invalid(
                        "arrival", "the guest arrived on \(stay.arrival): that cannot change", reason: .stayArrived,
                        params: ["arrival": stay.arrival.iso])
                }
                if nights.departure != stay.departure {
                    try stay.changeDeparture(to: nights.departure, today: today)
                    try await ledger.correctCharges(of: stay, roomType: roomType, property: property)
                }
                if let room, room.id != (stay.roomID(on: today) ?? stay.currentRoomID) {
                    try stay.move(toRoom: room.id, fromNight: max(today, stay.arrival))
                }
            } else if nights != stay.nights || (room != nil && room?.id != stay.currentRoomID) {
                try stay.reschedule(to: nights, roomID: room?.id ?? stay.segments[0].roomID)
            }
            let adults = change.adults ?? stay.adults
            let children = change.children ?? stay.children
            let infants = change.infants ?? stay.infants
            try Stay.validateGuests(adults: adults, children: children, infants: infants, capacity: roomType.capacity)
            (stay.adults, stay.children, stay.infants) = (adults, children, infants)
            if let notes = change.notes { stay.notes = notes }
            if change.changesGuest, var guest = try await ledger.guest(id: stay.guestID) {
                guest.name = change.guestName ?? guest.name
                guest.email = change.guestEmail ?? guest.email
                guest.phone = change.guestPhone ?? guest.phone
                guest.nationality = change.guestNationality ?? guest.nationality
                guest.documentNumber = change.guestDocumentNumber ?? guest.documentNumber
                guest.birthDate = change.guestBirthDate ?? guest.birthDate
                try Guest.validate(name: guest.name, email: guest.email, phone: guest.phone)
                try Guest.validateRegistration(
                    nationality: guest.nationality, documentNumber: guest.documentNumber, birthDate: guest.birthDate,
                    today: today)
                try await ledger.update(guest)
            }
        }
        return ChangedStay(
            stay: stay,
            roomTypeChange: try await room.asyncMap {
                try await roomTypeChange(of: stay, into: $0, bookedAs: roomType, property: property, today: today)
            } ?? nil)
    }
}

extension Optional {
    /// `map` for an asynchronous transform.
    public func asyncMap<Result>(_ transform: (Wrapped) async throws -> Result) async rethrows -> Result? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
