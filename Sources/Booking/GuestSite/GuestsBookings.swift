import Foundation

/// A guest's own booking as the guest site shows it: found by what the booking gave them, with its
/// price, its folio and what cancelling it now would mean.
public struct GuestsBooking: Sendable {
    public var stay: Stay
    public var guest: Guest
    public var place: Property
    public var roomType: RoomType
    /// Its nights at the rates it was booked at, the place's fees and taxes.
    public var price: StayPrice
    public var folio: Folio
    public var cancellation: GuestCancellation
    /// The deposit its plan asks before arrival, and what of it is paid; nil when none.
    public var deposit: DepositDue?
    /// The other rooms of its booking when it was booked with several (`BookingGroup`), as their guest sees
    /// them; empty for a room booked alone.
    public var otherRooms: [GuestsBooking] = []
    /// The salons that charge this hotel's guests to their room (`RoomCharge`), whose times the guest may book
    /// for their stay while it holds its room and is not over; empty otherwise.
    public var spas: [Property] = []

    /// What the guest owes now: the deposit still open before arrival, else the folio's balance (but for
    /// the folios a company pays); zero
    /// when nothing.
    public var due: Money {
        if let open = deposit?.open, open.amount > 0 { return open }
        return Money(max(folio.dueAtDesk.amount, 0), folio.currency)
    }

    /// The code to pay what is owed now, the booking's code its reference; nil when nothing is owed or
    /// the place is paid by no code.
    public var payCode: PaymentCode? {
        PaymentCode.due(due, at: place, confirmationCode: stay.confirmationCode)
    }
}

/// What a guest does on the guest site: books a stay (`book`), finds their booking by its confirmation
/// code and email (`find`), and cancels it by its terms (`cancel`).
public struct GuestsBookings<Storage: StayStorage>: StayOperations {
    public let storage: Storage
    public let now: @Sendable () -> Date

    public init(storage: Storage, now: @escaping @Sendable () -> Date) {
        self.storage = storage
        self.now = now
    }

    /// Books a guest into a free room of `new.roomTypeID` from the guest site: on dates the place sells
    /// online (`Stay.validateOnline`: from its today, within its horizon, at most 60 nights) and its
    /// restrictions allow (`RoomType.restrictionRefusal`), with an
    /// email to reach the guest, at the rates quoted now (kept for the folio). A specific free room is
    /// booked, so that the database's own guard makes overbooking impossible: if another guest takes it
    /// first, the next free room is tried; `.conflict` when none is left.
    /// The guest's confirmation, in `language`, is written in the booking's transaction.
    public func book(_ new: NewStay, language: Language = .en) async throws -> OnlineBooking {
        try await storage.inOneTransaction {
            let booking = try await booking(new)
            try await notices.send(
                .confirmation(of: booking, guestName: new.guestName, email: new.guestEmail, language: language))
            return booking
        }
    }

