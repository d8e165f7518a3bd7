import Booking
import Foundation
import SQLKit

/// Properties and what they sell: room types with their rates, rooms, staff, services.
public struct PropertyRepository: Sendable {
    let store: Store

    init(store: Store) {
        self.store = store
    }

    /// Stores a new property and returns it with its id.
    public func insert(_ property: Property) async throws -> Property {
        try Property.validate(
            timeZoneID: property.timeZoneID, checkInMinute: property.checkInMinute,
            checkOutMinute: property.checkOutMinute)
        var property = property
        property.taxes = Tax.numbered(property.taxes, keeping: [])
        return try await store.write { [property] sql in
            let rowID = try await sql.insertReturningID(
                """
                INSERT INTO properties (name, kind, region, city, latitude, longitude, time_zone, currency,
                  check_in_minute, check_out_minute, summary, amenities, photos, free_cancellation_days,
                  late_cancellation_bp, fees, taxes, rate_plans, issuer_name, issuer_address, issuer_tax_id,
                  issuer_branch, translations)
                VALUES (\(bind: property.name), \(bind: property.kind.rawValue), \(bind: property.region),
                  \(bind: property.city), \(bind: property.latitude), \(bind: property.longitude),
                  \(bind: property.timeZoneID), \(bind: property.currency.code), \(bind: property.checkInMinute),
                  \(bind: property.checkOutMinute), \(bind: property.summary), \(bind: JSONText.encode(property.amenities)),
                  \(bind: JSONText.encode(property.photos)), \(bind: property.cancellationPolicy.freeUntilDaysBefore),
                  \(bind: property.cancellationPolicy.lateCancellationBasisPoints),
                  \(bind: JSONText.encode(property.fees.map(FeeRecord.init))),
                  \(bind: JSONText.encode(property.taxes.map(TaxRecord.init))),
                  \(bind: JSONText.encode(property.ratePlans.map(RatePlanRecord.init))), \(bind: property.issuer.name),
                  \(bind: property.issuer.address), \(bind: property.issuer.taxID), \(bind: property.issuer.branch),
                  \(bind: TranslationsRecord.encode(property.translations)))
                RETURNING id
                """
            )
            try await Self.moveInventoryOn(in: sql)
            var stored = property
            stored.id = rowID
            return stored
        }
    }

    public func insert(_ roomType: RoomType) async throws -> RoomType {
        try await store.write { sql in
            let rowID = try await sql.insertReturningID(
                """
                INSERT INTO room_types (property_id, name, capacity, base_rate)
                VALUES (\(bind: roomType.propertyID), \(bind: roomType.name), \(bind: roomType.capacity),
                  \(bind: roomType.baseRate.amount))
                RETURNING id
                """
            )
            var stored = roomType
            stored.id = rowID
            for (night, rate) in roomType.rateOverrides {
                try await sql.raw(
                    """
                    INSERT INTO room_rates (room_type_id, night, amount)
                    VALUES (\(bind: stored.id), \(bind: night.number), \(bind: rate.amount))
                    """
                ).run()
            }
            try await Self.moveInventoryOn(in: sql)
            return stored
        }
    }

