import Booking
import Foundation

/// The domain's operations read and write through the store, in SQLite or PostgreSQL: `Store` is the
/// one facade that implements their storage protocols, each requirement answered by the repository
/// that keeps it. Stays first: the front desk's operations (`FrontDesk`).
extension Store: StayStorage {
    public func stay(id: Int) async throws -> Stay? {
        try await stays.stay(id: id)
    }

    public func stay(confirmationCode: String) async throws -> Stay? {
        try await stays.stay(confirmationCode: confirmationCode)
    }

    public func guest(id: Int) async throws -> Guest? {
        try await stays.guest(id: id)
    }

    public func agreedRates(stayID: Int) async throws -> [Day: Money] {
        try await stays.agreedRates(stayID: stayID)
    }

    public func property(id: Int) async throws -> Property? {
        try await properties.property(id: id)
    }

    public func roomTypes(propertyID: Int) async throws -> [RoomType] {
        try await properties.roomTypes(propertyID: propertyID)
    }

    public func room(id: Int) async throws -> Room? {
        try await properties.room(id: id)
    }

    public func rooms(propertyID: Int) async throws -> [Room] {
        try await properties.rooms(propertyID: propertyID)
    }

    public func folio(stayID: Int) async throws -> Folio {
        try await folios.folio(stayID: stayID)
    }

    public func holds(propertyID: Int, overlapping nights: Nights) async throws -> [RoomHold] {
        try await stays.holds(propertyIDs: [propertyID], overlapping: nights)[propertyID] ?? []
    }

    public func insert(_ new: NewStay, agreedRates: [Day: Money], by userID: Int?) async throws -> Stay {
        var new = new
        new.agreedRates = agreedRates
        return try await stays.create(new, by: userID)
    }

    public func change(
        stayID: Int, expectedVersion: Int?, by userID: Int?, action: String,
        _ change: @escaping @Sendable (inout Stay, StayTransaction) async throws -> Void
    ) async throws -> Stay {
        try await stays.update(stayID: stayID, expectedVersion: expectedVersion, by: userID, action: action, change)
    }

    public func post(
        _ postings: [Posting], stayID: Int, by userID: Int?,
        then follow: @escaping @Sendable (Folio) throws -> [Posting]
    ) async throws -> Folio {
        try await folios.post(postings, stayID: stayID, by: userID, then: follow)
    }

    public func split(
        stayID: Int, by userID: Int?, _ change: @escaping @Sendable (Folio) throws -> FolioSplit
    ) async throws -> Folio {
        try await folios.split(stayID: stayID, by: userID, change)
    }
}

/// Bookings of several rooms hold stays together.
extension Store: GroupStorage {
    public func group(_ stays: [Stay], name: String, by userID: Int?) async throws -> BookingGroup {
        try await groups.group(stays, name: name, by: userID)
    }

    public func group(id: Int) async throws -> BookingGroup? {
        try await groups.group(id: id)
    }
}

/// The companies a hotel bills are kept with their folios.
extension Store: CompanyStorage {
    public func companies(propertyID: Int) async throws -> [Company] {
        try await companies.companies(propertyID: propertyID)
    }

    public func company(id: Int) async throws -> Company? {
        try await companies.company(id: id)
    }

    public func save(_ company: Company, by userID: Int?) async throws -> Company {
        try await companies.save(company, by: userID)
    }

    public func billed(companyID: Int, departing days: ClosedRange<Day>) async throws -> [CompanyInvoice.Billed] {
        try await companies.billed(companyID: companyID, departing: days)
    }

    public func issue(
        companyID: Int, departing days: ClosedRange<Day>, by userID: Int?,
        _ draft: @escaping @Sendable ([CompanyInvoice.Billed]) throws -> CompanyInvoice
    ) async throws -> CompanyInvoice {
        try await companies.issue(companyID: companyID, departing: days, by: userID, draft)
    }

    public func companyInvoices(companyID: Int) async throws -> [CompanyInvoice] {
        try await companies.invoices(companyID: companyID)
    }

    public func companyInvoice(id: Int) async throws -> CompanyInvoice? {
        try await companies.invoice(id: id)
    }
}

