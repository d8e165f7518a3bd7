import Foundation

/// A salon's ticket book (回数券: "10 blow-drys for the price of 9") or prepaid balance (プリペイド), sold to a
/// customer at the checkout: so many visits of some services, or an amount to pay with, valid up to a last
/// day of the salon's. Each visit of a service it covers, or each payment made with it, draws it down. It
/// never goes below zero, and nothing is drawn from it after its last day (the salon's today, on the
/// server's clock).
///
/// In the ledger its sale is a liability, not takings: each draw turns its share of the price into takings
/// (`takings(drawing:)`), and what is left is owed to the customer (`unusedValue`). In Japan the law then
/// asks two things of it (`PrepaidInstruments`): one valid for six months or more is a prepaid payment
/// instrument whose unused value counts on each reference date, and a course over ¥50,000 that runs more
/// than a month may be cancelled within eight days of its sale.
public struct TicketBook: Hashable, Sendable, Identifiable {
    /// What the book holds.
    public enum Kind: Hashable, Sendable {
        /// Visits of any of these services (the salon's `Service` ids).
        case visits(serviceIDs: Set<Int>)
        /// An amount to pay with, in the salon's currency.
        case amount

        /// The services a book of visits covers, in order; none for an amount.
        public var serviceIDs: [Int] {
            switch self {
            case .visits(let ids): ids.sorted()
            case .amount: []
            }
        }

        /// Its word, as storage keeps it and the API says it: "visits" or "amount".
        public var word: String {
            switch self {
            case .visits: "visits"
            case .amount: "amount"
            }
        }

        /// The kind `word` names, of `serviceIDs` for a book of visits; nil for another word.
        public init?(word: String, serviceIDs: [Int]) {
            switch word {
            case "visits": self = .visits(serviceIDs: Set(serviceIDs))
            case "amount": self = .amount
            default: return nil
            }
        }
    }

    public var id: Int
    public var customerID: Int
    /// What the salon calls it ("Blow-dry ×10"), as on the receipt.
    public var name: String
    public var kind: Kind
    /// Visits, or minor units of the salon's currency, when sold.
    public var units: Int
    /// What the customer paid for it.
    public var price: Money
    /// The salon's day it was sold on, and the last day it may be drawn.
    public var soldOn: Day
    public var lastDay: Day
    /// The units drawn so far, by the draws still standing.
    public private(set) var drawn: Int
    /// What those draws turned into takings, in minor units: the price's share of `drawn`, unless a draw
    /// refunded out of turn left it a unit or so off, which the next draws make up.
    public private(set) var taken: Int
    /// Its ending before its last day at its customer's request (中途解約, `TicketEnding`), while the sale that
    /// ended it stands: what was left of it given back, so nothing is.
    public private(set) var ending: Ending?

    /// The salon's day a book was ended on, why, and the sale (with its receipt) that ended it, once stored.
    public struct Ending: Hashable, Sendable {
        public var day: Day
        public var reason: String
        public var saleID: Int?

        public init(day: Day, reason: String, saleID: Int? = nil) {
            self.day = day
            self.reason = reason
            self.saleID = saleID
        }
    }

    /// A book with `drawn` units drawn by draws that took `taken` (nil: the price's share of them, as draws
    /// made in turn take).
    public init(
        id: Int, customerID: Int, name: String, kind: Kind, units: Int, price: Money, soldOn: Day, lastDay: Day,
        drawn: Int = 0, taken: Int? = nil, ending: Ending? = nil
    ) {
        self.ending = ending
        self.taken = taken ?? Self.share(of: price, drawn, of: max(1, units)).amount
        self.id = id
        self.customerID = customerID
        self.name = name
        self.kind = kind
        self.units = units
        self.price = price
        self.soldOn = soldOn
        self.lastDay = lastDay
        self.drawn = drawn
    }

    // MARK: bounds

    /// Visits in a book: one to a hundred.
    public static let visitCounts = 1...100
    /// The services a book of visits covers.
    public static let serviceCounts = 1...20
    /// Days from its sale to its last day: the day itself to ten years.
    public static let validityDays = 0...3_652
    /// The longest name.
    public static let nameLimit = 80

