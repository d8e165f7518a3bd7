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
@Suite(.closesItsStores)
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
        let today = fixture.today
        try await fixture.test { client in
            for (json, field) in [
                (fixture.stayJSON(adults: Self.huge), "adults"),
                (fixture.stayJSON(adults: -Self.huge), "adults"),
                (fixture.stayJSON(arrival: today.iso, departure: "2199-12-01"), "departure"),
                (fixture.stayJSON(arrival: today.iso, departure: today.adding(days: 367).iso), "departure"),
                (fixture.stayJSON(arrival: today.iso, departure: "9999-12-01"), "departure"),
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
                body: ByteBuffer(string: fixture.stayJSON(arrival: today.iso, departure: today.adding(days: 366).iso))
            ) { #expect($0.status == .created) }
            #expect(try await fixture.storedStayCount() == 1)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aChargeOrPaymentBeyondTheLargestAmountIsRefusedAndTheFolioStillReads(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        try await fixture.test { client in
            let id = try await StayActionsAPITests.bookToday(client, fixture, room: fixture.rooms[0].id)
            for (path, body) in [
                ("charges", #"{"description": "Minibar", "amount": {"amount": \#(Self.huge), "currency": "THB"}}"#),
                ("charges", #"{"description": "Minibar", "amount": {"amount": 1000000000001, "currency": "THB"}}"#),
                ("payments", #"{"method": "cash", "amount": {"amount": \#(Self.huge), "currency": "THB"}}"#),
            ] {
                try await client.execute(
                    uri: "/api/v1/stays/\(id)/\(path)", method: .post, body: ByteBuffer(string: body)
                ) { response in
                    #expect(response.status == .badRequest)
                    #expect(response.error?.error.field == "amount.amount")
                }
            }
            try await client.execute(
                uri: "/api/v1/stays/\(id)/charges", method: .post,
                body: ByteBuffer(
                    string: #"{"description": "Wedding", "amount": {"amount": \#(Money.maxAmount), "currency": "THB"}}"#
                )
            ) { #expect($0.status == .created) }

            // Rows written before the bound existed must not take the server down when summed.
            try await fixture.store.write { sql in
                for _ in 0..<3 {
                    try await sql.raw(
                        """
                        INSERT INTO folio_entries (stay_id, kind, description, amount, currency, posted_at,
                          business_day)
                        VALUES (\(bind: id), 'charge', 'old row', \(bind: Self.huge), 'THB', 0, 0)
                        """
                    ).run()
                }
            }
            try await client.execute(uri: "/api/v1/stays/\(id)/folio", method: .get) { response in
                #expect(response.status == .ok)
                let folio = try StayActionsAPITests.decode(StayActionsAPITests.FolioBody.self, response)
                #expect(folio.balance.amount == Int.max)
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func aRateBeyondTheLargestAmountOrBelowZeroIsRefused(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let from = fixture.today.adding(days: 5)
        try await fixture.test(as: .manager) { client in
            for amount in [Self.huge, -1, Money.maxAmount + 1] {
                let body = #"{"from": "\#(from.iso)", "to": "\#(from.adding(days: 2).iso)", "amount": \#(amount)}"#
                try await client.execute(
                    uri: "/api/v1/room-types/\(fixture.roomType.id)/rates", method: .put, body: ByteBuffer(string: body)
                ) { response in
                    #expect(response.status == .badRequest)
                    #expect(response.error?.error.field == "amount")
                }
            }
        }
    }

    @Test func searchRefusesPricesPartiesAndPagesBeyondTheirBounds() async throws {
        let fixture = try await APIFixture.make()
        let (arrival, departure) = PublicAPITests.dates(fixture)
        try await fixture.test(as: nil) { client in
            for (query, field) in [
                ("minPrice=\(Self.huge)", "minPrice"), ("maxPrice=99999999999999999999", "maxPrice"),
                ("adults=\(Self.huge)", "adults"), ("children=-1", "children"), ("limit=0", "limit"),
                ("limit=101", "limit"), ("limit=twenty", "limit"), ("offset=-1", "offset"), ("offset=100001", "offset"),
                ("offset=\(Self.huge)", "offset"),
            ] {
                try await client.execute(
                    uri: "/api/v1/public/search?region=chiang%20mai&arrival=\(arrival)&departure=\(departure)&\(query)",
                    method: .get
                ) { response in
                    #expect(response.status == .badRequest, "\(query)")
                    #expect(response.error?.error.field == field, "\(query)")
                }
            }
        }
    }

    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
}
