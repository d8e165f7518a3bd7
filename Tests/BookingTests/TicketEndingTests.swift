import Booking
import PropertyBased
import Testing

/// A ticket book ended at its customer's request (中途解約): what is left given back less a fee within the
/// law's limit, each refusal naming its field and reason.
struct TicketEndingTests {
    static let sold = TicketBookTests.sold

    static func book(price: Int, currency: Currency = .jpy, months: Int = 12, drawn: Int = 0) -> TicketBook {
        TicketBook(
            id: 1, customerID: 7, name: "Head spa ×10", kind: .visits(serviceIDs: [3]), units: 10,
            price: Money(price, currency), soldOn: sold,
            lastDay: PrepaidInstruments.lastDay(ofMonths: months, from: sold), drawn: drawn)
    }

    static func reason(_ error: () throws -> Void) -> String? {
        do {
            try error()
            return nil
        } catch let error as DomainError {
            return error.reason?.code
        } catch {
            return "\(error)"
        }
    }

    @Test func aCourseKeepsNothingWithinItsCoolingOffThenATenthOfWhatIsLeftUpToTwentyThousandYen() throws {
        let small = Self.book(price: 55_000, drawn: 3)
        #expect(small.unusedValue.amount == 38_500)
        #expect(try TicketEnding.feeLimit(of: small, today: Self.sold).amount == 0)
        #expect(try TicketEnding.feeLimit(of: small, today: Self.sold.adding(days: 7)).amount == 0)
        #expect(try TicketEnding.feeLimit(of: small, today: Self.sold.adding(days: 8)).amount == 3_850)
        let large = Self.book(price: 300_000, drawn: 1)
        #expect(try TicketEnding.feeLimit(of: large, today: Self.sold.adding(days: 30)).amount == 20_000)
        // A tenth rounded down: the customer's way.
        let odd = Self.book(price: 55_559)
        #expect(try TicketEnding.feeLimit(of: odd, today: Self.sold.adding(days: 8)).amount == 5_555)
    }

    @Test func aPrepaidInstrumentThatIsNoCourseIsNotRefundedAndOtherBooksUpToAllOfIt() throws {
        // ¥30,000 for a year: an instrument (beyond six months), no course (not over ¥50,000).
        #expect(
            Self.reason { _ = try TicketEnding.feeLimit(of: Self.book(price: 30_000), today: Self.sold) }
                == "ticket.notRefundable")
        // Six months is no instrument: the salon's own terms.
        #expect(try TicketEnding.feeLimit(of: Self.book(price: 30_000, months: 6), today: Self.sold).amount == 30_000)
        // Outside yen the act does not apply.
        #expect(
            try TicketEnding.feeLimit(of: Self.book(price: 3_000_000, currency: .thb, drawn: 5), today: Self.sold)
                .amount == 1_500_000)
    }

    @Test func anEndedExpiredOrUsedUpBookIsRefused() throws {
        var book = Self.book(price: 55_000, drawn: 2)
        let late = book.lastDay.adding(days: 1)
        #expect(Self.reason { _ = try TicketEnding.feeLimit(of: book, today: late) } == "ticket.expired")
        #expect(
            Self.reason { _ = try TicketEnding.feeLimit(of: Self.book(price: 55_000, drawn: 10), today: Self.sold) }
                == "ticket.remaining")
        let ending = try TicketEnding.end(
            &book, fee: Money(4_400, .jpy), method: .cash, reason: "Moved", today: Self.sold.adding(days: 9))
        #expect(ending.units == 8 && ending.unused.amount == 44_000 && ending.refund.amount == 39_600)
        #expect(book.remaining == 0 && book.unusedValue.amount == 0)
        #expect(book.ending == TicketBook.Ending(day: Self.sold.adding(days: 9), reason: "Moved"))
        #expect(
            Self.reason { _ = try TicketEnding.feeLimit(of: book, today: Self.sold.adding(days: 9)) } == "ticket.ended")
        #expect(Self.reason { _ = try book.draw(1, of: 3, today: Self.sold.adding(days: 9)) } == "ticket.ended")
    }

    @Test func anEndingNamesTheFieldItRefuses() {
        func field(fee: Int = 0, currency: Currency = .jpy, method: PaymentMethod = .cash, reason: String = "Moved")
            -> String?
        {
            var book = Self.book(price: 55_000)
            do {
                _ = try TicketEnding.end(
                    &book, fee: Money(fee, currency), method: method, reason: reason, today: Self.sold.adding(days: 10))
                return nil
            } catch {
                return error.field
            }
        }
        #expect(field() == nil)
        #expect(field(fee: 5_501) == "fee.amount")
        #expect(field(fee: -1) == "fee.amount")
        #expect(field(fee: Money.maxAmount + 1) == "fee.amount")
        #expect(field(currency: .thb) == "fee.currency")
        #expect(field(method: .qr) == "method")
        #expect(field(method: .room) == "method")
        #expect(field(reason: "  ") == "reason")
        #expect(field(reason: "a\nb") == "reason")
        #expect(field(reason: String(repeating: "x", count: Posting.descriptionLimit + 1)) == "reason")
    }

    /// Any book, drawn any number of visits, ended on any day with any fee: either refused, or the sale it
    /// makes comes to nothing due, takes exactly the unused value off what the salon holds, and pays back
    /// what is left after the fee; the fee never over the law's limit.
    @Test func anyEndingPaysBackWhatIsLeftLessAFeeWithinTheLimit() async {
        let books = zip(Gen.int(in: 1...2_000_000), Gen.int(in: 0...10), Gen.bool, Gen.int(in: 1...13))
        let endings = zip(Gen.int(in: 0...400), Gen.int(in: 0...40_000))
        await propertyCheck(count: 300, input: books, endings) { book, ending in
            let (price, drawn, yen, months) = book
            let (day, fee) = ending
            var book = Self.book(price: price, currency: yen ? .jpy : .thb, months: months, drawn: drawn)
            let before = book
            let today = Self.sold.adding(days: day)
            guard
                let ended = try? TicketEnding.end(
                    &book, fee: Money(fee, book.price.currency), method: .cash, reason: "Moved", today: today)
            else {
                #expect(book == before)
                return
            }
            guard let limit = try? TicketEnding.feeLimit(of: before, today: today) else {
                Issue.record("an ending made without a limit")
                return
            }
            #expect(fee <= limit.amount && limit.amount <= before.unusedValue.amount)
            if yen, let coolingOff = PrepaidInstruments.coolingOffUntil(before) {
                #expect(limit.amount <= (today <= coolingOff ? 0 : min(20_000, before.unusedValue.amount / 10)))
            }
            let quote = ended.quote(customerID: 7, name: book.name)
            #expect(quote.totals.due.amount == 0)
            #expect(quote.totals.prepaid.amount == -before.unusedValue.amount)
            #expect(quote.payments.map(\.amount.amount).reduce(0, +) == fee - before.unusedValue.amount)
            #expect(book.remaining == 0 && book.unusedValue.amount == 0 && book.ending?.day == today)
        }
    }
}
