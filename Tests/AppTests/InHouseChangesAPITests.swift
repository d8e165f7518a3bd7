import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StorageTesting
import Testing

@testable import App

/// Changing the stay of a guest who is in: the nights slept stay as they were, in their rooms and on
/// the folio, and the folio follows every night added or given up.
@Suite(.closesItsStores)
struct InHouseChangesAPITests {
    typealias StayBody = Components.Schemas.Stay

    /// A stay checked in today, of `nights` nights from `arrival` (today by default), in `room`.
    static func checkedIn(
        _ client: SignedInClient, _ fixture: APIFixture, room: Int, arrival: Day? = nil, nights: Int = 2
    ) async throws -> StayBody {
        let arrival = arrival ?? fixture.today
        let json = fixture.stayJSON(room: room, arrival: arrival.iso, departure: arrival.adding(days: nights).iso)
        let id = try await client.execute(uri: fixture.staysPath, method: .post, body: ByteBuffer(string: json)) {
            try StayActionsAPITests.decode(StayBody.self, $0).id
        }
        return try await client.execute(
            uri: "/api/v1/stays/\(id)/check-in", method: .post, body: ByteBuffer(string: #"{"override": true}"#)
        ) { response in
            #expect(response.status == .ok)
            return try StayActionsAPITests.decode(StayBody.self, response)
        }
    }

    static func edit(_ client: SignedInClient, _ stay: StayBody, _ json: String) async throws -> StayBody {
        try await client.execute(
            uri: "/api/v1/stays/\(stay.id)", method: .patch, headers: [.ifMatch: "\"\(stay.version)\""],
            body: ByteBuffer(string: json)
        ) { response in
            #expect(response.status == .ok, "\(String(buffer: response.body))")
            return try StayActionsAPITests.decode(StayBody.self, response)
        }
    }

    static func folio(_ client: SignedInClient, _ stay: StayBody) async throws -> Components.Schemas.Folio {
        try await client.execute(uri: "/api/v1/stays/\(stay.id)/folio", method: .get) {
            try APIFixture.decoder.decode(Components.Schemas.Folio.self, from: Data(buffer: $0.body))
        }
    }

    /// The nights the folio charges a room for, reversed lines left out.
    static func chargedNights(_ folio: Components.Schemas.Folio) -> [String] {
        folio.entries.filter { $0.category == .room && !$0.reversed }.compactMap(\.night).sorted()
    }

    @Test(arguments: TestDatabase.available)
    func aNightAddedToAGuestInHouseIsChargedAndANightGivenUpIsReversed(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        try await fixture.test { client in
            let today = fixture.today
            var stay = try await Self.checkedIn(client, fixture, room: fixture.rooms[0].id)
            #expect(Self.chargedNights(try await Self.folio(client, stay)).count == 2)

            stay = try await Self.edit(client, stay, #"{"departure": "\#(today.adding(days: 3).iso)"}"#)
            var folio = try await Self.folio(client, stay)
            #expect(Self.chargedNights(folio) == (0..<3).map { today.adding(days: $0).iso })
            #expect(folio.balance.amount == 3 * fixture.roomType.baseRate.amount)

            stay = try await Self.edit(client, stay, #"{"departure": "\#(today.adding(days: 1).iso)"}"#)
            folio = try await Self.folio(client, stay)
            #expect(Self.chargedNights(folio) == [today.iso])
            #expect(folio.entries.contains { $0.kind == .reversal })
            #expect(folio.balance.amount == fixture.roomType.baseRate.amount)
        }
    }

    @Test func aGuestInHouseCannotGiveUpANightAlreadySlept() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test { client in
            let today = fixture.today
            let stay = try await Self.checkedIn(
                client, fixture, room: fixture.rooms[0].id, arrival: today.adding(days: -2), nights: 4)
            try await client.execute(
                uri: "/api/v1/stays/\(stay.id)", method: .patch, headers: [.ifMatch: "\"\(stay.version)\""],
                body: ByteBuffer(string: #"{"departure": "\#(today.adding(days: -1).iso)"}"#)
            ) { response in
                #expect(response.status == .badRequest)
                #expect(response.error?.error.field == "departure")
            }
        }
    }

    /// What the board's drag of an in-house guest to another room sends: the nights slept stay in the
    /// room they were slept in, and the guest moves from today on, as "Move room" does.
    @Test(arguments: TestDatabase.available)
    func movingAGuestInHouseToAnotherRoomKeepsTheNightsSleptWhereTheyWere(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        try await fixture.test { client in
            let today = fixture.today
            let yesterday = today.adding(days: -1)
            let (from, to) = (fixture.rooms[0].id, fixture.rooms[1].id)
            let stay = try await Self.checkedIn(client, fixture, room: from, arrival: yesterday, nights: 3)
            let moved = try await Self.edit(
                client, stay,
                #"{"roomId": \#(to), "arrival": "\#(yesterday.iso)", "departure": "\#(yesterday.adding(days: 3).iso)"}"#
            )
            #expect(moved.segments.map(\.roomId) == [from, to])
            #expect(moved.segments.map(\.arrival) == [yesterday.iso, today.iso])
            #expect(Self.chargedNights(try await Self.folio(client, moved)).count == 3)
        }
    }
}

/// Taking back a cancellation or a no-show made by mistake.
@Suite(.closesItsStores)
struct ReinstateAPITests {
    typealias StayBody = Components.Schemas.Stay

    static func post(_ client: SignedInClient, _ stay: Int, _ action: String) async throws -> TestResponse {
        try await client.execute(uri: "/api/v1/stays/\(stay)/\(action)", method: .post) { $0 }
    }

    @Test(arguments: TestDatabase.available)
    func aManagerReinstatesACancelledStayWhileItsRoomIsFree(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        try await fixture.test(as: .manager) { client in
            let room = fixture.rooms[0].id
            let id = try await StayActionsAPITests.bookToday(client, fixture, room: room, nights: 3)
            #expect(try await Self.post(client, id, "cancel").status == .ok)
            let reinstated = try await Self.post(client, id, "reinstate")
            #expect(reinstated.status == .ok)
            let stay = try StayActionsAPITests.decode(StayBody.self, reinstated)
            #expect(stay.state == .booked && stay.roomId == room)

            // Cancelled again, its room taken meanwhile: refused, naming the stay in the way.
            #expect(try await Self.post(client, id, "cancel").status == .ok)
            _ = try await StayActionsAPITests.bookToday(client, fixture, room: room, nights: 1)
            let refused = try await Self.post(client, id, "reinstate")
            #expect(refused.status == .conflict)
            #expect(refused.error?.error.field == "roomId")
        }
    }

    @Test func onlyAManagerReinstates() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test(as: .frontDesk) { client in
            let id = try await StayActionsAPITests.bookToday(client, fixture, room: fixture.rooms[0].id)
            #expect(try await Self.post(client, id, "no-show").status == .ok)
            #expect(try await Self.post(client, id, "reinstate").status == .forbidden)
        }
    }
}
