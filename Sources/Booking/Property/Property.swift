import Foundation

/// What a property is run as: a hotel sells nights in rooms; a salon sells appointments with staff.
public enum PropertyKind: String, Sendable, CaseIterable {
    case hotel
    case salon
}

/// A fee charged on a stay: once, or per night.
public struct Fee: Hashable, Sendable {
    public enum Basis: String, Sendable {
        case perStay = "per_stay"
        case perNight = "per_night"
    }

    public var name: String
    public var amount: Money
    public var basis: Basis

    public init(name: String, amount: Money, basis: Basis) {
        self.name = name
        self.amount = amount
        self.basis = basis
    }
}

/// When a guest may cancel without charge, and what it costs after that.
public struct CancellationPolicy: Hashable, Sendable {
    /// Free cancellation until this many days before arrival.
    public var freeUntilDaysBefore: Int
    /// The share of the total charged for a later cancellation, in basis points.
    public var lateCancellationBasisPoints: Int

    public init(freeUntilDaysBefore: Int, lateCancellationBasisPoints: Int) {
        self.freeUntilDaysBefore = freeUntilDaysBefore
        self.lateCancellationBasisPoints = lateCancellationBasisPoints
    }

    /// Whether cancelling on `day` costs nothing for a stay arriving on `arrival`.
    public func isFree(cancellingOn day: Day, arrival: Day) -> Bool {
        arrival.number - day.number >= freeUntilDaysBefore
    }
}

/// A hotel, guest house or salon.
public struct Property: Hashable, Sendable, Identifiable {
    public var id: Int
    public var name: String
    public var kind: PropertyKind
    public var region: String
    public var city: String
    public var latitude: Double
    public var longitude: Double
    /// An IANA time zone name: "today" and check-in instants are in it.
    public var timeZoneID: String
    public var currency: Currency
    /// Check-in and check-out as minutes after midnight (14:00 is 840).
    public var checkInMinute: Int
    public var checkOutMinute: Int
    public var summary: String
    public var amenities: [String]
    public var photos: [String]
    public var cancellationPolicy: CancellationPolicy
    public var fees: [Fee]
    public var taxes: [Tax]
    /// The plans its rooms are sold as besides its standard terms (`RatePlan`).
    public var ratePlans: [RatePlan]
    /// Who issues its invoices and receipts.
    public var issuer: Issuer
    /// Where it is paid by a code (PromptPay, VietQR); nil: no code is drawn.
    public var receivingAccount: ReceivingAccount?
    /// Its own texts (summary, amenities, room types, fees, taxes, services) in other languages.
    public var translations: Translations
    /// A salon's: the hotel whose guests in house it charges visits to their room (`RoomCharge`); nil:
    /// none. Set by a manager of both (`RoomCharges.link`).
    public var chargesHotelID: Int?

    public init(
        id: Int, name: String, kind: PropertyKind, region: String, city: String, latitude: Double,
        longitude: Double, timeZoneID: String, currency: Currency, checkInMinute: Int = 14 * 60,
        checkOutMinute: Int = 11 * 60, summary: String = "", amenities: [String] = [], photos: [String] = [],
        cancellationPolicy: CancellationPolicy = CancellationPolicy(
            freeUntilDaysBefore: 2, lateCancellationBasisPoints: 10_000),
        fees: [Fee] = [], taxes: [Tax] = [], ratePlans: [RatePlan] = [], issuer: Issuer = Issuer(),
        receivingAccount: ReceivingAccount? = nil, translations: Translations = Translations(),
        chargesHotelID: Int? = nil
    ) {
        self.chargesHotelID = chargesHotelID
        self.receivingAccount = receivingAccount
        self.id = id
        self.name = name
        self.kind = kind
        self.region = region
        self.city = city
        self.latitude = latitude
        self.longitude = longitude
        self.timeZoneID = timeZoneID
        self.currency = currency
        self.checkInMinute = checkInMinute
        self.checkOutMinute = checkOutMinute
        self.summary = summary
        self.amenities = amenities
        self.photos = photos
        self.cancellationPolicy = cancellationPolicy
        self.fees = fees
        self.taxes = taxes
        self.ratePlans = ratePlans
        self.issuer = issuer
        self.translations = translations
    }

    /// The property's time zone; properties are only stored with zones that exist.
    public var timeZone: TimeZone { TimeZone(identifier: timeZoneID) ?? .gmt }

    /// The longest a property's name, region or city may be.
    public static let nameLimit = 100

    /// Checks a new property's name and place: a name of 1 to 100 characters on one line, a region and a
    /// city of at most 100, and a point on the globe.
    public static func validate(
        name: String, region: String, city: String, latitude: Double, longitude: Double
    ) throws(DomainError) {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else { throw .invalid("name", "must not be empty") }
        try FreeText.validate(name, field: "name", limit: nameLimit, lines: false)
        try FreeText.validate(region, field: "region", limit: nameLimit, lines: false)
        try FreeText.validate(city, field: "city", limit: nameLimit, lines: false)
        guard (-90...90).contains(latitude) else { throw .invalid("latitude", "must be from -90 to 90") }
        guard (-180...180).contains(longitude) else { throw .invalid("longitude", "must be from -180 to 180") }
    }

    /// Checks what a property must be before it is stored.
    public static func validate(timeZoneID: String, checkInMinute: Int, checkOutMinute: Int) throws(DomainError) {
        guard TimeZone(identifier: timeZoneID) != nil else {
            throw .invalid("timeZone", "'\(timeZoneID)' is not an IANA time zone")
        }
        guard (0..<1440).contains(checkInMinute) else { throw .invalid("checkIn", "must be a time of day") }
        guard (0..<1440).contains(checkOutMinute) else { throw .invalid("checkOut", "must be a time of day") }
    }

    /// Today in the property's time zone.
    public func today(now: Date) -> Day { Day.today(in: timeZone, now: now) }

    /// When a stay's check-in opens and its check-out is due, as instants.
    public func checkInInstant(on day: Day) -> Date { day.instant(atMinute: checkInMinute, in: timeZone) }
    public func checkOutInstant(on day: Day) -> Date { day.instant(atMinute: checkOutMinute, in: timeZone) }
}
