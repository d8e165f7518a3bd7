import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MailTesting
import StorageTesting
import Testing

@testable import App

/// A Thai hotel paid by PromptPay: a manager sets where (a Vietnamese account refused, then a wrong
/// number, then a right one); the desk's folio and the guest's own booking show the code for what is
/// owed, whose drawing Debian's zbarimg reads back as the payload with the amount and the booking's code.
@Suite(.closesItsStores, .serialized)
struct PaymentCodesAPITests {
    static func put(_ client: SignedInClient, _ fixture: APIFixture, _ json: String) async throws -> TestResponse {
        try await client.execute(
            uri: "/api/v1/properties/\(fixture.property.id)/receiving-account", method: .put,
            body: ByteBuffer(string: json))
    }

    @Test(arguments: TestDatabase.available)
    func aPromptPayCodeForTheBalanceIsDrawnOnTheFolioAndTheGuestsBooking(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        try await fixture.test(as: .manager) { client in
            #expect(try await Self.methods(client, fixture).first { $0.method == .qr }?.drawsCode == false)
            for (json, field) in [
                (#"{"account": {"kind": "vietqr_account", "number": "0099999999", "bankBin": "970423"}}"#, "kind"),
                (#"{"account": {"kind": "promptpay_mobile", "number": "02-123-4567"}}"#, "number"),
            ] {
                let refused = try await Self.put(client, fixture, json)
                #expect(refused.status == .badRequest)
                #expect(refused.error?.error.field == field, "\(String(buffer: refused.body))")
            }
            let stored = try await Self.put(
                client, fixture,
                #"{"account": {"kind": "promptpay_mobile", "number": "081-234-5678", "holder": "Baan Suan Co."}}"#)
            #expect(stored.status == .ok, "\(String(buffer: stored.body))")
            let setting = try StayActionsAPITests.decode(Components.Schemas.ReceivingAccountSetting.self, stored)
            #expect(setting.kinds == ["promptpay_mobile", "promptpay_id", "promptpay_wallet"])
            #expect(setting.account?.number == "081-234-5678")
            // The desk's payment controls follow the server's catalogue: cash counted, the rest referenced, and
            // a QR payment now drawn as a code.
            let methods = try await Self.methods(client, fixture)
            #expect(methods.map(\.method) == [.cash, .cardTerminal, .transfer, .qr])
            #expect(methods.map(\.takesHandedOver) == [true, false, false, false])
            #expect(methods.map(\.takesReference) == [false, true, true, true])
            #expect(methods.map(\.drawsCode) == [false, false, false, true])

            let today = fixture.today
            let json = fixture.stayJSON(arrival: today.iso, departure: today.adding(days: 1).iso)
            let booked = try await client.execute(uri: fixture.staysPath, method: .post, body: ByteBuffer(string: json))
            let stay = try StayActionsAPITests.decode(Components.Schemas.Stay.self, booked)
            try await client.execute(uri: "/api/v1/stays/\(stay.id)/check-in", method: .post) {
                #expect($0.status == .ok)
            }
            let folio = try await NightAuditAPITests.folio(client, stay.id)
            let code = try #require(folio.payCode)
            #expect(code.amount == folio.balance && code.reference == stay.confirmationCode)
            #expect(code.scheme == .promptpay && code.holder == "Baan Suan Co.")
            // The payload as PromptPay writes it: the phone as 0066 and nine digits, the amount in baht.
            let baht = String(format: "%d.%02d", folio.balance.amount / 100, folio.balance.amount % 100)
            #expect(code.payload.contains("0113006681234567"))
            #expect(code.payload.contains("54\(String(format: "%02d", baht.count))\(baht)"))
            #expect(code.payload.contains(stay.confirmationCode))
            #expect(try Self.decoded(code.svg) == code.payload)

            let guest = try await client.execute(
                uri: "/api/v1/public/bookings/\(stay.confirmationCode)?email=ann@example.com", method: .get
            ) { try StayActionsAPITests.decode(Components.Schemas.ManagedBooking.self, $0) }
            #expect(guest.payCode?.payload == code.payload)

            // Paid in full: nothing is owed, and no code is drawn.
            let paid = try await client.execute(
                uri: "/api/v1/stays/\(stay.id)/payments", method: .post,
                body: ByteBuffer(
                    string: #"{"amount": {"amount": \#(folio.balance.amount), "currency": "THB"}, "method": "qr"}"#))
            #expect(paid.status == .created)
            #expect(try await NightAuditAPITests.folio(client, stay.id).payCode == nil)
        }
    }

    /// A Bangkok salon paid by PromptPay: the checkout's quote draws the code for a QR payment's amount (and
    /// for no cash one), which zbarimg reads back with the amount and the visit's reference.
    @Test func aSalonsCheckoutDrawsTheCodeForAQRPaymentsAmount() async throws {
        let fixture = try await APIFixture.make()
        let salon = try await fixture.store.properties.insert(
            Property(
                id: 0, name: "Salon Mali", kind: .salon, region: "Bangkok", city: "Sukhumvit", latitude: 13.73,
                longitude: 100.57, timeZoneID: "Asia/Bangkok", currency: .thb))
        try await fixture.staff(salon.id)
        try await fixture.test(as: .manager) { client in
            let base = "/api/v1/properties/\(salon.id)"
            let account = #"{"account": {"kind": "promptpay_mobile", "number": "081-234-5678", "holder": "Mali"}}"#
            #expect(
                try await client.execute(
                    uri: base + "/receiving-account", method: .put, body: ByteBuffer(string: account)
                )
                .status == .ok)
            let products = #"{"products": [{"name": "Hair oil", "price": {"amount": 45050, "currency": "THB"}}]}"#
            let product = try StayActionsAPITests.decode(
                Components.Schemas.ProductList.self,
                try await client.execute(uri: base + "/products", method: .put, body: ByteBuffer(string: products))
            ).products[0].id
            let order =
                #"{"appointmentIds": [], "items": [{"productId": \#(product)}], "payments": [{"method": "cash", "amount": {"amount": 5050, "currency": "THB"}}, {"method": "qr", "amount": {"amount": 40000, "currency": "THB"}}]}"#
            let quote = try StayActionsAPITests.decode(
                Components.Schemas.SaleQuote.self,
                try await client.execute(uri: base + "/sales/quote", method: .post, body: ByteBuffer(string: order)))
            let drawn = try #require(quote.payCodes)
            #expect(drawn.map(\.payment) == [1], "the QR payment alone")
            let code = try #require(drawn.first?.code)
            #expect(code.amount.amount == 40_000 && code.holder == "Mali")
            #expect(code.payload.contains("5406400.00") && code.payload.contains("0113006681234567"))
            #expect(try Self.decoded(code.svg) == code.payload)
        }
    }

    /// A Thai salon asking 30 % at booking, paid by PromptPay: the customer's booked visit (its page, and a
    /// waitlist's offer once taken, answer the same) shows the code for the deposit, the visit's code its
    /// reference, which zbarimg reads back; once the desk holds the deposit, no code is drawn.
    @Test func aSalonVisitsOpenDepositIsDrawnAsACodeUntilTheSalonHoldsIt() async throws {
        let salon = try await SalonOnlineAPITests.Salon.make(currency: .thb)
        let fixture = salon.fixture
        let terms = #"{"lateCancellationMinutes": 1440, "deposit": {"basisPoints": 3000}}"#
        let account = #"{"account": {"kind": "promptpay_mobile", "number": "081-234-5678", "holder": "Hanami"}}"#
        try await fixture.test(as: .manager) { client in
            for (path, json) in [("/salon/terms", terms), ("/receiving-account", account)] {
                let put = try await client.execute(
                    uri: "/api/v1/properties/\(salon.id)\(path)", method: .put, body: ByteBuffer(string: json))
                #expect(put.status == .ok, "\(String(buffer: put.body))")
            }
            let free = try await salon.freeTimes(client, on: salon.tomorrow, services: [salon.cut.id])
            let booked = try await salon.book(client, [salon.cut.id], staff: nil, start: try #require(free.first).start)
            #expect(booked.status == .created, "\(String(buffer: booked.body))")
            let visit = try SalonOnlineAPITests.decode(Components.Schemas.SalonVisit.self, booked)
            // 30 % of Cut's 6,600 baht.
            let code = try #require(visit.payCode)
            #expect(code.amount.amount == 198_000 && code.reference == visit.code && code.holder == "Hanami")
            #expect(code.payload.contains("54071980.00") && code.payload.contains(visit.code))
            #expect(try Self.decoded(code.svg) == code.payload)

            let appointment = try #require(visit.services.first).appointmentId
            let taken = try await SalonDepositsAPITests.take(
                client, appointment,
                #"{"method": "qr", "amount": {"amount": 198000, "currency": "THB"}, "reference": "KB0042"}"#)
            #expect(taken.status == .created, "\(String(buffer: taken.body))")
            let path = "/api/v1/public/visits/\(visit.code)?email=yui@example.com"
            let again = try await client.execute(uri: path, method: .get) {
                try SalonOnlineAPITests.decode(Components.Schemas.SalonVisit.self, $0)
            }
            #expect(again.deposit?.paid.amount == 198_000 && again.payCode == nil)
        }
    }

    /// The ways the property is paid, as its desk reads them with the property.
    static func methods(_ client: SignedInClient, _ fixture: APIFixture) async throws
        -> [Components.Schemas.OfferedPaymentMethod]
    {
        try await client.execute(uri: "/api/v1/properties/\(fixture.property.id)", method: .get) {
            try StayActionsAPITests.decode(Components.Schemas.Property.self, $0).paymentMethods ?? []
        }
    }

    /// What zbarimg reads in the SVG, drawn 400 pixels wide by rsvg-convert.
    static func decoded(_ svg: String) throws -> String {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("paycode-\(UUID().uuidString)")
        let (svgFile, pngFile) = (base.appendingPathExtension("svg"), base.appendingPathExtension("png"))
        defer {
            try? FileManager.default.removeItem(at: svgFile)
            try? FileManager.default.removeItem(at: pngFile)
        }
        try svg.write(to: svgFile, atomically: true, encoding: .utf8)
        _ = try run("rsvg-convert", ["--format=png", "-w", "400", "-o", pngFile.path, svgFile.path])
        return try read(pngFile)
    }

    /// What zbarimg reads in a PNG file.
    static func read(_ png: URL) throws -> String {
        var text = String(decoding: try run("zbarimg", ["--raw", "-q", png.path]), as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> Data {
        let result = try TestTools.runBlocking("/usr/bin/env", [tool] + arguments)
        try #require(result.status == 0, "\(tool) exited with \(result.status): \(result.stderr)")
        return Data(result.stdout.utf8)
    }
}
