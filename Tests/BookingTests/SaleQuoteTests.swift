import Foundation
import PropertyBased
import Testing

@testable import Booking

/// How the checkout prices a sale (`SaleQuote.price`), without storage: lines, discounts, taxes added or
/// inside, the change; and the order's bounds, checked before any arithmetic.
struct SaleQuoteTests {
    static let tokyo = Property(
        id: 1, name: "Salon", kind: .salon, region: "Kanto", city: "Tokyo", latitude: 35.6, longitude: 139.7,
        timeZoneID: "Asia/Tokyo", currency: .jpy,
        taxes: [Tax(name: "Consumption tax", basis: .includedShare, basisPoints: 1_000)])
    static let cut = Service(id: 3, propertyID: 1, name: "Cut", durationMinutes: 45, price: .whole(6_600, .jpy))
    static let shampoo = Product(id: 1, name: "Shampoo", price: .whole(3_300, .jpy))
    static let visit = Appointment(
        id: 9, propertyID: 1, staffID: 4, serviceID: 3, customerID: 2, startMinute: 29_000_000, durationMinutes: 45)

    static func price(
        _ order: SaleOrder, salon: Property = tokyo, products: [Product] = [shampoo]
    ) throws(DomainError) -> SaleQuote {
        try SaleQuote.price(
            order, appointments: order.appointmentIDs.isEmpty ? [] : [visit], services: [cut], products: products,
            customerID: 2, salon: salon, today: Day(20_400))
    }

    @Test func aVisitWithAProductIsPricedWithTheTaxInsideAndTheChangeOfTheCashGiven() throws {
        let quote = try Self.price(
            SaleOrder(
                propertyID: 1, appointmentIDs: [9], items: [.init(productID: 1, quantity: 2, staffID: 4)],
                payments: [SalePayment(method: .cash, amount: .whole(13_200, .jpy), tendered: .whole(20_000, .jpy))]))
        #expect(quote.lines.map(\.description) == ["Cut", "Shampoo"])
        #expect(quote.lines.map(\.staffID) == [4, 4])
        #expect(quote.totals.total == .whole(13_200, .jpy))
        #expect(quote.includedTaxes.map(\.amount) == [.whole(1_200, .jpy)])
        #expect(quote.taxes.isEmpty)
        #expect(quote.totals.change == .whole(6_800, .jpy))
        #expect(quote.totals.due.amount == 0)
    }

    @Test func anAmountOffIsSplitOverTheLinesByPriceToTheLastYen() async {
        let gen = zip(Gen.int(in: 1...9_900), Gen.int(in: 1...5))
        await propertyCheck(count: 200, input: gen) { amount, quantity in
            let quote = try Self.price(
                SaleOrder(
                    propertyID: 1, appointmentIDs: [9], items: [.init(productID: 1, quantity: quantity)],
                    discount: .amount(Money(amount, .jpy))))
            #expect(quote.totals.discount.amount == amount)
            #expect(quote.lines.allSatisfy { $0.amount.amount >= 0 && $0.discount.amount <= $0.gross.amount })
            #expect(quote.totals.subtotal.amount == 6_600 + 3_300 * quantity - amount)
        }
    }

    @Test func aShareOffIsTakenOffEachLineAndThaiVATIsAddedOnTheRest() throws {
        var bangkok = Self.tokyo
        bangkok.currency = .thb
        bangkok.taxes = [Tax(name: "VAT", basisPoints: 700)]
        let massage = Service(id: 3, propertyID: 1, name: "Massage", durationMinutes: 60, price: .whole(1_200, .thb))
        let quote = try SaleQuote.price(
            SaleOrder(propertyID: 1, appointmentIDs: [9], discount: .share(basisPoints: 1_000)),
            appointments: [Self.visit], services: [massage], products: [], customerID: nil, salon: bangkok,
            today: Day(20_400))
        #expect(quote.lines.map(\.amount) == [.whole(1_080, .thb)])
        #expect(quote.taxes.map(\.amount) == [Money(7_560, .thb)])
        #expect(quote.totals.total == Money(115_560, .thb))
    }

    @Test func anOrderOutOfBoundsIsRefusedNamingItsFieldBeforeAnySum() {
        let cases: [(SaleOrder, String)] = [
            (SaleOrder(propertyID: 1, items: [.init(productID: 1, quantity: 100)]), "items[0].quantity"),
            (SaleOrder(propertyID: 1, items: [.init(productID: 1, quantity: 0)]), "items[0].quantity"),
            (SaleOrder(propertyID: 1, items: Array(repeating: .init(productID: 1), count: 31)), "items"),
            (SaleOrder(propertyID: 1, appointmentIDs: [9, 9]), "appointmentIds"),
            (
                SaleOrder(propertyID: 1, appointmentIDs: [9], discount: .share(basisPoints: 10_001)),
                "discount.basisPoints"
            ),
            (
                SaleOrder(
                    propertyID: 1, appointmentIDs: [9],
                    payments: [SalePayment(method: .cash, amount: Money(Money.maxAmount + 1, .jpy))]),
                "payments[0].amount.amount"
            ),
            (
                SaleOrder(
                    propertyID: 1, appointmentIDs: [9],
                    payments: [SalePayment(method: .cardTerminal, amount: .whole(1, .jpy), tendered: .whole(2, .jpy))]),
                "payments[0].tendered"
            ),
            (SaleOrder(propertyID: 1), "items"),
            (
                SaleOrder(propertyID: 1, appointmentIDs: [9], discount: .amount(.whole(10_000, .jpy))),
                "discount.amount"
            ),
        ]
        for (order, field) in cases {
            #expect(throws: DomainError.self) { try Self.price(order) }
            do {
                _ = try Self.price(order)
            } catch {
                #expect(error.field == field)
            }
        }
    }

    @Test func aCardsNumberIsNeverTakenAsAReference() {
        #expect(SaleOrder.holdsCardNumber("4111 1111 1111 1111"))
        #expect(SaleOrder.holdsCardNumber("ref 4111-1111-1111-1111 ok"))
        #expect(SaleOrder.holdsCardNumber("5500005555555559"))
        #expect(!SaleOrder.holdsCardNumber("4111 1111 1111 1112"))
        #expect(!SaleOrder.holdsCardNumber("PayPay 2026112712345"))
        #expect(!SaleOrder.holdsCardNumber("slip 0042"))
    }
}
