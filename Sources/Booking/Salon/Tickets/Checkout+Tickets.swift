import Foundation

/// A salon's ticket books at its checkout: the offers it sells (a manager's list), a customer's books and
/// what is left of them, and the salon's unused value on the law's reference dates (`PrepaidInstruments`).
extension Checkout {
    /// The ticket books the salon offers, and those it no longer does, for those whose role reads money.
    public func ticketOffers(propertyID: Int, by staff: Staff) async throws -> [TicketOffer] {
        let salon = try await storage.salon(propertyID, by: staff.doing(.accounts))
        return try await storage.ticketOffers(propertyID: salon.id)
    }

    /// Sets the ticket books the salon offers (a manager's change), as products are set: an offer keeps its
    /// id, a new one is given the next, one taken off the list is kept inactive with its terms.
    public func setTicketOffers(_ offers: [TicketOffer], propertyID: Int, by staff: Staff) async throws
        -> [TicketOffer]
    {
        try staff.requireManager("change the ticket books the salon sells", at: propertyID)
        let salon = try await storage.salon(propertyID, by: staff)
        let services = Set(try await storage.services(propertyID: salon.id).map(\.id))
        try TicketOffer.validate(offers, serviceIDs: services, currency: salon.currency)
        let kept = offers.kept(against: try await storage.ticketOffers(propertyID: salon.id))
        try TicketOffer.validate(kept, serviceIDs: services, currency: salon.currency)
        return try await storage.updateTicketOffers(kept, propertyID: salon.id, by: staff.user.id)
    }

    /// A customer's ticket books, newest first, as they stand, with the salon's today (which decides
    /// which may be drawn), for those whose role reads money.
    public func ticketBooks(customerID: Int, by staff: Staff) async throws -> CustomerTicketBooks {
        guard let customer = try await storage.customer(id: customerID), try staff.worksAt(customer.propertyID) else {
            throw DomainError(.notFound, "no customer \(customerID)")
        }
        let salon = try await storage.salon(customer.propertyID, by: staff.doing(.accounts))
        return CustomerTicketBooks(
            books: try await storage.ticketBooks(customerID: customerID), today: salon.today(now: now()))
    }

    /// What the salon owes its customers in ticket books: the unused value of those valid today; and, for a
    /// salon pricing in yen, on each of the law's last `PrepaidInstruments.reportedDates` reference dates
    /// (latest first), the instruments' unused value against the threshold, and on the next one as it will
    /// stand if nothing is drawn or sold meanwhile (what the salon plans its notice and deposit by).
    public func ticketBalances(propertyID: Int, by staff: Staff) async throws -> TicketBalances {
        let salon = try await storage.salon(propertyID, by: staff.doing(.accounts))
        let today = salon.today(now: now())
        let now = try await storage.ticketBooks(propertyID: salon.id, asOf: today)
        let valid = now.filter { $0.isValid(on: today) && $0.ending == nil }
        var dates: [PrepaidInstruments.Balance] = []
        var next: PrepaidInstruments.Balance?
        if salon.currency == .jpy {
            next = PrepaidInstruments.balance(
                of: now, on: PrepaidInstruments.referenceDate(after: today), currency: salon.currency)
            var date = PrepaidInstruments.referenceDate(onOrBefore: today)
            for _ in 0..<PrepaidInstruments.reportedDates {
                let books = try await storage.ticketBooks(propertyID: salon.id, asOf: date)
                if let balance = PrepaidInstruments.balance(of: books, on: date, currency: salon.currency) {
                    dates.append(balance)
                }
                date = PrepaidInstruments.referenceDate(onOrBefore: date.adding(days: -1))
            }
        }
        return TicketBalances(
            today: today,
            unused: Money(valid.map(\.unusedValue.amount).saturatedSum(), salon.currency), books: valid.count,
            referenceDates: dates, next: next)
    }
}

/// A customer's ticket books and the salon's today.
public struct CustomerTicketBooks: Sendable {
    public var books: [TicketBook]
    public var today: Day

    /// Whether `book` may be drawn today: valid, and something left.
    public func usable(_ book: TicketBook) -> Bool { book.isValid(on: today) && book.remaining > 0 }
}

/// What a salon owes in ticket books (`Checkout.ticketBalances`).
public struct TicketBalances: Sendable {
    public var today: Day
    /// The unused value of the books valid today and not ended, and how many.
    public var unused: Money
    public var books: Int
    /// The law's reference dates, latest first: empty outside yen.
    public var referenceDates: [PrepaidInstruments.Balance]
    /// The next reference date, as the books stand today: nil outside yen.
    public var next: PrepaidInstruments.Balance?
}

extension PrepaidInstruments {
    /// How many reference dates the desk shows: two years of them.
    public static let reportedDates = 4
}

/// What the checkout needs of storage for ticket books.
public protocol TicketStorage: Sendable {
    /// The salon's offers, those taken off its list among them (inactive), in their order.
    func ticketOffers(propertyID: Int) async throws -> [TicketOffer]
    /// Writes the salon's offers (checked, ids given), with its audit row and event.
    func updateTicketOffers(_ offers: [TicketOffer], propertyID: Int, by userID: Int?) async throws -> [TicketOffer]
    /// A customer's books, newest first, each drawn by the draws of the sales standing.
    func ticketBooks(customerID: Int) async throws -> [TicketBook]
    /// The salon's books sold by the end of `day`, each drawn by the draws of the sales standing then
    /// (made by that day, and not refunded by it).
    func ticketBooks(propertyID: Int, asOf day: Day) async throws -> [TicketBook]
}

extension Checkout {
    /// Ends a customer's ticket book at their request (中途解約, `TicketEnding`), on the salon's today: the fee
    /// kept within the law's limit, the rest paid back by `method`, stored as a sale with its receipt on the
    /// salon's open day, for those whose role reads money. The book is read again in the sale's transaction
    /// (`.stale` when a checkout drew it meanwhile).
    public func endTicketBook(
        _ bookID: Int, customerID: Int, fee: Money, method: PaymentMethod, reason: String, by staff: Staff
    ) async throws -> Sale {
        guard let customer = try await storage.customer(id: customerID), try staff.worksAt(customer.propertyID),
            var book = try await storage.ticketBooks(customerID: customerID).first(where: { $0.id == bookID })
        else { throw DomainError(.notFound, "no ticket book \(bookID) of customer \(customerID)") }
        let salon = try await storage.salon(customer.propertyID, by: staff.doing(.accounts))
        let ending = try TicketEnding.end(
            &book, fee: fee, method: method, reason: reason, today: salon.today(now: now()))
        return try await storage.insertSale(
            ending.quote(customerID: customerID, name: book.name), salon: salon,
            customerName: customer.erased ? "" : customer.name, changing: [], action: "ticketEnding",
            by: staff.user.id)
    }
}
