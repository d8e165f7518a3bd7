import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Storage
import StorageTesting
import Testing

@testable import App

/// A salon's waitlist through the API: a customer waits for a stylist's full day, a cancellation frees a
/// time, the round offers it to them by email (and to no one else while it is held), and they take it; an
/// offer not answered in time passes to the next customer; the desk lists, adds and withdraws; bad
/// requests are refused naming their fields.
@Suite(.closesItsStores)
struct WaitlistAPITests {
    typealias Salon = SalonOnlineAPITests.Salon

    /// Books every free time of the first stylist's `day` for a cut: answers the visits' codes, in order.
    static func fill(_ salon: Salon, _ client: SignedInClient, on day: Day) async throws -> [String] {
        let member = salon.salon.staff[0].id
        var codes: [String] = []
        while let time = try await salon.freeTimes(client, on: day, services: [salon.cut.id], staff: member).first {
            let booked = try await salon.book(client, [salon.cut.id], staff: member, start: time.start)
            #expect(booked.status == .created, "\(String(buffer: booked.body))")
            codes.append(try SalonOnlineAPITests.decode(Components.Schemas.SalonVisit.self, booked).code)
        }
        return codes
    }

    /// A customer joining from the booking page for the first stylist's cut on `day`.
    static func join(
        _ salon: Salon, _ client: SignedInClient, on day: Day, to last: Day? = nil, name: String, email: String,
        lang: String = "ja", key: String? = "wait-\(UUID())"
    ) async throws -> TestResponse {
        let body = #"""
            {"serviceId": \#(salon.cut.id), "staffId": \#(salon.salon.staff[0].id), "from": "\#(day.iso)",
             "to": "\#((last ?? day).iso)", "customer": {"name": "\#(name)", "email": "\#(email)", "phone": "090 1111 2222"}}
            """#
        return try await client.execute(
            uri: "\(salon.path)/waitlist?lang=\(lang)", method: .post,
            headers: key.map { [HTTPField.Name("Idempotency-Key")!: $0] } ?? [:], body: ByteBuffer(string: body))
    }

    static func list(_ salon: Salon, _ client: SignedInClient) async throws -> Components.Schemas.WaitlistList {
        try await client.execute(uri: "/api/v1/properties/\(salon.id)/waitlist", method: .get) {
            #expect($0.status == .ok, "\(String(buffer: $0.body))")
            return try SalonOnlineAPITests.decode(Components.Schemas.WaitlistList.self, $0)
        }
    }

    /// The offers written to customers, newest first, as (email, token).
    static func offers(_ store: Store, propertyID: Int) async throws -> [(String, String)] {
        try await store.messages.messages(propertyID: propertyID, kind: .waitlistOffer)
            .map { ($0.message.recipient, $0.message.facts.offerToken ?? "") }
    }

    static func rounds(_ store: Store) -> WaitlistRounds {
        WaitlistRounds(store: store, interval: .seconds(3600), logger: Logger(label: "waitlist-test"))
    }

    static let quiet: ServerConfiguration = {
        var configuration = ServerConfiguration()
        configuration.background.waitlistInterval = .seconds(3600)
        return configuration
    }()

    @Test(arguments: TestDatabase.available)
    func aCustomerWaitingIsOfferedTheTimeACancellationFreesAndTakesIt(database: TestDatabase) async throws {
        let salon = try await Salon.make(database: database)
        let store = salon.fixture.store
        let rounds = Self.rounds(store)
        try await salon.fixture.test(configuration: Self.quiet) { client in
            let codes = try await Self.fill(salon, client, on: salon.tomorrow)
            #expect(codes.count >= 8)
            let joined = try await Self.join(
                salon, client, on: salon.tomorrow, name: "田中 花子", email: "hanako@example.com")
            #expect(joined.status == .created, "\(String(buffer: joined.body))")
            let entry = try SalonOnlineAPITests.decode(Components.Schemas.WaitlistEntry.self, joined)
            #expect(entry.state == .waiting)
            // A full day offers nothing.
            #expect(try await rounds.round() == 0)

            // A visit cancelled online frees its time: the round offers it to her, by email, in Japanese.
            let cancelled = try await client.execute(
                uri: "/api/v1/public/visits/\(codes[2])/cancel?lang=ja", method: .post,
                body: ByteBuffer(string: #"{"email": "yui@example.com"}"#))
            #expect(cancelled.status == .ok, "\(String(buffer: cancelled.body))")
            let freed = try SalonOnlineAPITests.decode(Components.Schemas.SalonVisit.self, cancelled).start
            // A second customer joins for the same day meanwhile.
            #expect(
                try await Self.join(salon, client, on: salon.tomorrow, name: "Ken Ito", email: "ken@example.com").status
                    == .created)
            #expect(try await rounds.round() == 1)
            let sent = try await store.messages.messages(propertyID: salon.id, kind: .waitlistOffer)
            #expect(sent.map(\.message.recipient) == ["hanako@example.com"])
            #expect(
                sent.first?.message.language == .ja
                    && sent.first?.message.facts.startMinute == Int(freed.timeIntervalSince1970 / 60))
            let token = try #require(sent.first?.message.facts.offerToken)
            // Held for her: no one else is offered it, nor can book it online.
            #expect(try await rounds.round() == 0)
            #expect(
                try await !salon.freeTimes(client, on: salon.tomorrow, services: [salon.cut.id]).contains {
                    $0.start == freed && $0.staffId == salon.salon.staff[0].id
                })

            let page = try await client.execute(uri: "/api/v1/public/waitlist-offers/\(token)?lang=ja", method: .get) {
                #expect($0.status == .ok, "\(String(buffer: $0.body))")
                return try SalonOnlineAPITests.decode(Components.Schemas.WaitlistOffer.self, $0)
            }
            #expect(page.state == .open && page.start == freed && page.customerName == "田中 花子")
            #expect(page.price.amount == 6_600 && page.staffName == salon.salon.staff[0].name)

            let accept = { (terms: Bool) in
                try await client.execute(
                    uri: "/api/v1/public/waitlist-offers/\(token)/accept?lang=ja", method: .post,
                    body: ByteBuffer(string: #"{"acceptTerms": \#(terms)}"#))
            }
            let unagreed = try await accept(false)
            #expect(unagreed.status == .badRequest && unagreed.error?.error.field == "acceptTerms")
            let taken = try await accept(true)
            #expect(taken.status == .created, "\(String(buffer: taken.body))")
            let visit = try SalonOnlineAPITests.decode(Components.Schemas.SalonVisit.self, taken)
            #expect(visit.start == freed && visit.customerName == "田中 花子" && visit.state == .booked)
            // Her confirmation, in Japanese; the offer is answered, and answering again is refused.
            let confirmations = try await store.messages.messages(propertyID: salon.id, kind: .confirmation).filter {
                $0.message.recipient == "hanako@example.com"
            }
            #expect(confirmations.count == 1 && confirmations.first?.message.language == .ja)
            let again = try await accept(true)
            #expect(again.status == .conflict && again.error?.error.reason?.rawValue == "waitlist.offerClosed")

            let list = try await Self.list(salon, client)
            #expect(list.offerMinutes == Waitlist.offerMinutes)
            #expect(list.entries.map(\.value1.state) == [.waiting, .booked])
            let booked = try #require(list.entries.last)
            #expect(booked.value2.offers.map(\.state) == [.accepted] && booked.value2.customer.name == "田中 花子")
            // Her offer's email, kept unsent with no mail server.
            #expect(booked.value2.offers.first?.message?.kind == .waitlistOffer)
            #expect(booked.value2.offers.first?.message?.state == .unsent)
            let reread = try await client.execute(uri: "/api/v1/public/waitlist-offers/\(token)", method: .get) {
                try SalonOnlineAPITests.decode(Components.Schemas.WaitlistOffer.self, $0)
            }
            #expect(reread.state == .accepted && reread.visitCode == visit.code)
        }
    }

    @Test(arguments: TestDatabase.available)
    func anOfferNotTakenInTimePassesToTheNextCustomerAndADeclinedOneIsNotOfferedAgain(database: TestDatabase)
        async throws
    {
        let salon = try await Salon.make(database: database)
        let store = salon.fixture.store
        let rounds = Self.rounds(store)
        try await salon.fixture.test(configuration: Self.quiet) { client in
            let codes = try await Self.fill(salon, client, on: salon.tomorrow)
            for (name, email) in [("Aki", "aki@example.com"), ("Ben", "ben@example.com")] {
                #expect(
                    try await Self.join(salon, client, on: salon.tomorrow, name: name, email: email).status == .created)
            }
            let cancelled = try await client.execute(
                uri: "/api/v1/public/visits/\(codes[0])/cancel", method: .post,
                body: ByteBuffer(string: #"{"email": "yui@example.com"}"#))
            #expect(cancelled.status == .ok)
            #expect(try await rounds.round() == 1)
            #expect(try await Self.offers(store, propertyID: salon.id).map(\.0) == ["aki@example.com"])

            // Half an hour on, unanswered: it lapses and passes to Ben; Aki waits on.
            store.clock.set(store.clock.now().addingTimeInterval(Double(Waitlist.offerMinutes * 60 + 1)))
            #expect(try await rounds.round() == 1)
            let offers = try await Self.offers(store, propertyID: salon.id)
            #expect(offers.map(\.0) == ["ben@example.com", "aki@example.com"])
            let late = try await client.execute(
                uri: "/api/v1/public/waitlist-offers/\(offers[1].1)/accept", method: .post,
                body: ByteBuffer(string: #"{"acceptTerms": true}"#))
            #expect(late.status == .conflict && late.error?.error.reason?.rawValue == "waitlist.offerClosed")
            var list = try await Self.list(salon, client)
            #expect(list.entries.map(\.value1.state) == [.waiting, .offered])
            #expect(list.entries.first?.value2.offers.map(\.state) == [.lapsed])

            // Ben turns it down: it is let go, and offered to neither of them again.
            let declined = try await client.execute(
                uri: "/api/v1/public/waitlist-offers/\(offers[0].1)/decline", method: .post)
            #expect(declined.status == .ok, "\(String(buffer: declined.body))")
            #expect(try SalonOnlineAPITests.decode(Components.Schemas.WaitlistOffer.self, declined).state == .declined)
            #expect(try await rounds.round() == 0)
            list = try await Self.list(salon, client)
            #expect(list.entries.map(\.value1.state) == [.waiting, .waiting])
            // The time is free for anyone again.
            #expect(!(try await salon.freeTimes(client, on: salon.tomorrow, services: [salon.cut.id])).isEmpty)
        }
    }

    @Test(arguments: TestDatabase.available)
    func theDeskAddsAndWithdrawsCustomersAndBadRequestsNameTheirFields(database: TestDatabase) async throws {
        let salon = try await Salon.make(database: database)
        try await salon.fixture.test(configuration: Self.quiet) { client in
            let past = try await Self.join(
                salon, client, on: salon.today.adding(days: -1), name: "Aki", email: "aki@example.com")
            #expect(past.status == .badRequest && past.error?.error.field == "from")
            #expect(past.error?.error.reason?.rawValue == "waitlist.past")
            let long = try await Self.join(
                salon, client, on: salon.tomorrow, to: salon.tomorrow.adding(days: Waitlist.longestSpan + 1),
                name: "Aki", email: "aki@example.com")
            #expect(long.status == .badRequest && long.error?.error.field == "to")
            #expect(long.error?.error.reason?.rawValue == "waitlist.range")
            // A double tap joins once; without a key the page is refused.
            let key = "wait-\(UUID())"
            for _ in 0..<2 {
                #expect(
                    try await Self.join(
                        salon, client, on: salon.tomorrow, name: "Aki", email: "aki@example.com", key: key
                    )
                    .status == .created)
            }
            #expect(try await Self.list(salon, client).entries.count == 1)
            let unkeyed = try await Self.join(
                salon, client, on: salon.tomorrow, name: "Aki", email: "aki@example.com", key: nil)
            #expect(unkeyed.status == .badRequest && unkeyed.error?.error.field == "Idempotency-Key")
            let mistyped = try await Self.join(salon, client, on: salon.tomorrow, name: "Aki", email: "aki@")
            #expect(mistyped.status == .badRequest && mistyped.error?.error.field == "customer.email")
            let unknown = try await client.execute(
                uri: "\(salon.path)/waitlist", method: .post,
                headers: [HTTPField.Name("Idempotency-Key")!: "wait-\(UUID())"],
                body: ByteBuffer(
                    string: #"""
                        {"serviceId": 999999, "from": "\#(salon.tomorrow.iso)", "to": "\#(salon.tomorrow.iso)",
                         "customer": {"name": "Aki", "email": "aki@example.com", "phone": "090 1111 2222"}}
                        """#))
            #expect(unknown.status == .notFound && unknown.error?.error.field == "serviceId")

            // The desk adds a caller, in Korean, and takes them off again.
            let added = try await client.execute(
                uri: "/api/v1/properties/\(salon.id)/waitlist", method: .post,
                body: ByteBuffer(
                    string: #"""
                        {"serviceId": \#(salon.cut.id), "from": "\#(salon.tomorrow.iso)", "to": "\#(salon.tomorrow.adding(days: 3).iso)",
                         "customer": {"name": "Kim Min", "email": "min@example.com", "phone": "010 1234 5678"}, "language": "ko"}
                        """#))
            #expect(added.status == .created, "\(String(buffer: added.body))")
            let entry = try SalonOnlineAPITests.decode(Components.Schemas.WaitlistEntry.self, added)
            let listed = try await Self.list(salon, client)
            #expect(listed.entries.map(\.value2.language) == [.ja, .ko] && listed.entries.last?.value1.staffId == nil)
            let withdraw = { try await client.execute(uri: "/api/v1/waitlist/\(entry.id)", method: .delete) }
            #expect(try await withdraw().status == .noContent)
            let twice = try await withdraw()
            #expect(twice.status == .conflict && twice.error?.error.reason?.rawValue == "waitlist.ended")
            #expect(try await Self.list(salon, client).entries.map(\.value1.state) == [.waiting, .withdrawn])
            // Each change is the salon's event, which the desk's list reads itself again on; none names the person.
            let events = try await salon.fixture.store.eventLog.events(propertyID: salon.id, after: 0).filter {
                $0.kind.hasPrefix("waitlist.") && $0.entityID == entry.id
            }
            #expect(events.map(\.kind) == ["waitlist.joined", "waitlist.withdrawn"])
            #expect(events.allSatisfy { $0.entityID == entry.id && !$0.payloadJSON.contains("min@example.com") })
        }
    }

    @Test(arguments: TestDatabase.available)
    func erasingACustomerTakesThemOffTheListAndLetsTheirOfferedTimeGo(database: TestDatabase) async throws {
        let salon = try await Salon.make(database: database)
        let store = salon.fixture.store
        try await salon.fixture.test(as: .manager, configuration: Self.quiet) { client in
            let codes = try await Self.fill(salon, client, on: salon.tomorrow)
            #expect(
                try await Self.join(salon, client, on: salon.tomorrow, name: "田中 花子", email: "Hanako@example.com")
                    .status == .created)
            _ = try await client.execute(
                uri: "/api/v1/public/visits/\(codes[1])/cancel", method: .post,
                body: ByteBuffer(string: #"{"email": "yui@example.com"}"#))
            #expect(try await Self.rounds(store).round() == 1)
            let record = try await CustomerAPITests.add(
                client, salon.salon, #"{"name": "田中 花子", "email": "hanako@example.com"}"#)
            try await client.execute(uri: "/api/v1/customers/\(record)", method: .delete) {
                #expect($0.status == .noContent, "\(String(buffer: $0.body))")
            }
            let entry = try #require(try await Self.list(salon, client).entries.first)
            #expect(entry.value1.state == .withdrawn && entry.value2.customer.name.isEmpty)
            #expect(entry.value2.customer.email.isEmpty && entry.value2.customer.phone.isEmpty)
            #expect(entry.value2.offers.map(\.state) == [.withdrawn])
            // The time she was offered is free again.
            #expect(
                try await salon.freeTimes(
                    client, on: salon.tomorrow, services: [salon.cut.id], staff: salon.salon.staff[0].id
                )
                .count == 1)
        }
    }
}
