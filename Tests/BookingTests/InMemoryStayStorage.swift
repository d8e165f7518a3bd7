import Booking

/// `StayStorage` in memory, for testing `FrontDesk`'s operations without a database. It keeps what
/// the database keeps for them: a stay's version (refusing stale changes), all-or-nothing changes,
/// a folio by the folio's rules, and the database's own refusal of two stays (or a stay and a room
/// block) in one room on one night. Every change is recorded as `(action, userID)`, as the audit log
/// would.
actor InMemoryStayStorage: RoomStorage, InMemoryOutbox {
    var properties: [Int: Property] = [:]
    var roomTypesByID: [Int: RoomType] = [:]
    var roomsByID: [Int: Room] = [:]
    var stays: [Int: Stay] = [:]
    var guests: [Int: Guest] = [:]
    var folios: [Int: Folio] = [:]
    var rates: [Int: [Day: Money]] = [:]
    var blocksByID: [Int: RoomBlock] = [:]
    var history: [(stayID: Int, action: String, userID: Int?)] = []
    var outbox: [NewMessage] = []
    var messageSettings: [Int: MessageSettings] = [:]
    private var nextID = 1

    /// What a transaction puts back when it fails.
    struct Snapshot: Sendable {
        var stays: [Int: Stay]
        var guests: [Int: Guest]
        var folios: [Int: Folio]
        var rates: [Int: [Day: Money]]
        var blocks: [Int: RoomBlock]
        var outbox: [NewMessage]
    }

    var snapshot: Snapshot {
        Snapshot(stays: stays, guests: guests, folios: folios, rates: rates, blocks: blocksByID, outbox: outbox)
    }

    func restore(_ snapshot: Snapshot) {
        (stays, guests, folios, rates, blocksByID, outbox) = (
            snapshot.stays, snapshot.guests, snapshot.folios, snapshot.rates, snapshot.blocks, snapshot.outbox
        )
    }

    init(property: Property, roomTypes: [RoomType], rooms: [Room]) {
        properties[property.id] = property
        for roomType in roomTypes { roomTypesByID[roomType.id] = roomType }
        for room in rooms { roomsByID[room.id] = room }
    }

    func property(id: Int) -> Property? { properties[id] }
    func roomTypes(propertyID: Int) -> [RoomType] {
        roomTypesByID.values.filter { $0.propertyID == propertyID }.sorted { $0.id < $1.id }
    }
    func room(id: Int) -> Room? { roomsByID[id] }
    func rooms(propertyID: Int) -> [Room] {
        roomsByID.values.filter { $0.propertyID == propertyID }.sorted { $0.id < $1.id }
    }
    func stay(id: Int) -> Stay? { stays[id] }
    func stay(confirmationCode: String) -> Stay? { stays.values.first { $0.confirmationCode == confirmationCode } }
    func guest(id: Int) -> Guest? { guests[id] }
    func folio(stayID: Int) -> Folio { folios[stayID] ?? Folio(currency: currency(ofStay: stayID)) }
    func agreedRates(stayID: Int) -> [Day: Money] { rates[stayID] ?? [:] }

    func holds(propertyID: Int, overlapping nights: Nights) -> [RoomHold] {
        stays.values.filter { $0.propertyID == propertyID && $0.state.holdsRoom }.flatMap { stay in
            stay.segments.filter { $0.nights.overlaps(nights) }.map {
                RoomHold(stayID: stay.id, roomTypeID: stay.roomTypeID, roomID: $0.roomID, nights: $0.nights)
            }
        }
            + blocks(propertyID: propertyID, overlapping: nights).map {
                RoomHold(stayID: 0, roomTypeID: roomsByID[$0.roomID]!.roomTypeID, roomID: $0.roomID, nights: $0.nights)
            }
    }

    func stays(propertyID: Int, overlapping nights: Nights) -> [Stay] {
        stays.values.filter { $0.propertyID == propertyID && $0.nights.overlaps(nights) }.sorted { $0.id < $1.id }
    }

    func blocks(propertyID: Int, overlapping nights: Nights) -> [RoomBlock] {
        blocksByID.values.filter { $0.propertyID == propertyID && $0.nights.overlaps(nights) }.sorted { $0.id < $1.id }
    }

    func block(id: Int) -> RoomBlock? { blocksByID[id] }

    func updateHousekeeping(of room: Room, by userID: Int?) -> Room {
        roomsByID[room.id] = room
        history.append((room.id, "housekeeping", userID))
        return room
    }

    func insert(_ block: RoomBlock, by userID: Int?) throws -> RoomBlock {
        var block = block
        for stay in stays.values where stay.state.holdsRoom {
            if stay.segments.contains(where: { $0.roomID == block.roomID && $0.nights.overlaps(block.nights) }) {
                throw DomainError(.conflict, "room \(block.roomID) is taken by stay \(stay.id)", field: "roomId")
            }
        }
        if blocksByID.values.contains(where: { $0.roomID == block.roomID && $0.nights.overlaps(block.nights) }) {
            throw DomainError(.conflict, "room \(block.roomID) is out of service", field: "roomId")
        }
        block.id = makeID()
        blocksByID[block.id] = block
        history.append((block.id, "block", userID))
        return block
    }

    func end(_ block: RoomBlock, shortenedTo shortened: RoomBlock?, by userID: Int?) {
        blocksByID[block.id] = shortened
        history.append((block.id, "return", userID))
    }

    func insert(_ new: NewStay, agreedRates: [Day: Money], by userID: Int?) throws -> Stay {
        guard let roomTypeID = new.roomTypeID else {
            throw DomainError(.invalid, "a stay is stored with its room type", field: "roomTypeId")
        }
        let id = makeID()
        guests[id] = Guest(id: id, name: new.guestName, email: new.guestEmail, phone: new.guestPhone)
        let stay = Stay(
            id: id, propertyID: new.propertyID, roomTypeID: roomTypeID, guestID: id, roomID: new.roomID,
            nights: new.nights, adults: new.adults, children: new.children, infants: new.infants, source: new.source,
            state: .booked, confirmationCode: "FD-TEST\(id)", notes: new.notes)
        try refuseOverlap(stay)
        stays[id] = stay
        rates[id] = agreedRates
        history.append((id, "create", userID))
        return stay
    }

    func change(
        stayID: Int, expectedVersion: Int?, by userID: Int?, action: String,
        _ change: @escaping @Sendable (inout Stay, Transaction) async throws -> Void
    ) async throws -> Stay {
        guard var stay = stays[stayID] else { throw DomainError(.notFound, "no stay \(stayID)") }
        if let expectedVersion, expectedVersion != stay.version {
            throw DomainError(.stale, "stay \(stayID) has changed")
        }
        let transaction = Transaction(folios: folios, guests: guests, rates: rates, nextID: nextID)
        try await change(&stay, transaction)
        try refuseOverlap(stay)
        stay.version += 1
        stays[stayID] = stay
        (folios, guests, nextID) = await transaction.committed()
        for (roomID, status) in await transaction.housekeeping { roomsByID[roomID]?.housekeeping = status }
        history.append((stayID, action, userID))
        return stay
    }

    func post(
        _ postings: [Posting], stayID: Int, by userID: Int?,
        then follow: @escaping @Sendable (Folio) throws -> [Posting]
    ) async throws -> Folio {
        let transaction = Transaction(folios: folios, guests: guests, rates: rates, nextID: nextID)
        try await transaction.post(postings, stayID: stayID)
        try await transaction.post(try follow(transaction.folio(stayID: stayID)), stayID: stayID)
        (folios, guests, nextID) = await transaction.committed()
        return folio(stayID: stayID)
    }

    func split(
        stayID: Int, by userID: Int?, _ change: @escaping @Sendable (Folio) throws -> FolioSplit
    ) async throws -> Folio {
        var folio = folio(stayID: stayID)
        folio.split = try change(folio)
        folios[stayID] = folio
        history.append((stayID, "split", userID))
        return folio
    }

    /// What the database's exclusion constraint does: no two stays holding one room on one night, and
    /// no stay in a room out of service.
    private func refuseOverlap(_ stay: Stay) throws {
        guard stay.state.holdsRoom else { return }
        for block in blocksByID.values {
            if stay.segments.contains(where: { $0.roomID == block.roomID && $0.nights.overlaps(block.nights) }) {
                throw DomainError(.conflict, "room \(block.roomID) is out of service", field: "roomId")
            }
        }
        for other in stays.values where other.id != stay.id && other.state.holdsRoom {
            for mine in stay.segments where mine.roomID != nil {
                if other.segments.contains(where: { $0.roomID == mine.roomID && $0.nights.overlaps(mine.nights) }) {
                    throw DomainError(.conflict, "room \(mine.roomID!) is taken by stay \(other.id)", field: "roomId")
                }
            }
        }
    }

    private func currency(ofStay stayID: Int) -> Currency {
        stays[stayID].flatMap { properties[$0.propertyID] }?.currency ?? .thb
    }

    private func makeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    /// A change's working copy of folios and guests, kept only when the change succeeds.
    actor Transaction: StayLedger {
        var folios: [Int: Folio]
        var guests: [Int: Guest]
        let rates: [Int: [Day: Money]]
        var nextID: Int
        /// Rooms' statuses set in the change.
        var housekeeping: [Int: HousekeepingStatus] = [:]

        init(folios: [Int: Folio], guests: [Int: Guest], rates: [Int: [Day: Money]], nextID: Int) {
            self.folios = folios
            self.guests = guests
            self.rates = rates
            self.nextID = nextID
        }

        func folio(stayID: Int) -> Folio { folios[stayID] ?? Folio(currency: .thb) }
        func agreedRates(stayID: Int) -> [Day: Money] { rates[stayID] ?? [:] }
        func guest(id: Int) -> Guest? { guests[id] }
        func update(_ guest: Guest) { guests[guest.id] = guest }
        func setHousekeeping(_ status: HousekeepingStatus, roomID: Int) { housekeeping[roomID] = status }

        func post(_ postings: [Posting], stayID: Int) throws {
            var folio = folio(stayID: stayID)
            for posting in postings {
                let amount =
                    posting.kind == .reversal
                    ? folio.entries.first { $0.id == posting.reverses }?.amount ?? posting.amount : posting.amount
                try folio.post(
                    FolioEntry(
                        id: nextID, kind: posting.kind, description: posting.description, amount: amount,
                        category: posting.category, method: posting.method, reverses: posting.reverses,
                        night: posting.night, taxes: posting.taxes, folio: folio.destination(of: posting),
                        movedFrom: posting.movedFrom))
                nextID += 1
            }
            folios[stayID] = folio
        }

        func committed() -> ([Int: Folio], [Int: Guest], Int) { (folios, guests, nextID) }
    }
}
