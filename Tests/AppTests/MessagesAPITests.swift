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

/// The messages a guest is sent, as the desk sees them: a booking on the guest site and its cancellation
/// each write one in the guest's language, kept as "unsent" while no mail server is set up, and sent
/// again only by a manager, once it is no longer on its way.
@Suite(.closesItsStores)
struct MessagesAPITests {
    typealias Messages = Components.Schemas.MessageList

    static func messages(_ client: SignedInClient, stayID: Int) async throws -> [Components.Schemas.OutgoingMessage] {
        try await client.execute(uri: "/api/v1/stays/\(stayID)/messages", method: .get) { response in
            #expect(response.status == .ok, "\(String(buffer: response.body))")
            return try APIFixture.decoder.decode(Messages.self, from: Data(buffer: response.body)).messages
        }
    }

    /// Ann's booking on the guest site in `language`, for two nights from `arrival`: its confirmation code.
    static func book(_ client: SignedInClient, _ fixture: APIFixture, arrival: Day, language: String) async throws
        -> String
    {
        let body = #"""
            {"propertyId": \#(fixture.property.id), "roomTypeId": \#(fixture.roomType.id), "arrival": "\#(arrival.iso)",
             "departure": "\#(arrival.adding(days: 2).iso)", "adults": 2,
             "guest": {"name": "Ann Lee", "email": "ann@example.com"}}
            """#
        return try await client.execute(
            uri: "/api/v1/public/bookings?lang=\(language)", method: .post,
            headers: [HTTPField.Name("Idempotency-Key")!: "guest-\(UUID().uuidString)"], body: ByteBuffer(string: body)
        ) { response in
            #expect(response.status == .created)
            return try GuestSite.json(response)["confirmationCode"] as? String ?? ""
        }
    }

    @Test(arguments: TestDatabase.available)
    func aBookingAndItsCancellationEachWriteAMessageInTheGuestsLanguage(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let arrival = fixture.today.adding(days: 10)
        try await fixture.test { client in
            let code = try await Self.book(client, fixture, arrival: arrival, language: "th")
            let stay = try #require(try await fixture.store.stays.stay(confirmationCode: code))
            let booked = try await Self.messages(client, stayID: stay.id)
            #expect(booked.map(\.kind) == [.confirmation])
            #expect(booked.first?.language == .th && booked.first?.recipient == "ann@example.com")
            // No mail server is set up: it is kept, and says so.
            #expect(booked.first?.state == .unsent && booked.first?.nextAttemptAt == nil)

            let cancelled = try await ManageBookingAPITests.cancel(client, code)
            #expect(cancelled.status == .ok)
            let after = try await Self.messages(client, stayID: stay.id)
            #expect(after.map(\.kind) == [.cancellation, .confirmation])
            // A refused cancellation writes nothing.
            #expect(try await ManageBookingAPITests.cancel(client, code).status == .conflict)
            #expect(try await Self.messages(client, stayID: stay.id).count == 2)
        }
    }

    @Test(arguments: TestDatabase.available)
    func theDeskMovingOrCancellingABookingTellsTheGuestInTheirLanguage(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let arrival = fixture.today.adding(days: 10)
        try await fixture.test { client in
            let code = try await Self.book(client, fixture, arrival: arrival, language: "ja")
            let stay = try #require(try await fixture.store.stays.stay(confirmationCode: code))
            let patch = { (version: Int, body: String) in
                try await client.execute(
                    uri: "/api/v1/stays/\(stay.id)", method: .patch, headers: [.ifMatch: "\"\(version)\""],
                    body: ByteBuffer(string: body)
                ) { response in #expect(response.status == .ok, "\(String(buffer: response.body))") }
            }
            // Notes are the desk's own: the guest hears nothing of them.
            try await patch(stay.version, #"{"notes": "Late check-out asked"}"#)
            #expect(try await Self.messages(client, stayID: stay.id).map(\.kind) == [.confirmation])
            // New dates are told, in the language the guest booked in, stating them.
            try await patch(stay.version + 1, #"{"departure": "\#(arrival.adding(days: 3).iso)"}"#)
            let changed = try await Self.messages(client, stayID: stay.id)
            #expect(changed.map(\.kind) == [.change, .confirmation])
            #expect(changed.first?.language == .ja && changed.first?.recipient == "ann@example.com")
            let facts = try #require(try await fixture.store.messages.messages(stayID: stay.id).first).message.facts
            #expect(facts.departure == arrival.adding(days: 3).iso && facts.nights == 3)

            // Cancelled at the desk within the free window: told, with no fee.
            try await client.execute(uri: "/api/v1/stays/\(stay.id)/cancel", method: .post) { response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
            }
            let cancelled = try await fixture.store.messages.messages(stayID: stay.id)
            #expect(cancelled.map(\.message.kind) == [.cancellation, .change, .confirmation])
            #expect(cancelled.first?.message.facts.fee == 0 && cancelled.first?.message.language == .ja)
        }
    }

    @Test(arguments: TestDatabase.available)
    func theDeskMovingOrCancellingAVisitTellsTheCustomerInTheirLanguage(database: TestDatabase) async throws {
        let salon = try await SalonOnlineAPITests.Salon.make(database: database)
        let store = salon.fixture.store
        try await salon.fixture.test { client in
            let times = try await salon.freeTimes(client, on: salon.tomorrow, services: [salon.cut.id])
            let (first, later) = (try #require(times.first).start, try #require(times.last).start)
            #expect(try await salon.book(client, [salon.cut.id], staff: nil, start: first).status == .created)
            let minute = Int(first.timeIntervalSince1970 / 60)
            let booked = try await store.appointments.appointments(
                propertyID: salon.id, fromMinute: minute, toMinute: minute + 1)
            let appointment = try #require(booked.first)
            let kinds = { try await store.messages.messages(appointmentID: appointment.id).map(\.message.kind) }
            #expect(try await kinds() == [.confirmation])

            let edit = { (version: Int, body: String) in
                try await client.execute(
                    uri: "/api/v1/appointments/\(appointment.id)", method: .patch,
                    headers: [.ifMatch: "\"\(version)\""], body: ByteBuffer(string: body)
                ) { response in #expect(response.status == .ok, "\(String(buffer: response.body))") }
            }
            try await edit(appointment.version, #"{"notes": "Prefers a quiet chair"}"#)
            #expect(try await kinds() == [.confirmation])
            try await edit(appointment.version + 1, #"{"start": "\#(later.formatted(.iso8601))"}"#)
            let moved = try await store.messages.messages(appointmentID: appointment.id)
            #expect(moved.map(\.message.kind) == [.change, .confirmation])
            #expect(moved.first?.message.language == .ja)
            #expect(moved.first?.message.facts.startMinute == Int(later.timeIntervalSince1970 / 60))

            try await edit(appointment.version + 2, #"{"state": "cancelled"}"#)
            let cancelled = try await store.messages.messages(appointmentID: appointment.id)
            #expect(cancelled.map(\.message.kind) == [.cancellation, .change, .confirmation])
            #expect(cancelled.first?.message.facts.fee == 0)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aBookingMadeAtTheDeskIsConfirmedInTheLanguageTheDeskChoseAndOnlyWhenItChoseOne(
        database: TestDatabase
    ) async throws {
        let fixture = try await APIFixture.make(database: database)
        let arrival = fixture.today.adding(days: 10)
        try await fixture.test { client in
            let book = { (language: String?) in
                let asked = language.map { #", "language": "\#($0)""# } ?? ""
                let body = #"""
                    {"roomTypeId": \#(fixture.roomType.id), "arrival": "\#(arrival.iso)",
                     "departure": "\#(arrival.adding(days: 2).iso)", "adults": 2,
                     "guest": {"name": "Bo Kim", "email": "bo@example.com"}\#(asked)}
                    """#
                return try await client.execute(
                    uri: "/api/v1/properties/\(fixture.property.id)/stays", method: .post,
                    body: ByteBuffer(string: body)
                ) { response in
                    (
                        response.status,
                        try? APIFixture.decoder.decode(Components.Schemas.Stay.self, from: Data(buffer: response.body)),
                        String(buffer: response.body)
                    )
                }
            }
            // Booked by phone, the guest's language chosen: confirmed in it, with the total the site quotes.
            let (status, booked, _) = try await book("ko")
            #expect(status == .created)
            let bookedID = try #require(booked).id
            let stay = try #require(try await fixture.store.stays.stay(id: bookedID))
            let sent = try await fixture.store.messages.messages(stayID: stay.id)
            #expect(sent.map(\.message.kind) == [.confirmation])
            #expect(sent.first?.message.language == .ko && sent.first?.message.recipient == "bo@example.com")
            let quote = try StayPrice.quote(
                roomType: fixture.roomType, nights: stay.nights, property: fixture.property, party: stay.party,
                agreedRates: try await fixture.store.agreedRates(stayID: stay.id))
            #expect(sent.first?.message.facts.total == quote.total.amount && quote.total.amount > 0)
            // Its later messages follow that language.
            try await client.execute(
                uri: "/api/v1/stays/\(stay.id)", method: .patch, headers: [.ifMatch: "\"\(stay.version)\""],
                body: ByteBuffer(string: #"{"departure": "\#(arrival.adding(days: 3).iso)"}"#)
            ) { response in #expect(response.status == .ok, "\(String(buffer: response.body))") }
            #expect(try await Self.messages(client, stayID: stay.id).map(\.language) == [.ko, .ko])

            // Without a language the desk sends nothing; a language it does not know is refused, naming it.
            let (quiet, unsent, _) = try await book(nil)
            #expect(quiet == .created)
            let unsentID = try #require(unsent).id
            #expect(try await Self.messages(client, stayID: unsentID).isEmpty)
            let (refused, _, answer) = try await book("xx")
            #expect(refused == .badRequest && answer.contains("language"), "\(answer)")
        }
    }

    @Test(arguments: TestDatabase.available)
    func aVisitBookedAtTheDeskIsConfirmedToACustomerWithAnEmailInTheLanguageChosen(
        database: TestDatabase
    ) async throws {
        let fixture = try await APIFixture.make(database: database)
        let salon = try await AppointmentAPITests.salon(in: fixture)
        try await fixture.test { client in
            let customer = try await CustomerAPITests.add(
                client, salon, #"{"name": "Yui Sato", "reading": "さとう ゆい", "email": "yui@example.com"}"#)
            let start = Day.today(in: salon.property.timeZone, now: fixture.store.clock.now()).adding(days: 2)
                .instant(atMinute: 11 * 60, in: salon.property.timeZone).formatted(.iso8601)
            let body =
                #"{"staffId": \#(salon.staff[0].id), "serviceId": \#(salon.service.id), "start": "\#(start)", "customer": {"id": \#(customer)}, "language": "ja"}"#
            let id = try await client.execute(
                uri: "/api/v1/properties/\(salon.property.id)/appointments", method: .post,
                body: ByteBuffer(string: body)
            ) { response in
                #expect(response.status == .created, "\(String(buffer: response.body))")
                return try APIFixture.decoder.decode(
                    AppointmentAPITests.AppointmentBody.self, from: Data(buffer: response.body)
                ).id
            }
            let sent = try await fixture.store.messages.messages(appointmentID: id)
            #expect(sent.map(\.message.kind) == [.confirmation])
            let message = try #require(sent.first).message
            #expect(message.language == .ja && message.recipient == "yui@example.com")
            #expect(message.facts.services == ["Cut"] && message.facts.staffName == salon.staff[0].name)
            #expect(message.facts.total == 6_600)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aSeriesChangedOrCancelledFromOneVisitOnTellsTheCustomerOnceWithHowManyLaterVisitsWentWithIt(
        database: TestDatabase
    ) async throws {
        let fixture = try await APIFixture.make(database: database)
        let salon = try await SalonSeriesAPITests.salon(fixture)
        try await fixture.test { client in
            let customer = try await CustomerAPITests.add(
                client, salon, #"{"name": "Yui Sato", "email": "yui.series@example.com"}"#)
            let starts = [7, 14, 21, 28].map { SalonSeriesAPITests.at($0, 660, fixture, salon) }
            let series = try await client.execute(
                uri: "/api/v1/properties/\(salon.property.id)/appointments/series", method: .post,
                body: ByteBuffer(
                    string:
                        #"{"staffId": \#(salon.staff[0].id), "serviceId": \#(salon.service.id), "customer": {"id": \#(customer)}, "visits": \#(SalonSeriesAPITests.visits(starts))}"#
                )
            ) { response in
                #expect(response.status == .created, "\(String(buffer: response.body))")
                return try APIFixture.decoder.decode(
                    Components.Schemas.AppointmentSeries.self, from: Data(buffer: response.body)
                ).appointments
            }
            let sent = { (index: Int) in try await fixture.store.messages.messages(appointmentID: series[index].id) }
            // From the second visit on, an hour later: one message, on the second, saying two more went with it.
            let moved = try await SalonFeesAPITests.patch(
                client, series[1].id,
                #"{"start": "\#(SalonSeriesAPITests.at(14, 720, fixture, salon))", "applyTo": "following"}"#,
                fixture: fixture)
            #expect(moved.status == .ok, "\(String(buffer: moved.body))")
            #expect(try await sent(1).map(\.message.kind) == [.change])
            #expect(try await sent(1).first?.message.facts.laterVisits == 2)
            for index in [0, 2, 3] { #expect(try await sent(index).isEmpty) }
            // Cancelled from the third on: one cancellation, with the one after it.
            let cancelled = try await SalonFeesAPITests.patch(
                client, series[2].id, #"{"state": "cancelled", "applyTo": "following"}"#, fixture: fixture)
            #expect(cancelled.status == .ok, "\(String(buffer: cancelled.body))")
            let told = try await sent(2)
            #expect(told.map(\.message.kind) == [.cancellation] && told.first?.message.facts.laterVisits == 1)
            #expect(try await sent(3).isEmpty)
            // Written as the customer reads it.
            let composer = try await MessageComposer.bundled(siteURL: "https://book.example.com")
            let text = try composer.compose(try #require(told.first)).text
            #expect(text.contains("The visit after it in your series is cancelled too."), "\(text)")
            #expect(!text.contains("Confirmation code"))
        }
    }

    @Test(arguments: TestDatabase.available)
    func onlyAManagerSendsAMessageAgainAndOnlyOnceItIsNoLongerOnItsWay(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let arrival = fixture.today.adding(days: 10)
        try await fixture.test { client in
            let code = try await GuestSite.book(
                client, place: fixture.property, roomType: fixture.roomType, arrival: arrival)
            let stay = try #require(try await fixture.store.stays.stay(confirmationCode: code))
            let message = try #require(try await Self.messages(client, stayID: stay.id).first)
            let manager = try #require(
                try await StaffAPITests.signIn(client, "manager@example.com", APIFixture.password))
            let again = "/api/v1/messages/\(message.id)/send-again"
            try await manager.execute(uri: again, method: .post) { response in
                #expect(response.status == .conflict)
                #expect(response.error?.error.reason?.rawValue == "message.queued")
            }
            try await fixture.store.messages.markSent(id: message.id)
            #expect(try await Self.messages(client, stayID: stay.id).first?.state == .sent)
            try await client.execute(uri: again, method: .post) { response in
                #expect(response.status == .forbidden)
            }
            try await manager.execute(uri: again, method: .post) { response in
                #expect(response.status == .ok)
                let queued = try APIFixture.decoder.decode(
                    Components.Schemas.OutgoingMessage.self, from: Data(buffer: response.body))
                #expect(queued.id == message.id && queued.state == .unsent && queued.attempts == 0)
            }
            try await manager.execute(uri: "/api/v1/messages/999999/send-again", method: .post) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func anInvoiceIsSentByEmailOnRequestToTheGuestOrAnAddressGiven(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let stayID = try await fixture.storedStay(charged: 5_000)
        let document = try await Accounts(storage: fixture.store, now: fixture.store.clock.now)
            .issueDocument(
                .invoice, stayID: stayID, by: Staff(User(id: 1, email: "m@example.com", name: "M", role: .manager)))
        try await fixture.test(as: .manager) { client in
            let path = "/api/v1/documents/\(document.id)/send"
            // The stay's guest left no email: the desk gives one.
            try await client.execute(uri: path, method: .post, body: ByteBuffer(string: #"{"language": "ja"}"#)) {
                #expect($0.status == .badRequest)
                #expect($0.error?.error.field == "email" && $0.error?.error.reason?.rawValue == "email.required")
            }
            // What SMTP would refuse, refused here: a line break, dots out of place, a comment.
            for typed in ["not an address", #"a@x.test\r\nBcc: b@x.test"#, "a..b@x.test", "(c)a@x.test", "a.@x.test"] {
                try await client.execute(
                    uri: path, method: .post, body: ByteBuffer(string: #"{"language": "ja", "email": "\#(typed)"}"#)
                ) {
                    #expect($0.status == .badRequest, "\(typed)")
                    #expect($0.error?.error.field == "email" && $0.error?.error.reason?.rawValue == "email.invalid")
                }
            }
            try await client.execute(
                uri: path, method: .post, body: ByteBuffer(string: #"{"language": "ja", "email": "ann@example.com"}"#)
            ) { response in
                #expect(response.status == .accepted)
                let queued = try APIFixture.decoder.decode(
                    Components.Schemas.OutgoingMessage.self, from: Data(buffer: response.body))
                #expect(queued.kind == .document && queued.recipient == "ann@example.com" && queued.language == .ja)
            }
            let listed = try await Self.messages(client, stayID: stayID)
            #expect(listed.map(\.kind) == [.document])
            let stored = try #require(try await fixture.store.messages.message(id: listed[0].id))
            #expect(stored.message.facts.document?.reference == document.reference)
            #expect(stored.message.facts.document?.total == document.totalCharges.amount)
        }
    }
}
