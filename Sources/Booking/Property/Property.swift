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

/// A tax or a service charge as the property owes it:
/// - `share`: a share of the room charges and fees, added to them (Thailand: 10 % service, 7 % VAT);
/// - `includedShare`: a share already inside every price (a VAT-inclusive rate), shown, never added;
/// - `perNight`: an amount a room a night;
/// - `perPersonNight`: an amount a guest a night (a city tax), children or infants exempt as it says.
/// A tax by the night may be charged for at most `maxNights` nights of a stay.
public struct Tax: Hashable, Sendable {
    public enum Basis: String, Sendable, CaseIterable {
        case share
        case includedShare = "included_share"
        case perNight = "per_night"
        case perPersonNight = "per_person_night"
    }

    public var name: String
    public var basis: Basis
    /// A share's rate: 700 is 7 %.
    public var basisPoints: Int
    /// A tax by the night's amount.
    public var amount: Money?
    /// Who a tax by the person does not count: children (the property's, under twelve), infants (under two).
    public var exemptChildren: Bool
    public var exemptInfants: Bool
    /// The most nights of one stay a tax by the night is charged for; nil: all of them.
    public var maxNights: Int?

    /// A share of the room and fees, added to them.
    public init(name: String, basisPoints: Int) {
        self.init(name: name, basis: .share, basisPoints: basisPoints)
    }

    public init(
        name: String, basis: Basis, basisPoints: Int = 0, amount: Money? = nil, exemptChildren: Bool = false,
        exemptInfants: Bool = false, maxNights: Int? = nil
    ) {
        self.name = name
        self.basis = basis
        self.basisPoints = basisPoints
        self.amount = amount
        self.exemptChildren = exemptChildren
        self.exemptInfants = exemptInfants
        self.maxNights = maxNights
    }

    public var isShare: Bool { basis == .share || basis == .includedShare }

    /// The kinds of tax a property of `kind` has: a salon sells no nights, so its taxes are shares of its
    /// prices (Japan's consumption tax inside them, Thailand's VAT added).
    public static func bases(for kind: PropertyKind) -> [Basis] {
        kind == .salon ? [.share, .includedShare] : Basis.allCases
    }

    /// The most taxes a property has, and the longest a tax's name.
    public static let maxCount = 10
    public static let nameLimit = 60

    /// Checks a property's taxes before they are stored, each refusal naming its field (`taxes[1].amount`):
    /// unique names of 1 to 60 characters; a share from 0.01 % to 100 %; an amount by the night more than
    /// zero, at most `Money.maxAmount`, in the property's currency; a cap of 1 to 366 nights.
    public static func validate(_ taxes: [Tax], currency: Currency, kind: PropertyKind = .hotel) throws(DomainError) {
        guard taxes.count <= maxCount else {
            throw .invalid("taxes", "a property has at most \(maxCount) taxes", reason: .taxTooMany)
        }
        var names: Set<String> = []
        for (index, tax) in taxes.enumerated() {
            let field = "taxes[\(index)]"
            guard bases(for: kind).contains(tax.basis) else {
                throw .invalid(
                    "\(field).basis",
                    "a \(kind.rawValue)'s taxes are \(bases(for: kind).map(\.rawValue).joined(separator: ", "))")
            }
            let name = tax.name.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, name.count <= nameLimit, name == tax.name else {
                throw .invalid(
                    "\(field).name", "1 to \(nameLimit) characters, without spaces around", reason: .taxName)
            }
            try FreeText.validate(tax.name, field: "\(field).name", limit: nameLimit, lines: false)
            guard names.insert(name).inserted else {
                throw .invalid("\(field).name", "another tax is named '\(name)'", reason: .taxName)
            }
            if tax.isShare {
                guard (1...10_000).contains(tax.basisPoints) else {
                    throw .invalid(
                        "\(field).basisPoints", "a share from 1 (0.01 %) to 10000 (100 %)", reason: .taxRate)
                }
            } else {
                guard let amount = tax.amount else {
                    throw .invalid("\(field).amount", "a tax by the night needs one", reason: .taxAmount)
                }
                guard amount.currency == currency else {
                    throw .invalid(
                        "\(field).amount.currency", "the property's prices are in \(currency.code)",
                        reason: .taxAmount)
                }
                guard amount.amount > 0 else {
                    throw .invalid("\(field).amount.amount", "must be more than zero", reason: .taxAmount)
                }
                try Money.validate(amount: amount.amount, field: "\(field).amount.amount")
            }
            if let maxNights = tax.maxNights, !(1...Stay.maxNights).contains(maxNights) {
                throw .invalid("\(field).maxNights", "from 1 to \(Stay.maxNights) nights", reason: .taxMaxNights)
            }
        }
    }

    /// The part of `amount` (a price that includes them) that each of `taxes`' included shares is,
    /// the shares taken together out of the price and split by their rates.
    public static func included(in amount: Money, taxes: [Tax]) -> [(tax: Tax, amount: Money)] {
        let included = taxes.filter { $0.basis == .includedShare }
        let rate = included.map(\.basisPoints).reduce(0, +)
        guard rate > 0 else { return [] }
        return included.map { tax in
            let share = amount.amount.multipliedSaturated(by: tax.basisPoints).addingSaturated((10_000 + rate) / 2)
            return (tax, Money(share / (10_000 + rate), amount.currency))
        }
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
    /// Its own texts (summary, amenities, room types, fees, taxes, services) in other languages.
    public var translations: Translations

    public init(
        id: Int, name: String, kind: PropertyKind, region: String, city: String, latitude: Double,
        longitude: Double, timeZoneID: String, currency: Currency, checkInMinute: Int = 14 * 60,
        checkOutMinute: Int = 11 * 60, summary: String = "", amenities: [String] = [], photos: [String] = [],
        cancellationPolicy: CancellationPolicy = CancellationPolicy(
            freeUntilDaysBefore: 2, lateCancellationBasisPoints: 10_000),
        fees: [Fee] = [], taxes: [Tax] = [], ratePlans: [RatePlan] = [], issuer: Issuer = Issuer(),
        translations: Translations = Translations()
    ) {
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
