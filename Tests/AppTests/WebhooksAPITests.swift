import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Storage
import StorageTesting
import Testing

@testable import App

/// A property's webhooks: a manager's to add (its secret answered once) and remove; a URL that is not
/// http(s) or points at a private address is refused naming `url`; each event is signed as Stripe and
/// GitHub sign theirs; and which recorded events each webhook event is.
@Suite(.closesItsStores)
struct WebhooksAPITests {
    @Test func theSignatureIsHMACSHA256OfTheTimeAndTheBody() {
        // As Python's hmac.new(b"whsec_test", b'1700000000.{"a":1}', hashlib.sha256).hexdigest() has it.
        #expect(
            WebhookSignature.value(secret: "whsec_test", timestamp: 1_700_000_000, body: Data(#"{"a":1}"#.utf8))
                == "t=1700000000,v1=38877139021993b830af32feea6e18a8da83eb2f6e49ee50bd9e4cf4ca4d3789")
        let secret = WebhookSignature.newSecret()
        #expect(secret.hasPrefix("whsec_") && secret.count == 70 && secret != WebhookSignature.newSecret())
    }

    @Test func recordedEventsAreTheWebhookEventsTheySayTheyAre() {
        #expect(WebhookEvent.of(kind: "stay.create") == .bookingCreated)
        #expect(WebhookEvent.of(kind: "appointment.book-online") == .bookingCreated)
        #expect(WebhookEvent.of(kind: "stay.move") == .bookingChanged)
        #expect(WebhookEvent.of(kind: "appointment.no-show") == .bookingCancelled)
        #expect(WebhookEvent.of(kind: "stay.check-in") == .checkedIn)
        #expect(WebhookEvent.of(kind: "folio.payment") == .paymentReceived)
        #expect(WebhookEvent.of(kind: "folio.charge") == nil)
        #expect(WebhookEvent.of(kind: "room.housekeeping") == nil)
    }

    @Test(arguments: TestDatabase.available)
    func aManagerAddsAWebhookSeesItsSecretOnceAndRemovesIt(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let path = "/api/v1/properties/\(fixture.property.id)/webhooks"
        try await fixture.test(as: .manager) { client in
            for (url, why) in [
                ("ftp://example.com/x", "http or https"), ("https://", "http or https"),
                ("http://127.0.0.1:9/hooks", "private"), ("http://169.254.169.254/latest", "private"),
                ("http://[::1]/hooks", "private"),
            ] {
                let body = #"{"url": "\#(url)", "events": ["booking.created"]}"#
                try await client.execute(uri: path, method: .post, body: ByteBuffer(string: body)) { response in
                    #expect(response.status == .badRequest, "\(url)")
                    #expect(response.error?.error.field == "url")
                    #expect(
                        response.error?.error.message.contains(why) == true, "\(url): \(String(buffer: response.body))")
                }
            }
            try await client.execute(
                uri: path, method: .post, body: ByteBuffer(string: #"{"url": "https://example.com/h", "events": []}"#)
            ) { response in
                #expect(response.status == .badRequest)
            }
            #expect(try await fixture.store.webhooks.webhooks(propertyID: fixture.property.id).isEmpty)

            // A public address (the name is not looked up here: example.com is public) is kept.
            let made = try await client.execute(
                uri: path, method: .post,
                body: ByteBuffer(
                    string:
                        #"{"url": "https://93.184.215.14/hooks", "events": ["booking.created", "payment.received"]}"#)
            ) { response in
                #expect(response.status == .created, "\(String(buffer: response.body))")
                return try APIFixture.decoder.decode(Components.Schemas.Webhook.self, from: Data(buffer: response.body))
            }
            #expect(made.secret?.hasPrefix("whsec_") == true)
            #expect(made.events.map(\.rawValue) == ["booking.created", "payment.received"])
            let listed = try await client.execute(uri: path, method: .get) { response in
                try APIFixture.decoder.decode(Components.Schemas.WebhookList.self, from: Data(buffer: response.body))
            }
            #expect(listed.webhooks.map(\.id) == [made.id] && listed.webhooks[0].secret == nil)
            let clerk = try #require(
                try await StaffAPITests.signIn(client, "front_desk@example.com", APIFixture.password))
            try await clerk.execute(uri: path, method: .get) { #expect($0.status == .forbidden) }
            try await clerk.execute(uri: "/api/v1/webhooks/\(made.id)", method: .delete) {
                #expect($0.status == .forbidden)
            }
            try await client.execute(uri: "/api/v1/webhooks/\(made.id)", method: .delete) {
                #expect($0.status == .noContent)
            }
            try await client.execute(uri: "/api/v1/webhooks/\(made.id)", method: .delete) {
                #expect($0.status == .notFound)
            }
        }
    }
}
