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

/// A salon's checkout (お会計) through the API, on both databases, as the receptionist uses it: a visit
/// with a product added and cash handed over, its receipt and its change, the same visit refused a second
/// time, a refund, and the visit checked out again; each refusal naming what to correct.
@Suite(.closesItsStores)
struct CheckoutAPITests {
    /// Checks appointments out, paid in cash to the total the server quotes; answers the sale's id.
    static func checkOut(
        _ client: SignedInClient, salon: AppointmentAPITests.Salon, appointments: [Int], items: String = "[]"
    ) async throws -> Int {
        let quote = try await self.quote(client, salon, #"{"appointmentIds": \#(appointments), "items": \#(items)}"#)
        let body =
            #"{"appointmentIds": \#(appointments), "items": \#(items), "payments": [{"method": "cash", "amount": {"amount": \#(quote.total.amount), "currency": "JPY"}}]}"#
        return try await client.execute(
            uri: "/api/v1/properties/\(salon.property.id)/sales", method: .post, body: ByteBuffer(string: body)
        ) { response -> Int in
            #expect(response.status == .created, "\(String(buffer: response.body))")
            return try sale(response).value2.id
        }
    }

    static func quote(_ client: SignedInClient, _ salon: AppointmentAPITests.Salon, _ body: String) async throws
        -> Components.Schemas.SaleQuote
    {
        try await client.execute(
            uri: "/api/v1/properties/\(salon.property.id)/sales/quote", method: .post, body: ByteBuffer(string: body)
        ) { response -> Components.Schemas.SaleQuote in
            #expect(response.status == .ok, "\(String(buffer: response.body))")
            return try APIFixture.decoder.decode(Components.Schemas.SaleQuote.self, from: Data(buffer: response.body))
        }
    }

    /// Closes the salon's day `day` through the night audit; answers its salon's figures. The day as read
    /// back afterwards (`GET /day-closes/{day}`) is the audit's answer, line by line: who did each
    /// service or sold each product, and the service, with it.
    static func closeDay(_ client: SignedInClient, _ salon: AppointmentAPITests.Salon, _ day: String) async throws
        -> Components.Schemas.SalonDayFigures
    {
        let close = try await client.execute(
            uri: "/api/v1/properties/\(salon.property.id)/night-audit", method: .post,
            body: ByteBuffer(string: #"{"day": "\#(day)"}"#)
        ) { response -> Components.Schemas.DayClose in
            #expect(response.status == .created, "\(String(buffer: response.body))")
            return try APIFixture.decoder.decode(Components.Schemas.DayClose.self, from: Data(buffer: response.body))
        }
        try await client.execute(uri: "/api/v1/properties/\(salon.property.id)/day-closes/\(day)", method: .get) {
            response in
            #expect(response.status == .ok, "\(String(buffer: response.body))")
            let stored = try APIFixture.decoder.decode(
                Components.Schemas.DayClose.self, from: Data(buffer: response.body))
            let who = { (close: Components.Schemas.DayClose) in
                close.ledger.lines.map { "\($0.entryId) \($0.staffId ?? 0) \($0.staffName ?? "") \($0.serviceId ?? 0)" }
            }
            #expect(who(stored) == who(close))
        }
        return try #require(close.salon)
    }

    /// The salon's ledger of one day (`day`, ISO).
    static func ledger(_ client: SignedInClient, _ salon: AppointmentAPITests.Salon, _ day: String) async throws
        -> Components.Schemas.Ledger
    {
        try await client.execute(
            uri: "/api/v1/properties/\(salon.property.id)/ledger?from=\(day)&to=\(day)", method: .get
        ) { response in
            #expect(response.status == .ok, "\(String(buffer: response.body))")
            return try APIFixture.decoder.decode(Components.Schemas.Ledger.self, from: Data(buffer: response.body))
        }
    }

    static func sale(_ response: TestResponse) throws -> Components.Schemas.Sale {
        try APIFixture.decoder.decode(Components.Schemas.Sale.self, from: Data(buffer: response.body))
    }

    /// The fixture's salon with Japan's consumption tax inside its prices and two products.
    static func salon(in fixture: APIFixture) async throws -> AppointmentAPITests.Salon {
        let salon = try await AppointmentAPITests.salon(in: fixture)
        _ = try await fixture.store.documents.updateTaxes(
            [Tax(name: "Consumption tax", basis: .includedShare, basisPoints: 1_000)], propertyID: salon.property.id,
            by: nil)
        return salon
    }

    static let products =
        #"{"products": [{"name": "Shampoo", "price": {"amount": 3300, "currency": "JPY"}}, {"name": "Oil", "price": {"amount": 2970, "currency": "JPY"}}]}"#

    @Test(arguments: TestDatabase.available)
    func aVisitWithAProductPaidInCashIsReceiptedWithItsChangeAndRefundedOnce(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let salon = try await Self.salon(in: fixture)
        try await fixture.test(as: .manager) { client in
            let shampoo = try await client.execute(
                uri: "/api/v1/properties/\(salon.property.id)/products", method: .put,
                body: ByteBuffer(string: Self.products)
            ) { response -> Int in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                let list = try APIFixture.decoder.decode(
                    Components.Schemas.ProductList.self, from: Data(buffer: response.body))
                #expect(list.products.map(\.name) == ["Shampoo", "Oil"])
                return try #require(list.products.first).id
            }
            let customer = try await CustomerAPITests.add(client, salon, #"{"name": "田中 花子"}"#)
            let visit = try await CustomerAPITests.book(client, salon, customer: customer, days: 0, fixture: fixture)
            let order =
                #"{"appointmentIds": [\#(visit)], "items": [{"productId": \#(shampoo), "quantity": 2}], "payments": [{"method": "cash", "amount": {"amount": 13200, "currency": "JPY"}, "tendered": {"amount": 15000, "currency": "JPY"}}]}"#
            // Priced by the server: the cut and two bottles, the tax inside the total, the change due.
            let quote = try await Self.quote(client, salon, order)
            #expect(quote.lines.map(\.amount.amount) == [6_600, 6_600])
            #expect(quote.lines.first?.staffName == "Aoi")
            #expect(quote.total.amount == 13_200)
            #expect(quote.includedTaxes.map(\.amount.amount) == [1_200])
            #expect(quote.change.amount == 1_800)
            #expect(quote.due.amount == 0)

            let path = "/api/v1/properties/\(salon.property.id)/sales"
            let sale = try await client.execute(
                uri: path, method: .post, headers: [HTTPField.Name("Idempotency-Key")!: "checkout-1-of-visit"],
                body: ByteBuffer(string: order)
            ) { response -> Components.Schemas.Sale in
                #expect(response.status == .created, "\(String(buffer: response.body))")
                return try Self.sale(response)
            }
            #expect(sale.value2.reference == "RCT-000001")
            #expect(sale.value2.customerName == "田中 花子")
            #expect(sale.value1.payments.first?.value2.change.amount == 1_800)
            #expect(sale.value2.date == CustomerAPITests.dayOf(0, fixture, salon))
            // The same request again is the same sale; the visit checked out again is refused.
            try await client.execute(
                uri: path, method: .post, headers: [HTTPField.Name("Idempotency-Key")!: "checkout-1-of-visit"],
                body: ByteBuffer(string: order)
            ) { response in
                let replayed = try Self.sale(response)
                #expect(replayed.value2.id == sale.value2.id)
            }
            try await client.execute(uri: path, method: .post, body: ByteBuffer(string: order)) { response in
                #expect(response.status == .conflict)
                #expect(response.error?.error.reason?.rawValue == "sale.checkedOut")
                #expect(response.error?.error.params?.additionalProperties["reference"] == "RCT-000001")
            }
            // The visit is done, paid, and no longer offered for checkout.
            try await client.execute(uri: "/api/v1/appointments/\(visit)", method: .get) { response in
                let json = try GuestSite.json(response)
                #expect(json["state"] as? String == "completed")
                #expect((json["actions"] as? [String])?.contains("pay") == false)
                #expect((json["sales"] as? [[String: Any]])?.first?["reference"] as? String == "RCT-000001")
            }
            #expect(try await CustomerAPITests.record(client, customer).value2.visits.first?.price?.amount == 6_600)

            // A refund reverses it on the open day, once; the visit may then be checked out again.
            let refund = "/api/v1/sales/\(sale.value2.id)/refund"
            try await client.execute(uri: refund, method: .post, body: ByteBuffer(string: #"{"reason": "Wrong"}"#)) {
                let refunded = try Self.sale($0)
                #expect(refunded.value2.refund?.reference == "RFD-000001")
            }
            try await client.execute(uri: refund, method: .post, body: ByteBuffer(string: #"{"reason": "Again"}"#)) {
                #expect($0.status == .conflict)
                #expect($0.error?.error.reason?.rawValue == "sale.refunded")
            }
            let again = try await Self.checkOut(client, salon: salon, appointments: [visit])
            try await client.execute(uri: "/api/v1/sales/\(again)", method: .get) { response in
                let sale = try Self.sale(response)
                #expect(sale.value2.reference == "RCT-000002")
            }
            // The day's ledger: the first sale and its refund cancel out; the second stands.
            let ledger = try await Self.ledger(client, salon, CustomerAPITests.dayOf(0, fixture, salon))
            #expect(ledger.totalCharges.amount == 6_600)
            #expect(ledger.totalPayments.amount == 6_600)
            #expect(Set(ledger.lines.compactMap(\.saleId)) == [sale.value2.id, again])
        }
    }

    @Test func eachRefusalNamesWhatToCorrect() async throws {
        let fixture = try await APIFixture.make()
        let salon = try await Self.salon(in: fixture)
        try await fixture.test(as: .manager) { client in
            let ann = try await CustomerAPITests.add(client, salon, #"{"name": "Ann"}"#)
            let bo = try await CustomerAPITests.add(client, salon, #"{"name": "Bo"}"#)
            let visit = try await CustomerAPITests.book(client, salon, customer: ann, days: 0, fixture: fixture)
            let other = try await CustomerAPITests.book(client, salon, customer: bo, days: 0, fixture: fixture)
            let path = "/api/v1/properties/\(salon.property.id)/sales"
            let cash = { (amount: Int, extra: String) in
                #"{"method": "cash", "amount": {"amount": \#(amount), "currency": "JPY"}\#(extra)}"#
            }
            let refused: [(String, HTTPResponse.Status, String, String?)] = [
                (#"{"appointmentIds": [\#(visit)]}"#, .badRequest, "payments", "sale.unpaid"),
                (
                    #"{"appointmentIds": [\#(visit)], "payments": [\#(cash(6_600, #", "tendered": {"amount": 5000, "currency": "JPY"}"#))]}"#,
                    .badRequest, "payments[0].tendered", "sale.tenderedShort"
                ),
                (
                    #"{"appointmentIds": [\#(visit)], "payments": [{"method": "transfer", "amount": {"amount": 6600, "currency": "JPY"}, "reference": "4111 1111 1111 1111"}]}"#,
                    .badRequest, "payments[0].reference", "sale.cardNumber"
                ),
                (
                    #"{"appointmentIds": [\#(visit)], "discount": {"amount": {"amount": 9000, "currency": "JPY"}}}"#,
                    .badRequest, "discount.amount", "sale.discount"
                ),
                (#"{"appointmentIds": []}"#, .badRequest, "items", "sale.empty"),
                (#"{"appointmentIds": [\#(visit), \#(other)]}"#, .badRequest, "appointmentIds", "sale.customers"),
                (#"{"items": [{"productId": 99}]}"#, .notFound, "items[0].productId", nil),
                (#"{"items": [{"productId": 1, "quantity": 100}]}"#, .badRequest, "items[0].quantity", "number.range"),
                (
                    #"{"appointmentIds": [\#(visit)], "payments": [{"method": "qr", "amount": {"amount": 6600, "currency": "THB"}}]}"#,
                    .badRequest, "payments[0].amount.currency", nil
                ),
            ]
            for (body, status, field, reason) in refused {
                try await client.execute(uri: path, method: .post, body: ByteBuffer(string: body)) { response in
                    #expect(response.status == status, "\(body): \(String(buffer: response.body))")
                    #expect(response.error?.error.field == field, "\(body)")
                    if let reason { #expect(response.error?.error.reason?.rawValue == reason, "\(body)") }
                }
            }
            // Paid too much: the amount the payments exceed the total by, as a negative due.
            try await client.execute(
                uri: path, method: .post,
                body: ByteBuffer(string: #"{"appointmentIds": [\#(visit)], "payments": [\#(cash(7_000, ""))]}"#)
            ) { response in
                #expect(response.error?.error.params?.additionalProperties["due"] == "-400")
            }
            // A visit called off is not checked out; nothing was stored by any refusal.
            try await client.execute(
                uri: "/api/v1/appointments/\(other)", method: .patch, headers: [.ifMatch: "\"1\""],
                body: ByteBuffer(string: #"{"state": "cancelled"}"#)
            ) { #expect($0.status == .ok) }
            try await client.execute(
                uri: path, method: .post, body: ByteBuffer(string: #"{"appointmentIds": [\#(other)]}"#)
            ) { #expect($0.error?.error.reason?.rawValue == "sale.notPerformed") }
            #expect(try await fixture.store.sales.sales(appointmentIDs: [visit, other]).isEmpty)
        }
    }

    /// A Bangkok spa with one therapist and a Thai massage at 1,200.00 baht, its 7 % VAT added to its prices.
    static func thaiSalon(in fixture: APIFixture) async throws -> AppointmentAPITests.Salon {
        let property = try await fixture.store.properties.insert(
            Property(
                id: 0, name: "Baan Spa", kind: .salon, region: "Bangkok", city: "Bangkok", latitude: 13.7,
                longitude: 100.5, timeZoneID: "Asia/Bangkok", currency: .thb))
        let member = try await fixture.store.properties.insert(
            StaffMember(id: 0, propertyID: property.id, name: "Nok", team: "Spa", workingHours: 600..<1200))
        let massage = try await fixture.store.properties.insert(
            Service(
                id: 0, propertyID: property.id, name: "Thai massage", durationMinutes: 60, price: .whole(1_200, .thb)))
        try await fixture.staff(property.id)
        _ = try await fixture.store.documents.updateTaxes(
            [Tax(name: "VAT", basisPoints: 700)], propertyID: property.id, by: nil)
        return AppointmentAPITests.Salon(property: property, staff: [member], service: massage)
    }

    @Test func aThaiSalonAddsItsVATToTheDiscountedSubtotal() async throws {
        let fixture = try await APIFixture.make()
        let salon = try await Self.thaiSalon(in: fixture)
        try await fixture.test(as: .manager) { client in
            let customer = try await CustomerAPITests.add(client, salon, #"{"name": "Somchai"}"#)
            let visit = try await CustomerAPITests.book(client, salon, customer: customer, days: 0, fixture: fixture)
            // 10 % off 1,200.00 is 1,080.00; 7 % VAT on it is 75.60, added.
            let quote = try await Self.quote(
                client, salon, #"{"appointmentIds": [\#(visit)], "discount": {"basisPoints": 1000}}"#)
            #expect(quote.subtotal.amount == 108_000)
            #expect(quote.taxes.map(\.amount.amount) == [7_560])
            #expect(quote.total.amount == 115_560)
            #expect(quote.includedTaxes.isEmpty)
            #expect(quote.due.amount == 115_560)
        }
    }
}

extension CheckoutAPITests {
    /// A visit of two services booked online under one code (a cut, then a colour) is checked out on one
    /// receipt: each of its appointments answers both as the visit one お会計 takes, and the customer's
    /// evening appointment that day, apart from them, is a visit of its own.
    @Test(arguments: TestDatabase.available)
    func aVisitOfTwoServicesIsOneCheckoutAndALaterVisitThatDayIsAnother(database: TestDatabase) async throws {
        let salon = try await SalonOnlineAPITests.Salon.make(database: database)
        let zone = salon.salon.property.timeZone
        try await salon.fixture.test(as: .frontDesk) { client in
            let start = salon.tomorrow.instant(atMinute: 11 * 60, in: zone)
            let booked = try await salon.book(client, [salon.cut.id, salon.colour.id], staff: nil, start: start)
            #expect(booked.status == .created, "\(String(buffer: booked.body))")
            let visit = try await salon.fixture.store.appointments.appointments(
                propertyID: salon.id, fromMinute: 0, toMinute: Int.max / 2)
            try #require(visit.count == 2)
            let evening = salon.tomorrow.instant(atMinute: 17 * 60, in: zone).formatted(.iso8601)
            let later = try await client.execute(
                uri: "/api/v1/properties/\(salon.id)/appointments", method: .post,
                body: ByteBuffer(
                    string:
                        #"{"staffId": \#(visit[0].staffID), "serviceId": \#(salon.cut.id), "start": "\#(evening)", "customer": {"id": \#(visit[0].customerID)}, "outsideWorkingHours": true}"#
                )
            ) { response in
                #expect(response.status == .created, "\(String(buffer: response.body))")
                return try APIFixture.decoder.decode(
                    AppointmentAPITests.AppointmentBody.self, from: Data(buffer: response.body)
                ).id
            }
            let ids = visit.map(\.id)
            let read = { (id: Int) async throws -> Components.Schemas.AppointmentDetail in
                try await client.execute(uri: "/api/v1/appointments/\(id)", method: .get) { response in
                    try APIFixture.decoder.decode(
                        Components.Schemas.AppointmentDetail.self, from: Data(buffer: response.body))
                }
            }
            for id in ids { #expect(try await read(id).value2.visit == ids) }
            #expect(try await read(later).value2.visit == [later])

            let sale = try await Self.checkOut(client, salon: salon.salon, appointments: ids)
            try await client.execute(uri: "/api/v1/sales/\(sale)", method: .get) { response in
                let lines = try Self.sale(response).value1.lines
                #expect(Set(lines.compactMap(\.appointmentId)) == Set(ids))
            }
            #expect(try await read(ids[0]).value2.visit == nil)
            #expect(try await read(later).value2.visit == [later])
        }
    }
}
