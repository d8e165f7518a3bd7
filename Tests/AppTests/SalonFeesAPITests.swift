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

/// A salon's fees for appointments not kept, through the API on both databases, as its manager states
/// them and its desk and customers meet them: a no-show's fee owed, then paid at the desk in two goes;
/// a late cancellation charged, or waived for a reason, an early one free; a service's own terms; the
/// booking page stating them; a customer cancelling late online told the fee and charged it.
@Suite(.closesItsStores)
struct SalonFeesAPITests {
    static let terms =
        #"{"lateCancellationMinutes": 1440, "lateCancellationFee": {"basisPoints": 5000}, "noShowFee": {"basisPoints": 10000}}"#

    /// The fixture's salon stating half the price within a day and all of it for a no-show, its clock at
    /// 9:00 today in Tokyo.
    static func salon(_ fixture: APIFixture, _ client: SignedInClient) async throws -> AppointmentAPITests.Salon {
        let salon = try await CheckoutAPITests.salon(in: fixture)
        let zone = salon.property.timeZone
        fixture.store.clock.set(
            Day.today(in: zone, now: fixture.store.clock.now()).instant(atMinute: 9 * 60, in: zone))
        try await client.execute(
            uri: "/api/v1/properties/\(salon.property.id)/salon/terms", method: .put,
            body: ByteBuffer(string: #"{"lateCancellationMinutes": 1440, "noShowFee": {"basisPoints": 20000}}"#)
        ) { response in
            #expect(response.status == .badRequest)
            #expect(response.error?.error.field == "noShowFee.basisPoints")
        }
        try await client.execute(
            uri: "/api/v1/properties/\(salon.property.id)/salon/terms", method: .put,
            body: ByteBuffer(string: Self.terms)
        ) { response in
            #expect(response.status == .ok, "\(String(buffer: response.body))")
            let setup = try APIFixture.decoder.decode(
                Components.Schemas.SalonSetup.self, from: Data(buffer: response.body))
            #expect(setup.value2.terms.noShowFee?.basisPoints == 10_000)
        }
        return salon
    }

    static func patch(_ client: SignedInClient, _ id: Int, _ body: String, fixture: APIFixture) async throws
        -> TestResponse
    {
        let version = try #require(try await fixture.store.appointments.appointment(id: id)).version
        return try await client.execute(
            uri: "/api/v1/appointments/\(id)", method: .patch, headers: [.ifMatch: "\"\(version)\""],
            body: ByteBuffer(string: body))
    }

    static func detail(_ client: SignedInClient, _ id: Int) async throws -> Components.Schemas.AppointmentDetail {
        try await client.execute(uri: "/api/v1/appointments/\(id)", method: .get) { response in
            #expect(response.status == .ok, "\(String(buffer: response.body))")
            return try APIFixture.decoder.decode(
                Components.Schemas.AppointmentDetail.self, from: Data(buffer: response.body))
        }
    }

    static func pay(_ client: SignedInClient, sale: Int, _ payment: String) async throws -> TestResponse {
        try await client.execute(
            uri: "/api/v1/sales/\(sale)/payments", method: .post,
            body: ByteBuffer(string: #"{"payments": [\#(payment)]}"#))
    }

    @Test(arguments: TestDatabase.available)
    func aNoShowsFeeIsOwedUntilTheDeskTakesItAndTheDaysCloseCountsIt(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        try await fixture.test(as: .manager) { client in
            let salon = try await Self.salon(fixture, client)
            let customer = try await CustomerAPITests.add(client, salon, #"{"name": "田中 花子"}"#)
            let visit = try await CustomerAPITests.book(client, salon, customer: customer, days: 0, fixture: fixture)
            // The desk is told what calling it off would cost before it asks.
            let fees = try #require(try await Self.detail(client, visit).value2.fees)
            #expect(fees.cancellation.amount == 3_300 && fees.noShow.amount == 6_600)

            let marked = try await Self.patch(client, visit, #"{"state": "no_show"}"#, fixture: fixture)
            #expect(marked.status == .ok, "\(String(buffer: marked.body))")
            let detail = try await Self.detail(client, visit)
            #expect(detail.value1.state == .noShow && detail.value2.fees == nil)
            let owed = try #require(detail.value2.sales?.first)
            #expect(owed.total.amount == 6_600 && owed.due.amount == 6_600)
            #expect(try await CustomerAPITests.record(client, customer).value2.owing?.map(\.id) == [owed.id])
            let sale = try await client.execute(uri: "/api/v1/sales/\(owed.id)", method: .get) {
                try CheckoutAPITests.sale($0)
            }
            #expect(sale.value1.lines.map(\.category) == [.fee])
            #expect(sale.value1.lines.first?.description == "No-show fee")
            #expect(sale.value1.lines.first?.staffName == "Aoi")
            #expect(sale.value1.includedTaxes.isEmpty && sale.value1.payments.isEmpty)

            // More than is owed is refused, naming what is; paid in two goes, it is owed no more.
            let over = try await Self.pay(
                client, sale: owed.id, #"{"method": "cash", "amount": {"amount": 7000, "currency": "JPY"}}"#)
            #expect(over.status == .badRequest && over.error?.error.reason?.rawValue == "sale.overpaid")
            #expect(over.error?.error.params?.additionalProperties["due"] == "6600")
            let part = try await Self.pay(
                client, sale: owed.id,
                #"{"method": "cash", "amount": {"amount": 5000, "currency": "JPY"}, "tendered": {"amount": 10000, "currency": "JPY"}}"#
            )
            #expect(part.status == .ok, "\(String(buffer: part.body))")
            let afterPart = try CheckoutAPITests.sale(part)
            #expect(afterPart.value1.due.amount == 1_600 && afterPart.value1.change.amount == 5_000)
            let rest = try await Self.pay(
                client, sale: owed.id,
                #"{"method": "qr", "amount": {"amount": 1600, "currency": "JPY"}, "reference": "PP-1"}"#)
            #expect(try CheckoutAPITests.sale(rest).value1.due.amount == 0)
            #expect(try await CustomerAPITests.record(client, customer).value2.owing == [])

            // The day's close counts the fee among its takings, apart from the stylists'.
            let today = CustomerAPITests.dayOf(0, fixture, salon)
            let figures = try await CheckoutAPITests.closeDay(client, salon, today)
            #expect(figures.fees.amount == 6_600 && figures.takings.amount == 6_600)
            #expect(figures.byStylist.isEmpty && figures.noShows == 1 && figures.receipts == 1)
            // Paying a closed-out fee again, or a refunded one, is refused.
            let paid = try await Self.pay(
                client, sale: owed.id, #"{"method": "cash", "amount": {"amount": 1, "currency": "JPY"}}"#)
            #expect(paid.status == .badRequest && paid.error?.error.params?.additionalProperties["due"] == "0")
        }
    }

    @Test(arguments: TestDatabase.available)
    func aLateCancellationIsChargedUnlessWaivedForAReasonAndAnEarlyOneIsFree(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        try await fixture.test(as: .manager) { client in
            let salon = try await Self.salon(fixture, client)
            let customer = try await CustomerAPITests.add(client, salon, #"{"name": "Ann"}"#)
            // Tomorrow at 11:00 is 26 hours away: cancelling is free.
            let early = try await CustomerAPITests.book(client, salon, customer: customer, days: 1, fixture: fixture)
            #expect(try await Self.detail(client, early).value2.fees?.cancellation.amount == 0)
            #expect(try await Self.patch(client, early, #"{"state": "cancelled"}"#, fixture: fixture).status == .ok)
            #expect(try await Self.detail(client, early).value2.sales == [])

            // Today at 11:00: half the price, unless the desk waives it, saying why.
            let late = try await CustomerAPITests.book(client, salon, customer: customer, days: 0, fixture: fixture)
            let blank = try await Self.patch(
                client, late, #"{"state": "cancelled", "waiveFeeReason": "  "}"#, fixture: fixture)
            #expect(blank.status == .badRequest && blank.error?.error.field == "waiveFeeReason")
            let waived = try await Self.patch(
                client, late, #"{"state": "cancelled", "waiveFeeReason": "Family emergency"}"#, fixture: fixture)
            #expect(waived.status == .ok, "\(String(buffer: waived.body))")
            let afterWaiver = try await Self.detail(client, late)
            #expect(afterWaiver.value1.state == .cancelled && afterWaiver.value2.sales == [])
            #expect(afterWaiver.value1.notes.hasSuffix("Cancellation fee waived: Family emergency"))

            let charged = try await CustomerAPITests.book(client, salon, customer: customer, days: 0, fixture: fixture)
            #expect(try await Self.patch(client, charged, #"{"state": "cancelled"}"#, fixture: fixture).status == .ok)
            let fee = try #require(try await Self.detail(client, charged).value2.sales?.first)
            #expect(fee.due.amount == 3_300)

            // A service of its own terms: a flat ¥3,000 within two days, whatever its price.
            try await client.execute(
                uri: "/api/v1/properties/\(salon.property.id)/salon/services/\(salon.service.id)/booking",
                method: .put,
                body: ByteBuffer(
                    string:
                        #"{"bufferBeforeMinutes": 0, "bufferAfterMinutes": 0, "performers": [], "bookableOnline": true, "terms": {"lateCancellationMinutes": 2880, "lateCancellationFee": {"amount": {"amount": 3000, "currency": "JPY"}}}}"#
                )
            ) { response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                let setup = try APIFixture.decoder.decode(
                    Components.Schemas.SalonSetup.self, from: Data(buffer: response.body))
                #expect(setup.value2.services.first?.value2.terms?.lateCancellationMinutes == 2_880)
            }
            let own = try await CustomerAPITests.book(client, salon, customer: customer, days: 1, fixture: fixture)
            let ownFees = try #require(try await Self.detail(client, own).value2.fees)
            #expect(ownFees.cancellation.amount == 3_000 && ownFees.noShow.amount == 0)
            try await client.execute(
                uri: "/api/v1/properties/\(salon.property.id)/salon/services/\(salon.service.id)/booking",
                method: .put,
                body: ByteBuffer(
                    string:
                        #"{"bufferBeforeMinutes": 0, "bufferAfterMinutes": 0, "performers": [], "bookableOnline": true, "terms": {"lateCancellationMinutes": 2880, "lateCancellationFee": {"amount": {"amount": 3000, "currency": "USD"}}}}"#
                )
            ) { response in
                #expect(response.status == .badRequest)
                #expect(response.error?.error.field == "terms.lateCancellationFee.amount.currency")
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func aCustomerIsToldTheFeesBeforeBookingAndChargedForCancellingLateOnline(database: TestDatabase) async throws {
        let salon = try await SalonOnlineAPITests.Salon.make(database: database)
        try await salon.fixture.store.properties.setVisitTerms(
            VisitTerms(
                lateCancellationMinutes: 2880, lateCancellationFee: .share(basisPoints: 5_000),
                noShowFee: .amount(.whole(2_000, .jpy))), propertyID: salon.id, by: nil)
        try await salon.fixture.test(as: nil) { client in
            try await client.execute(uri: "\(salon.path)?lang=ja", method: .get) { response in
                let page = try SalonOnlineAPITests.decode(Components.Schemas.PublicSalonPage.self, response)
                let cut = try #require(page.services.first { $0.id == salon.cut.id })
                #expect(cut.terms.lateCancellationFee?.basisPoints == 5_000)
                #expect(cut.terms.noShowFee?.amount?.amount == 2_000)
            }
            let times = try await salon.freeTimes(client, on: salon.tomorrow, services: [salon.cut.id])
            let visit = try SalonOnlineAPITests.decode(
                Components.Schemas.SalonVisit.self,
                try await salon.book(client, [salon.cut.id], staff: nil, start: try #require(times.first).start))
            // Within two days, still before the day's notice online cancellations close at: allowed, at a cost.
            #expect(visit.fees.cancellingNow.amount == 3_300 && visit.fees.noShow.amount == 2_000)
            #expect(visit.fees.lateFrom != nil && visit.cancellation.allowed)
            let cancelled = try await client.execute(
                uri: "/api/v1/public/visits/\(visit.code)/cancel", method: .post,
                body: ByteBuffer(string: #"{"email": "yui@example.com"}"#)
            ) { response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                return try SalonOnlineAPITests.decode(Components.Schemas.SalonVisit.self, response)
            }
            #expect(cancelled.state == .cancelled && cancelled.fees.cancellingNow.amount == 0)
            let fees = try await salon.fixture.store.sales.sales(
                appointmentIDs: [visit.services[0].appointmentId])
            #expect(fees.map(\.totals.due.amount) == [3_300])
            #expect(fees.first?.lines.first?.description == "Late cancellation fee")
            #expect(fees.first?.customerName == "佐藤 結衣")
        }
    }
}
