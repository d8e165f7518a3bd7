import Foundation

/// Which taxes a line bears: the standard rate, a reduced one (Japan's 8 % on food taken away), or none
/// (outside the tax: a fee that compensates lost business, a deposit not yet applied).
public enum TaxClass: String, Sendable, CaseIterable {
    case standard
    case reduced
    case outside
}

/// How a share is rounded to the currency's minor unit, once per document per rate: half up (away from
/// zero), down (Japan's common 切り捨て) or up.
public enum TaxRounding: String, Sendable, CaseIterable {
    case halfUp = "half_up"
    case down
    case up
}

/// A tax or a service charge as the property owes it:
/// - `share`: a share of the lines it applies to, added to them (Thailand: 10 % service, 7 % VAT);
/// - `includedShare`: a share already inside every price (a VAT-inclusive rate), shown, never added;
/// - `perNight`: an amount a room a night;
/// - `perPersonNight`: an amount a guest a night (a city tax), children or infants exempt as it says.
/// A share applies to the lines of its class (`appliesTo`); a share that `compounds` is charged on the
/// lines and the shares of its kind that do not compound (Thailand's VAT on the price and the service
/// charge). A tax by the night is charged on rooms' nights, for at most `maxNights` of a stay, at its
/// amount or, with `bands`, at the band the night's room-only price falls in (Tokyo's and Kyoto's
/// accommodation taxes). A tax applies to what is sold on the days from `from` through `through`.
/// `TaxEngine` is the one place that computes them.
public struct Tax: Hashable, Sendable {
    public enum Basis: String, Sendable, CaseIterable {
        case share
        case includedShare = "included_share"
        case perNight = "per_night"
        case perPersonNight = "per_person_night"
    }

    /// One band of a tax by the night: from this room-only price of a night (a guest's part of it, for a
    /// tax by the person), the amount.
    public struct Band: Hashable, Sendable {
        public var from: Money
        public var amount: Money

        public init(from: Money, amount: Money) {
            self.from = from
            self.amount = amount
        }
    }

    /// The property's number for it, kept when its rate changes, so that a line states which tax it
    /// charged; 0 until it is stored.
    public var id: Int
    public var name: String
    public var basis: Basis
    /// A share's rate: 700 is 7 %.
    public var basisPoints: Int
    /// A tax by the night's amount (without bands).
    public var amount: Money?
    /// Who a tax by the person does not count: children (the property's, under twelve), infants (under two).
    public var exemptChildren: Bool
    public var exemptInfants: Bool
    /// The most nights of one stay a tax by the night is charged for; nil: all of them.
    public var maxNights: Int?
    /// A share is charged on the lines and the shares of its kind that do not compound.
    public var compounds: Bool
    /// The lines a share applies to: the standard ones or the reduced ones.
    public var appliesTo: TaxClass
    /// A tax by the night's amounts by the night's room-only price, from the lowest; empty: `amount`.
    public var bands: [Band]
    /// The first and last days it applies to what is sold; nil: open.
    public var from: Day?
    public var through: Day?
    public var rounding: TaxRounding

    /// A share of the room and fees, added to them.
    public init(name: String, basisPoints: Int) {
        self.init(name: name, basis: .share, basisPoints: basisPoints)
    }

    public init(
        id: Int = 0, name: String, basis: Basis, basisPoints: Int = 0, amount: Money? = nil,
        exemptChildren: Bool = false, exemptInfants: Bool = false, maxNights: Int? = nil, compounds: Bool = false,
        appliesTo: TaxClass = .standard, bands: [Band] = [], from: Day? = nil, through: Day? = nil,
        rounding: TaxRounding = .halfUp
    ) {
        self.id = id
        self.name = name
        self.basis = basis
        self.basisPoints = basisPoints
        self.amount = amount
        self.exemptChildren = exemptChildren
        self.exemptInfants = exemptInfants
        self.maxNights = maxNights
        self.compounds = compounds
        self.appliesTo = appliesTo
        self.bands = bands
        self.from = from
        self.through = through
        self.rounding = rounding
    }

    public var isShare: Bool { basis == .share || basis == .includedShare }

    /// Whether it applies to what is sold on `day`.
    public func applies(on day: Day) -> Bool {
        (from.map { day >= $0 } ?? true) && (through.map { day <= $0 } ?? true)
    }

    /// The kinds of tax a property of `kind` has: a salon sells no nights, so its taxes are shares of its
    /// prices (Japan's consumption tax inside them, Thailand's VAT added).
    public static func bases(for kind: PropertyKind) -> [Basis] {
        kind == .salon ? [.share, .includedShare] : Basis.allCases
    }

    /// The most taxes a property has, the longest a tax's name, and the most bands of one.
    public static let maxCount = 10
    public static let nameLimit = 60
    public static let maxBands = 10
    /// A rate, in basis points: from 0.01 % to 100 %.
    public static let rates = 1...10_000