    func booking(_ new: NewStay) async throws -> OnlineBooking {
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
        try FrontDesk<Storage>.validate(new, roomType: roomType)
        if let refusal = roomType.restrictionRefusal(for: new.nights) { throw refusal }
        let price = try StayPrice.quote(
            roomType: roomType, nights: new.nights, property: property,
            party: Party(adults: new.adults, children: new.children, infants: new.infants),
            plan: try FrontDesk<Storage>.plan(new.ratePlanID, of: property))
        var new = new
        new.source = .online
        let rates = Dictionary(
            uniqueKeysWithValues: price.nights.compactMap { line in line.night.map { ($0, line.amount) } })
        let rooms = try await storage.rooms(propertyID: property.id)
        // Each room refused was taken by another guest meanwhile, so there are at most as many tries as
        // rooms: guests booking the type at once all get a room while one is left.
        for _ in 0..<rooms.count(where: { $0.roomTypeID == roomType.id }) {
            let availability = Availability(
                roomTypes: [roomType], rooms: rooms,
                holds: try await storage.holds(propertyID: property.id, overlapping: new.nights))
            // Stays of the type still waiting for a room hold its rooms too, as the search counts them.
            guard availability.bookableOnline(of: roomType.id, for: new.nights) > 0,
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

    /// The booking with confirmation code `code` (any case, spaces around ignored) whose guest's email
    /// is `email` (ignoring case). A wrong pair is refused exactly as an unknown code, so that codes
    /// cannot be probed.
    public func find(code: String, email: String) async throws -> GuestsBooking {
        let (found, guest) = try await findGuestsBooking(code: code, email: email)
        var booking = try await guestsBooking(found, guest: guest)
        booking.otherRooms = try await otherRooms(of: found)
        if RoomCharge.mayBook(found.stay.state), found.stay.departure >= found.today,
            let charges = storage as? any RoomChargeStorage
        {
            booking.spas = try await charges.salons(chargingHotel: found.property.id)
        }
        return booking
    }

    /// The other stays of `found`'s booking of several rooms, as their guest sees them.
    private func otherRooms(of found: StayAtProperty) async throws -> [StayAtProperty] {
        guard let groupID = found.stay.groupID, let groups = storage as? any GroupStorage,
            let group = try await groups.group(id: groupID)
        else { return [] }
        let roomTypes = try await storage.roomTypes(propertyID: found.property.id)
        var others: [StayAtProperty] = []
        for id in group.stayIDs where id != found.stay.id {
            guard let stay = try await storage.stay(id: id),
                let roomType = roomTypes.first(where: { $0.id == stay.roomTypeID })
            else { continue }
            others.append(StayAtProperty(stay: stay, property: found.property, roomType: roomType, today: found.today))
        }
        return others
    }

    /// The other rooms of `booking`'s group, as `find` lists them; empty for a room booked alone.
    func otherRooms(of booking: GuestsBooking) async throws -> [GuestsBooking] {
        try await otherRooms(
            of: StayAtProperty(
                stay: booking.stay, property: booking.place, roomType: booking.roomType,
                today: booking.place.today(now: now())))
    }

    private func otherRooms(of found: StayAtProperty) async throws -> [GuestsBooking] {
        var rooms: [GuestsBooking] = []
        for other in try await otherRooms(of: found) as [StayAtProperty] {
            guard let guest = try await storage.guest(id: other.stay.guestID) else { continue }
            rooms.append(try await guestsBooking(other, guest: guest))
        }
        return rooms
    }

    /// The guest cancels the booking `find` finds (`FrontDesk.cancelByGuest`), and sees it after; a booking
    /// of several rooms is cancelled whole, each room by its own terms. They are told, in `language`, with the
    /// fees the terms kept, in the cancellation's transaction.
    public func cancel(code: String, email: String, language: Language = .en) async throws -> GuestsBooking {
        try await storage.inOneTransaction {
            var (found, guest) = try await findGuestsBooking(code: code, email: email)
            var fee = try await guestsBooking(found, guest: guest).cancellation.fee
            let desk = operations(FrontDesk.self)
            found.stay = try await desk.cancelByGuest(found)
            for var other in try await otherRooms(of: found) as [StayAtProperty] where other.stay.state == .booked {
                guard let otherGuest = try await storage.guest(id: other.stay.guestID) else { continue }
                let otherFee = try await guestsBooking(other, guest: otherGuest).cancellation.fee
                other.stay = try await desk.cancelByGuest(other)
                fee.amount = fee.amount.addingSaturated(otherFee.amount)
            }
            var cancelled = try await guestsBooking(found, guest: guest)
            cancelled.otherRooms = try await otherRooms(of: found)
            try await notices.send(.cancellation(of: cancelled, fee: fee, language: language))
            return cancelled
        }
    }

    private func findGuestsBooking(code: String, email: String) async throws -> (StayAtProperty, Guest) {
        let notFound = DomainError(.notFound, "no booking with this confirmation code and email address")
        let code = code.trimmingCharacters(in: .whitespaces).uppercased()
        let email = email.trimmingCharacters(in: .whitespaces)
        guard !email.isEmpty else {
            throw DomainError.invalid("email", "give the email address the booking was made with")
        }
        guard code.count <= StayImport.codeLimit, let stay = try await storage.stay(confirmationCode: code),
            let guest = try await storage.guest(id: stay.guestID),
            !guest.email.isEmpty, guest.email.lowercased() == email.lowercased(),
            let place = try await storage.property(id: stay.propertyID),
            let roomType = try await storage.roomTypes(propertyID: place.id).first(where: { $0.id == stay.roomTypeID })
        else { throw notFound }
        return (StayAtProperty(stay: stay, property: place, roomType: roomType, today: place.today(now: now())), guest)
    }

    /// The booking of `place` whose code is `code`, as its guest sees it (what it owes now), found without
    /// the guest's email: what money received with the code in its text is matched to. Nil when the place
    /// has no such booking.
    func booking(code: String, at place: Property) async throws -> GuestsBooking? {
        guard let stay = try await storage.stay(confirmationCode: code), stay.propertyID == place.id,
            let guest = try await storage.guest(id: stay.guestID),
            let roomType = try await storage.roomTypes(propertyID: place.id).first(where: { $0.id == stay.roomTypeID })
        else { return nil }
        return try await guestsBooking(
            StayAtProperty(stay: stay, property: place, roomType: roomType, today: place.today(now: now())),
            guest: guest)
    }

    /// The booking as the guest sees it: its price at the rates it was booked at, its folio, and what
    /// cancelling it today would mean.
    private func guestsBooking(_ found: StayAtProperty, guest: Guest) async throws -> GuestsBooking {
        let (stay, place) = (found.stay, found.property)
        let price = try StayPrice.quote(
            roomType: found.roomType, nights: stay.nights, property: place, party: stay.party,
            plan: place.ratePlan(stay.ratePlanID),
            agreedRates: try await storage.agreedRates(stayID: stay.id))
        let folio = try await storage.folio(stayID: stay.id)
        let plan = place.ratePlan(stay.ratePlanID)
        return GuestsBooking(
            stay: stay, guest: guest, place: place, roomType: found.roomType, price: price, folio: folio,
            cancellation: GuestCancellation(
                stay: stay, policy: place.cancellationPolicy(for: stay), total: price.total, today: found.today),
            deposit: stay.state == .booked
                ? DepositDue.of(stay: stay, plan: plan, price: price, folio: folio, dueBy: found.today) : nil)
    }
}

/// A booking the guest site made: the stay, the price the guest agreed to, and what it is of.
public struct OnlineBooking: Sendable {
    public var stay: Stay
    public var price: StayPrice
    public var place: Property
    public var roomType: RoomType
}
