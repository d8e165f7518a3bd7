import App
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SQLKit
import Storage
import StorageTesting
import Testing

/// Every number the API takes has a bound the domain states, checked before any arithmetic: an
/// overflow trap would kill the server for every hotel on it.
struct InputBoundsAPITests {
    static let huge = Int.max

    @Test(arguments: TestDatabase.available)
    func aPublicBookingForCountlessAdultsIsRefusedNamingAdults(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let (arrival, departure) = PublicAPITests.dates(fixture)
        try await fixture.test(as: nil) { client in
            for (field, party) in [
                ("adults", #""adults": \#(Self.huge)"#), ("children", #""adults": 1, "children": \#(Self.huge)"#),
                ("children", #""adults": 9, "children": \#(Self.huge)"#),
            ] {
                let body = #"""
                    {"propertyId": \#(fixture.property.id), "roomTypeId": \#(fixture.roomType.id),
                     "arrival": "\#(arrival)", "departure": "\#(departure)", \#(party),
                     "guest": {"name": "Ann Lee", "email": "ann@example.com"}}
                    """#
                try await client.execute(
                    uri: "/api/v1/public/bookings", method: .post, headers: [Self.idempotencyKey: UUID().uuidString],
                    body: ByteBuffer(string: body)
                ) { response in
                    #expect(response.status == .badRequest)
                    #expect(response.error?.error.field == field)
                }
            }
            // Still serving.
            try await client.execute(uri: "/healthz", method: .get) { #expect($0.status == .ok) }
        }
    }

    @Test(arguments: TestDatabase.available)
    func aStaffStayForCountlessAdultsOrOverAYearOfNightsIsRefused(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        try await fixture.test { client in
            for (json, field) in [
                (fixture.stayJSON(adults: Self.huge), "adults"),
                (fixture.stayJSON(adults: -Self.huge), "adults"),
                (fixture.stayJSON(arrival: "2026-12-01", departure: "2199-12-01"), "departure"),
                (fixture.stayJSON(arrival: "2026-12-01", departure: "2027-12-03"), "departure"),
                (fixture.stayJSON(arrival: "2026-12-01", departure: "9999-12-01"), "departure"),
            ] {
                try await client.execute(uri: fixture.staysPath, method: .post, body: ByteBuffer(string: json)) {
                    response in
                    #expect(response.status == .badRequest, "\(json)")
                    #expect(response.error?.error.field == field, "\(json)")
                }
            }
            // A year of nights is a long stay the desk books.
            try await client.execute(
                uri: fixture.staysPath, method: .post,
                body: ByteBuffer(string: fixture.stayJSON(arrival: "2026-12-01", departure: "2027-12-02"))
            ) { #expect($0.status == .created) }
            #expect(try await fixture.storedStayCount() == 1)
        }
    }

    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
}