    /// Checks a property's taxes before they are stored, each refusal naming its field (`taxes[1].amount`):
    /// unique names of 1 to 60 characters; a share from 0.01 % to 100 %; an amount by the night more than
    /// zero, at most `Money.maxAmount`, in the property's currency; a cap of 1 to 366 nights; bands (of a
    /// tax by the night only) rising from their first price, each amount from zero; dates in order;
    /// compounding and the reduced class for shares only.
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
            // Two taxes may share a name when their dates do not meet (VAT at 8 % until a day, 10 % after).
            guard names.insert(name).inserted || !taxes[..<index].contains(where: { $0.name == name && $0.meets(tax) })
            else {
                throw .invalid("\(field).name", "another tax is named '\(name)' on the same days", reason: .taxName)
            }
            if tax.isShare {
                guard rates.contains(tax.basisPoints) else {
                    throw .invalid(
                        "\(field).basisPoints", "a share from 1 (0.01 %) to 10000 (100 %)", reason: .taxRate)
                }
                guard tax.bands.isEmpty else {
                    throw .invalid("\(field).bands", "only a tax by the night has bands", reason: .taxBands)
                }
                guard tax.appliesTo != .outside else {
                    throw .invalid("\(field).appliesTo", "a share applies to standard or reduced lines")
                }
            } else {
                guard !tax.compounds, tax.appliesTo == .standard else {
                    throw .invalid(
                        "\(field).compounds", "a tax by the night neither compounds nor applies to reduced lines")
                }
                try validateAmount(tax, field: field, currency: currency)
            }
            if let maxNights = tax.maxNights, !(1...Stay.maxNights).contains(maxNights) {
                throw .invalid("\(field).maxNights", "from 1 to \(Stay.maxNights) nights", reason: .taxMaxNights)
            }
            if let from = tax.from, let through = tax.through, through < from {
                throw .invalid("\(field).through", "on or after the day it applies from", reason: .taxDates)
            }
        }
    }

    /// A tax by the night's amount, or its bands.
    private static func validateAmount(_ tax: Tax, field: String, currency: Currency) throws(DomainError) {
        guard !tax.bands.isEmpty else {
            guard let amount = tax.amount else {
                throw .invalid("\(field).amount", "a tax by the night needs one", reason: .taxAmount)
            }
            guard amount.currency == currency else {
                throw .invalid(
                    "\(field).amount.currency", "the property's prices are in \(currency.code)", reason: .taxAmount)
            }
            guard amount.amount > 0 else {
                throw .invalid("\(field).amount.amount", "must be more than zero", reason: .taxAmount)
            }
            try Money.validate(amount: amount.amount, field: "\(field).amount.amount")
            return
        }
        guard tax.bands.count <= maxBands else {
            throw .invalid("\(field).bands", "at most \(maxBands) bands", reason: .taxBands)
        }
        for (index, band) in tax.bands.enumerated() {
            let bandField = "\(field).bands[\(index)]"
            for (part, money) in [("from", band.from), ("amount", band.amount)] {
                guard money.currency == currency else {
                    throw .invalid(
                        "\(bandField).\(part).currency", "the property's prices are in \(currency.code)",
                        reason: .taxBands)
                }
                try Money.validate(amount: money.amount, field: "\(bandField).\(part).amount", in: 0...Money.maxAmount)
            }
            guard index == 0 || band.from.amount > tax.bands[index - 1].from.amount else {
                throw .invalid("\(bandField).from", "each band starts above the one before", reason: .taxBands)
            }
        }
    }

    /// Whether two taxes apply on a day in common.
    private func meets(_ other: Tax) -> Bool {
        let starts = [from, other.from].compactMap { $0 }.max()
        let ends = [through, other.through].compactMap { $0 }.min()
        guard let starts, let ends else { return true }
        return starts <= ends
    }

    /// The taxes as a manager sets them, numbered: one that names the id of one the property has keeps
    /// it, any other is given the next.
    public static func numbered(_ taxes: [Tax], keeping previous: [Tax]) -> [Tax] {
        var next = ((previous + taxes).map(\.id).max() ?? 0) + 1
        var used: Set<Int> = []
        return taxes.map { tax in
            var tax = tax
            if tax.id <= 0 || !previous.contains(where: { $0.id == tax.id }) || used.contains(tax.id) {
                tax.id = next
                next += 1
            }
            used.insert(tax.id)
            return tax
        }
    }
}

extension Tax.Band {
    /// The amount of the band `price` falls in among `bands` (rising), zero below the first.
    static func amount(at price: Int, in bands: [Tax.Band], currency: Currency) -> Money {
        bands.last { $0.from.amount <= price }?.amount ?? .zero(currency)
    }
}
