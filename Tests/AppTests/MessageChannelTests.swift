import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Mail
import MailTesting
import Storage
import StorageTesting
import Synchronization
import Testing

@testable import App

/// Messages go out by channel. A second channel (a post office of the tests' own, as LINE or Zalo would be)
/// is added by a sender alone: the outbox keeps its messages, the composer writes them, and the delivery
/// hands each to its channel's sender, email to SMTP beside it; without its sender set up, its messages
/// wait. What a guest said of a channel is kept per property, channel and address, and a booking's messages
/// follow it.
@Suite(.closesItsStores)
struct MessageChannelTests {
    static let post = MessageChannel(rawValue: "test-post")!

    /// The tests' own channel: keeps what it was handed, refuses the addresses it is told to.
    final class TestPost: MessageSender {
        let channel = MessageChannelTests.post
        let refusing: Set<String>
        let delivered = Mutex<[(address: String, subject: String, text: String)]>([])

        init(refusing: Set<String> = []) { self.refusing = refusing }

        func send(_ outgoing: OutgoingMessage, _ composed: ComposedMessage) async throws(SendFailure) {
            guard !refusing.contains(outgoing.message.recipient) else {
                throw SendFailure(description: "no such member", permanent: true)
            }
            delivered.withLock { $0.append((outgoing.message.recipient, composed.subject, composed.text)) }
        }
    }

    static func message(_ fixture: APIFixture, stayID: Int, channel: MessageChannel, to address: String)
        -> NewMessage
    {
        NewMessage(
            kind: .confirmation, propertyID: fixture.property.id, stayID: stayID, channel: channel,
            recipient: address, recipientName: "Ann Lee", language: .ja,
            facts: MessageFacts(
                propertyName: fixture.property.name, guestName: "Ann Lee", confirmationCode: "FD-CHANNEL",
                timeZoneID: fixture.property.timeZoneID, arrival: fixture.today.adding(days: 3).iso,
                departure: fixture.today.adding(days: 5).iso, nights: 2, roomType: fixture.roomType.name,
                currency: "THB", total: 240_000))
    }

    @Test(arguments: TestDatabase.available)
    func aSecondChannelIsSentByItsOwnSenderBesideEmailAndWaitsWithoutOne(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let store = fixture.store
        let stay = try await GuestsBookings(storage: store, now: store.clock.now).book(
            NewStay(
                propertyID: fixture.property.id, roomTypeID: fixture.roomType.id, roomID: nil,
                nights: try Nights(arrival: fixture.today.adding(days: 3), departure: fixture.today.adding(days: 5)),
                adults: 2, guestName: "Ann Lee", guestEmail: "ann@example.com", source: .online)
        ).stay
        let onPost = try await store.enqueue(Self.message(fixture, stayID: stay.id, channel: Self.post, to: "U123"))
        let refused = try await store.enqueue(Self.message(fixture, stayID: stay.id, channel: Self.post, to: "U999"))
        let settings = MessagingSettings(sender: MailAddress("desk@frontdesk.test"), siteURL: "https://book.example")
        let composer = try await MessageComposer.bundled(siteURL: settings.siteURL)
        let logger = Logger(label: "channel-test")

        // Email alone is set up: the post's messages are not claimed, and wait.
        try await SMTPSink.with { (sink: SMTPSink) async throws in
            let email = SMTPSender(smtp: sink.configuration(host: "127.0.0.1"), from: settings.sender)
            let delivery = MessageDelivery(store: store, settings: settings, senders: [email], logger: logger)
            #expect(await delivery.round(composer) == 1)
            #expect(try sink.messages().map(\.envelope.rcptTos) == [["ann@example.com"]])
            #expect(try await store.messages.message(id: onPost.id)?.state == .queued)
            #expect(try await store.messages.message(id: onPost.id)?.attempts == 0)

            // The post's sender is added: it gets its messages, composed in their language; email gets none.
            let post = TestPost(refusing: ["U999"])
            let both = MessageDelivery(store: store, settings: settings, senders: [email, post], logger: logger)
            #expect(await both.round(composer) == 2)
            let delivered = post.delivered.withLock { $0 }
            #expect(delivered.map(\.address) == ["U123"])
            #expect(delivered.first?.text.contains("FD-CHANNEL") == true)
            #expect(delivered.first?.subject.contains(fixture.property.name) == true)
            #expect(try sink.messages().count == 1)
        }
        #expect(try await store.messages.message(id: onPost.id)?.state == .sent)
        let failed = try #require(try await store.messages.message(id: refused.id))
        #expect(failed.state == .failed && failed.lastError == "no such member")
    }

    @Test(arguments: TestDatabase.available)
    func aGuestWhoAsksForNoEmailGetsNoneUntilTheyAgreeAgain(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let store = fixture.store
        let path = "/api/v1/properties/\(fixture.property.id)/message-consents"
        @Sendable func confirmations() async throws -> Int {
            try await store.messages.messages(propertyID: fixture.property.id, kind: .confirmation).count
        }
        @Sendable func say(_ client: SignedInClient, _ body: String) async throws -> TestResponse {
            try await client.execute(uri: path, method: .put, body: ByteBuffer(string: body))
        }
        try await fixture.test { client in
            // Nothing said: email is the channel's rule, any other channel is not until agreed.
            try await client.execute(uri: "\(path)?channel=email&address=Ann%40Example.com", method: .get) {
                #expect($0.status == .ok)
                let consent = try APIFixture.decoder.decode(
                    Components.Schemas.MessageConsent.self, from: Data(buffer: $0.body))
                #expect(consent.granted && consent.changedAt == nil && consent.address == "ann@example.com")
            }
            try await client.execute(uri: "\(path)?channel=test-post&address=U123", method: .get) {
                let consent = try APIFixture.decoder.decode(
                    Components.Schemas.MessageConsent.self, from: Data(buffer: $0.body))
                #expect(!consent.granted)
            }
            // Refused, naming the field.
            for (body, field) in [
                (#"{"channel": "LINE!", "address": "ann@example.com", "granted": false}"#, "channel"),
                (#"{"channel": "email", "address": "not an address", "granted": false}"#, "address"),
                (#"{"channel": "email", "address": "  ", "granted": false}"#, "address"),
            ] {
                let refused = try await say(client, body)
                #expect(refused.status == .badRequest, "\(body)")
                #expect(
                    String(buffer: refused.body).contains(#""field":"\#(field)""#), "\(String(buffer: refused.body))")
            }

            let withdrawn = try await say(
                client, #"{"channel": "email", "address": " ANN@example.com ", "granted": false}"#)
            #expect(withdrawn.status == .ok, "\(String(buffer: withdrawn.body))")
            let kept = try APIFixture.decoder.decode(
                Components.Schemas.MessageConsent.self, from: Data(buffer: withdrawn.body))
            #expect(!kept.granted && kept.changedAt != nil && kept.address == "ann@example.com")
            let before = try await confirmations()
            _ = try await MessagesAPITests.book(client, fixture, arrival: fixture.today.adding(days: 3), language: "en")
            #expect(try await confirmations() == before)

            #expect(
                try await say(client, #"{"channel": "email", "address": "ann@example.com", "granted": true}"#).status
                    == .ok)
            _ = try await MessagesAPITests.book(client, fixture, arrival: fixture.today.adding(days: 6), language: "en")
            #expect(try await confirmations() == before + 1)
        }
    }
}
