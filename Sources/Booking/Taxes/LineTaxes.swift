/// What a folio line keeps of the taxes it was posted with, so that a paper issued later states what was
/// charged whatever the property's taxes have become since: a charge's class and the shares inside its
/// price then; a tax line, the charge it posts (the tax, its rate or amount, its base and units).
public struct LineTaxes: Hashable, Sendable {
    public var taxClass: TaxClass
    /// A charge's shares inside its price when posted; nil for a line posted before lines kept them.
    public var included: [Tax]?
    /// A tax line's charge; nil for a line posted before lines kept them.
    public var charge: TaxCharge?

    public init(taxClass: TaxClass = .standard, included: [Tax]? = nil, charge: TaxCharge? = nil) {
        self.taxClass = taxClass
        self.included = included
        self.charge = charge
    }

    /// A charge of `taxClass` sold on `day` at a property with `taxes`: the shares inside its price then.
    public static func charge(_ taxClass: TaxClass, on day: Day, taxes: [Tax]) -> LineTaxes {
        LineTaxes(
            taxClass: taxClass,
            included: taxClass == .outside
                ? [] : taxes.filter { $0.basis == .includedShare && $0.appliesTo == taxClass && $0.applies(on: day) })
    }

    /// The taxable line a charge of `amount` is, sold on `day`.
    public func line(_ amount: Money, kind: TaxableLine.Kind, day: Day) -> TaxableLine {
        TaxableLine(amount: amount, kind: kind, taxClass: taxClass, day: day, charged: included)
    }
}
