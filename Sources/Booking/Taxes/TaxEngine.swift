/// A line a tax may be charged on: a room's night (its room-only price) or any other charge, of a class
/// (standard, reduced, outside the tax), sold on a day.
public struct TaxableLine: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A room's night, at its room-only price: what taxes by the night and their bands are on.
        case room
        case charge
    }

    public var amount: Money
    public var kind: Kind
    public var taxClass: TaxClass
    /// The day it is sold: a room's night, the day of a visit or of a charge.
    public var day: Day
    /// The taxes it was charged with, when it was charged earlier (a folio's line); nil: the taxes given.
    public var charged: [Tax]?

    public init(amount: Money, kind: Kind = .charge, taxClass: TaxClass = .standard, day: Day, charged: [Tax]? = nil) {
        self.amount = amount
        self.kind = kind
        self.taxClass = taxClass
        self.day = day
        self.charged = charged
    }
}

/// One tax as a set of lines is charged it, rounded once: a share on the total of the lines it applies
/// to (with the shares it compounds on), or a tax by the night on the nights it counts.
public struct TaxCharge: Hashable, Sendable {
    /// The tax as it was charged: its rate or amount then.
    public var tax: Tax
    /// A share: the lines' total it is charged on (the prices with it inside, for one included); by the
    /// night: the room-only nights' total.
    public var base: Money
    public var amount: Money
    /// By the night: the rooms' or guests' nights charged, at `unitAmount` each.
    public var units: Int
    public var unitAmount: Money?

    public var included: Bool { tax.basis == .includedShare }

    public init(tax: Tax, base: Money, amount: Money, units: Int = 0, unitAmount: Money? = nil) {
        self.tax = tax
        self.base = base
        self.amount = amount
        self.units = units
        self.unitAmount = unitAmount
    }
}

/// The taxes of a set of lines: each tax's charges in the order of the taxes, and their totals.
public struct TaxAssessment: Hashable, Sendable {
    public var charges: [TaxCharge]
    public var currency: Currency

    /// The taxes added to the prices.
    public var added: [TaxCharge] { charges.filter { !$0.included } }
    /// The taxes inside the prices: stated, never added.
    public var included: [TaxCharge] { charges.filter(\.included) }
    public var addedTotal: Money { Money(added.map(\.amount.amount).saturatedSum(), currency) }
}

/// The one place taxes are computed: a quote, a stay's folio, a salon's checkout and every document ask
/// it. It takes a property's taxes and a document's lines and answers each tax's charge:
/// - a share is charged on the lines of its class sold on its days; one added on their prices, one
///   included taken out of them (all the shares inside a price taken out together, and split by rate);
///   one that compounds also on the shares of its kind that do not (1,000 → service 100 → VAT 77);
/// - a tax by the night on each room's night it applies to, up to its cap of nights: its amount, or its
///   band's by the night's room-only price without the shares inside it (a guest's part of it, for a
///   tax by the person), a room or each guest it counts;
/// - lines outside the tax bear none;
/// - each charge is rounded once, by its tax's rounding, never line by line. A tax whose lines bear
///   different other shares (a rate that changed on a day) is charged once per such set.
public enum TaxEngine {
    public static func assess(_ lines: [TaxableLine], taxes: [Tax], party: Party, currency: Currency)
        -> TaxAssessment
    {
        // No tax to charge (a place without taxes, lines charged with none): nothing to add up. A guest
        // search quotes hundreds of room types, most at such places.
        guard !taxes.isEmpty || lines.contains(where: { $0.charged?.isEmpty == false }) else {
            return TaxAssessment(charges: [], currency: currency)
        }
        // Taxes by their place among those met (the given ones first, then those lines were charged with),
        // so that a charge's identity hashes as a few integers.
        var known = taxes
        var positions: [Key: Int] = [:]
        var partials: [(tax: Int, part: Partial)] = []
        func add(_ key: Key, _ part: Partial) {
            if let position = positions[key] {
                partials[position].part.add(part)
            } else {
                positions[key] = partials.count
                partials.append((key.tax, part))
            }
        }
        var nightsCounted = [Int](repeating: 0, count: taxes.count)
        let guestsSharing = max(1, party.adults + party.children)
        for line in lines.sorted(by: { $0.day < $1.day }) where line.taxClass != .outside {
            var applying: [(index: Int, tax: Tax)] = []
            if let charged = line.charged {
                for tax in charged where tax.applies(on: line.day) {
                    let index = known.firstIndex(of: tax) ?? known.count
                    if index == known.count {
                        known.append(tax)
                        nightsCounted.append(0)
                    }
                    applying.append((index, tax))
                }
            } else {
                for (index, tax) in taxes.enumerated() where tax.applies(on: line.day) { applying.append((index, tax)) }
            }
            let shares = applying.filter { $0.tax.isShare && $0.tax.appliesTo == line.taxClass }
            let sums = Rates(shares.map(\.tax))
            let gross = Int128(line.amount.amount)
            for (index, tax) in shares {
                let rate = Int128(tax.basisPoints)
                switch (tax.basis == .includedShare, tax.compounds) {
                case (false, false):
                    add(Key(tax: index), Partial(base: gross, numerator: gross * rate, denominator: 10_000))
                case (false, true):
                    add(
                        Key(tax: index, first: sums.added),
                        Partial(
                            base: gross, numerator: gross * (10_000 + sums.added) * rate, denominator: 100_000_000,
                            compoundedBase: gross * (10_000 + sums.added)))
                case (true, false):
                    add(
                        Key(tax: index, first: sums.included, second: sums.includedCompounding),
                        Partial(
                            base: gross, numerator: gross * rate * 10_000,
                            denominator: (10_000 + sums.included) * (10_000 + sums.includedCompounding)))
                case (true, true):
                    add(
                        Key(tax: index, first: sums.includedCompounding),
                        Partial(base: gross, numerator: gross * rate, denominator: 10_000 + sums.includedCompounding))
                }
            }
            guard line.kind == .room else { continue }
            // The night's room-only price without the shares inside it: what bands are read by.
            let net = gross * 100_000_000 / ((10_000 + sums.included) * (10_000 + sums.includedCompounding))
            for (index, tax) in applying where !tax.isShare {
                guard nightsCounted[index] < (tax.maxNights ?? Int.max) else { continue }
                nightsCounted[index] += 1
                let perGuest = tax.basis == .perPersonNight
                let units = perGuest ? party.counted(by: tax) : 1
                let measure = perGuest ? net / Int128(guestsSharing) : net
                let unit =
                    tax.bands.isEmpty
                    ? tax.amount ?? .zero(currency)
                    : Tax.Band.amount(at: Int(clamping: measure), in: tax.bands, currency: currency)
                guard units > 0, unit.amount > 0 else { continue }
                add(
                    Key(tax: index, first: Int128(unit.amount)),
                    Partial(
                        base: gross, numerator: Int128(unit.amount) * Int128(units), denominator: 1, units: units,
                        unit: unit.amount))
            }
        }
        return TaxAssessment(
            charges: partials.map { index, part in
                let tax = known[index]
                let base =
                    part.compoundedBase.map { Money(Int(clamping: ($0 + 5_000) / 10_000), currency) }
                    ?? Money(Int(clamping: part.base), currency)
                return TaxCharge(
                    tax: tax, base: base, amount: Money(part.rounded(tax.rounding), currency), units: part.units,
                    unitAmount: part.unit.map { Money($0, currency) })
            }, currency: currency)
    }

