import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PropertyBased
import StorageTesting
import Testing

@testable import App
@testable import Storage

/// Random days of a salon's till through the API on a real database (visits booked, checked out with
/// products, discounts and split payments, refunded, marked no-shows or cancelled late with the salon's
/// fees posted, fees paid in part or whole, deposits taken, their customers merged), after which:
/// - every receipt equals its checkout: the payments come to the total (a fee's to at most it), the lines
///   to the subtotal;
/// - receipts and refunds are numbered 1, 2, 3… without a gap or a repeat;
/// - the day's ledger equals the sum of its sales: charges and payments of those standing, nothing of
///   those refunded;
/// - no visit is in two sales standing, and a merge leaves every sale on a record still the salon's;
/// - no deposit is held below nothing (given back after it was spent), and the day's deposits are its
///   sales' deposit lines;
/// - the day closed, its takings by member, and by service with the products, are its receipts';
/// - no request is answered with a server error.
@Suite(.closesItsStores)
struct CheckoutPropertyTests {
    struct Step: Sendable, CustomStringConvertible {
        var kind: Int
        var a: Int
        var b: Int

        var description: String {
            ["book", "checkout", "refund", "no-show", "merge", "cancel", "collect", "deposit"][kind] + "(\(a), \(b))"
        }
    }

    static let steps = zip(Gen.int(in: 0...7), Gen.int(in: 0...99), Gen.int(in: 0...99))
        .map { Step(kind: $0, a: $1, b: $2) }
        .array(of: 4...14)

