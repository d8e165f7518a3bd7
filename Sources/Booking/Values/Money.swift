/// An ISO 4217 currency and how many digits its minor unit has.
public struct Currency: Hashable, Sendable, CustomStringConvertible {
    public let code: String
    /// Digits after the decimal point: 2 for THB and USD, 0 for JPY, KRW and VND.
    public let minorUnitDigits: Int

    /// The currencies Frontdesk takes; others are refused rather than guessed at.
    public static let known: [String: Currency] = [
        "THB": Currency(code: "THB", minorUnitDigits: 2),
        "USD": Currency(code: "USD", minorUnitDigits: 2),
        "EUR": Currency(code: "EUR", minorUnitDigits: 2),
        "JPY": Currency(code: "JPY", minorUnitDigits: 0),
        "KRW": Currency(code: "KRW", minorUnitDigits: 0),
        "VND": Currency(code: "VND", minorUnitDigits: 0),
    ]

    public static let thb = known["THB"]!
    public static let jpy = known["JPY"]!
    public static let krw = known["KRW"]!
    public static let vnd = known["VND"]!
    public static let usd = known["USD"]!

    private init(code: String, minorUnitDigits: Int) {
        self.code = code
        self.minorUnitDigits = minorUnitDigits
    }

    /// The currency with this code, or an error naming the field it came from.
    public static func named(_ code: String, field: String = "currency") throws(DomainError) -> Currency {
        guard let currency = known[code] else {
            throw .invalid(
                field, "'\(code)' is not a currency Frontdesk takes (\(known.keys.sorted().joined(separator: ", ")))")
        }
        return currency
    }

    public var description: String { code }
}

/// An amount of money: an integer count of the currency's minor units (satang, yen), never a float.
public struct Money: Hashable, Sendable, CustomStringConvertible {
    public var amount: Int
    public var currency: Currency

    public init(_ amount: Int, _ currency: Currency) {
        self.amount = amount
        self.currency = currency
    }

    public static func zero(_ currency: Currency) -> Money { Money(0, currency) }

    /// The largest amount one charge, payment or nightly rate may be: 10^12 minor units (ten billion
    /// baht, a trillion dong). Sums of such amounts over a folio's lines (`Folio.maxEntries`) or a
    /// stay's nights (`Stay.maxNights`) stay far inside `Int`.
    public static let maxAmount = 1_000_000_000_000

    /// Checks an amount a client sent before any arithmetic touches it: within `range` (at most
    /// `maxAmount`), or an error naming the field.
    public static func validate(
        amount: Int, field: String, in range: ClosedRange<Int> = 1...maxAmount
    ) throws(DomainError) {
        guard range.contains(amount) else {
            throw .invalid(
                field,
                "\(amount) is not an amount from \(range.lowerBound) to \(range.upperBound) (in minor units: satang, cents, yen)",
                reason: .numberRange,
                params: [
                    "min": String(range.lowerBound), "max": String(range.upperBound), "value": String(amount),
                ])
        }
    }

    /// Whole units (baht, yen) in minor units: 1,200 THB is 120,000 satang, 1,200 JPY is 1,200.
    public static func whole(_ units: Int, _ currency: Currency) -> Money {
        var amount = units
        for _ in 0..<currency.minorUnitDigits { amount = amount.multipliedSaturated(by: 10) }
        return Money(amount, currency)
    }

    public func adding(_ other: Money) throws(DomainError) -> Money {
        try requireSameCurrency(other)
        return Money(amount.addingSaturated(other.amount), currency)
    }

    public func subtracting(_ other: Money) throws(DomainError) -> Money {
        try requireSameCurrency(other)
        return Money(amount.addingSaturated(other.negated.amount), currency)
    }

    public func times(_ count: Int) -> Money { Money(amount.multipliedSaturated(by: count), currency) }

    /// Minus the amount (`Int.min`, which has no opposite, is held at `Int.max`).
    public var negated: Money { Money(amount == .min ? .max : -amount, currency) }