    /// A charge's identity: the tax (its place among those met) and the other rates its amount depends on.
    private struct Key: Hashable {
        var tax: Int
        var first: Int128 = 0
        var second: Int128 = 0
    }

    /// The sums of the shares on one line that its shares' amounts depend on.
    private struct Rates {
        var added: Int128 = 0
        var included: Int128 = 0
        var includedCompounding: Int128 = 0

        init(_ shares: [Tax]) {
            for tax in shares where !tax.compounds {
                if tax.basis == .includedShare {
                    included += Int128(tax.basisPoints)
                } else {
                    added += Int128(tax.basisPoints)
                }
            }
            for tax in shares where tax.compounds && tax.basis == .includedShare {
                includedCompounding += Int128(tax.basisPoints)
            }
        }
    }

    /// A charge's exact amount summed over its lines (numerator over one denominator per key), before
    /// it is rounded once.
    private struct Partial {
        var base: Int128 = 0
        var numerator: Int128 = 0
        var denominator: Int128 = 1
        var compoundedBase: Int128?
        var units = 0
        var unit: Int?

        init() {}

        init(
            base: Int128, numerator: Int128, denominator: Int128, compoundedBase: Int128? = nil, units: Int = 0,
            unit: Int? = nil
        ) {
            self.base = base
            self.numerator = numerator
            self.denominator = denominator
            self.compoundedBase = compoundedBase
            self.units = units
            self.unit = unit
        }

        mutating func add(_ part: Partial) {
            base += part.base
            numerator += part.numerator
            denominator = part.denominator
            if let more = part.compoundedBase { compoundedBase = (compoundedBase ?? 0) + more }
            units += part.units
            unit = part.unit
        }

        func rounded(_ rounding: TaxRounding) -> Int {
            let magnitude = numerator.magnitude
            let divisor = denominator.magnitude
            var quotient = magnitude / divisor
            let remainder = magnitude % divisor
            switch rounding {
            case .halfUp: if remainder * 2 >= divisor { quotient += 1 }
            case .down: break
            case .up: if remainder > 0 { quotient += 1 }
            }
            let clamped = quotient > UInt128(Int.max) ? Int.max : Int(quotient)
            return numerator < 0 ? -clamped : clamped
        }
    }
}

extension Party {
    /// The guests a tax by the person counts.
    func counted(by tax: Tax) -> Int {
        adults + (tax.exemptChildren ? 0 : children) + (tax.exemptInfants ? 0 : infants)
    }
}
