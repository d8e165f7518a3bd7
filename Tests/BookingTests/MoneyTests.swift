import Foundation
import Testing

@testable import Booking

struct MoneyTests {
    @Test func wholeUnitsBecomeMinorUnitsByTheCurrencysDigits() {
        #expect(Money.whole(1200, .thb).amount == 120_000)
        #expect(Money.whole(1200, .jpy).amount == 1200)
        #expect(Money.whole(55_000, .krw).amount == 55_000)
        #expect(Money.whole(950_000, .vnd).amount == 950_000)
    }

    @Test func sharesRoundHalfAwayFromZeroToTheMinorUnit() {
        #expect(Money(1_005, .jpy).share(basisPoints: 1_000).amount == 101)  // 100.5 yen -> 101
        #expect(Money(1_004, .jpy).share(basisPoints: 1_000).amount == 100)
        #expect(Money(-1_005, .jpy).share(basisPoints: 1_000).amount == -101)
        #expect(Money(128_400, .thb).share(basisPoints: 700).amount == 8_988)
    }

    @Test func arithmeticOnAmountsBeyondTheBoundHoldsAtTheEdgeInsteadOfTrapping() throws {
        #expect(Money(Int.max, .thb).share(basisPoints: 10_000).amount == Int.max)
        #expect(Money(Int.min, .thb).share(basisPoints: 10_000).amount == -Int.max)
        #expect(Money(Int.max, .thb).times(366).amount == Int.max)
        #expect(try Money(Int.max, .thb).adding(Money(1, .thb)).amount == Int.max)
        #expect(try Money(Int.min, .thb).subtracting(Money(1, .thb)).amount == Int.min)
        #expect(Money(Int.min, .thb).negated.amount == Int.max)
        #expect(Money.whole(Int.max, .thb).amount == Int.max)
        #expect(Money(Int.min, .thb).description.hasPrefix("-92233720368547758.08"))
        #expect([Int.max, Int.max, Int.min].saturatedSum() == Int.max + Int.min)
    }

    @Test func anAmountIsValidatedAgainstItsBoundBeforeUse() throws {
        try Money.validate(amount: Money.maxAmount, field: "amount")
        #expect(throws: DomainError.self) { try Money.validate(amount: Money.maxAmount + 1, field: "amount") }
        #expect(throws: DomainError.self) { try Money.validate(amount: 0, field: "amount") }
        try Money.validate(amount: 0, field: "amount", in: 0...Money.maxAmount)
    }

    @Test func aFolioOfTheMostLinesOfTheLargestAmountSumsWithoutOverflow() throws {
        var folio = Folio(currency: .vnd)
        for id in 1...Folio.maxEntries {
            try folio.post(FolioEntry(id: id, kind: .charge, description: "x", amount: Money(Money.maxAmount, .vnd)))
        }
        #expect(folio.balance.amount == Folio.maxEntries * Money.maxAmount)
        #expect(throws: DomainError.self) {
            try folio.post(FolioEntry(id: 0, kind: .payment, description: "x", amount: Money(1, .vnd)))
        }
    }

    @Test func moneyInDifferentCurrenciesDoesNotAdd() {
        #expect(throws: DomainError.invalid("currency", "expected THB, got JPY")) {
            try Money(1, .thb).adding(Money(1, .jpy))
        }
    }

    @Test func unknownCurrenciesAreRefusedByName() throws {
        #expect(throws: DomainError.self) { try Currency.named("XYZ") }
        #expect(try Currency.named("VND") == .vnd)
    }

    @Test func descriptionShowsTheMinorUnitOnlyWhereTheCurrencyHasOne() {
        #expect(Money(120_050, .thb).description == "1200.50 THB")
        #expect(Money(-5, .thb).description == "-0.05 THB")
        #expect(Money(1200, .jpy).description == "1200 JPY")
    }

    @Test func decimalAmountsReadBackAsTheyAreWrittenInEachCurrency() throws {
        for money in [Money(123_450, .thb), Money(5, .usd), Money(0, .thb), Money(12_000, .jpy), Money(950_000, .vnd)] {
            #expect(try Money.parse(decimal: money.decimal, money.currency, field: "paid") == money)
        }
        #expect(Money(123_450, .thb).decimal == "1234.50")
        #expect(Money(12_000, .jpy).decimal == "12000")
        #expect(try Money.parse(decimal: "0007.5", .thb, field: "paid") == Money(750, .thb))
        for text in ["", ".", "1.", ".5", "1.234", "+1", "-1", "1e3", "1 000", "١٢"] {
            #expect(throws: DomainError.self, "\(text)") { try Money.parse(decimal: text, .thb, field: "paid") }
        }
        #expect(throws: DomainError.self) { try Money.parse(decimal: "1.0", .jpy, field: "paid") }
        #expect(throws: DomainError.self) { try Money.parse(decimal: "1000000000001", .jpy, field: "paid") }
        #expect(try Money.parse(decimal: "1000000000000", .jpy, field: "paid").amount == Money.maxAmount)
    }
}

struct DayTests {
    @Test func isoDatesParseStrictly() {
        #expect(Day(iso: "2026-11-22") == Day(year: 2026, month: 11, day: 22))
        #expect(Day(iso: "2028-02-29") != nil)
        for bad in [
            "2026-02-29", "2026-13-01", "2026-1-01", "26-11-22", "2026-11-22T00:00", "", "2026-11-٢٢", "2026/11/22",
        ] {
            #expect(Day(iso: bad) == nil, "\(bad)")
        }
    }

    @Test func daysPrintAsIsoDates() {
        #expect(Day(year: 2026, month: 1, day: 5).iso == "2026-01-05")
        #expect(Day(iso: "1999-12-31")!.iso == "1999-12-31")
    }

    @Test func nightsAreHalfOpenSoBackToBackStaysDoNotOverlap() throws {
        let first = Make.nights(Make.arrival, 2)
        let second = Make.nights(Make.arrival.adding(days: 2), 3)
        #expect(!first.overlaps(second))
        #expect(first.overlaps(Make.nights(Make.arrival.adding(days: 1), 1)))
        #expect(Array(first) == [Make.arrival, Make.arrival.adding(days: 1)])
    }

    @Test func zeroNightsAreRefused() {
        #expect(throws: DomainError.self) { try Nights(arrival: Make.arrival, departure: Make.arrival) }
        #expect(throws: DomainError.self) {
            try Nights(arrival: Make.arrival, departure: Make.arrival.adding(days: -1))
        }
    }

    @Test func todayIsTheDateInThePropertysTimeZone() {
        // 2026-11-22 20:00 UTC is already the 23rd in Tokyo and Bangkok, still the 22nd in New York.
        let instant = Day(year: 2026, month: 11, day: 22).instant(atMinute: 20 * 60, in: .gmt)
        #expect(Day.today(in: TimeZone(identifier: "Asia/Tokyo")!, now: instant) == Day(year: 2026, month: 11, day: 23))
        #expect(
            Day.today(in: TimeZone(identifier: "Asia/Bangkok")!, now: instant) == Day(year: 2026, month: 11, day: 23))
        #expect(
            Day.today(in: TimeZone(identifier: "America/New_York")!, now: instant)
                == Day(year: 2026, month: 11, day: 22))
    }
}
