import Foundation
import Testing

@testable import Booking

/// Taxes as hotels owe them: added or inside the prices, by the room or the guest a night, children
/// exempt, capped; each checked before it is stored.
struct TaxTests {
    let roomType = Make.roomType(rate: .whole(1_200, .thb))

    func quote(_ taxes: [Tax], nights: Int = 3, party: Party = Party(adults: 2)) throws -> StayPrice {
        try StayPrice.quote(
            roomType: roomType, nights: Make.nights(Make.arrival, nights), property: Make.hotel(taxes: taxes),
            party: party)
    }

    @Test func aShareInsideThePricesIsShownAndNotAdded() throws {
        let price = try quote([Tax(name: "VAT", basis: .includedShare, basisPoints: 700)])
        // 3,600 THB includes 7 %: 3,600 × 7 / 107 = 235.51.
        #expect(price.taxes.map(\.amount) == [Money(23_551, .thb)] && price.taxes[0].included)
        #expect(price.taxTotal == .zero(.thb) && price.total == .whole(3_600, .thb))
    }

    @Test func aCityTaxCountsTheGuestsItDoesNotExemptUpToItsCapOfNights() throws {
        let cityTax = Tax(
            name: "City tax", basis: .perPersonNight, amount: .whole(50, .thb), exemptChildren: true, maxNights: 2)
        let family = Party(adults: 2, children: 1, infants: 1)
        // Two adults and an infant (children exempt), for two of the three nights.
        #expect(try quote([cityTax], party: family).taxes.map(\.amount) == [.whole(300, .thb)])
        #expect(try quote([cityTax], nights: 1, party: family).taxes.map(\.amount) == [.whole(150, .thb)])
        var everyone = cityTax
        everyone.exemptChildren = false
        everyone.maxNights = nil
        #expect(try quote([everyone], party: family).taxes.map(\.amount) == [.whole(600, .thb)])
        let perRoom = Tax(name: "Tourism fee", basis: .perNight, amount: .whole(40, .thb))
        #expect(try quote([perRoom], party: family).total == .whole(3_720, .thb))
    }

    @Test func aSharedTaxIsOfTheRoomAndFeesAndATaxByTheNightIsNotTaxedAgain() throws {
        let price = try quote([
            Tax(name: "Service charge", basisPoints: 1_000),
            Tax(name: "City tax", basis: .perPersonNight, amount: .whole(50, .thb)),
        ])
        #expect(price.taxes.map(\.amount) == [.whole(360, .thb), .whole(300, .thb)])
        #expect(price.total == .whole(4_260, .thb))
    }

    @Test func includedSharesSplitAChargeByTheirRates() {
        let parts = TaxEngine.assess(
            [TaxableLine(amount: .whole(1_150, .thb), day: Day(20_000))],
            taxes: [
                Tax(name: "Service", basis: .includedShare, basisPoints: 1_000),
                Tax(name: "VAT", basis: .includedShare, basisPoints: 500), Tax(name: "Added", basisPoints: 700),
            ], party: Party(adults: 1), currency: .thb
        ).included
        #expect(parts.map(\.tax.name) == ["Service", "VAT"])
        #expect(parts.map(\.amount) == [.whole(100, .thb), .whole(50, .thb)])
    }

    @Test(arguments: [
        ([Tax(name: "", basisPoints: 700)], "taxes[0].name"),
        ([Tax(name: "VAT", basisPoints: 700), Tax(name: "VAT", basisPoints: 100)], "taxes[1].name"),
        ([Tax(name: "VAT", basisPoints: 0)], "taxes[0].basisPoints"),
        ([Tax(name: "VAT", basis: .includedShare, basisPoints: 10_001)], "taxes[0].basisPoints"),
        ([Tax(name: "City", basis: .perPersonNight)], "taxes[0].amount"),
        ([Tax(name: "City", basis: .perNight, amount: .whole(1, .jpy))], "taxes[0].amount.currency"),
        ([Tax(name: "City", basis: .perNight, amount: Money(Money.maxAmount + 1, .thb))], "taxes[0].amount.amount"),
        ([Tax(name: "City", basis: .perNight, amount: .whole(1, .thb), maxNights: 0)], "taxes[0].maxNights"),
        (Array(repeating: Tax(name: "VAT", basisPoints: 1), count: 11), "taxes"),
    ])
    func aTaxOutsideItsBoundsIsRefusedNamingItsField(taxes: [Tax], field: String) {
        #expect(throws: DomainError.self) { try Tax.validate(taxes, currency: .thb) }
        do {
            try Tax.validate(taxes, currency: .thb)
        } catch {
            #expect(error.field == field)
        }
    }
}
