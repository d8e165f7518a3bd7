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
import Testing

@testable import App

/// The messages due by the clock, driven by the store's clock and sent to a real SMTP server (aiosmtpd): a
/// salon's reminder its hours before a visit, a hotel's pre-arrival message its days before an arrival
/// (not before 09:00 there), each written once, in the language the booking was made in; and what a
/// manager turns off is not written.
@Suite(.closesItsStores, .serialized)
struct MessageSchedulerTests {
    static let logger = Logger(label: "test")

    @Test(arguments: TestDatabase.available)
    func aVisitIsRemindedAndAStayGreetedAtTheirTimesOnceEachAndBothAreSent(database: TestDatabase) async throws {
        let salon = try await SalonOnlineAPITests.Salon.make(database: database)
        let (fixture, store) = (salon.fixture, salon.fixture.store)
        try await SMTPSink.with { sink in
            try await fixture.test { client in
                let times = try await salon.freeTimes(client, on: salon.today.adding(days: 2), services: [salon.cut.id])
                let start = try #require(times.first).start
                #expect(try await salon.book(client, [salon.cut.id], staff: nil, start: start).status == .created)
                let arrival = fixture.today.adding(days: 6)
                _ = try await MessagesAPITests.book(client, fixture, arrival: arrival, language: "ko")

                let scheduler = MessageScheduler(store: store, interval: .seconds(60), logger: Self.logger)
                store.clock.set(start.addingTimeInterval(-24 * 3600 - 60))
                #expect(try await scheduler.round() == 0)
                store.clock.set(start.addingTimeInterval(-24 * 3600 + 60))
                #expect(try await scheduler.round() == 1)
                #expect(try await scheduler.round() == 0)
                // Both confirmations and the reminder go out; the pre-arrival message later, at its time.
                let settings = MessagingSettings(
                    sender: MailAddress("desk@frontdesk.test"), siteURL: "https://book.example")
                let delivery = MessageDelivery(
                    store: store, settings: settings,
                    senders: [SMTPSender(smtp: sink.configuration(host: "127.0.0.1"), from: settings.sender)],
                    logger: Self.logger)
                let composer = try await MessageComposer.bundled(siteURL: settings.siteURL)
                #expect(await delivery.round(composer) == 3)

                let first = arrival.adding(days: -2)
                let zone = fixture.property.timeZone
                store.clock.set(first.instant(atMinute: 8 * 60 + 59, in: zone))
                #expect(try await scheduler.round() == 0)
                store.clock.set(first.instant(atMinute: 9 * 60, in: zone))
                #expect(try await scheduler.round() == 1)
                #expect(try await scheduler.round() == 0)

                #expect(await delivery.round(composer) == 1)
                var parsed: [ParsedMessage] = []
                for (eml, _) in try sink.messages() { parsed.append(try await SMTPSink.parse(eml)) }
                let subjects = parsed.map(\.subject)
                #expect(subjects.count == 4)
                #expect(subjects.contains { $0.hasPrefix("ご来店のお知らせ：Salon Hanami") })
                #expect(subjects.contains { $0.hasPrefix("Baan Suan 숙박이 다가옵니다") })
                // The pre-arrival message links to the stay's online check-in, in the guest's language.
                let greeting = try #require(parsed.first { $0.subject.hasPrefix("Baan Suan 숙박이 다가옵니다") })
                let text = try #require(greeting.parts.first { $0.contentType == "text/plain" }).content
                let link = try #require(text.split(separator: "\n").first { $0.contains("/#/check-in/") })
                #expect(link.hasPrefix("https://book.example/#/check-in/") && link.hasSuffix("?lang=ko"))
                let token = try #require(link.split(separator: "/").last?.split(separator: "?").first)
                try await client.execute(uri: "/api/v1/public/check-in/\(token)?lang=ko", method: .get) { response in
                    #expect(response.status == .ok)
                }
            }
        }
    }

