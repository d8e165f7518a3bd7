import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Mail
import MailTesting
import StorageTesting
import Testing

@testable import App

/// A deposit asked at booking, in the confirmation: a Thai hotel paid by PromptPay sells a plan whose deposit
/// is the first night; a guest booking it in Thai gets the confirmation through a real SMTP server (aiosmtpd)
/// with the deposit stated and the code to pay it as an image inside the message, which Debian's zbarimg reads
/// back as PromptPay's payload with the deposit's amount and the booking's code. A booking asking no deposit
/// gets no code.
@Suite(.closesItsStores, .serialized)
struct DepositMailTests {
    @Test func aDepositAskedAtBookingIsMailedWithThePromptPayCodeForItsAmountAndTheBookingsCode() async throws {
        let fixture = try await APIFixture.make()
        try await SMTPSink.with { sink in
            try await fixture.test(as: .manager) { client in
                #expect(try await RatePlansAPITests.put(client, fixture, RatePlansAPITests.plans).status == .ok)
                let account = #"{"account": {"kind": "promptpay_mobile", "number": "081-234-5678"}}"#
                #expect(try await PaymentCodesAPITests.put(client, fixture, account).status == .ok)
                let arrival = fixture.today.adding(days: 10)
                var codes: [String] = []
                for (plan, email) in [(2, "somsri@example.com"), (nil, "ann@example.com")] {
                    var body = PublicAPITests.bookingBody(
                        fixture, arrival: arrival.iso, departure: arrival.adding(days: 2).iso)
                    body = body.replacingOccurrences(of: "ann@example.com", with: email)
                    if let plan {
                        body = body.replacingOccurrences(
                            of: #""adults": 2,"#, with: #""adults": 2, "ratePlanId": \#(plan),"#)
                    }
                    let booked = try await client.execute(
                        uri: "/api/v1/public/bookings?lang=th", method: .post,
                        headers: [HTTPField.Name("Idempotency-Key")!: "deposit-mail-\(codes.count)-abcdef"],
                        body: ByteBuffer(string: body))
                    #expect(booked.status == .created, "\(String(buffer: booked.body))")
                    codes.append(try GuestSite.json(booked)["confirmationCode"] as? String ?? "")
                }
                let settings = MessagingSettings(
                    sender: MailAddress("desk@frontdesk.test"), siteURL: "https://book.example")
                let delivery = MessageDelivery(
                    store: fixture.store, settings: settings,
                    senders: [SMTPSender(smtp: sink.configuration(host: "127.0.0.1"), from: settings.sender)],
                    logger: Logger(label: "test"))
                #expect(await delivery.round(try await MessageComposer.bundled(siteURL: settings.siteURL)) == 2)
                var parsed: [String: ParsedMessage] = [:]
                for (eml, _) in try sink.messages() {
                    let message = try await SMTPSink.parse(eml)
                    parsed[message.to] = message
                }

                // The first night and breakfast for two: 1,200 + 2 × 250 baht, asked now.
                let deposit = "1,700.00"
                let asked = try #require(parsed.first { $0.key.contains("somsri@") }?.value)
                #expect(asked.defects.isEmpty && asked.contentType == "multipart/related")
                #expect(asked.parts.map(\.contentType) == ["text/plain", "text/html", "image/png"])
                let text = asked.parts[0].content
                #expect(text.contains("เงินมัดจำ") && text.contains(deposit), "\(text)")
                let html = asked.parts[1].content
                #expect(html.contains(#"<img src="cid:paycode@frontdesk""#) && html.contains("PromptPay"))
                let image = asked.parts[2]
                #expect(image.contentId == "<paycode@frontdesk>" && image.disposition == "inline")
                let payload = try Self.decoded(png: try #require(Data(base64Encoded: image.content)))
                #expect(payload.hasPrefix("000201010212") && payload.contains("0113006681234567"))
                #expect(payload.contains("54071700.00") && payload.contains(codes[0]), "\(payload)")

                let none = try #require(parsed.first { $0.key.contains("ann@") }?.value)
                #expect(none.contentType == "multipart/alternative" && none.parts.count == 2)
                #expect(!none.parts[0].content.contains("เงินมัดจำ"))
            }
        }
    }

    /// What zbarimg reads in a PNG.
    static func decoded(png: Data) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("paycode-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        try png.write(to: file)
        return try PaymentCodesAPITests.read(file)
    }
}