    @Test(arguments: TestDatabase.available)
    func receiptsEqualCheckoutsAndTheDayEqualsItsSales(database: TestDatabase) async {
        await propertyCheck(count: 6, input: Self.steps) { steps in
            let fixture = try await APIFixture.make(database: database)
            let salon = try await CheckoutAPITests.salon(in: fixture)
            try await fixture.test(as: .manager) { client in
                try await client.execute(
                    uri: "/api/v1/properties/\(salon.property.id)/products", method: .put,
                    body: ByteBuffer(string: CheckoutAPITests.products)
                ) { #expect($0.status == .ok) }
                // Today's visits are all within a day: cancelling one costs half its price, missing it all; a
                // deposit of 30 % is asked.
                try await client.execute(
                    uri: "/api/v1/properties/\(salon.property.id)/salon/terms", method: .put,
                    body: ByteBuffer(
                        string:
                            SalonDepositsAPITests.terms)
                ) { #expect($0.status == .ok, "\(String(buffer: $0.body))") }
                var customers: [Int] = []
                for name in ["Ann", "Bo", "Chie"] {
                    customers.append(try await CustomerAPITests.add(client, salon, #"{"name": "\#(name)"}"#))
                }
                var booked: [Int] = []
                var sales: [Int] = []
                for step in steps {
                    try await Self.perform(step, salon, fixture, client, &customers, &booked, &sales)
                }
                try await Self.expectTheBooksAgree(salon, fixture, client, sales, steps)
                let held = try await fixture.store.sales.depositsHeld(appointmentIDs: booked)
                #expect(held.values.allSatisfy { $0.amount > 0 }, "a deposit given back twice: \(held) \(steps)")
            }
        }
    }

    static func expectTheBooksAgree(
        _ salon: AppointmentAPITests.Salon, _ fixture: APIFixture, _ client: SignedInClient, _ ids: [Int],
        _ steps: [Step]
    ) async throws {
        var standing: [Components.Schemas.Sale] = []
        var refunds: [String] = []
        var checkedOut: [Int] = []
        for id in ids {
            let sale = try await client.execute(uri: "/api/v1/sales/\(id)", method: .get) { response in
                try CheckoutAPITests.sale(response)
            }
            let quote = sale.value1
            let fee = quote.lines.contains { $0.category == .fee }
            #expect(
                fee ? quote.paid.amount <= quote.total.amount : quote.paid.amount == quote.total.amount,
                "paid is not the total: \(steps)")
            let priced = quote.lines.filter { $0.category != .deposit }
            #expect(priced.map(\.amount.amount).reduce(0, +) == quote.subtotal.amount, "\(steps)")
            #expect(quote.subtotal.amount == quote.gross.amount - quote.discount.amount, "\(steps)")
            #expect(
                quote.total.amount == quote.subtotal.amount + quote.tax.amount + quote.deposits.amount
                    && quote.total.amount >= 0, "\(steps)")
            if let refund = sale.value2.refund {
                refunds.append(refund.reference)
            } else {
                standing.append(sale)
                checkedOut += Set(quote.lines.filter { $0.category != .deposit }.compactMap(\.appointmentId))
            }
        }
        #expect(Set(checkedOut).count == checkedOut.count, "a visit in two sales standing: \(steps)")
        let numbers = ids.indices.map { FolioDocument.reference(prefix: "RCT", number: $0 + 1) }
        let references = try await ids.asyncMap { id in
            try await client.execute(uri: "/api/v1/sales/\(id)", method: .get) { try CheckoutAPITests.sale($0) }
                .value2.reference
        }
        #expect(references.sorted() == numbers, "receipts with a gap: \(steps)")
        #expect(
            refunds.sorted() == refunds.indices.map { FolioDocument.reference(prefix: "RFD", number: $0 + 1) },
            "refunds with a gap: \(steps)")
        let today = CustomerAPITests.dayOf(0, fixture, salon)
        let ledger = try await CheckoutAPITests.ledger(client, salon, today)
        #expect(
            ledger.totalCharges.amount == standing.map(\.value1.total.amount).reduce(0, +),
            "the day's charges are not its sales': \(steps)")
        #expect(
            ledger.totalPayments.amount == standing.map(\.value1.paid.amount).reduce(0, +),
            "the day's payments are not its sales': \(steps)")
        // The day closed: its takings by member are its receipts' (before taxes added), and by service
        // with the products, the same.
        do {
            let figures = try await CheckoutAPITests.closeDay(client, salon, today)
            let subtotals = standing.map(\.value1.subtotal.amount).reduce(0, +)
            let fees = standing.flatMap(\.value1.lines).filter { $0.category == .fee }.map(\.amount.amount).reduce(0, +)
            #expect(figures.takings.amount == subtotals, "the takings are not the receipts': \(steps)")
            #expect(figures.fees.amount == fees, "the fees are not the receipts': \(steps)")
            #expect(figures.byStylist.map(\.amount.amount).reduce(0, +) + fees == subtotals, "\(steps)")
            #expect(
                figures.byService.map(\.amount.amount).reduce(0, +) + figures.products.amount + fees == subtotals,
                "\(steps)")
            #expect(figures.receipts == ids.count, "\(steps)")
            let deposits = standing.flatMap(\.value1.lines).filter { $0.category == .deposit }
            #expect(
                figures.deposits?.amount == deposits.map(\.amount.amount).reduce(0, +),
                "the deposits are not the receipts': \(steps)")
        }
        // Every sale's customer is a record still the salon's (a merge took the sales along).
        let orphans = try await fixture.store.sql.raw(
            """
            SELECT COUNT(*) AS n FROM sales s JOIN customers c ON c.id = s.customer_id
            WHERE s.property_id = \(bind: salon.property.id) AND c.merged_into IS NOT NULL
            """
        ).first()?.decode(column: "n", as: Int.self)
        #expect(orphans == 0, "a sale left on a record merged away: \(steps)")
    }

    static func perform(
        _ step: Step, _ salon: AppointmentAPITests.Salon, _ fixture: APIFixture, _ client: SignedInClient,
        _ customers: inout [Int], _ booked: inout [Int], _ sales: inout [Int]
    ) async throws {
        switch step.kind {
        case 0:
            booked.append(
                try await CustomerAPITests.book(
                    client, salon, customer: customers[step.a % customers.count], days: 0, fixture: fixture))
        case 1:
            // One customer's visits (or none: products over the counter), a product or not, a discount or
            // not, paid in cash with change or split between a card and cash.
            var visits: [Int] = []
            if !booked.isEmpty, step.b % 4 != 0 {
                let first = booked[step.a % booked.count]
                let customer = try #require(try await fixture.store.appointments.appointment(id: first)).customerID
                for id in booked where try await fixture.store.appointments.appointment(id: id)?.customerID == customer
                {
                    visits.append(id)
                }
                visits = Array(visits.prefix(1 + step.b % 2))
            }
            let items =
                step.a % 3 == 0 && !visits.isEmpty ? "[]" : #"[{"productId": 1, "quantity": \#(1 + step.b % 3)}]"#
            let discount =
                switch step.b % 3 {
                case 0: ""
                case 1: #", "discount": {"basisPoints": \#(500 + step.a * 10)}"#
                default: #", "discount": {"amount": {"amount": \#(1 + step.a * 7), "currency": "JPY"}}"#
                }
            let order = #"{"appointmentIds": \#(visits), "items": \#(items)\#(discount)"#
            let quote = try await client.execute(
                uri: "/api/v1/properties/\(salon.property.id)/sales/quote", method: .post,
                body: ByteBuffer(string: order + "}")
            ) { response -> Components.Schemas.SaleQuote? in
                guard response.status == .ok else {
                    // Only a visit already paid, or called off, is refused.
                    #expect(
                        [.conflict, .unprocessableContent].contains(response.status), "\(String(buffer: response.body))"
                    )
                    return nil
                }
                return try APIFixture.decoder.decode(
                    Components.Schemas.SaleQuote.self, from: Data(buffer: response.body))
            }
            guard let total = quote?.total.amount else { return }
            let card = step.a % 2 == 0 ? min(total, 1_000 + step.b * 10) : 0
            var payments: [String] = []
            if card > 0 {
                payments.append(#"{"method": "card_terminal", "amount": {"amount": \#(card), "currency": "JPY"}}"#)
            }
            if total - card > 0 {
                payments.append(
                    #"{"method": "cash", "amount": {"amount": \#(total - card), "currency": "JPY"}, "tendered": {"amount": \#(total - card + step.b), "currency": "JPY"}}"#
                )
            }
            let body = order + #", "payments": [\#(payments.joined(separator: ", "))]}"#
            let sale = try await client.execute(
                uri: "/api/v1/properties/\(salon.property.id)/sales", method: .post, body: ByteBuffer(string: body)
            ) { response -> Int? in
                guard response.status == .created else {
                    #expect(
                        [.conflict, .unprocessableContent].contains(response.status), "\(String(buffer: response.body))"
                    )
                    return nil
                }
                return try CheckoutAPITests.sale(response).value2.id
            }
            if let sale { sales.append(sale) }
        case 2 where !sales.isEmpty:
            try await client.execute(
                uri: "/api/v1/sales/\(sales[step.a % sales.count])/refund", method: .post,
                body: ByteBuffer(string: #"{"reason": "Refund \#(step.b)"}"#)
            ) { #expect([.ok, .conflict].contains($0.status), "\(String(buffer: $0.body))") }
        case 3 where !booked.isEmpty, 5 where !booked.isEmpty:
            // Marked a no-show, or cancelled late: the fee, a sale the customer owes, unless waived.
            let id = booked[step.a % booked.count]
            let before = try #require(try await fixture.store.appointments.appointment(id: id))
            let version = before.version
            let state = step.kind == 3 ? "no_show" : "cancelled"
            let waive = step.b % 5 == 0 ? #", "waiveFeeReason": "Regular""# : ""
            let calledOff = try await client.execute(
                uri: "/api/v1/appointments/\(id)", method: .patch, headers: [.ifMatch: "\"\(version)\""],
                body: ByteBuffer(string: #"{"state": "\#(state)"\#(waive)}"#)
            ) { response -> Bool in
                #expect([.ok, .unprocessableContent].contains(response.status), "\(String(buffer: response.body))")
                return response.status == .ok
            }
            let fees = try await fixture.store.sales.sales(appointmentIDs: [id]).filter { sale in
                sale.lines.contains { $0.category == .fee } && !sales.contains(sale.id)
            }
            // Only a visit still booked is charged: one already called off the same way is left as it is.
            let charged = calledOff && waive.isEmpty && before.state == .booked
            #expect(fees.count == (charged ? 1 : 0), "the fee of \(id): \(fees)")
            sales += fees.map(\.id)
        case 6:
            // A fee paid, in part or whole, or more than it is owed (refused).
            let owing = try await sales.asyncMap { try await fixture.store.sales.sale(id: $0) }
                .compactMap { $0 }.filter { $0.refund == nil && $0.totals.due.amount > 0 }
            guard !owing.isEmpty else { return }
            let sale = owing[step.a % owing.count]
            let due = sale.totals.due.amount
            let amount = step.b % 4 == 0 ? due + 1 : max(1, due * (1 + step.b % 3) / 3)
            try await client.execute(
                uri: "/api/v1/sales/\(sale.id)/payments", method: .post,
                body: ByteBuffer(
                    string: #"{"payments": [{"method": "cash", "amount": {"amount": \#(amount), "currency": "JPY"}}]}"#)
            ) { response in
                #expect(response.status == (amount > due ? .badRequest : .ok), "\(String(buffer: response.body))")
            }
        case 7 where !booked.isEmpty:
            // The deposit taken, for a visit still to come: refused when one is held already.
            let id = booked[step.a % booked.count]
            guard let deposit = try await SalonFeesAPITests.detail(client, id).value2.deposit,
                deposit.asked.amount > 0
            else { return }
            let taken = try await SalonDepositsAPITests.take(
                client, id, SalonDepositsAPITests.cash(deposit.asked.amount, tendered: deposit.asked.amount + step.b))
            #expect(
                taken.status == (deposit.held.amount == 0 ? .created : .conflict), "\(String(buffer: taken.body))")
            if taken.status == .created { sales.append(try CheckoutAPITests.sale(taken).value2.id) }
        case 4 where customers.count >= 2:
            let kept = customers[step.a % customers.count]
            let other = customers[step.b % customers.count]
            guard kept != other else { return }
            try await client.execute(
                uri: "/api/v1/customers/\(kept)/merge", method: .post,
                body: ByteBuffer(string: #"{"customerId": \#(other)}"#)
            ) { #expect($0.status == .ok, "\(String(buffer: $0.body))") }
            customers.removeAll { $0 == other }
        default:
            break
        }
    }
}

extension Array {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var mapped: [T] = []
        for element in self { mapped.append(try await transform(element)) }
        return mapped
    }
}