    @Test func aReminderForAVisitCancelledSinceIsNotSent() async throws {
        let salon = try await SalonOnlineAPITests.Salon.make()
        let (fixture, store) = (salon.fixture, salon.fixture.store)
        try await SMTPSink.with { sink in
            try await fixture.test { client in
                let times = try await salon.freeTimes(client, on: salon.today.adding(days: 3), services: [salon.cut.id])
                let start = try #require(times.first).start
                let booked = try await salon.book(client, [salon.cut.id], staff: nil, start: start)
                let code = try #require(try GuestSite.json(booked)["code"] as? String)
                // Reminded two days ahead, while online cancellations (until a day before) are still open.
                _ = try await store.messages.updateSettings(
                    MessageSettings(reminderHours: 48), propertyID: salon.id, by: nil)
                store.clock.set(start.addingTimeInterval(-30 * 3600))
                #expect(
                    try await MessageScheduler(store: store, interval: .seconds(60), logger: Self.logger).round() == 1)
                // Cancelled after its reminder was written, before a mail server took it.
                try await client.execute(
                    uri: "/api/v1/public/visits/\(code)/cancel?lang=ja", method: .post,
                    body: ByteBuffer(string: #"{"email": "yui@example.com"}"#)
                ) { #expect($0.status == .ok, "\(String(buffer: $0.body))") }
                let settings = MessagingSettings(
                    sender: MailAddress("desk@frontdesk.test"), siteURL: "https://book.example")
                let delivery = MessageDelivery(
                    store: store, settings: settings,
                    senders: [SMTPSender(smtp: sink.configuration(host: "127.0.0.1"), from: settings.sender)],
                    logger: Self.logger)
                #expect(await delivery.round(try await MessageComposer.bundled(siteURL: settings.siteURL)) == 3)
                var subjects: [String] = []
                for (eml, _) in try sink.messages() { subjects.append(try await SMTPSink.parse(eml).subject) }
                #expect(subjects.count == 2 && !subjects.contains { $0.hasPrefix("ご来店のお知らせ") })
                let appointment = try #require(try await store.appointments.visit(code: code)?.appointments.first)
                let reminder = try #require(
                    try await store.messages.messages(appointmentID: appointment.id).first {
                        $0.message.kind == .reminder
                    })
                #expect(reminder.state == .failed && reminder.lastError?.contains("no longer to come") == true)
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func whatAManagerTurnsOffIsNotWrittenAndTheirOwnLineIsAdded(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let store = fixture.store
        let arrival = fixture.today.adding(days: 8)
        try await fixture.test(as: .manager) { client in
            let path = "/api/v1/properties/\(fixture.property.id)/message-settings"
            let refused =
                #"{"confirmation": false, "cancellation": true, "reminderHours": 24, "preArrivalDays": 15, "notes": {}}"#
            try await client.execute(uri: path, method: .put, body: ByteBuffer(string: refused)) { response in
                #expect(response.status == .badRequest)
                #expect(response.error?.error.field == "preArrivalDays")
            }
            let body =
                #"{"confirmation": false, "cancellation": true, "reminderHours": 24, "preArrivalDays": 3, "notes": {"en": "Parking is behind the garden."}}"#
            try await client.execute(uri: path, method: .put, body: ByteBuffer(string: body)) { response in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: path, method: .get) { response in
                let settings = try APIFixture.decoder.decode(
                    Components.Schemas.MessageSettings.self, from: Data(buffer: response.body))
                #expect(!settings.confirmation && settings.preArrivalDays == 3)
                #expect(settings.notes.en == "Parking is behind the garden." && settings.notes.th == nil)
            }
            let code = try await MessagesAPITests.book(client, fixture, arrival: arrival, language: "en")
            let stay = try #require(try await store.stays.stay(confirmationCode: code))
            #expect(try await store.messages.messages(stayID: stay.id).isEmpty)

            let scheduler = MessageScheduler(store: store, interval: .seconds(60), logger: Self.logger)
            store.clock.set(arrival.adding(days: -3).instant(atMinute: 10 * 60, in: fixture.property.timeZone))
            #expect(try await scheduler.round() == 1)
            let greeted = try #require(try await store.messages.messages(stayID: stay.id).first)
            #expect(greeted.message.kind == .preArrival)
            #expect(greeted.message.facts.note == "Parking is behind the garden.")
        }
    }
}

extension MessageSchedulerTests {
    /// A mail server briefly without STARTTLS defers the messages due then, as a 4xx does: tried again, they
    /// go once it offers it (here: once the delivery may send without it). Sent again by a manager, a message
    /// starts its count over and keeps the history of every attempt.
    @Test(arguments: TestDatabase.available)
    func aServerWithoutStartTLSForAWhileDefersTheMessageAndItsHistoryIsKept(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let store = fixture.store
        try await SMTPSink.with { sink in
            try await fixture.test(as: .manager) { client in
                _ = try await MessagesAPITests.book(
                    client, fixture, arrival: fixture.today.adding(days: 9), language: "en")
                let settings = MessagingSettings(
                    sender: MailAddress("desk@frontdesk.test"), siteURL: "https://book.example")
                let composer = try await MessageComposer.bundled(siteURL: settings.siteURL)
                let withoutTLS = MessageDelivery(
                    store: store, settings: settings,
                    senders: [
                        SMTPSender(
                            smtp: sink.configuration(host: "127.0.0.1", security: .startTLS), from: settings.sender)
                    ], logger: Self.logger)
                #expect(await withoutTLS.round(composer) == 1)
                var message = try #require(
                    try await store.messages.messages(propertyID: fixture.property.id, kind: .confirmation).first)
                #expect(message.state == .queued && message.attempts == 1)
                #expect(message.lastError?.contains("STARTTLS") == true)
                #expect(message.history.map(\.outcome) == [.deferred])
                #expect(try sink.messages().isEmpty)

                store.clock.set(store.clock.now().addingTimeInterval(3_600))
                let plain = MessageDelivery(
                    store: store, settings: settings,
                    senders: [SMTPSender(smtp: sink.configuration(host: "127.0.0.1"), from: settings.sender)],
                    logger: Self.logger)
                #expect(await plain.round(composer) == 1)
                message = try #require(try await store.messages.message(id: message.id))
                #expect(message.state == .sent && message.history.map(\.outcome) == [.deferred, .sent])

                try await client.execute(uri: "/api/v1/messages/\(message.id)/send-again", method: .post) { response in
                    #expect(response.status == .accepted || response.status == .ok, "\(String(buffer: response.body))")
                    let again = try APIFixture.decoder.decode(
                        Components.Schemas.OutgoingMessage.self, from: Data(buffer: response.body))
                    #expect(again.attempts == 0 && again.lastError == nil)
                    #expect(again.history?.map(\.outcome.rawValue) == ["deferred", "sent", "sent_again"])
                    #expect(again.history?.first?.error?.contains("STARTTLS") == true)
                }
            }
        }
    }
}
