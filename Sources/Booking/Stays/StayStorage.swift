/// What the front desk's operations (`FrontDesk`) need of storage, and nothing more: reading a
/// property, its rooms and a stay, storing a new stay, and changing a stay or its folio in one
/// transaction. `Storage`'s `StayRepository` keeps them in SQLite or PostgreSQL, whose own rules
/// still refuse two stays in one room on one night; tests may keep them in memory.
public protocol StayStorage: MessageStorage {
    /// What a change may read and write besides the stay, inside the change's transaction.
    associatedtype Ledger: StayLedger

    func property(id: Int) async throws -> Property?
    func roomTypes(propertyID: Int) async throws -> [RoomType]
    func room(id: Int) async throws -> Room?
    func rooms(propertyID: Int) async throws -> [Room]
    func stay(id: Int) async throws -> Stay?
    /// The stay a guest quotes by its confirmation code (`FD-7K2Q9XAB`).
    func stay(confirmationCode: String) async throws -> Stay?
    func guest(id: Int) async throws -> Guest?
    func folio(stayID: Int) async throws -> Folio
    func agreedRates(stayID: Int) async throws -> [Day: Money]
    /// The runs of nights held in the property's rooms (or waiting for one) over `nights`.
    func holds(propertyID: Int, overlapping nights: Nights) async throws -> [RoomHold]

    /// Stores a new stay as booked, with its guest and the rates agreed for its nights, its audit row
    /// and its event, in one transaction. Refused with `.conflict`, naming the stay in the way, when
    /// its room is taken on one of the nights. Checks no rule of the domain: `FrontDesk.book` has.
    func insert(_ new: NewStay, agreedRates: [Day: Money], by userID: Int?) async throws -> Stay

    /// Changes a stay in one transaction: loads it, refuses it as `.stale` when its version is not
    /// `expectedVersion` (nil: any), runs `change` on it with the transaction's ledger, and writes the
    /// stay (its version bumped), its audit row and its event. `.conflict`, naming the stay in the way,
    /// when a room is taken. Returns the stored stay.
    func change(
        stayID: Int, expectedVersion: Int?, by userID: Int?, action: String,
        _ change: @escaping @Sendable (inout Stay, Ledger) async throws -> Void
    ) async throws -> Stay

    /// Posts to a stay's folio in one transaction, all or none, by the folio's rules (`Folio.post`), then
    /// what `follow` answers for the folio after them (the taxes a charge by hand calls for); returns the
    /// folio after both.
    func post(
        _ postings: [Posting], stayID: Int, by userID: Int?,
        then follow: @escaping @Sendable (Folio) throws -> [Posting]
    ) async throws -> Folio

    /// Splits a stay's folio anew in one transaction: reads the folio, stores the split `change` answers for
    /// it (`change` may refuse), with its audit row; returns the folio after.
    func split(
        stayID: Int, by userID: Int?, _ change: @escaping @Sendable (Folio) throws -> FolioSplit
    ) async throws -> Folio
}

extension StayStorage {
    /// Posts to a stay's folio in one transaction, all or none, by the folio's rules; returns the folio after.
    public func post(_ postings: [Posting], stayID: Int, by userID: Int?) async throws -> Folio {
        try await post(postings, stayID: stayID, by: userID) { _ in [] }
    }
}

/// What a change of a stay may read and write in its transaction.
public protocol StayLedger: Sendable {
    /// The stay's folio as it stands in this transaction.
    func folio(stayID: Int) async throws -> Folio
    /// The rates agreed for the stay's nights when it was booked; empty when none were kept.
    func agreedRates(stayID: Int) async throws -> [Day: Money]
    /// Posts to the stay's folio by the folio's rules.
    func post(_ postings: [Posting], stayID: Int) async throws
    func guest(id: Int) async throws -> Guest?
    /// Writes a guest's name and contact (checked by `Guest.validate` before).
    func update(_ guest: Guest) async throws
    /// Sets a room's housekeeping status (a departure leaves it dirty), with its event.
    func setHousekeeping(_ status: HousekeepingStatus, roomID: Int) async throws
}

/// What the housekeeping operations need of storage besides stays: rooms' statuses and the blocks
/// that take rooms out of service.
public protocol RoomStorage: StayStorage {
    /// The stays of a property whose nights touch `nights` (arrivals, departures, in house).
    func stays(propertyID: Int, overlapping nights: Nights) async throws -> [Stay]
    func blocks(propertyID: Int, overlapping nights: Nights) async throws -> [RoomBlock]
    func block(id: Int) async throws -> RoomBlock?
    /// Writes a room's status and housekeeper, with its audit row and event; returns the room after.
    func updateHousekeeping(of room: Room, by userID: Int?) async throws -> Room
    /// Stores a new block with its audit row and event. Refused with `.conflict`, naming the stay in
    /// the way, when a stay holds the room on one of its nights (or another block does).
    func insert(_ block: RoomBlock, by userID: Int?) async throws -> RoomBlock
    /// Shortens a block to `shortened`'s nights, or removes it when `shortened` is nil.
    func end(_ block: RoomBlock, shortenedTo shortened: RoomBlock?, by userID: Int?) async throws
}

extension StayLedger {
    /// Brings a checked-in stay's folio in line with its nights (`StayCharges`): what check-in posts,
    /// and what every later change of the nights corrects. The nights not yet charged are priced as
    /// the guest site quotes them, at the rates the stay agreed first.
    public func correctCharges(of stay: Stay, roomType: RoomType, property: Property) async throws {
        let price = try await price(of: stay, roomType: roomType, property: property)
        let corrections = StayCharges.corrections(
            folio: try await folio(stayID: stay.id), nights: stay.nights, price: price, taxes: property.taxes,
            party: stay.party)
        guard !corrections.isEmpty else { return }
        try await post(corrections.map(Posting.init), stayID: stay.id)
    }

    /// The stay's price for its nights as they stand in this transaction: the nights it was booked
    /// for at their agreed rates, others at the room type's rates now.
    public func price(of stay: Stay, roomType: RoomType, property: Property) async throws -> StayPrice {
        try StayPrice.quote(
            roomType: roomType, nights: stay.nights, property: property, party: stay.party,
            plan: property.ratePlan(stay.ratePlanID), agreedRates: try await agreedRates(stayID: stay.id))
    }
}

/// What invoices and receipts need of storage besides stays: the property's issuer, and documents
/// numbered without gaps per property and kind.
public protocol DocumentStorage: CompanyStorage {
    /// Writes the property's issuer (checked by `Issuer.validate`), with its audit row and event;
    /// returns the property after.
    func updateIssuer(_ issuer: Issuer, propertyID: Int, by userID: Int?) async throws -> Property
    /// Issues a document in one transaction: reads the stay's folio, drafts the document from it
    /// (`draft` may refuse), gives it the next number of its property and kind, and stores it with its
    /// audit row and event. A refused or failed issue takes no number.
    func issue(
        stayID: Int, by userID: Int?, _ draft: @escaping @Sendable (Folio) throws -> FolioDocument
    ) async throws -> FolioDocument
    /// A stay's documents, oldest first.
    func documents(stayID: Int) async throws -> [FolioDocument]
    func document(id: Int) async throws -> FolioDocument?
}