    /// Sets a room type's rate for some nights (a season, a festival), replacing any rate they had, with
    /// its audit row and event. Stays already booked keep the rates they were booked at.
    public func setRate(_ rate: Money, roomTypeID: Int, nights: Nights, by userID: Int? = nil) async throws {
        guard rate.amount >= 0 else { throw DomainError.invalid("amount", "a rate cannot be negative") }
        try await store.write { sql in
            let row = try await sql.raw(
                """
                SELECT p.id, p.currency FROM room_types t JOIN properties p ON p.id = t.property_id
                WHERE t.id = \(bind: roomTypeID)
                """
            ).first()
            guard let row else { throw DomainError(.notFound, "no room type \(roomTypeID)", field: "roomTypeId") }
            let currency = try row.decode(column: "currency", as: String.self)
            guard currency == rate.currency.code else {
                throw DomainError.invalid("currency", "the room type is priced in \(currency), not \(rate.currency)")
            }
            try await sql.raw(
                """
                DELETE FROM room_rates WHERE room_type_id = \(bind: roomTypeID)
                  AND night >= \(bind: nights.arrival.number) AND night < \(bind: nights.departure.number)
                """
            ).run()
            var insert = sql.insert(into: "room_rates").columns("room_type_id", "night", "amount")
            for night in nights {
                insert = insert.values(SQLBind(roomTypeID), SQLBind(night.number), SQLBind(rate.amount))
            }
            try await insert.run()
            try await Self.moveInventoryOn(in: sql)
            try await Journal.record(
                in: sql, at: store.clock.nowMillis, propertyID: try row.decode(column: "id", as: Int.self),
                userID: userID, entity: "room_type", entityID: roomTypeID, action: "rates", before: nil as RateRecord?,
                after: RateRecord(from: nights.arrival.iso, to: nights.departure.iso, amount: rate.amount))
        }
    }

    /// Sets a room type's restriction for a run of nights, replacing what they had (an empty one clears
    /// them), with its audit row and event; the guest site follows at once.
    public func setRestriction(
        _ restriction: NightRestriction, roomType: RoomType, nights: Nights, by userID: Int?
    ) async throws {
        try await store.write { sql in
            try await sql.raw(
                """
                DELETE FROM room_restrictions WHERE room_type_id = \(bind: roomType.id)
                  AND night >= \(bind: nights.arrival.number) AND night < \(bind: nights.departure.number)
                """
            ).run()
            if !restriction.isEmpty {
                var insert = sql.insert(into: "room_restrictions").columns(
                    "room_type_id", "night", "min_stay", "max_stay", "closed_to_arrival", "closed_to_departure",
                    "stop_sell")
                for night in nights {
                    insert = insert.values(
                        SQLBind(roomType.id), SQLBind(night.number), SQLBind(restriction.minStay),
                        SQLBind(restriction.maxStay), SQLBind(restriction.closedToArrival),
                        SQLBind(restriction.closedToDeparture), SQLBind(restriction.stopSell))
                }
                try await insert.run()
            }
            try await Self.moveInventoryOn(in: sql)
            try await Journal.record(
                in: sql, at: store.clock.nowMillis, propertyID: roomType.propertyID, userID: userID,
                entity: "room_type", entityID: roomType.id,
                action: "restrictions", before: nil as RestrictionRecord?,
                after: RestrictionRecord(restriction, nights: nights))
        }
    }

    public func insert(_ room: Room) async throws -> Room {
        try await insert(rooms: [room])[0]
    }

    /// Adds many rooms in one transaction.
    public func insert(rooms: [Room]) async throws -> [Room] {
        try await store.write { sql in
            var stored: [Room] = []
            for room in rooms {
                var room = room
                room.id = try await sql.insertReturningID(
                    """
                    INSERT INTO rooms (property_id, room_type_id, number, floor, housekeeping)
                    VALUES (\(bind: room.propertyID), \(bind: room.roomTypeID), \(bind: room.number),
                      \(bind: room.floor), \(bind: room.housekeeping.rawValue))
                    RETURNING id
                    """
                )
                stored.append(room)
            }
            try await Self.moveInventoryOn(in: sql)
            return stored
        }
    }

    // MARK: - The guest site's inventory

    /// Moves the inventory's generation on, in the transaction of a change to what hotels sell: every
    /// write to properties, room types, their rates or rooms calls it.
    static func moveInventoryOn(in sql: any SQLDatabase) async throws {
        try await sql.raw("UPDATE inventory_generation SET generation = generation + 1 WHERE id = 1").run()
    }

    /// The inventory's generation: it moves on with every committed change to properties, room types,
    /// rates or rooms, so an inventory read at one generation is still true while it stands.
    public func inventoryGeneration() async throws -> Int {
        try await store.read { sql in try await Self.inventoryGeneration(in: sql) }
    }