/// The housekeeping operations keep rooms' statuses and blocks here too.
extension Store: RoomStorage {
    public func stays(propertyID: Int, overlapping nights: Nights) async throws -> [Stay] {
        try await stays.stays(propertyID: propertyID, overlapping: nights)
    }

    public func blocks(propertyID: Int, overlapping nights: Nights) async throws -> [RoomBlock] {
        try await rooms.blocks(propertyID: propertyID, overlapping: nights)
    }

    public func block(id: Int) async throws -> RoomBlock? {
        try await rooms.block(id: id)
    }

    public func updateHousekeeping(of room: Room, by userID: Int?) async throws -> Room {
        try await rooms.updateHousekeeping(of: room, by: userID)
    }

    public func insert(_ block: RoomBlock, by userID: Int?) async throws -> RoomBlock {
        try await rooms.insert(block, by: userID)
    }

    public func end(_ block: RoomBlock, shortenedTo shortened: RoomBlock?, by userID: Int?) async throws {
        try await rooms.end(block, shortenedTo: shortened, by: userID)
    }
}

/// Invoices and receipts are issued from the folios kept here.
extension Store: DocumentStorage {
    public func updateIssuer(_ issuer: Issuer, propertyID: Int, by userID: Int?) async throws -> Property {
        try await documents.updateIssuer(issuer, propertyID: propertyID, by: userID)
    }

    public func issue(
        stayID: Int, by userID: Int?, _ draft: @escaping @Sendable (Folio) throws -> FolioDocument
    ) async throws -> FolioDocument {
        try await documents.issue(stayID: stayID, by: userID, draft)
    }

    public func documents(stayID: Int) async throws -> [FolioDocument] {
        try await documents.documents(stayID: stayID)
    }

    public func document(id: Int) async throws -> FolioDocument? {
        try await documents.document(id: id)
    }
}

/// A property's own texts in other languages are kept with the property.
extension Store: TranslationStorage {
    public func services(propertyID: Int) async throws -> [Service] {
        try await properties.services(propertyID: propertyID)
    }

    public func updateTranslations(_ translations: Translations, propertyID: Int, by userID: Int?) async throws
        -> Property
    {
        try await properties.updateTranslations(translations, propertyID: propertyID, by: userID)
    }
}

/// A property's staff are accounts, kept with the users.
extension Store: StaffStorage {
    public func staffAccounts(propertyID: Int) async throws -> [StaffAccount] {
        try await users.staffAccounts(propertyID: propertyID)
    }

    public func account(email: String) async throws -> (user: User, roles: [Int: StaffRole])? {
        try await users.account(email: email)
    }

    public func account(id: Int) async throws -> (user: User, roles: [Int: StaffRole])? {
        try await users.account(id: id)
    }

    public func createAccount(
        email: String, name: String, role: StaffRole, passwordHash: String, propertyID: Int, by userID: Int
    ) async throws -> User {
        try await users.createAccount(
            email: email, name: name, role: role, passwordHash: passwordHash, propertyID: propertyID, by: userID)
    }

    public func setRole(_ role: StaffRole, userID: Int, propertyID: Int, by byUserID: Int) async throws {
        try await users.setRole(role, userID: userID, propertyID: propertyID, by: byUserID)
    }

    public func removeRole(userID: Int, propertyID: Int, by byUserID: Int) async throws {
        try await users.removeRole(userID: userID, propertyID: propertyID, by: byUserID)
    }

    public func setPassword(userID: Int, passwordHash: String, propertyID: Int, by byUserID: Int) async throws {
        try await users.setPassword(
            userID: userID, passwordHash: passwordHash, propertyID: propertyID, by: byUserID)
    }
}

/// A property's taxes and rate plans are kept with it.
extension Store: TaxStorage {
    public func updateTaxes(_ taxes: [Tax], propertyID: Int, by userID: Int?) async throws -> Property {
        try await documents.updateTaxes(taxes, propertyID: propertyID, by: userID)
    }

    public func updateRatePlans(_ plans: [RatePlan], propertyID: Int, by userID: Int?) async throws -> Property {
        try await documents.updateRatePlans(plans, propertyID: propertyID, by: userID)
    }
}

