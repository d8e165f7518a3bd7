import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StorageTesting
import Testing

@testable import App

/// Finding any booking of a property by its guest or its confirmation code, whatever its dates and
/// state, so that a mistaken cancel can be found again.
@Suite(.closesItsStores)
struct FindStaysAPITests {
    static func book(
        _ client: SignedInClient, _ fixture: APIFixture, room: Int, name: String, email: String,
        phone: String, arrival: String
    ) async throws -> Components.Schemas.Stay {
        let departure = try Day.parse(arrival, field: "arrival").adding(days: 2).iso
        let json = """
            {"roomId": \(room), "arrival": "\(arrival)", "departure": "\(departure)", "adults": 1,
             "guest": {"name": "\(name)", "email": "\(email)", "phone": "\(phone)"}}
            """
        return try await client.execute(uri: fixture.staysPath, method: .post, body: ByteBuffer(string: json)) {
            #expect($0.status == .created)
            return try StayActionsAPITests.decode(Components.Schemas.Stay.self, $0)
        }
    }

    static func find(_ client: SignedInClient, _ fixture: APIFixture, _ q: String) async throws -> [String] {
        let query = q.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? q
        return try await client.execute(uri: "\(fixture.staysPath)?q=\(query)", method: .get) { response in
            #expect(response.status == .ok)
            return try StayActionsAPITests.decode(Components.Schemas.StaySearch.self, response).results.map(
                \.guest.name)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aBookingIsFoundByNameEmailPhoneOrCodeOnAnyDateAndInAnyState(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        try await fixture.test { client in
            let (room, other) = (fixture.rooms[0].id, fixture.rooms[1].id)
            let somchai = try await Self.book(
                client, fixture, room: room, name: "Somchai Jaidee", email: "somchai@example.co.th",
                phone: "+66 81 234 5678", arrival: "2026-12-01")
            _ = try await Self.book(
                client, fixture, room: other, name: "Mai Tran", email: "mai_100%@example.vn", phone: "0901 234 567",
                arrival: "2027-03-10")
            try await client.execute(uri: "/api/v1/stays/\(somchai.id)/cancel", method: .post) {
                #expect($0.status == .ok)
            }
            #expect(try await Self.find(client, fixture, "somCHAI") == ["Somchai Jaidee"])
            #expect(try await Self.find(client, fixture, "example.") == ["Mai Tran", "Somchai Jaidee"])
            #expect(try await Self.find(client, fixture, "234 5678") == ["Somchai Jaidee"])
            #expect(try await Self.find(client, fixture, somchai.confirmationCode.lowercased()) == ["Somchai Jaidee"])
            // `%` and `_` are themselves, not wildcards.
            #expect(try await Self.find(client, fixture, "_100%") == ["Mai Tran"])
            #expect(try await Self.find(client, fixture, "%%") == [])
            try await client.execute(uri: "\(fixture.staysPath)?q=a", method: .get) { response in
                #expect(response.status == .badRequest)
                #expect(response.error?.error.field == "q")
            }
            try await client.execute(uri: fixture.staysPath, method: .get) { response in
                #expect(response.status == .badRequest)
                #expect(response.error?.error.field == "q")
            }
        }
    }
}