    static func inventoryGeneration(in sql: any SQLDatabase) async throws -> Int {
        try await sql.raw("SELECT generation FROM inventory_generation WHERE id = 1").first()?
            .decode(column: "generation", as: Int.self) ?? 0
    }

    /// What the guest site sells, read at once: every hotel with its room types (and rates) and rooms.
    public struct HotelInventory: Sendable {
        /// The generation read before the rest, so that the inventory is never older than its number.
        public var generation: Int
        public var hotels: [Property]
        public var roomTypes: [Int: [RoomType]]
        public var rooms: [Int: [Room]]
    }

    /// Every hotel's inventory, in five queries whatever the number of hotels (and no list of ids).
    public func hotelInventory() async throws -> HotelInventory {
        try await store.read { sql in
            let generation = try await Self.inventoryGeneration(in: sql)
            let hotels = try await sql.raw(
                "SELECT * FROM properties WHERE kind = \(bind: PropertyKind.hotel.rawValue) ORDER BY id"
            ).all().map(Self.property(from:))
            let hotelsOnly: SQLQueryString = "p.kind = \(bind: PropertyKind.hotel.rawValue)"
            let roomTypes = try await Self.roomTypes(where: hotelsOnly, in: sql)
            let rooms = Dictionary(
                grouping: try await sql.raw(
                    """
                    SELECT r.* FROM rooms r JOIN properties p ON p.id = r.property_id WHERE \(hotelsOnly)
                    ORDER BY r.property_id, r.room_type_id, r.number
                    """
                ).all().map(Self.room(from:)), by: \.propertyID)
            return HotelInventory(generation: generation, hotels: hotels, roomTypes: roomTypes, rooms: rooms)
        }
    }

    public func insert(_ staff: StaffMember) async throws -> StaffMember {
        try await store.write { sql in
            let rowID = try await sql.insertReturningID(
                """
                INSERT INTO staff (property_id, name, team, work_start, work_end, colour, online)
                VALUES (\(bind: staff.propertyID), \(bind: staff.name), \(bind: staff.team),
                  \(bind: staff.workingHours.lowerBound), \(bind: staff.workingHours.upperBound), \(bind: staff.colour),
                  \(bind: staff.bookableOnline))
                RETURNING id
                """
            )
            var stored = staff
            stored.id = rowID
            return stored
        }
    }

    public func insert(_ service: Service) async throws -> Service {
        try await store.write { sql in
            let rowID = try await sql.insertReturningID(
                """
                INSERT INTO services (property_id, name, duration_minutes, price)
                VALUES (\(bind: service.propertyID), \(bind: service.name), \(bind: service.durationMinutes),
                  \(bind: service.price.amount))
                RETURNING id
                """
            )
            var stored = service
            stored.id = rowID
            return stored
        }
    }

    /// The salon's members of staff; with `retired`, those taken off it too (for the appointments they had).
    public func staff(propertyID: Int, retired: Bool = false) async throws -> [StaffMember] {
        try await store.read { sql in
            try await sql.raw(
                """
                SELECT * FROM staff WHERE property_id = \(bind: propertyID)
                  \(unsafeRaw: retired ? "" : "AND NOT retired") ORDER BY team, id
                """
            ).all().map {
                row in
                StaffMember(
                    id: try row.decode(column: "id", as: Int.self), propertyID: propertyID,
                    name: try row.decode(column: "name", as: String.self),
                    team: try row.decode(column: "team", as: String.self),
                    workingHours: try row.decode(
                        column: "work_start", as: Int.self)..<row.decode(column: "work_end", as: Int.self),
                    bookableOnline: try row.decode(column: "online", as: Bool.self),
                    colour: try row.decode(column: "colour", as: String.self))
            }
        }
    }

