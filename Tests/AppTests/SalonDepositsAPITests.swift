import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import StorageTesting
import Testing

@testable import App
@testable import Storage

/// A salon's deposits (予約金) through the API on both databases, as its desk and its customers meet
/// them: taken at the desk with a receipt of its own, taken off the visit's checkout, kept towards a
/// no-show's fee, refunded by a cancellation in time; the day's close holding them apart from the
/// takings; the booking page asking it before the customer books.
@Suite(.closesItsStores)
struct SalonDepositsAPITests {
    /// 30 % at booking, half the price within a day, all of it for a no-show.
    static let terms =
        #"{"lateCancellationMinutes": 1440, "lateCancellationFee": {"basisPoints": 5000}, "noShowFee": {"basisPoints": 10000}, "deposit": {"basisPoints": 3000}}"#

    static func take(_ client: SignedInClient, _ appointment: Int, _ payment: String) async throws -> TestResponse {
        try await client.execute(
            uri: "/api/v1/appointments/\(appointment)/deposit", method: .post,
            body: ByteBuffer(string: #"{"payments": [\#(payment)]}"#))
    }

    static func cash(_ amount: Int, tendered: Int? = nil) -> String {
        #"{"method": "cash", "amount": {"amount": \#(amount), "currency": "JPY"}"#
            + (tendered.map { #", "tendered": {"amount": \#($0), "currency": "JPY"}"# } ?? "") + "}"
    }

    @Test(arguments: TestDatabase.available)
    func aDepositComesOffTheCheckoutIsKeptByANoShowAndRefundedByACancellationInTime(database: TestDatabase)
        async throws
    {
        let fixture = try await APIFixture.make(database: database)
        try await fixture.test(as: .manager) { client in
            let salon = try await SalonFeesAPITests.salon(fixture, client)
            try await client.execute(
                uri: "/api/v1/properties/\(salon.property.id)/salon/terms", method: .put,
                body: ByteBuffer(string: #"{"lateCancellationMinutes": 60, "deposit": {"basisPoints": 0}}"#)
            ) { response in
                #expect(response.status == .badRequest && response.error?.error.field == "deposit.basisPoints")
            }
            try await client.execute(
                uri: "/api/v1/properties/\(salon.property.id)/salon/terms", method: .put,
                body: ByteBuffer(string: Self.terms)
            ) { #expect($0.status == .ok, "\(String(buffer: $0.body))") }
            let customer = try await CustomerAPITests.add(client, salon, #"{"name": "田中 花子"}"#)

            // Asked, not yet held: the desk may take it; short of it, refused naming what is due.
            let visit = try await CustomerAPITests.book(client, salon, customer: customer, days: 0, fixture: fixture)
            let asked = try #require(try await SalonFeesAPITests.detail(client, visit).value2.deposit)
            #expect(asked.asked.amount == 1_980 && asked.held.amount == 0)
            #expect(try await SalonFeesAPITests.detail(client, visit).value2.actions.contains(.deposit))
            let short = try await Self.take(client, visit, Self.cash(1_000))
            #expect(short.status == .badRequest && short.error?.error.reason?.rawValue == "sale.unpaid")
            let taken = try await Self.take(client, visit, Self.cash(1_980, tendered: 2_000))
            #expect(taken.status == .created, "\(String(buffer: taken.body))")
            let receipt = try CheckoutAPITests.sale(taken)
            #expect(receipt.value1.lines.map(\.category) == [.deposit] && receipt.value1.total.amount == 1_980)
            #expect(receipt.value1.change.amount == 20 && receipt.value1.deposits.amount == 1_980)
            let again = try await Self.take(client, visit, Self.cash(1_980))
            #expect(again.status == .conflict && again.error?.error.reason?.rawValue == "deposit.taken")
            let held = try await SalonFeesAPITests.detail(client, visit)
            #expect(held.value2.deposit?.held.amount == 1_980 && !held.value2.actions.contains(.deposit))
            #expect(held.value2.actions.contains(.pay))

            // The checkout takes it off the total, after the tax inside the price.
            let order = #"{"appointmentIds": [\#(visit)], "payments": [\#(Self.cash(4_620))]}"#
            let quote = try await client.execute(
                uri: "/api/v1/properties/\(salon.property.id)/sales/quote", method: .post,
                body: ByteBuffer(string: order)
            ) { response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                return try APIFixture.decoder.decode(
                    Components.Schemas.SaleQuote.self, from: Data(buffer: response.body))
            }
            #expect(quote.lines.map(\.category) == [.service, .deposit])
            #expect(quote.lines.last?.amount.amount == -1_980 && quote.lines.last?.description == "Deposit paid")
            #expect(quote.subtotal.amount == 6_600 && quote.total.amount == 4_620 && quote.due.amount == 0)
            #expect(quote.includedTaxes.first?.amount.amount == 600)
            try await client.execute(
                uri: "/api/v1/properties/\(salon.property.id)/sales", method: .post, body: ByteBuffer(string: order)
            ) { #expect($0.status == .created, "\(String(buffer: $0.body))") }
            #expect(try await SalonFeesAPITests.detail(client, visit).value2.deposit == nil)
            // The customer's record counts the visit at its price, the deposit paid towards it.
            let record = try await CustomerAPITests.record(client, customer)
            #expect(record.value2.spent?.amount == 6_600)

            // A no-show keeps it towards the fee: the customer owes the rest.
            let missed = try await CustomerAPITests.book(client, salon, customer: customer, days: 0, fixture: fixture)
            #expect(try await Self.take(client, missed, Self.cash(1_980)).status == .created)
            #expect(try await SalonFeesAPITests.detail(client, missed).value2.fees?.noShow.amount == 6_600)
            let marked = try await SalonFeesAPITests.patch(client, missed, #"{"state": "no_show"}"#, fixture: fixture)
            #expect(marked.status == .ok, "\(String(buffer: marked.body))")
            let fee = try #require(try await SalonFeesAPITests.detail(client, missed).value2.sales?.last)
            #expect(fee.total.amount == 4_620 && fee.due.amount == 4_620)
            let feeSale = try await client.execute(uri: "/api/v1/sales/\(fee.id)", method: .get) {
                try CheckoutAPITests.sale($0)
            }
            #expect(feeSale.value1.lines.map(\.description) == ["No-show fee", "Deposit kept"])

            // Cancelled in time (tomorrow is more than a day away), it is given back.
            let early = try await CustomerAPITests.book(client, salon, customer: customer, days: 1, fixture: fixture)
            #expect(try await Self.take(client, early, Self.cash(1_980)).status == .created)
            #expect(try await SalonFeesAPITests.detail(client, early).value2.fees?.cancellation.amount == 0)
            #expect(
                try await SalonFeesAPITests.patch(client, early, #"{"state": "cancelled"}"#, fixture: fixture).status
                    == .ok)
            let refunded = try await SalonFeesAPITests.detail(client, early)
            #expect(refunded.value2.sales?.map(\.refunded) == [true] && refunded.value2.deposit == nil)
            let refundedSale = try #require(try await fixture.store.sales.sale(id: refunded.value2.sales![0].id))
            #expect(refundedSale.refund?.reason == "Deposit refunded")
            // Its deposit is not taken again for a visit called off.
            let closed = try await Self.take(client, early, Self.cash(1_980))
            #expect(closed.status == .unprocessableContent && closed.error?.error.reason?.rawValue == "deposit.none")

            // The tax inside the day's prices is the visit's alone: not on a deposit, nor on a fee.
            let ledger = try await CheckoutAPITests.ledger(client, salon, CustomerAPITests.dayOf(0, fixture, salon))
            #expect(ledger.includedTaxes?.map(\.amount.amount) == [600])
            // The day holds no deposit now; its takings are the visit and the fee, its receipts five.
            let figures = try await CheckoutAPITests.closeDay(client, salon, CustomerAPITests.dayOf(0, fixture, salon))
            #expect(figures.deposits?.amount == 0 && figures.fees.amount == 6_600)
            #expect(figures.takings.amount == 13_200 && figures.receipts == 5)
        }
    }

    @Test(arguments: TestDatabase.available)
    func theBookingPageAsksTheDepositAndTheVisitSaysWhatIsPaid(database: TestDatabase) async throws {
        let salon = try await SalonOnlineAPITests.Salon.make(database: database)
        try await salon.fixture.store.properties.setVisitTerms(
            VisitTerms(lateCancellationMinutes: 60, deposit: .amount(.whole(2_000, .jpy))), propertyID: salon.id,
            by: nil)
        try await salon.fixture.test(as: nil) { client in
            try await client.execute(uri: "\(salon.path)?lang=ja", method: .get) { response in
                let page = try SalonOnlineAPITests.decode(Components.Schemas.PublicSalonPage.self, response)
                let cut = try #require(page.services.first { $0.id == salon.cut.id })
                #expect(cut.terms.deposit?.amount?.amount == 2_000 && cut.fees.deposit?.amount == 2_000)
            }
            let times = try await salon.freeTimes(client, on: salon.tomorrow, services: [salon.cut.id])
            let visit = try SalonOnlineAPITests.decode(
                Components.Schemas.SalonVisit.self,
                try await salon.book(client, [salon.cut.id], staff: nil, start: try #require(times.first).start))
            #expect(visit.deposit?.asked.amount == 2_000 && visit.deposit?.paid.amount == 0)
            // Paid at the salon, the visit says so, and cancelling late would keep it.
            let desk = Checkout(storage: salon.fixture.store, now: { salon.fixture.store.clock.now() })
            let manager = Staff(User(id: 1, email: "m@example.com", name: "M", role: .manager))
            _ = try await desk.takeDeposit(
                appointmentID: visit.services[0].appointmentId,
                payments: [SalePayment(method: .transfer, amount: .whole(2_000, .jpy), reference: "BK-1")],
                by: manager)
            let paid = try await client.execute(
                uri: "/api/v1/public/visits/\(visit.code)?email=yui@example.com", method: .get
            ) { response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                return try SalonOnlineAPITests.decode(Components.Schemas.SalonVisit.self, response)
            }
            #expect(paid.deposit?.paid.amount == 2_000 && paid.fees.noShow.amount == 2_000)
            #expect(paid.fees.cancellingNow.amount == 0)
            // Cancelled in time online, the deposit's sale is refunded.
            try await client.execute(
                uri: "/api/v1/public/visits/\(visit.code)/cancel", method: .post,
                body: ByteBuffer(string: #"{"email": "yui@example.com"}"#)
            ) { #expect($0.status == .ok, "\(String(buffer: $0.body))") }
            let sales = try await salon.fixture.store.sales.sales(appointmentIDs: [visit.services[0].appointmentId])
            #expect(sales.map { $0.refund?.reason } == ["Deposit refunded"])
        }
    }
}
