import API
import App
import Booking
import Foundation
import Hummingbird
import HummingbirdBcrypt
import HummingbirdTesting
import HummingbirdWebSocket
import Storage
import StorageTesting
import Testing

/// A fresh SQLite file with one small hotel, and the application over it.
struct APIFixture {
    let store: Store
    let property: Property
    let roomType: RoomType
    let rooms: [Room]

    /// The property's day by the store's clock: the server's "today".
    var today: Day { store.clock.today(at: property) }

    /// Closed when the test ends (`.closesItsStores`), on every path.
    static func make(database: TestDatabase = .sqlite) async throws -> APIFixture {
        let store = try await database.makeStore()
        let properties = store.properties
        let property = try await properties.insert(
            Property(
                id: 0, name: "Baan Suan", kind: .hotel, region: "Northern Thailand", city: "Chiang Mai",
                latitude: 18.79,
                longitude: 98.98, timeZoneID: "Asia/Bangkok", currency: .thb))
        let roomType = try await properties.insert(
            RoomType(id: 0, propertyID: property.id, name: "Garden Double", capacity: 2, baseRate: .whole(1200, .thb)))
        var rooms: [Room] = []
        for number in ["101", "102"] {
            rooms.append(
                try await properties.insert(
                    Room(id: 0, propertyID: property.id, roomTypeID: roomType.id, number: number, floor: 1)))
        }
        let users = store.users
        for role in StaffRole.allCases {
            _ = try await users.create(
                email: "\(role.rawValue)@example.com", name: role.rawValue, role: role,
                passwordHash: Bcrypt.hash(Self.password, cost: 4))
        }
        return APIFixture(store: store, property: property, roomType: roomType, rooms: rooms)
    }

    static let password = "correct horse"

    /// Ann Lee's stay in the first room on `bookedNights`, stored past the API.
    func storedStay() async throws -> Stay {
        try await store.stays.create(
            NewStay(
                propertyID: property.id, roomTypeID: roomType.id, roomID: rooms[0].id,
                nights: try Nights(arrival: bookedNights.arrival, departure: bookedNights.departure),
                adults: 1, guestName: "Ann Lee"))
    }

    /// Gives each of the fixture's accounts its role at a property made after them.
    func staff(_ propertyID: Int) async throws {
        let users = store.users
        for role in StaffRole.allCases {
            let user = try #require(try await users.credentials(email: "\(role.rawValue)@example.com")).user
            try await users.grant(userID: user.id, propertyID: propertyID, role: role)
        }
    }

    /// Reads responses into the generated types (`Components.Schemas`): instants as ISO 8601, as the
    /// document has them.
    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    /// Runs `body` with a client signed in as `role` (or not signed in at all): through the router
    /// alone, or with `live`, through a server on loopback that also speaks WebSocket.
    func test(
        as role: StaffRole? = .frontDesk, configuration: ServerConfiguration = ServerConfiguration(),
        live: Bool = false, _ body: @escaping @Sendable (SignedInClient) async throws -> Void
    ) async throws {
        // The server as `frontdesk serve` builds it, on a free port.
        var configuration = configuration
        configuration.port = 0
        let app = buildApplication(configuration: configuration, store: store)
        try await run(app, live: live, as: role, body)
    }

    private func run(
        _ app: some ApplicationProtocol, live: Bool, as role: StaffRole?,
        _ body: @escaping @Sendable (SignedInClient) async throws -> Void
    ) async throws {
        try await app.test(live ? .live : .router) { client in
            var signed = SignedInClient(client: client, cookie: nil)
            if let role { signed = try await signed.signedIn(as: role) }
            try await body(signed)
        }
    }

    /// The nights `stayJSON` books unless told: two, from 30 days after today, clear of today's work.
    var bookedNights: (arrival: Day, departure: Day) { (today.adding(days: 30), today.adding(days: 32)) }

    func stayJSON(room: Int? = nil, arrival: String? = nil, departure: String? = nil, adults: Int = 2) -> String {
        let arrival = arrival ?? bookedNights.arrival.iso
        let departure = departure ?? bookedNights.departure.iso
        return """
            {"roomId": \(room ?? rooms[0].id), "arrival": "\(arrival)", "departure": "\(departure)", "adults": \(adults),
             "guest": {"name": "Ann Lee", "email": "ann@example.com"}}
            """
    }

    var staysPath: String { "/api/v1/properties/\(property.id)/stays" }

    /// The hotel's board from 10 days before today to 10 after `bookedNights`.
    var boardPath: String {
        let (from, to) = (today.adding(days: -10), bookedNights.departure.adding(days: 10))
        return "/api/v1/properties/\(property.id)/board?from=\(from.iso)&to=\(to.iso)"
    }