    /// The salon's services; with `retired`, those taken off its menu too (for the appointments they had).
    /// The names of some members of staff, retired ones among them: what a sale's lines were taken by.
    public func staffNames(ids: [Int]) async throws -> [Int: String] {
        guard !ids.isEmpty else { return [:] }
        return try await store.read { sql in
            var names: [Int: String] = [:]
            for row in try await sql.raw("SELECT id, name FROM staff WHERE id IN (\(binds: ids))").all() {
                names[try row.decode(column: "id", as: Int.self)] = try row.decode(column: "name", as: String.self)
            }
            return names
        }
    }

    public func services(propertyID: Int, retired: Bool = false) async throws -> [Service] {
        try await store.read { sql in
            guard
                let property = try await sql.raw("SELECT currency FROM properties WHERE id = \(bind: propertyID)")
                    .first()
            else { return [] }
            let currency = try Currency.named(try property.decode(column: "currency", as: String.self))
            return try await sql.raw(
                """
                SELECT * FROM services WHERE property_id = \(bind: propertyID)
                  \(unsafeRaw: retired ? "" : "AND NOT retired") ORDER BY id
                """
            ).all()
                .map {
                    row in
                    Service(
                        id: try row.decode(column: "id", as: Int.self), propertyID: propertyID,
                        name: try row.decode(column: "name", as: String.self),
                        durationMinutes: try row.decode(column: "duration_minutes", as: Int.self),
                        price: Money(try row.decode(column: "price", as: Int.self), currency))
                }
        }
    }

    public func property(id: Int) async throws -> Property? {
        try await store.read { sql in
            try await Self.property(id: id, in: sql)
        }
    }

    /// A property read inside a transaction already open.
    static func property(id: Int, in sql: any SQLDatabase) async throws -> Property? {
        try await sql.raw("SELECT * FROM properties WHERE id = \(bind: id)").first().map(Self.property(from:))
    }

    public func properties() async throws -> [Property] {
        try await store.read { sql in
            try await sql.raw("SELECT * FROM properties ORDER BY id").all().map(Self.property(from:))
        }
    }

    /// A property's room types with their rate overrides.
    public func roomTypes(propertyID: Int) async throws -> [RoomType] {
        try await roomTypes(propertyIDs: [propertyID])[propertyID] ?? []
    }

    /// One room type with its rates.
    public func roomType(id: Int) async throws -> RoomType? {
        try await store.read { sql in try await Self.roomTypes(where: "t.id = \(bind: id)", in: sql).values.first?.first
        }
    }

    /// The room types of many properties at once (the guest site's search), by property: two queries
    /// whatever the number of properties.
    public func roomTypes(propertyIDs: [Int]) async throws -> [Int: [RoomType]] {
        guard !propertyIDs.isEmpty else { return [:] }
        return try await store.read { sql in
            try await Self.roomTypes(where: "p.id IN (\(binds: propertyIDs))", in: sql)
        }
    }