/// The night audit closes days with the stays (`StayRepository+NightAudit.swift`).
extension Store: NightAuditStorage {
    public func closedThrough(propertyID: Int) async throws -> Day? {
        try await stays.closedThrough(propertyID: propertyID)
    }

    public func closeDay(
        _ day: Day, propertyID: Int, by userID: Int?,
        _ close: @escaping @Sendable (NightAuditRun) async throws -> DayClose
    ) async throws -> DayClose {
        try await stays.closeDay(day, propertyID: propertyID, by: userID, close)
    }

    public func dayClose(_ day: Day, propertyID: Int) async throws -> DayClose? {
        try await stays.dayClose(day, propertyID: propertyID)
    }
}

/// A room type's rates and restrictions are kept with the property.
extension Store: RateStorage {
    public func roomType(id: Int) async throws -> RoomType? {
        try await properties.roomType(id: id)
    }

    public func setRate(_ rate: Money, roomType: RoomType, nights: Nights, by userID: Int?) async throws {
        try await properties.setRate(rate, roomTypeID: roomType.id, nights: nights, by: userID)
    }

    public func setRestriction(
        _ restriction: NightRestriction, roomType: RoomType, nights: Nights, by userID: Int?
    ) async throws {
        try await properties.setRestriction(restriction, roomType: roomType, nights: nights, by: userID)
    }
}

/// The property's ledger is read from its folios.
extension Store: LedgerStorage {
    public func ledger(property: Property, first: Day, last: Day) async throws -> LedgerReport {
        try await folios.ledger(property: property, first: first, last: last)
    }
}

/// The desk's lists of a day read guests with the stays, balances from the folios.
extension Store: DeskDayStorage {
    public func guests(ids: [Int]) async throws -> [Int: Guest] {
        try await stays.guests(ids: ids)
    }

    public func balances(stayIDs: [Int], currency: Currency) async throws -> [Int: Money] {
        try await folios.balances(stayIDs: stayIDs, currency: currency)
    }

    public func bookedAt(stayIDs: [Int]) async throws -> [Int: Date] {
        try await stays.bookedAt(stayIDs: stayIDs)
    }
}

/// What guests sent by checking in online, kept with their stays.
extension Store: OnlineCheckInStorage {
    public func onlineCheckIns(stayIDs: [Int]) async throws -> [Int: OnlineCheckIn] {
        try await stays.onlineCheckIns(stayIDs: stayIDs)
    }

    public func checkInOnline(stayID: Int, _ make: @escaping @Sendable (Stay) throws -> OnlineCheckIn) async throws
        -> Stay
    {
        try await stays.checkInOnline(stayID: stayID, make)
    }
}

/// The desk finds stays and reads their history with the stays.
extension Store: StayReadStorage {
    public func find(_ text: String, propertyID: Int, limit: Int) async throws -> [(Stay, Guest)] {
        try await stays.find(text, propertyID: propertyID, limit: limit)
    }

    public func history(stayID: Int) async throws -> [StayHistoryEntry] {
        try await stays.history(stayID: stayID)
    }
}

/// A hotel's exports read its stays in the import's form, and its guests.
extension Store: ExportStorage {
    public func importForm(propertyID: Int) async throws -> StayImport {
        try await stays.importForm(propertyID: propertyID)
    }

    public func exportStays(propertyID: Int, _ body: @Sendable ([StayImport.Row]) async throws -> Void)
        async throws -> Int
    {
        try await stays.exportStays(propertyID: propertyID, body)
    }

    public func guestList(propertyID: Int) async throws -> [GuestList.Entry] {
        try await stays.guestList(propertyID: propertyID)
    }
}

/// A property is read whole with its rooms, and a salon's staff and services.
extension Store: PropertyReadStorage {
    public func properties() async throws -> [Property] {
        try await properties.properties()
    }
}

extension Store: PaymentCodeStorage {
    public func updateReceivingAccount(_ account: ReceivingAccount?, propertyID: Int, by userID: Int?) async throws
        -> Property
    {
        try await documents.updateReceivingAccount(account, propertyID: propertyID, by: userID)
    }
}