    func storedStayCount() async throws -> Int {
        try await store.stays.stays(
            propertyID: property.id,
            // Every day a stay can have: the count is of every stay, whatever its dates.
            overlapping: try Nights(
                arrival: Day(year: Day.years.lowerBound, month: 1, day: 1),
                departure: Day(year: Day.years.upperBound, month: 12, day: 31))
        ).count
    }
}

/// A test client that sends the session cookie with every request.
struct SignedInClient: Sendable {
    let client: any TestClientProtocol
    let cookie: String?

    @discardableResult
    func execute<Return>(
        uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: ByteBuffer? = nil,
        testCallback: @escaping (TestResponse) async throws -> Return = { $0 }
    ) async throws -> Return {
        var headers = headers
        if let cookie { headers[.cookie] = cookie }
        return try await client.execute(
            uri: uri, method: method, headers: headers, body: body, testCallback: testCallback)
    }
}

extension TestResponse {
    var error: ErrorJSON? { try? JSONDecoder().decode(ErrorJSON.self, from: Data(buffer: body)) }
}

/// The error body every refusal has, as the document describes it.
typealias ErrorJSON = Components.Schemas._Error

@Suite(.closesItsStores)
struct StayAPITests {
    @Test func healthzAnswersWithTheDatabaseKind() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test(as: nil) { client in
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("\"sqlite\""))
            }
        }
    }

    @Test func aPropertyComesWithItsRoomTypesAndRooms() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test { client in
            try await client.execute(uri: "/api/v1/properties/\(fixture.property.id)", method: .get) { response in
                #expect(response.status == .ok)
                let json = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                #expect(json?["checkIn"] as? String == "14:00")
                let roomTypes = json?["roomTypes"] as? [[String: Any]]
                let rate = roomTypes?.first?["baseRate"] as? [String: Any]
                #expect(rate?["amount"] as? Int == 120_000)
                #expect(rate?["currency"] as? String == "THB")
                #expect((json?["rooms"] as? [[String: Any]])?.compactMap { $0["number"] as? String } == ["101", "102"])
            }
            try await client.execute(uri: "/api/v1/properties/999", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.error?.error.code == "not_found")
            }
        }
    }

    @Test func bookingAStayAnswers201WithItsVersionAsETag() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test { client in
            let location = try await client.execute(
                uri: fixture.staysPath, method: .post, body: ByteBuffer(string: fixture.stayJSON())
            ) { response in
                #expect(response.status == .created)
                #expect(response.headers[.eTag] == "\"1\"")
                let text = String(buffer: response.body)
                #expect(text.contains("\"state\":\"booked\""))
                #expect(text.contains("\"nights\":2"))
                return response.headers[.location] ?? ""
            }
            try await client.execute(uri: location, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.eTag] == "\"1\"")
                #expect(String(buffer: response.body).contains("\"arrival\":\"\(fixture.bookedNights.arrival.iso)\""))
            }
        }
    }

    @Test func aStayIsReadWithItsGuestsContact() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test { client in
            let location = try await client.execute(
                uri: fixture.staysPath, method: .post, body: ByteBuffer(string: fixture.stayJSON())
            ) { $0.headers[.location] ?? "" }
            try await client.execute(uri: location, method: .get) { response in
                let json = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                let guest = json?["guest"] as? [String: String]
                #expect(guest == ["name": "Ann Lee", "email": "ann@example.com", "phone": ""])
                #expect(json?["state"] as? String == "booked")
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func aStayInATakenRoomIs409NamingTheBookingInTheWay(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        try await fixture.test { client in
            try await client.execute(
                uri: fixture.staysPath, method: .post, body: ByteBuffer(string: fixture.stayJSON()))
            try await client.execute(
                uri: fixture.staysPath, method: .post,
                body: ByteBuffer(
                    string: fixture.stayJSON(
                        arrival: fixture.bookedNights.arrival.adding(days: 1).iso,
                        departure: fixture.bookedNights.departure.adding(days: 1).iso))
            ) { response in
                #expect(response.status == .conflict)
                #expect(response.error?.error.code == "conflict")
                #expect(response.error?.error.field == "roomId")
                #expect(response.error?.error.message.contains("room 101 is taken by stay") == true)
            }
            #expect(try await fixture.storedStayCount() == 1)
        }
    }

    @Test(
        arguments: [
            (#"{"arrival": "2026-12-01""#, "invalid", nil),
            (
                #"{"roomId": 1, "arrival": "2026-12-01", "departure": "2026-12-03", "adults": "two", "guest": {"name": "A"}}"#,
                "invalid", "adults"
            ),
            (
                #"{"roomId": 1, "arrival": "2026-12-01", "departure": "2026-12-03", "adults": 2, "guest": {}}"#,
                "invalid", "guest.name"
            ),
            (
                #"{"roomId": 1, "arrival": "2026-12-03", "departure": "2026-12-01", "adults": 2, "guest": {"name": "A"}}"#,
                "invalid", "departure"
            ),
            (
                #"{"roomId": 1, "arrival": "2026-12-01", "departure": "2026-12-01", "adults": 2, "guest": {"name": "A"}}"#,
                "invalid", "departure"
            ),
            (
                #"{"roomId": 1, "arrival": "2026-13-01", "departure": "2026-12-03", "adults": 2, "guest": {"name": "A"}}"#,
                "invalid", "arrival"
            ),
            (
                #"{"roomId": 1, "arrival": "2026-12-01", "departure": "2026-12-03", "adults": 3, "guest": {"name": "A"}}"#,
                "invalid", "adults"
            ),
            (
                #"{"roomId": 9999, "arrival": "2026-12-01", "departure": "2026-12-03", "adults": 2, "guest": {"name": "A"}}"#,
                "not_found", "roomId"
            ),
            (
                #"{"arrival": "2026-12-01", "departure": "2026-12-03", "adults": 2, "guest": {"name": "A"}}"#,
                "invalid", "roomTypeId"
            ),
            (
                #"{"roomId": 1, "arrival": "2026-12-01", "departure": "2026-12-03", "adults": 2, "guest": {"name": "A"}, "notes": "\#(String(repeating: "n", count: 2_001))"}"#,
                "invalid", "notes"
            ),
            (
                #"{"roomId": 1, "arrival": "2026-12-01", "departure": "2026-12-03", "adults": 2, "guest": {"name": "A", "email": "nope"}}"#,
                "invalid", "guest.email"
            ),
        ] as [(String, String, String?)])
    func badInputIsA4xxNamingTheFieldAndStoresNothing(body: String, code: String, field: String?) async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test { client in
            try await client.execute(uri: fixture.staysPath, method: .post, body: ByteBuffer(string: body)) {
                response in
                #expect((400..<500).contains(response.status.code), "\(response.status)")
                #expect(response.error?.error.code == code)
                #expect(response.error?.error.field == field)
            }
            #expect(try await fixture.storedStayCount() == 0)
        }
    }

    @Test func anOversizedBodyIs413() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test { client in
            let huge = "{\"notes\": \"" + String(repeating: "x", count: 2 << 20) + "\"}"
            try await client.execute(uri: fixture.staysPath, method: .post, body: ByteBuffer(string: huge)) {
                response in
                #expect(response.status == .contentTooLarge)
                #expect(response.error?.error.code == "too_large")
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func concurrentRequestsForOneRoomAndNightGiveOne201AndOnly409s(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        try await fixture.test { client in
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<200 {
                    group.addTask {
                        try await client.execute(
                            uri: fixture.staysPath, method: .post,
                            body: ByteBuffer(
                                string: fixture.stayJSON(departure: fixture.bookedNights.arrival.adding(days: 1).iso))
                        ) { $0.status.code }
                    }
                }
                var statuses: [Int] = []
                for try await status in group { statuses.append(status) }
                return statuses
            }
            #expect(statuses.filter { $0 == 201 }.count == 1)
            #expect(statuses.filter { $0 == 409 }.count == 199, "\(statuses.sorted())")
        }
    }
}

/// What a fixture does when a test's own set-up throws.
@Suite(.closesItsStores)
struct FixtureFailureTests {
    /// The second stay is refused (the room is taken), so the test throws before `test { }`: its store is
    /// still closed by the suite's trait, and the failure is this test's alone. Without the trait, the
    /// open pool's assertion would end the whole run when the fixture goes away.
    @Test func aSetUpThatThrowsFailsItsTestAloneAndTheRunGoesOn() async {
        await withKnownIssue("the set-up throws on purpose") {
            let fixture = try await APIFixture.make()
            _ = try await fixture.storedStay()
            _ = try await fixture.storedStay()
            try await fixture.test { _ in Issue.record("the test's body is never reached") }
        }
    }
}

extension SignedInClient {
    /// The same server, signed in as the member of staff of `role` (`APIFixture`'s accounts).
    func signedIn(as role: StaffRole) async throws -> SignedInClient {
        let cookie = try await client.execute(
            uri: "/api/v1/session", method: .post,
            body: ByteBuffer(
                string: #"{"email": "\#(role.rawValue)@example.com", "password": "\#(APIFixture.password)"}"#)
        ) { response in
            #expect(response.status == .ok)
            return response.headers[.setCookie]?.split(separator: ";").first.map(String.init)
        }
        return SignedInClient(client: client, cookie: cookie)
    }
}