    /// Room types with their rates, by property, of the properties `p` that `filter` keeps.
    static func roomTypes(where filter: SQLQueryString, in sql: any SQLDatabase) async throws -> [Int: [RoomType]] {
        var types: [Int: [RoomType]] = [:]
        var place: [Int: (propertyID: Int, index: Int)] = [:]
        for row in try await sql.raw(
            """
            SELECT t.*, p.currency FROM room_types t JOIN properties p ON p.id = t.property_id
            WHERE \(filter) ORDER BY t.id
            """
        ).all() {
            let propertyID = try row.decode(column: "property_id", as: Int.self)
            let type = RoomType(
                id: try row.decode(column: "id", as: Int.self), propertyID: propertyID,
                name: try row.decode(column: "name", as: String.self),
                capacity: try row.decode(column: "capacity", as: Int.self),
                baseRate: Money(
                    try row.decode(column: "base_rate", as: Int.self),
                    try Currency.named(try row.decode(column: "currency", as: String.self))))
            place[type.id] = (propertyID, types[propertyID, default: []].count)
            types[propertyID, default: []].append(type)
        }
        let rates = try await sql.raw(
            """
            SELECT r.room_type_id, r.night, r.amount FROM room_rates r
            JOIN room_types t ON t.id = r.room_type_id JOIN properties p ON p.id = t.property_id WHERE \(filter)
            """
        ).all()
        for rate in rates {
            guard let (propertyID, index) = place[try rate.decode(column: "room_type_id", as: Int.self)] else {
                continue
            }
            let currency = types[propertyID]![index].baseRate.currency
            types[propertyID]![index].rateOverrides[Day(try rate.decode(column: "night", as: Int.self))] = Money(
                try rate.decode(column: "amount", as: Int.self), currency)
        }
        for row in try await sql.raw(
            """
            SELECT r.* FROM room_restrictions r
            JOIN room_types t ON t.id = r.room_type_id JOIN properties p ON p.id = t.property_id WHERE \(filter)
            """
        ).all() {
            guard let (propertyID, index) = place[try row.decode(column: "room_type_id", as: Int.self)] else {
                continue
            }
            types[propertyID]![index].restrictions[Day(try row.decode(column: "night", as: Int.self))] =
                NightRestriction(
                    minStay: try row.decode(column: "min_stay", as: Int?.self),
                    maxStay: try row.decode(column: "max_stay", as: Int?.self),
                    closedToArrival: try row.decode(column: "closed_to_arrival", as: Bool.self),
                    closedToDeparture: try row.decode(column: "closed_to_departure", as: Bool.self),
                    stopSell: try row.decode(column: "stop_sell", as: Bool.self))
        }
        return types
    }

    public func rooms(propertyID: Int) async throws -> [Room] {
        try await rooms(propertyIDs: [propertyID])[propertyID] ?? []
    }

    /// The rooms of many properties at once, by property, in one query.
    ///
    /// On PostgreSQL the rooms come as one text (`AggregatedText`), each room written
    /// `id,property,roomType,floor,housekeeping,numberBytes:number` then `housekeeperBytes:housekeeper`:
    /// decoding 2,000 rooms column by column through PostgresKit was 40 % of a large hotel's board read.
    public func rooms(propertyIDs: [Int]) async throws -> [Int: [Room]] {
        guard !propertyIDs.isEmpty else { return [:] }
        return try await store.read { sql in
            let rooms: [Room]
            if sql.dialect.name == "postgresql" {
                let text = try await sql.raw(
                    """
                    SELECT string_agg(
                      concat_ws(',', id, property_id, room_type_id, floor, COALESCE(housekeeping, ''),
                        octet_length(number) || ':' || number)
                      || octet_length(COALESCE(housekeeper, '')) || ':' || COALESCE(housekeeper, ''),
                      '' ORDER BY property_id, room_type_id, number) AS rooms
                    FROM rooms WHERE property_id IN (\(binds: propertyIDs))
                    """
                ).first()?.decode(column: "rooms", as: String?.self)
                rooms = try Self.rooms(from: text ?? "")
            } else {
                rooms = try await sql.raw(
                    """
                    SELECT * FROM rooms WHERE property_id IN (\(binds: propertyIDs))
                    ORDER BY property_id, room_type_id, number
                    """
                ).all().map(Self.room(from:))
            }
            return Dictionary(grouping: rooms, by: \.propertyID)
        }
    }

    /// The rooms `rooms(propertyIDs:)` reads on PostgreSQL, from their text.
    static func rooms(from text: String) throws -> [Room] {
        try AggregatedText.rows(of: text, what: "rooms") { row in
            let (id, property, roomType, floor) = (
                try row.number(), try row.number(), try row.number(), try row.number()
            )
            let housekeeping = HousekeepingStatus(rawValue: try row.word()) ?? .dirty
            return Room(
                id: id, propertyID: property, roomTypeID: roomType, number: try row.text(), floor: floor,
                housekeeping: housekeeping, housekeeper: try row.text())
        }
    }

