/// A ticket book or prepaid balance a salon offers at its checkout (`TicketBook`): "Blow-dry ×10" of so many
/// visits of some services, or an amount to pay with, at a price, valid so many months from the day it is
/// sold (counted as the Civil Code counts months, `PrepaidInstruments.lastDay`). The checkout sells it to a
/// customer as a book of their own; an offer taken off the list is kept inactive, so the books sold of it
/// keep their terms.
public struct TicketOffer: Hashable, Sendable, Identifiable {
    public var id: Int
    public var name: String
    public var kind: TicketBook.Kind
    /// Visits, or minor units of the salon's currency.
    public var units: Int
    public var price: Money
    /// How many months a book sold of it runs, its day of sale the first.
    public var months: Int
    public var active: Bool

    public init(
        id: Int, name: String, kind: TicketBook.Kind, units: Int, price: Money, months: Int, active: Bool = true
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.units = units
        self.price = price
        self.months = months
        self.active = active
    }

    /// Months a book may run: one to ten years.
    public static let monthCounts = 1...120
    /// The most offers a salon has on its list at once, and keeps with those taken off.
    public static let maxCount = 50
    public static let maxKept = 200

    /// The book a customer buys of it on the salon's day `soldOn`, not stored yet (its id 0).
    public func book(customerID: Int, soldOn: Day) -> TicketBook {
        TicketBook(
            id: 0, customerID: customerID, name: name, kind: kind, units: units, price: price, soldOn: soldOn,
            lastDay: PrepaidInstruments.lastDay(ofMonths: months, from: soldOn))
    }

    /// Checks a salon's offers before they are stored, each refusal naming its field (`offers[1].units`):
    /// unique names among those offered, months from 1 to 120, services the salon has, and each as a book
    /// sold of it would be checked (`TicketBook.validate`).
    public static func validate(_ offers: [TicketOffer], serviceIDs: Set<Int>, currency: Currency)
        throws(DomainError)
    {
        guard offers.count(where: \.active) <= maxCount, offers.count <= maxKept else {
            throw .invalid(
                "offers", "a salon offers at most \(maxCount) ticket books", reason: .numberRange,
                params: ["min": "0", "max": String(maxCount), "value": String(offers.count(where: \.active))])
        }
        var names: Set<String> = []
        for (index, offer) in offers.enumerated() {
            let field = "offers[\(index)]"
            let name = offer.name.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, name == offer.name else {
                throw .invalid("\(field).name", "an offer needs a name, without spaces around", reason: .textRequired)
            }
            guard !offer.active || names.insert(name).inserted else {
                throw .invalid("\(field).name", "another offer is named '\(name)'", reason: .productName)
            }
            guard monthCounts.contains(offer.months) else {
                throw .outOfRange("\(field).months", offer.months, monthCounts)
            }
            if case .visits(let services) = offer.kind, offer.active,
                let unknown = services.subtracting(serviceIDs).first
            {
                throw DomainError(.notFound, "no service \(unknown) at this salon", field: "\(field).serviceIds")
            }
            // Sold today or in ten years, a book of it runs as long: any day checks its terms.
            try offer.book(customerID: 0, soldOn: Day(year: 2000, month: 1, day: 1))
                .validate(currency: currency, field: field)
        }
    }
}
