import Booking
import PropertyBased
import Testing

/// A salon's ticket books: drawn down by visits and payments, never below zero, their draws adding up to
/// their price; and what Japan's law asks of them, counted as its Civil Code counts months.
struct TicketBookTests {
    static let sold = Day(year: 2027, month: 1, day: 15)

    static func blowDries(price: Int = 45_000, lastDay: Day = Day(year: 2027, month: 12, day: 31)) -> TicketBook {
        TicketBook(
            id: 1, customerID: 7, name: "Blow-dry ×10", kind: .visits(serviceIDs: [3, 4]), units: 10,
            price: Money(price, .jpy), soldOn: sold, lastDay: lastDay)
    }

    @Test func tenVisitsForThePriceOfNineDrawAVisitsShareEachAndRefuseAnEleventh() throws {
        var book = Self.blowDries()
        var takings: [Int] = []
        for visit in 0..<10 {
            takings.append(
                try book.draw(1, of: visit.isMultiple(of: 2) ? 3 : 4, today: Self.sold.adding(days: visit)).amount)
        }
        #expect(takings == Array(repeating: 4_500, count: 10))
        #expect(book.remaining == 0 && book.unusedValue.amount == 0)
        #expect(throws: DomainError.self) { try book.draw(1, of: 3, today: Self.sold) }
    }

    @Test func aBookRefusesAServiceItDoesNotCoverADayAfterItsLastAndMoreThanRemains() throws {
        var book = Self.blowDries(lastDay: Self.sold.adding(days: 30))
        #expect(throws: DomainError.self) { try book.draw(1, of: 9, today: Self.sold) }
        #expect(throws: DomainError.self) { try book.draw(1, of: 3, today: Self.sold.adding(days: 31)) }
        #expect(throws: DomainError.self) { try book.draw(1, of: 3, today: Self.sold.adding(days: -1)) }
        #expect(throws: DomainError.self) { try book.draw(11, of: 3, today: Self.sold) }
        #expect(try book.draw(1, of: 3, today: Self.sold.adding(days: 30)).amount == 4_500)
        #expect(book.remaining == 9)
    }

    /// A price that does not divide by the visits: each draw takes the price's share of the visits drawn
    /// after it less that of those before, rounded down, so that the ten come to the price exactly.
    @Test func sharesThatDoNotDivideEvenlyStillAddUpToThePrice() throws {
        var book = Self.blowDries(price: 10_001)
        var sum = 0
        for visit in 1...10 {
            let taken = try book.draw(1, of: 3, today: Self.sold).amount
            #expect(taken == 10_001 * visit / 10 - 10_001 * (visit - 1) / 10)
            sum += taken
        }
        #expect(sum == 10_001)
    }

