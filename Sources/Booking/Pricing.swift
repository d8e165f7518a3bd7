/// A stay's price, itemised: what the guest site shows and what the folio charges. One function
/// computes it (`StayPrice.quote`), so the two can never disagree.
public struct StayPrice: Hashable, Sendable {
    public struct Line: Hashable, Sendable {
        public var name: String
        public var amount: Money
        /// The night a room line is for.
        public var night: Day?
    }

    /// One line per night at that night's rate.
    public var nights: [Line]
    public var fees: [Line]
    public var taxes: [Line]
    public var currency: Currency

    public var roomTotal: Money { Money(nights.map(\.amount.amount).saturatedSum(), currency) }
    public var feeTotal: Money { Money(fees.map(\.amount.amount).saturatedSum(), currency) }
    public var taxTotal: Money { Money(taxes.map(\.amount.amount).saturatedSum(), currency) }
    /// The room price a night, as the guest site shows it ("from THB 1,586.67 a night"): the nights'
    /// total over their count, rounded half up to the currency's minor unit. The one rule for it, so
    /// that a list and a detail never differ by a satang.
    public var perNight: Money {
        let count = max(nights.count, 1)
        // Rates are never negative (`RoomType.validate(rate:)`), nor then their total.
        return Money(max(roomTotal.amount, 0).addingSaturated(count / 2) / count, currency)
    }
    public var total: Money { Money([roomTotal.amount, feeTotal.amount, taxTotal.amount].saturatedSum(), currency) }

    /// The price of a room type for some nights at a property: nightly rates, the property's fees,
    /// then each tax as a share of rooms and fees, rounded to the currency's minor unit per line.
    /// `agreedRates` are the rates a booking was made at: a night that has one keeps it, whatever the
    /// room type's rate has become since; other nights (added by a change of dates) are at today's rate.
    public static func quote(
        roomType: RoomType, nights: Nights, property: Property, agreedRates: [Day: Money] = [:]
    ) throws(DomainError) -> StayPrice {
        try quote(roomType: roomType, nights: nights, property: property, agreedRates: agreedRates) { night in
            "\(roomType.name), night of \(night)"
        }
    }

    /// The same price with its nights' lines unnamed: what search compares and lists for hundreds of room
    /// types at once, where naming a line a night was a tenth of a search's time.
    public static func listingQuote(
        roomType: RoomType, nights: Nights, property: Property
    ) throws(DomainError) -> StayPrice {
        try quote(roomType: roomType, nights: nights, property: property, agreedRates: [:]) { _ in "" }
    }

    private static func quote(
        roomType: RoomType, nights: Nights, property: Property, agreedRates: [Day: Money],
        nightName: (Day) -> String
    ) throws(DomainError) -> StayPrice {
        let currency = property.currency
        guard roomType.baseRate.currency == currency else {
            throw .invalid(
                "roomType", "the room type is priced in \(roomType.baseRate.currency), the property in \(currency)")
        }
        var nightLines: [Line] = []
        for night in nights {
            let rate = agreedRates[night] ?? roomType.rate(for: night)
            try Money.zero(currency).requireSameCurrency(rate, field: "rate")
            nightLines.append(Line(name: nightName(night), amount: rate, night: night))
        }
        var feeLines: [Line] = []
        for fee in property.fees {
            let amount = fee.basis == .perNight ? fee.amount.times(nights.count) : fee.amount
            feeLines.append(Line(name: fee.name, amount: amount, night: nil))
        }
        let taxable = Money((nightLines + feeLines).map(\.amount.amount).saturatedSum(), currency)
        let taxLines = property.taxes.map { tax in
            Line(name: tax.name, amount: taxable.share(basisPoints: tax.basisPoints), night: nil)
        }
        return StayPrice(nights: nightLines, fees: feeLines, taxes: taxLines, currency: currency)
    }
}
