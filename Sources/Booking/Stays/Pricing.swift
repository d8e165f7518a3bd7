/// A stay's price, itemised: what the guest site shows and what the folio charges. One function
/// computes it (`StayPrice.quote`), so the two can never disagree.
public struct StayPrice: Hashable, Sendable {
    public struct Line: Hashable, Sendable {
        public var name: String
        public var amount: Money
        /// The night a room line is for.
        public var night: Day?
        /// A tax already inside the prices: shown, not added to the total.
        public var included = false
        /// A tax line's charge, as the tax engine answered it.
        public var tax: TaxCharge? {
            get { charged.first }
            set { charged = newValue.map { [$0] } ?? [] }
        }
        /// `tax`, boxed: most lines are nights, which carry none, and a search builds, copies and drops
        /// hundreds of them; an empty array is a pointer where a `TaxCharge` is a whole `Tax`.
        private var charged: [TaxCharge] = []

        public init(name: String, amount: Money, night: Day?, included: Bool = false, tax: TaxCharge? = nil) {
            self.name = name
            self.amount = amount
            self.night = night
            self.included = included
            self.tax = tax
        }
    }

    /// One line per night at that night's rate.
    public var nights: [Line]
    public var fees: [Line]
    public var taxes: [Line]
    public var currency: Currency

    public var roomTotal: Money { Money(nights.map(\.amount.amount).saturatedSum(), currency) }
    public var feeTotal: Money { Money(fees.map(\.amount.amount).saturatedSum(), currency) }
    /// The taxes added to the price (those already inside it left out).
    public var taxTotal: Money { Money(taxes.filter { !$0.included }.map(\.amount.amount).saturatedSum(), currency) }
    /// The room price a night, as the guest site shows it ("from THB 1,586.67 a night"): the nights'
    /// total over their count, rounded half up to the currency's minor unit. The one rule for it, so
    /// that a list and a detail never differ by a satang.
    public var perNight: Money {
        let count = max(nights.count, 1)
        // Rates are never negative (`RoomType.validate(rate:)`), nor then their total.
        return Money(max(roomTotal.amount, 0).addingSaturated(count / 2) / count, currency)
    }
    public var total: Money { Money([roomTotal.amount, feeTotal.amount, taxTotal.amount].saturatedSum(), currency) }

    /// The price of a room type for some nights at a property for `party`: nightly rates, the property's
    /// fees, then its taxes on both as the tax engine charges them (`TaxEngine`), each rounded once.
    /// `agreedRates` are the rates a booking was made at: a night that has one keeps it, whatever the
    /// room type's rate has become since; other nights (added by a change of dates) are at today's rate.
    public static func quote(
        roomType: RoomType, nights: Nights, property: Property, party: Party, plan: RatePlan? = nil,
        agreedRates: [Day: Money] = [:]
    ) throws(DomainError) -> StayPrice {
        try quote(
            roomType: roomType, nights: nights, property: property, party: party, plan: plan, agreedRates: agreedRates
        ) { night in "\(roomType.name), night of \(night)" }
    }

    /// The same price with its nights' lines unnamed: what search compares and lists for hundreds of room
    /// types at once, where naming a line a night was a tenth of a search's time.
    public static func listingQuote(
        roomType: RoomType, nights: Nights, property: Property, party: Party
    ) throws(DomainError) -> StayPrice {
        try quote(roomType: roomType, nights: nights, property: property, party: party, plan: nil, agreedRates: [:]) {
            _ in ""
        }
    }

    private static func quote(
        roomType: RoomType, nights: Nights, property: Property, party: Party, plan: RatePlan?,
        agreedRates: [Day: Money], nightName: (Day) -> String
    ) throws(DomainError) -> StayPrice {
        let currency = property.currency
        guard roomType.baseRate.currency == currency else {
            throw .invalid(
                "roomType", "the room type is priced in \(roomType.baseRate.currency), the property in \(currency)")
        }
        var nightLines: [Line] = []
        for night in nights {
            // A night not agreed yet is at today's rate, as the stay's plan prices it.
            let rate = agreedRates[night] ?? roomType.rate(for: night, on: plan)
            try Money.zero(currency).requireSameCurrency(rate, field: "rate")
            nightLines.append(Line(name: nightName(night), amount: rate, night: night))
        }
        var feeLines: [Line] = []
        for fee in property.fees {
            let amount = fee.basis == .perNight ? fee.amount.times(nights.count) : fee.amount
            feeLines.append(Line(name: fee.name, amount: amount, night: nil))
        }
        if let plan, let extra = plan.extraPerGuestNight {
            let guests = party.adults + party.children
            feeLines.append(
                Line(
                    name: plan.extraName,
                    amount: Money(extra.amount.multipliedSaturated(by: guests * nights.count), currency), night: nil))
        }
        guard !property.taxes.isEmpty else {
            return StayPrice(nights: nightLines, fees: feeLines, taxes: [], currency: currency)
        }
        let taxable =
            nightLines.map { TaxableLine(amount: $0.amount, kind: .room, day: $0.night ?? nights.arrival) }
            + feeLines.map { TaxableLine(amount: $0.amount, day: nights.arrival) }
        let taxLines = TaxEngine.assess(taxable, taxes: property.taxes, party: party, currency: currency).charges.map {
            Line(name: $0.tax.name, amount: $0.amount, night: nil, included: $0.included, tax: $0)
        }
        return StayPrice(nights: nightLines, fees: feeLines, taxes: taxLines, currency: currency)
    }
}

/// Who a stay is for, as a tax by the person counts them.
public struct Party: Hashable, Sendable {
    public var adults: Int
    public var children: Int
    public var infants: Int

    public init(adults: Int, children: Int = 0, infants: Int = 0) {
        self.adults = adults
        self.children = children
        self.infants = infants
    }
}

extension Stay {
    public var party: Party { Party(adults: adults, children: children, infants: infants) }
}