    public func room(id: Int) async throws -> Room? {
        try await store.read { sql in try await Self.room(id: id, in: sql) }
    }

    /// A room, read in a transaction already open.
    static func room(id: Int, in sql: any SQLDatabase) async throws -> Room? {
        try await sql.raw("SELECT * FROM rooms WHERE id = \(bind: id)").first().map(Self.room(from:))
    }

    static func room(from row: any SQLRow) throws -> Room {
        Room(
            id: try row.decode(column: "id", as: Int.self),
            propertyID: try row.decode(column: "property_id", as: Int.self),
            roomTypeID: try row.decode(column: "room_type_id", as: Int.self),
            number: try row.decode(column: "number", as: String.self),
            floor: try row.decode(column: "floor", as: Int.self),
            housekeeping: HousekeepingStatus(rawValue: try row.decode(column: "housekeeping", as: String.self))
                ?? .dirty,
            housekeeper: try row.decode(column: "housekeeper", as: String?.self) ?? "")
    }

    static func property(from row: any SQLRow) throws -> Property {
        let currency = try Currency.named(try row.decode(column: "currency", as: String.self))
        return Property(
            id: try row.decode(column: "id", as: Int.self), name: try row.decode(column: "name", as: String.self),
            kind: PropertyKind(rawValue: try row.decode(column: "kind", as: String.self)) ?? .hotel,
            region: try row.decode(column: "region", as: String.self),
            city: try row.decode(column: "city", as: String.self),
            latitude: try row.decode(column: "latitude", as: Double.self),
            longitude: try row.decode(column: "longitude", as: Double.self),
            timeZoneID: try row.decode(column: "time_zone", as: String.self), currency: currency,
            checkInMinute: try row.decode(column: "check_in_minute", as: Int.self),
            checkOutMinute: try row.decode(column: "check_out_minute", as: Int.self),
            summary: try row.decode(column: "summary", as: String.self),
            amenities: try JSONText.decodeRemembered(
                [String].self, try row.decode(column: "amenities", as: String.self)),
            photos: try JSONText.decodeRemembered([String].self, try row.decode(column: "photos", as: String.self)),
            cancellationPolicy: CancellationPolicy(
                freeUntilDaysBefore: try row.decode(column: "free_cancellation_days", as: Int.self),
                lateCancellationBasisPoints: try row.decode(column: "late_cancellation_bp", as: Int.self)),
            fees: try JSONText.decodeRemembered([FeeRecord].self, try row.decode(column: "fees", as: String.self)).map {
                Fee(name: $0.name, amount: Money($0.amount, currency), basis: Fee.Basis(rawValue: $0.basis) ?? .perStay)
            },
            taxes: TaxRecord.taxes(
                try JSONText.decodeRemembered([TaxRecord].self, try row.decode(column: "taxes", as: String.self)),
                currency: currency),
            ratePlans: try JSONText.decodeRemembered(
                [RatePlanRecord].self, try row.decode(column: "rate_plans", as: String?.self) ?? "[]"
            ).map { $0.plan(currency: currency) },
            issuer: Issuer(
                name: try row.decode(column: "issuer_name", as: String.self),
                address: try row.decode(column: "issuer_address", as: String.self),
                taxID: try row.decode(column: "issuer_tax_id", as: String.self),
                branch: try row.decode(column: "issuer_branch", as: String.self)),
            receivingAccount: try ReceivingAccountRecord.account(
                try row.decode(column: "receiving_account", as: String?.self)),
            translations: try TranslationsRecord.decode(try row.decode(column: "translations", as: String.self)),
            chargesHotelID: try row.decode(column: "charges_hotel_id", as: Int?.self))
    }
}

struct FeeRecord: Codable {
    var name: String
    var amount: Int
    var basis: String

    init(_ fee: Fee) {
        name = fee.name
        amount = fee.amount.amount
        basis = fee.basis.rawValue
    }
}

