import Foundation
import PropertyBased
import Testing

@testable import Booking

/// How the checkout prices a sale that draws a customer's ticket books or sells one (`SaleQuote.price`,
/// `settleTickets`), without storage: a visit's price down to its share of the book, a balance's bonus
/// split over the lines it pays, the draws never more than is due, a book sold outside the taxes.
struct TicketDrawTests {
    typealias Quotes = SaleQuoteTests
    static let today = Day(20_400)

    static func book(_ kind: TicketBook.Kind, units: Int, price: Int, id: Int = 5) -> TicketBook {
        TicketBook(
            id: id, customerID: 2, name: kind == .amount ? "Prepaid" : "Cut ×10", kind: kind, units: units,
            price: Money(price, .jpy), soldOn: today, lastDay: today.adding(days: 30))
    }

    static func price(_ order: SaleOrder, books: [TicketBook], offers: [TicketOffer] = []) throws(DomainError)
        -> SaleQuote
    {
        var quote = try SaleQuote.price(
            order, appointments: order.appointmentIDs.isEmpty ? [] : [Quotes.visit], services: [Quotes.cut],
            products: [Quotes.shampoo], customerID: 2, salon: Quotes.tokyo, today: today, books: books, offers: offers)
        try quote.settleTickets()
        return quote
    }

    @Test func aVisitPaidWithABookCostsItsShareAndTheBookHasOneLess() throws {
        let quote = try Self.price(
            SaleOrder(propertyID: 1, appointmentIDs: [9], draws: [.init(ticketBookID: 5, appointmentID: 9)]),
            books: [Self.book(.visits(serviceIDs: [3]), units: 10, price: 55_000)])
        #expect(quote.lines.map(\.amount.amount) == [5_500, -5_500])
        #expect(quote.lines.map(\.category) == [.service, .prepaid])
        #expect(quote.lines.last?.ticketBookID == 5 && quote.lines.last?.staffID == 4)
        #expect(quote.includedTaxes.map(\.amount.amount) == [500])
        #expect(quote.totals.total.amount == 0 && quote.totals.prepaid.amount == -5_500)
        #expect(quote.tickets.map(\.remaining) == [9])
    }

    @Test func aBookThatDoesNotCoverTheServiceOrIsPastItsDayIsRefusedNamingTheDraw() {
        let order = SaleOrder(propertyID: 1, appointmentIDs: [9], draws: [.init(ticketBookID: 5, appointmentID: 9)])
        #expect(throws: DomainError.self) {
            try Self.price(order, books: [Self.book(.visits(serviceIDs: [4]), units: 10, price: 55_000)])
        }
        var old = Self.book(.visits(serviceIDs: [3]), units: 10, price: 55_000)
        old.lastDay = Self.today.adding(days: -1)
        do {
            _ = try Self.price(order, books: [old])
            Issue.record("a book past its day was drawn")
        } catch {
            #expect(error.reason == .ticketExpired && error.field == "draws[0].ticketBookId")
        }
        // Worth more a visit than the cut now costs: the book would pay more than is due.
        do {
            _ = try Self.price(order, books: [Self.book(.visits(serviceIDs: [3]), units: 1, price: 9_000)])
            Issue.record("a draw worth more than the visit was taken")
        } catch {
            #expect(error.reason == .ticketExceedsDue)
        }
    }

    /// Any amount drawn of a balance sold at any bonus: the visit and the product cost the amount less, the
    /// bonus is split over them to the yen, and the draw never takes more than is due.
    @Test func aBalancesBonusIsSplitOverTheLinesItPays() async {
        let gen = zip(Gen.int(in: 1...13_200), Gen.int(in: 1_000...20_000), Gen.int(in: 0...1_000))
        await propertyCheck(count: 200, input: gen) { units, held, bonus in
            let balance = Self.book(.amount, units: held, price: max(1, held - bonus))
            let order = SaleOrder(
                propertyID: 1, appointmentIDs: [9], items: [.init(productID: 1, quantity: 2)],
                draws: [.init(ticketBookID: 5, units: units)])
            do {
                let quote = try Self.price(order, books: [balance])
                let takings = balance.takings(drawing: units).amount
                #expect(quote.totals.discount.amount == units - takings)
                #expect(quote.totals.prepaid.amount == -takings)
                #expect(quote.totals.total.amount == 13_200 - units)
                #expect(quote.lines.allSatisfy { $0.category == .prepaid || $0.amount.amount >= 0 })
            } catch {
                #expect(units > held && (error as? DomainError)?.reason == .ticketRemaining)
            }
        }
    }

    @Test func aBookSoldIsALineOutsideTheTaxesAndNeedsACustomer() throws {
        let offer = TicketOffer(
            id: 1, name: "Cut ×10", kind: .visits(serviceIDs: [3]), units: 10, price: .whole(55_000, .jpy), months: 12)
        let quote = try Self.price(SaleOrder(propertyID: 1, tickets: [1]), books: [], offers: [offer])
        #expect(quote.lines.map(\.category) == [.prepaid] && quote.totals.total.amount == 55_000)
        #expect(quote.includedTaxes.isEmpty && quote.totals.subtotal.amount == 0)
        #expect(quote.ticketsSold.map(\.lastDay) == [PrepaidInstruments.lastDay(ofMonths: 12, from: Self.today)])
        #expect(quote.tickets.first?.coolingOffUntil == Self.today.adding(days: 7))
        #expect(throws: DomainError.self) {
            try Self.price(SaleOrder(propertyID: 1, tickets: [2]), books: [], offers: [offer])
        }
    }
}