    /// A share in basis points (700 is 7 %), rounded half away from zero to the minor unit.
    public func share(basisPoints: Int) -> Money {
        // In 128 bits: a bounded amount times a share over 100 % still fits, and nothing traps.
        let scaled = Int128(amount) * Int128(basisPoints)
        let rounded = (scaled.magnitude + 5_000) / 10_000
        let clamped = rounded > UInt128(Int.max) ? Int.max : Int(rounded)
        return Money(scaled < 0 ? -clamped : clamped, currency)
    }

    func requireSameCurrency(_ other: Money, field: String = "currency") throws(DomainError) {
        guard other.currency == currency else {
            throw .invalid(field, "expected \(currency.code), got \(other.currency.code)")
        }
    }

    /// `1200.00 THB`, `1200 JPY`: for logs and receipts' plain text, not for display (the web app
    /// formats with `Intl`).
    public var description: String { "\(decimal) \(currency.code)" }

    /// The amount in whole units with the currency's digits after the point, without the currency:
    /// `1200.00` (THB), `1200` (JPY). What `parse(decimal:)` reads back.
    public var decimal: String {
        let digits = currency.minorUnitDigits
        guard digits > 0 else { return "\(amount)" }
        var divisor = 1
        for _ in 0..<digits { divisor *= 10 }
        let fraction = String(amount.magnitude % UInt(divisor))
        let padded = String(repeating: "0", count: digits - fraction.count) + fraction
        return "\(amount < 0 ? "-" : "")\(amount.magnitude / UInt(divisor)).\(padded)"
    }

    /// Reads an amount written in whole units with at most the currency's digits after a point
    /// (`1234.50` or `1234.5` baht, `12000` yen), from zero to `maxAmount` minor units. No sign, no
    /// thousands separators, no more decimals than the currency has. The digits are counted before any
    /// arithmetic, so no text overflows.
    public static func parse(decimal text: String, _ currency: Currency, field: String) throws(DomainError) -> Money {
        let digits = currency.minorUnitDigits
        let parts = text.utf8.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        let isDigits = { (part: Substring.UTF8View.SubSequence) in
            !part.isEmpty && part.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        }
        guard isDigits(parts[0]), parts.count == 1 || isDigits(parts[1]) else {
            throw .invalid(
                field,
                "'\(text.prefix(40))' is not an amount (digits\(digits > 0 ? ", a point and up to \(digits) decimals" : ""), "
                    + "such as \(Money(123_450, currency).decimal))")
        }
        let decimals = parts.count == 2 ? parts[1].count : 0
        guard decimals <= digits else {
            throw .invalid(
                field,
                "'\(text.prefix(40))' has \(decimals) decimal\(decimals == 1 ? "" : "s"); \(currency.code) has "
                    + "\(digits == 0 ? "none" : "\(digits)")")
        }
        // 10^12 minor units have at most 13 digits: anything longer (leading zeros aside) is too large.
        let whole = parts[0].drop { $0 == UInt8(ascii: "0") }
        guard whole.count <= 13 else {
            throw .invalid(field, "'\(text.prefix(40))' is more than \(Money(maxAmount, currency).decimal)")
        }
        var amount = 0
        for byte in whole { amount = amount * 10 + Int(byte - UInt8(ascii: "0")) }
        let fraction = parts.count == 2 ? Array(parts[1]) : []
        for index in 0..<digits {
            amount = amount * 10 + (index < fraction.count ? Int(fraction[index] - UInt8(ascii: "0")) : 0)
        }
        guard amount <= maxAmount else {
            throw .invalid(field, "'\(text.prefix(40))' is more than \(Money(maxAmount, currency).decimal)")
        }
        return Money(amount, currency)
    }
}

extension Array where Element == Money {
    /// The sum of amounts in one currency; zero in `currency` for an empty list.
    public func sum(in currency: Currency) throws(DomainError) -> Money {
        var total = Money.zero(currency)
        for money in self { total = try total.adding(money) }
        return total
    }
}