    /// Checks a book before it is sold, each refusal naming its field under `field`: its name, its units
    /// (visits, or an amount in `currency`), its price (more than zero, and for an amount no more than the
    /// amount: a bonus is given, never a loss to the customer hidden) and its days, before any arithmetic.
    public func validate(currency: Currency, field: String = "ticketBook") throws(DomainError) {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw .invalid("\(field).name", "a book needs a name")
        }
        try FreeText.validate(name, field: "\(field).name", limit: Self.nameLimit, lines: false)
        switch kind {
        case .visits(let services):
            guard Self.visitCounts.contains(units) else { throw .outOfRange("\(field).units", units, Self.visitCounts) }
            guard Self.serviceCounts.contains(services.count) else {
                throw .outOfRange("\(field).serviceIds", services.count, Self.serviceCounts)
            }
        case .amount:
            try Money.validate(amount: units, field: "\(field).units")
            guard units > 0 else { throw .invalid("\(field).units", "must be more than zero") }
        }
        guard price.currency == currency else {
            throw .invalid(
                "\(field).price.currency", "the salon prices in \(currency.code), not \(price.currency.code)")
        }
        try Money.validate(amount: price.amount, field: "\(field).price.amount")
        guard price.amount > 0 else { throw .invalid("\(field).price.amount", "must be more than zero") }
        if kind == .amount, price.amount > units {
            throw .invalid(
                "\(field).price.amount", "a prepaid amount costs at most what it holds", reason: .numberRange,
                params: ["min": "1", "max": String(units), "value": String(price.amount)])
        }
        let days = lastDay.number - soldOn.number
        guard Self.validityDays.contains(days) else { throw .outOfRange("\(field).lastDay", days, Self.validityDays) }
        guard (0...units).contains(drawn) else { throw .outOfRange("\(field).drawn", drawn, 0...units) }
        guard (0...price.amount).contains(taken) else { throw .outOfRange("\(field).taken", taken, 0...price.amount) }
    }

    // MARK: drawing

    /// Refuses a book ended (`.ticketEnded`) or not valid on `today` (`.ticketExpired`), naming `field`.
    func checkOpen(on today: Day, field: String) throws(DomainError) {
        if let ending {
            throw DomainError(
                .notAllowed, "\(name) was ended on \(ending.day)", field: field, reason: .ticketEnded,
                params: ["day": ending.day.iso])
        }
        guard isValid(on: today) else {
            throw DomainError(
                .notAllowed, "\(name) was valid up to \(lastDay)", field: field, reason: .ticketExpired,
                params: ["lastDay": lastDay.iso])
        }
    }

    /// Visits or minor units not drawn yet.
    public var remaining: Int { units - drawn }

    /// Whether it may be drawn on `day` (the salon's today): from its sale to its last day.
    public func isValid(on day: Day) -> Bool { soldOn <= day && day <= lastDay }

    /// Draws `count` visits of `serviceID`, or `count` minor units of a payment, on the salon's `today`:
    /// refused for a service it does not cover, after its last day, or beyond what remains, each refusal
    /// naming the draw's field (`draws[0].ticketBookId`, `draws[0].units`) and the reason the desk words.
    /// Answers the takings the draw turns its share of the price into.
    public mutating func draw(_ count: Int, of serviceID: Int? = nil, today: Day, field: String = "draw")
        throws(DomainError) -> Money
    {
        let book = "\(field).ticketBookId"
        switch kind {
        case .visits(let services):
            guard let serviceID, services.contains(serviceID) else {
                throw DomainError(
                    .notAllowed, "\(name) does not cover this service", field: book, reason: .ticketNotCovered)
            }
        case .amount:
            guard serviceID == nil else {
                throw DomainError(
                    .notAllowed, "\(name) pays an amount, not a visit", field: book, reason: .ticketNotCovered)
            }
        }
        try checkOpen(on: today, field: book)
        guard count > 0 else { throw .invalid("\(field).units", "must be more than zero") }
        guard count <= remaining else {
            // A balance's units are money: the desk words them as such.
            let currency = kind == .amount ? ["currency": price.currency.code] : [:]
            throw DomainError(
                .notAllowed, "\(name) has \(remaining) left", field: "\(field).units", reason: .ticketRemaining,
                params: ["remaining": String(remaining)].merging(currency) { first, _ in first })
        }
        let takings = takings(drawing: count)
        drawn += count
        taken += takings.amount
        return takings
    }

    /// Ends the book on `day` for `reason` (checked by `TicketEnding.feeLimit`): all that remains is drawn and all
    /// the price taken, so its unused value is nothing. Answers what it ends: its units left and unused value.
    public mutating func end(on day: Day, reason: String) -> (units: Int, unused: Money) {
        let ended = (remaining, unusedValue)
        drawn = units
        taken = price.amount
        ending = Ending(day: day, reason: reason)
        return ended
    }

    /// Puts back a draw whose sale was refunded: its `count` units and the `takings` it turned.
    public mutating func restore(_ count: Int, takings: Money) throws(DomainError) {
        guard count > 0, count <= drawn else { throw .outOfRange("count", count, 1...max(1, drawn)) }
        guard (0...taken).contains(takings.amount) else { throw .outOfRange("takings", takings.amount, 0...taken) }
        drawn -= count
        taken -= takings.amount
    }

    /// The takings of drawing `count` more units: the price's share of the units drawn after, less what the
    /// draws standing took, within what is left of the price; so that the draws of a whole book add up to its
    /// price exactly, whichever of them were refunded on the way.
    public func takings(drawing count: Int) -> Money {
        let after = Self.share(of: price, min(units, drawn + count), of: units).amount
        return Money(max(0, min(after - taken, price.amount - taken)), price.currency)
    }

    /// What the customer has paid for and not drawn: the price less the takings of the draws standing.
    public var unusedValue: Money { Money(price.amount - taken, price.currency) }

    /// `price × part ÷ whole`, rounded down, without overflow (the price and an amount's units are each at
    /// most `Money.maxAmount`).
    static func share(of price: Money, _ part: Int, of whole: Int) -> Money {
        let product = price.amount.multipliedFullWidth(by: part)
        return Money(whole.dividingFullWidth(product).quotient, price.currency)
    }
}
