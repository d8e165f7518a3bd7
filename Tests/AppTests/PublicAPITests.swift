import API
import App
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Storage
import StorageTesting
import Testing

/// The guest site's API: no session; search, a place's prices, booking once per key.
@Suite(.closesItsStores)
struct PublicAPITests {
    /// A search's answer as the document describes it.
    typealias Search = Components.Schemas.Search

    static func dates(_ fixture: APIFixture, from offset: Int = 10, nights: Int = 2) -> (String, String) {
        let arrival = fixture.today.adding(days: offset)
        return (arrival.iso, arrival.adding(days: nights).iso)
    }

    static func bookingBody(_ fixture: APIFixture, arrival: String, departure: String, name: String = "Ann Lee")
        -> String
    {
        #"""
        {"propertyId": \#(fixture.property.id), "roomTypeId": \#(fixture.roomType.id), "arrival": "\#(arrival)",
         "departure": "\#(departure)", "adults": 2, "guest": {"name": "\#(name)", "email": "ann@example.com"},
         "arrivalTime": "15:30"}
        """#
    }

    /// Guest `name` books the fixture's room type on the guest site with Idempotency-Key `key`: the answer's
    /// status, and its message when it is a refusal.
    static func guestBooks(
        _ client: SignedInClient, _ fixture: APIFixture, arrival: String, departure: String, name: String,
        key: String
    ) async throws -> (HTTPResponse.Status, String?) {
        try await client.execute(
            uri: "/api/v1/public/bookings", method: .post, headers: [HTTPField.Name("Idempotency-Key")!: key],
            body: ByteBuffer(string: bookingBody(fixture, arrival: arrival, departure: departure, name: name))
        ) { ($0.status, $0.error?.error.message) }
    }

    @Test func searchingACityNeedsNoSessionAndGivesPricesAndAHistogram() async throws {
        let fixture = try await APIFixture.make()
        let (arrival, departure) = Self.dates(fixture)
        try await fixture.test(as: nil) { client in
            let search = try await client.execute(
                uri: "/api/v1/public/search?region=chiang%20mai&arrival=\(arrival)&departure=\(departure)&adults=2",
                method: .get
            ) { response in
                #expect(response.status == .ok)
                return try APIFixture.decoder.decode(Search.self, from: Data(buffer: response.body))
            }
            #expect(search.count == 1)
            #expect(search.results.first?.property.city == "Chiang Mai")
            #expect(search.results.first?.nightly.amount == 120_000)
            #expect(search.results.first?.total.amount == 240_000)
            #expect(search.histogram.reduce(0) { $0 + $1.count } == 1)

            let none = try await client.execute(
                uri:
                    "/api/v1/public/search?region=chiang%20mai&arrival=\(arrival)&departure=\(departure)&maxPrice=100000",
                method: .get
            ) { try APIFixture.decoder.decode(Search.self, from: Data(buffer: $0.body)) }
            #expect(none.count == 0)
            #expect(none.histogram.reduce(0) { $0 + $1.count } == 1)  // the slider still shows what exists
        }
    }

    @Test func badSearchesNameTheField() async throws {
        let fixture = try await APIFixture.make()
        let (arrival, departure) = Self.dates(fixture)
        let (past, pastEnd) = Self.dates(fixture, from: -3)
        let (far, farEnd) = Self.dates(fixture, from: Stay.onlineHorizonDays + 3)
        try await fixture.test(as: nil) { client in
            for (query, field) in [
                ("arrival=\(arrival)&departure=\(departure)", "region"),
                ("region=x&arrival=\(departure)&departure=\(arrival)", "departure"),
                ("region=x&arrival=\(arrival)&departure=\(departure)&adults=0", "adults"),
                ("region=x&arrival=\(arrival)&departure=\(departure)&minPrice=5&maxPrice=4", "maxPrice"),
                ("region=x", "arrival"),
                ("region=x&arrival=\(past)&departure=\(pastEnd)", "arrival"),
                ("region=x&arrival=\(far)&departure=\(farEnd)", "arrival"),
            ] {
                try await client.execute(uri: "/api/v1/public/search?\(query)", method: .get) { response in
                    #expect(response.status == .badRequest)
                    #expect(response.error?.error.field == field, "\(query)")
                }
            }
        }
    }

    @Test func aRefusalNamesItsRuleAndWhatItsWordsNeedForTheClientsLanguage() async throws {
        let fixture = try await APIFixture.make()
        let (arrival, departure) = Self.dates(fixture)
        let (past, pastEnd) = Self.dates(fixture, from: -3)
        let (far, farEnd) = Self.dates(fixture, from: Stay.onlineHorizonDays + 3)
        let today = fixture.today
        try await fixture.test(as: nil) { client in
            for (query, reason, params) in [
                ("adults=0", "number.range", ["min": "1", "max": "\(Stay.maxGuests)", "value": "0"]),
                ("adults=2&children=x", "number.range", ["min": "0", "max": "\(Stay.maxGuests)", "value": "x"]),
            ] {
                let uri = "/api/v1/public/search?region=x&arrival=\(arrival)&departure=\(departure)&\(query)"
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.error?.error.reason?.rawValue == reason, "\(query)")
                    #expect(response.error?.error.params?.additionalProperties == params, "\(query)")
                }
            }
            try await client.execute(
                uri: "/api/v1/public/search?region=x&arrival=\(past)&departure=\(pastEnd)", method: .get
            ) { response in
                #expect(response.error?.error.reason?.rawValue == "stay.arrivalPassed")
                // Each place checks its own today; the search refuses what is past everywhere.
                #expect(response.error?.error.params?.additionalProperties["today"] != nil)
            }
            try await client.execute(
                uri: "/api/v1/public/properties/\(fixture.property.id)?arrival=\(far)&departure=\(farEnd)", method: .get
            ) { response in
                #expect(response.error?.error.reason?.rawValue == "stay.beyondHorizon")
                #expect(
                    response.error?.error.params?.additionalProperties
                        == ["last": today.adding(days: Stay.onlineHorizonDays).iso])
            }
            // A refusal without a rule of its own has no reason: the client shows its message.
            try await client.execute(
                uri: "/api/v1/public/search?arrival=\(arrival)&departure=\(departure)", method: .get
            ) {
                response in
                #expect(response.error?.error.reason == nil && response.error?.error.params == nil)
            }
        }
    }

    @Test func aPlacesDetailItemisesTheTotalForTheDates() async throws {
        let fixture = try await APIFixture.make()
        let (arrival, departure) = Self.dates(fixture, nights: 3)
        try await fixture.test(as: nil) { client in
            try await client.execute(
                uri: "/api/v1/public/properties/\(fixture.property.id)?arrival=\(arrival)&departure=\(departure)",
                method: .get
            ) { response in
                #expect(response.status == .ok)
                let json = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                let offer = (json?["roomTypes"] as? [[String: Any]])?.first
                #expect(offer?["available"] as? Int == 2)
                let price = offer?["price"] as? [String: Any]
                #expect((price?["nights"] as? [Any])?.count == 3)
                #expect((price?["total"] as? [String: Any])?["amount"] as? Int == 360_000)
            }
        }
    }

    @Test func aBookingWithTheSameKeyBooksOnceAndShowsOnTheBoard() async throws {
        let fixture = try await APIFixture.make()
        let (arrival, departure) = Self.dates(fixture)
        try await fixture.test(as: nil) { client in
            let body = ByteBuffer(string: Self.bookingBody(fixture, arrival: arrival, departure: departure))
            try await client.execute(uri: "/api/v1/public/bookings", method: .post, body: body) { response in
                #expect(response.status == .badRequest)
                #expect(response.error?.error.field == "Idempotency-Key")
            }
            let headers: HTTPFields = [HTTPField.Name("Idempotency-Key")!: "guest-double-tap-1"]
            var codes: [String] = []
            for _ in 0..<2 {
                try await client.execute(uri: "/api/v1/public/bookings", method: .post, headers: headers, body: body) {
                    response in
                    #expect(response.status == .created)
                    let json = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                    codes.append(json?["confirmationCode"] as? String ?? "")
                }
            }
            #expect(codes[0].hasPrefix("FD-") && codes[0] == codes[1])
            #expect(try await fixture.storedStayCount() == 1)
            let stays = try await fixture.store.stays.stays(
                propertyID: fixture.property.id,
                overlapping: try Nights(arrival: Day(iso: arrival)!, departure: Day(iso: departure)!))
            #expect(stays.first?.source == .online)
            #expect(stays.first?.currentRoomID != nil)
            #expect(stays.first?.notes.contains("Arriving at 15:30") == true)
        }
    }

    @Test func aBookingTooLongOrWithTooLongARequestIsRefusedNamingTheField() async throws {
        let fixture = try await APIFixture.make()
        let (arrival, _) = Self.dates(fixture)
        let (_, farDeparture) = Self.dates(fixture, nights: 61)
        try await fixture.test(as: nil) { client in
            let long = Self.bookingBody(fixture, arrival: arrival, departure: farDeparture)
            var chatty = Self.bookingBody(fixture, arrival: arrival, departure: Self.dates(fixture).1)
            chatty.removeLast()  // the closing brace
            chatty += #", "requests": "\#(String(repeating: "r", count: 1_001))"}"#
            for (index, (body, field)) in [(long, "departure"), (chatty, "requests")].enumerated() {
                try await client.execute(
                    uri: "/api/v1/public/bookings", method: .post,
                    headers: [HTTPField.Name("Idempotency-Key")!: "too-long-\(index)-abcdef"],
                    body: ByteBuffer(string: body)
                ) { response in
                    #expect(response.status == .badRequest)
                    #expect(response.error?.error.field == field)
                }
            }
            #expect(try await fixture.storedStayCount() == 0)
        }
    }

    @Test func whenTheLastRoomIsTakenTheBookingIsRefusedCleanly() async throws {
        let fixture = try await APIFixture.make()
        let (arrival, departure) = Self.dates(fixture)
        try await fixture.test(as: nil) { client in
            for index in 0..<3 {
                let (status, refusal) = try await Self.guestBooks(
                    client, fixture, arrival: arrival, departure: departure, name: "Guest \(index)",
                    key: "guest-key-\(index)-abcdef")
                // Two rooms: two bookings, then a clean refusal.
                #expect(status == (index < 2 ? .created : .conflict))
                if index == 2 { #expect(refusal?.contains("no longer available") == true) }
            }
            #expect(try await fixture.storedStayCount() == 2)
        }
    }

    /// Guests who book the same room type at once each get a room while one is left, then a clean
    /// refusal, never an error. On PostgreSQL, two stays written into one room at once could deadlock on
    /// the guard against double booking, and the booking (run inside its Idempotency-Key's transaction)
    /// answered 500; and a guest who lost the race five times was told the type was gone while rooms were
    /// left.
    @Test(arguments: TestDatabase.available)
    func guestsBookingTheLastRoomsAtOnceEachGetARoomOrACleanRefusal(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        for number in ["103", "104", "105", "106"] {
            _ = try await fixture.store.properties.insert(
                Room(id: 0, propertyID: fixture.property.id, roomTypeID: fixture.roomType.id, number: number, floor: 1))
        }
        let (rounds, guests, rooms) = (8, 8, 6)
        try await fixture.test(as: nil, configuration: ServerConfiguration(publicRequestsPerMinute: 10_000)) { client in
            for round in 0..<rounds {
                let (arrival, departure) = Self.dates(fixture, from: 10 + 3 * round)
                let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                    for guest in 0..<guests {
                        group.addTask {
                            let (status, _) = try await Self.guestBooks(
                                client, fixture, arrival: arrival, departure: departure, name: "Guest \(guest)",
                                key: "at-once-\(round)-\(guest)-\(UUID())")
                            return Int(status.code)
                        }
                    }
                    return try await group.reduce(into: [Int]()) { $0.append($1) }
                }
                // The type's rooms go to as many of them; the others are told it is gone.
                let expected = Array(repeating: 201, count: rooms) + Array(repeating: 409, count: guests - rooms)
                #expect(statuses.sorted() == expected, "round \(round)")
            }
            #expect(try await fixture.storedStayCount() == rooms * rounds)
        }
    }

    @Test func thePublicAPIIsRateLimitedPerClient() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test(as: nil, configuration: ServerConfiguration(publicRequestsPerMinute: 3)) { client in
            var statuses: [Int] = []
            for _ in 0..<4 {
                statuses.append(
                    try await client.execute(uri: "/api/v1/public/properties/\(fixture.property.id)", method: .get) {
                        Int($0.status.code)
                    })
            }
            #expect(statuses == [200, 200, 200, 429])
        }
    }
}

extension PublicAPITests {
    /// An address the confirmation could never be sent to is refused at the door, naming the field, so that
    /// the guest can correct the typo; nothing is booked. Put right, the booking goes through.
    @Test func aGuestsAddressSMTPWouldRefuseIsRefusedNamingItAndNothingIsBooked() async throws {
        let fixture = try await APIFixture.make()
        let (arrival, departure) = Self.dates(fixture)
        try await fixture.test(as: nil) { client in
            for typed in [#"a@x.test\r\nBcc: b@x.test"#, "a..b@x.test", "(c)a@x.test", "a.@x.test", "ann@example.com"] {
                let body = Self.bookingBody(fixture, arrival: arrival, departure: departure)
                    .replacingOccurrences(of: "ann@example.com", with: typed)
                try await client.execute(
                    uri: "/api/v1/public/bookings", method: .post,
                    headers: [HTTPField.Name("Idempotency-Key")!: "guest-\(UUID().uuidString)"],
                    body: ByteBuffer(string: body)
                ) { response in
                    if typed == "ann@example.com" {
                        #expect(response.status == .created, "\(String(buffer: response.body))")
                    } else {
                        #expect(response.status == .badRequest, "\(typed)")
                        #expect(response.error?.error.field == "guest.email", "\(typed)")
                    }
                }
            }
            #expect(try await fixture.storedStayCount() == 1)
        }
    }
}
