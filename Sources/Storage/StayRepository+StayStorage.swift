import Booking

/// The front desk's operations (`FrontDesk`) keep their stays here, in SQLite or PostgreSQL.
extension StayRepository: StayStorage {
    public func property(id: Int) async throws -> Property? {
        try await store.properties.property(id: id)
    }

    public func roomTypes(propertyID: Int) async throws -> [RoomType] {
        try await store.properties.roomTypes(propertyID: propertyID)
    }

    public func room(id: Int) async throws -> Room? {
        try await store.properties.room(id: id)
    }

    public func rooms(propertyID: Int) async throws -> [Room] {
        try await store.properties.rooms(propertyID: propertyID)
    }

    public func folio(stayID: Int) async throws -> Folio {
        try await store.folios.folio(stayID: stayID)
    }

    public func holds(propertyID: Int, overlapping nights: Nights) async throws -> [RoomHold] {
        try await holds(propertyIDs: [propertyID], overlapping: nights)[propertyID] ?? []
    }

    public func insert(_ new: NewStay, agreedRates: [Day: Money], by userID: Int?) async throws -> Stay {
        var new = new
        new.agreedRates = agreedRates
        return try await create(new, by: userID)
    }

    public func change(
        stayID: Int, expectedVersion: Int?, by userID: Int?, action: String,
        _ change: @escaping @Sendable (inout Stay, StayTransaction) async throws -> Void
    ) async throws -> Stay {
        try await update(stayID: stayID, expectedVersion: expectedVersion, by: userID, action: action, change)
    }

    public func post(_ postings: [Posting], stayID: Int, by userID: Int?) async throws -> Folio {
        try await store.folios.post(postings, stayID: stayID, by: userID)
    }
}

/// The housekeeping operations keep rooms' statuses and blocks here too.
extension StayRepository: RoomStorage {
    public func blocks(propertyID: Int, overlapping nights: Nights) async throws -> [RoomBlock] {
        try await store.rooms.blocks(propertyID: propertyID, overlapping: nights)
    }

    public func block(id: Int) async throws -> RoomBlock? {
        try await store.rooms.block(id: id)
    }

    public func updateHousekeeping(of room: Room, by userID: Int?) async throws -> Room {
        try await store.rooms.updateHousekeeping(of: room, by: userID)
    }

    public func insert(_ block: RoomBlock, by userID: Int?) async throws -> RoomBlock {
        try await store.rooms.insert(block, by: userID)
    }

    public func end(_ block: RoomBlock, shortenedTo shortened: RoomBlock?, by userID: Int?) async throws {
        try await store.rooms.end(block, shortenedTo: shortened, by: userID)
    }
}

/// Invoices and receipts are issued from the folios kept here.
extension StayRepository: DocumentStorage {
    public func updateIssuer(_ issuer: Issuer, propertyID: Int, by userID: Int?) async throws -> Property {
        try await store.documents.updateIssuer(issuer, propertyID: propertyID, by: userID)
    }

    public func issue(
        stayID: Int, by userID: Int?, _ draft: @escaping @Sendable (Folio) throws -> FolioDocument
    ) async throws -> FolioDocument {
        try await store.documents.issue(stayID: stayID, by: userID, draft)
    }

    public func documents(stayID: Int) async throws -> [FolioDocument] {
        try await store.documents.documents(stayID: stayID)
    }

    public func document(id: Int) async throws -> FolioDocument? {
        try await store.documents.document(id: id)
    }
}

/// A property's own texts in other languages are kept with the property.
extension StayRepository: TranslationStorage {
    public func services(propertyID: Int) async throws -> [Service] {
        try await store.properties.services(propertyID: propertyID)
    }

    public func updateTranslations(_ translations: Translations, propertyID: Int, by userID: Int?) async throws
        -> Property
    {
        try await store.properties.updateTranslations(translations, propertyID: propertyID, by: userID)
    }
}

/// A property's staff are accounts, kept with the users.
extension StayRepository: StaffStorage {
    public func staffAccounts(propertyID: Int) async throws -> [StaffAccount] {
        try await store.users.staffAccounts(propertyID: propertyID)
    }

    public func account(email: String) async throws -> (user: User, roles: [Int: StaffRole])? {
        try await store.users.account(email: email)
    }

    public func account(id: Int) async throws -> (user: User, roles: [Int: StaffRole])? {
        try await store.users.account(id: id)
    }

    public func createAccount(
        email: String, name: String, role: StaffRole, passwordHash: String, propertyID: Int, by userID: Int
    ) async throws -> User {
        try await store.users.createAccount(
            email: email, name: name, role: role, passwordHash: passwordHash, propertyID: propertyID, by: userID)
    }

    public func setRole(_ role: StaffRole, userID: Int, propertyID: Int, by byUserID: Int) async throws {
        try await store.users.setRole(role, userID: userID, propertyID: propertyID, by: byUserID)
    }

    public func removeRole(userID: Int, propertyID: Int, by byUserID: Int) async throws {
        try await store.users.removeRole(userID: userID, propertyID: propertyID, by: byUserID)
    }

    public func setPassword(userID: Int, passwordHash: String, propertyID: Int, by byUserID: Int) async throws {
        try await store.users.setPassword(
            userID: userID, passwordHash: passwordHash, propertyID: propertyID, by: byUserID)
    }
}

/// A property's taxes and rate plans are kept with it.
extension StayRepository: TaxStorage {
    public func updateTaxes(_ taxes: [Tax], propertyID: Int, by userID: Int?) async throws -> Property {
        try await store.documents.updateTaxes(taxes, propertyID: propertyID, by: userID)
    }

    public func updateRatePlans(_ plans: [RatePlan], propertyID: Int, by userID: Int?) async throws -> Property {
        try await store.documents.updateRatePlans(plans, propertyID: propertyID, by: userID)
    }
}