    /// Any draws and refunds of draws, some refused: what remains stays within the book, and the takings
    /// of the draws standing and the unused value add up to the price.
    @Test func anyDrawsAndRestoresKeepTheBalanceWithinTheBookAndTheMoneyWhole() async {
        let steps = zip(Gen.int(in: 0...2), Gen.int(in: 1...40)).array(of: 1...60)
        let books = zip(Gen.int(in: 1...1_000_000), Gen.int(in: 1...100), Gen.bool).map { price, visits, amount in
            amount
                ? TicketBook(
                    id: 1, customerID: 1, name: "Prepaid", kind: .amount, units: price + visits * 1_000,
                    price: Money(price, .jpy), soldOn: Self.sold, lastDay: Self.sold.adding(days: 365))
                : TicketBook(
                    id: 1, customerID: 1, name: "Course", kind: .visits(serviceIDs: [1]), units: visits,
                    price: Money(price, .jpy), soldOn: Self.sold, lastDay: Self.sold.adding(days: 365))
        }
        await propertyCheck(count: 300, input: books, steps) { start, steps in
            var book = start
            // The draws standing: any of them may be refunded, in any order.
            var draws: [(count: Int, takings: Money)] = []
            for (step, size) in steps {
                let count = book.kind == .amount ? size * 997 : size % 4 + 1
                let service: Int? = book.kind == .amount ? nil : 1
                do {
                    switch step {
                    case 0, 1:
                        draws.append((count, try book.draw(count, of: service, today: Self.sold.adding(days: size))))
                    default:
                        guard !draws.isEmpty else { break }
                        let refunded = draws.remove(at: size % draws.count)
                        try book.restore(refunded.count, takings: refunded.takings)
                    }
                } catch {
                    // A refusal changes nothing.
                }
                #expect((0...book.units).contains(book.remaining))
                #expect(book.unusedValue.amount >= 0 && draws.allSatisfy { $0.takings.amount >= 0 })
                #expect(draws.map(\.takings.amount).reduce(0, +) + book.unusedValue.amount == book.price.amount)
                // Drawn whole, whatever was refunded on the way, the draws come to the price.
                if book.remaining == 0 { #expect(book.unusedValue.amount == 0) }
            }
        }
    }

    @Test func aKindReadsBackFromItsWordAndNoOtherWordIsAKind() {
        for kind in [TicketBook.Kind.visits(serviceIDs: [3, 1]), .amount] {
            #expect(TicketBook.Kind(word: kind.word, serviceIDs: kind.serviceIDs) == kind)
        }
        #expect(TicketBook.Kind.amount.word == "amount" && TicketBook.Kind.visits(serviceIDs: [1]).word == "visits")
        #expect(TicketBook.Kind(word: "coupon", serviceIDs: []) == nil)
    }

    @Test func monthsAreCountedFromTheDayOfSaleAsTheCivilCodeCountsThem() {
        let last = { (year: Int, month: Int, day: Int, months: Int) in
            PrepaidInstruments.lastDay(ofMonths: months, from: Day(year: year, month: month, day: day))
        }
        #expect(last(2027, 1, 15, 6) == Day(year: 2027, month: 7, day: 14))
        #expect(last(2027, 1, 1, 6) == Day(year: 2027, month: 6, day: 30))
        // No 31 September, nor 31 February: the period ends on that month's last day.
        #expect(last(2027, 3, 31, 6) == Day(year: 2027, month: 9, day: 30))
        #expect(last(2026, 8, 31, 6) == Day(year: 2027, month: 2, day: 28))
        #expect(last(2027, 8, 31, 6) == Day(year: 2028, month: 2, day: 29))
        #expect(last(2027, 10, 15, 6) == Day(year: 2028, month: 4, day: 14))
        #expect(last(2027, 12, 31, 1) == Day(year: 2028, month: 1, day: 30))
    }

    @Test func aBookUsableBeyondSixMonthsIsAnInstrumentAndOneUsableForSixIsNot() {
        let sixMonths = Day(year: 2027, month: 7, day: 14)
        #expect(!PrepaidInstruments.isInstrument(Self.blowDries(lastDay: sixMonths)))
        #expect(PrepaidInstruments.isInstrument(Self.blowDries(lastDay: sixMonths.adding(days: 1))))
    }

    @Test func theReferenceDatesAreTheLastOfMarchAndOfSeptember() {
        #expect(
            PrepaidInstruments.referenceDates(of: 2027) == [
                Day(year: 2027, month: 3, day: 31), Day(year: 2027, month: 9, day: 30),
            ])
        #expect(
            PrepaidInstruments.referenceDate(onOrBefore: Day(year: 2027, month: 3, day: 30))
                == Day(year: 2026, month: 9, day: 30))
        #expect(
            PrepaidInstruments.referenceDate(onOrBefore: Day(year: 2027, month: 3, day: 31))
                == Day(year: 2027, month: 3, day: 31))
        #expect(
            PrepaidInstruments.referenceDate(onOrBefore: Day(year: 2027, month: 12, day: 31))
                == Day(year: 2027, month: 9, day: 30))
    }

    /// On 31 March: the instruments sold by then and still valid count with what is left of them; a book
    /// of six months or less, one sold after, and one past its last day do not. Over ¥10 million, half is
    /// deposited, rounded up to the yen.
    @Test func theBalanceOnAReferenceDateCountsTheInstrumentsStillValidAndHalfOverTheThresholdIsDeposited() throws {
        let date = Day(year: 2027, month: 3, day: 31)
        let year = Day(year: 2027, month: 12, day: 31)
        var drawn = TicketBook(
            id: 1, customerID: 1, name: "Prepaid", kind: .amount, units: 6_002_001, price: Money(6_002_001, .jpy),
            soldOn: Self.sold, lastDay: year)
        _ = try drawn.draw(1_000, today: date)
        let whole = TicketBook(
            id: 2, customerID: 2, name: "Course", kind: .visits(serviceIDs: [1]), units: 10,
            price: Money(4_000_000, .jpy), soldOn: Self.sold, lastDay: year)
        let short = Self.blowDries(lastDay: Day(year: 2027, month: 7, day: 14))
        let later = TicketBook(
            id: 4, customerID: 4, name: "Course", kind: .visits(serviceIDs: [1]), units: 10,
            price: Money(900_000, .jpy), soldOn: date.adding(days: 1), lastDay: year)
        let expired = TicketBook(
            id: 5, customerID: 5, name: "Course", kind: .visits(serviceIDs: [1]), units: 10,
            price: Money(900_000, .jpy), soldOn: Day(year: 2026, month: 1, day: 1), lastDay: date.adding(days: -1))
        let books = [drawn, whole, short, later, expired]
        let balance = try #require(PrepaidInstruments.balance(of: books, on: date, currency: .jpy))
        let unused = 6_002_001 - 1_000 + 4_000_000
        #expect(unused > 10_000_000)
        #expect(balance.unused == Money(unused, .jpy) && balance.books == 2 && balance.overThreshold)
        #expect(balance.deposit.amount == (unused + 1) / 2)

        let under = try #require(PrepaidInstruments.balance(of: [whole, short], on: date, currency: .jpy))
        #expect(under.unused.amount == 4_000_000 && !under.overThreshold && under.deposit.amount == 0)
        // The act is Japan's: a salon pricing in baht has no such figure.
        #expect(PrepaidInstruments.balance(of: books, on: date, currency: .thb) == nil)
    }

    @Test func aCourseOverFiftyThousandYenRunningOverAMonthMayBeCancelledForEightDays() {
        let overAMonth = Day(year: 2027, month: 2, day: 15)
        #expect(
            PrepaidInstruments.coolingOffUntil(Self.blowDries(price: 50_001, lastDay: overAMonth))
                == Self.sold.adding(days: 7))
        #expect(PrepaidInstruments.coolingOffUntil(Self.blowDries(price: 50_000, lastDay: overAMonth)) == nil)
        // 15 January to 14 February is a month: not over one.
        #expect(
            PrepaidInstruments.coolingOffUntil(Self.blowDries(price: 50_001, lastDay: overAMonth.adding(days: -1)))
                == nil)
    }

    @Test func aBookOutOfBoundsIsRefusedNamingItsField() {
        func field(_ book: TicketBook) -> String? {
            do {
                try book.validate(currency: .jpy)
                return nil
            } catch { return error.field }
        }
        var book = Self.blowDries()
        #expect(field(book) == nil)
        book.units = 101
        #expect(field(book) == "ticketBook.units")
        book = Self.blowDries()
        book.kind = .visits(serviceIDs: [])
        #expect(field(book) == "ticketBook.serviceIds")
        book = Self.blowDries()
        book.name = " "
        #expect(field(book) == "ticketBook.name")
        book = Self.blowDries(price: 0)
        #expect(field(book) == "ticketBook.price.amount")
        book = Self.blowDries()
        book.price = Money(45_000, .thb)
        #expect(field(book) == "ticketBook.price.currency")
        book = Self.blowDries(lastDay: Self.sold.adding(days: -1))
        #expect(field(book) == "ticketBook.lastDay")
        book = Self.blowDries(lastDay: Self.sold.adding(days: 3_653))
        #expect(field(book) == "ticketBook.lastDay")
        let prepaid = TicketBook(
            id: 1, customerID: 1, name: "Prepaid", kind: .amount, units: 10_000, price: Money(10_001, .jpy),
            soldOn: Self.sold, lastDay: Self.sold)
        #expect(field(prepaid) == "ticketBook.price.amount")
    }
}