/// `Translations` as stored: wordings by the stored text, then by language code. A language the code
/// no longer knows is dropped on reading rather than failing the property.
enum TranslationsRecord {
    static func encode(_ translations: Translations) throws -> String {
        try JSONText.encode(
            translations.wordings.mapValues { Dictionary(uniqueKeysWithValues: $0.map { ($0.key.rawValue, $0.value) }) }
        )
    }

    static func decode(_ text: String) throws -> Translations {
        let stored = try JSONText.decodeRemembered([String: [String: String]].self, text)
        return Translations(
            stored.mapValues { languages in
                Dictionary(
                    uniqueKeysWithValues: languages.compactMap { code, wording in
                        Language(rawValue: code).map { ($0, wording) }
                    })
            })
    }
}

/// A tax as stored; one stored before taxes had a basis is a share, and one stored before taxes had ids
/// is numbered by its place in the list (`numbered`).
struct TaxRecord: Codable {
    struct Band: Codable {
        var from: Int
        var amount: Int
    }

    var id: Int?
    var name: String
    var basisPoints: Int
    var basis: String?
    var amount: Int?
    var exemptChildren: Bool?
    var exemptInfants: Bool?
    var maxNights: Int?
    var compounds: Bool?
    var appliesTo: String?
    var bands: [Band]?
    var from: String?
    var through: String?
    var rounding: String?

    init(_ tax: Tax) {
        id = tax.id
        name = tax.name
        basisPoints = tax.basisPoints
        basis = tax.basis.rawValue
        amount = tax.amount?.amount
        exemptChildren = tax.exemptChildren
        exemptInfants = tax.exemptInfants
        maxNights = tax.maxNights
        compounds = tax.compounds ? true : nil
        appliesTo = tax.appliesTo == .standard ? nil : tax.appliesTo.rawValue
        bands = tax.bands.isEmpty ? nil : tax.bands.map { Band(from: $0.from.amount, amount: $0.amount.amount) }
        from = tax.from?.iso
        through = tax.through?.iso
        rounding = tax.rounding == .halfUp ? nil : tax.rounding.rawValue
    }

    func tax(currency: Currency) -> Tax {
        Tax(
            id: id ?? 0, name: name, basis: basis.flatMap(Tax.Basis.init(rawValue:)) ?? .share,
            basisPoints: basisPoints, amount: amount.map { Money($0, currency) },
            exemptChildren: exemptChildren ?? false, exemptInfants: exemptInfants ?? false, maxNights: maxNights,
            compounds: compounds ?? false, appliesTo: appliesTo.flatMap(TaxClass.init(rawValue:)) ?? .standard,
            bands: (bands ?? []).map { Tax.Band(from: Money($0.from, currency), amount: Money($0.amount, currency)) },
            from: from.flatMap(Day.init(iso:)), through: through.flatMap(Day.init(iso:)),
            rounding: rounding.flatMap(TaxRounding.init(rawValue:)) ?? .halfUp)
    }

    /// Stored taxes as the domain's, those without an id numbered by their place.
    static func taxes(_ records: [TaxRecord], currency: Currency) -> [Tax] {
        records.enumerated().map { index, record in
            var tax = record.tax(currency: currency)
            if tax.id == 0 { tax.id = index + 1 }
            return tax
        }
    }
}

/// A run of nights' restriction, for the audit log.
/// A run of nights' rate as the audit log keeps it.
struct RateRecord: Codable {
    var from: String
    var to: String
    var amount: Int
}

struct RestrictionRecord: Codable {
    var from: String
    var to: String
    var minStay: Int?
    var maxStay: Int?
    var closedToArrival: Bool
    var closedToDeparture: Bool
    var stopSell: Bool

    init(_ restriction: NightRestriction, nights: Nights) {
        from = nights.arrival.iso
        to = nights.departure.iso
        minStay = restriction.minStay
        maxStay = restriction.maxStay
        closedToArrival = restriction.closedToArrival
        closedToDeparture = restriction.closedToDeparture
        stopSell = restriction.stopSell
    }
}
