import App
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Storage
import StorageTesting
import Testing

/// What a booking agreed to holds after it: the nightly rates it was booked at (whatever the room type's
/// rates do later), and its infants, who need a cot but no bed.
@Suite(.closesItsStores)
struct BookingTermsAPITests {
    /// Books the fixture's Garden Double (1,200 THB a night) for two nights from `arrival` through the
    /// guest site.
    static func book(_ client: SignedInClient, _ fixture: APIFixture, arrival: Day, infants: Int? = nil)
        async throws -> TestResponse
    {
        try await GuestSite.bookingResponse(
            client, place: fixture.property, roomType: fixture.roomType, arrival: arrival, infants: infants)
    }

    /// Checks a stay in at the desk; returns what its folio was charged for the room, night by night.
    static func checkIn(_ client: SignedInClient, _ fixture: APIFixture, stayID: Int) async throws -> [Money] {
        try await client.execute(uri: "/api/v1/stays/\(stayID)/check-in", method: .post) {
            #expect($0.status == .ok)
        }
        let folio = try await fixture.store.folios.folio(stayID: stayID)
        return folio.entries.filter { $0.category == .room }.map(\.amount)
    }

    @Test(arguments: TestDatabase.available)
    func aGuestIsChargedTheRatesTheyBookedAtAfterTheRatesGoUp(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let today = fixture.today
        try await fixture.test(as: .manager) { client in
            let booked = try await Self.book(client, fixture, arrival: today)
            let code = try GuestSite.json(booked)["confirmationCode"] as? String ?? ""
            // The manager raises the rate for the month.
            try await client.execute(
                uri: "/api/v1/room-types/\(fixture.roomType.id)/rates", method: .put,
                body: ByteBuffer(
                    string: #"{"from": "\#(today.iso)", "to": "\#(today.adding(days: 30).iso)", "amount": 150000}"#)
            ) { #expect($0.status == .ok, "\(String(buffer: $0.body))") }

            // The guest's page still quotes what they booked ...
            let managed = try await client.execute(
                uri: "/api/v1/public/bookings/\(code)?email=ann@example.com", method: .get,
                testCallback: ManageBookingAPITests.decode)
            #expect(managed.price.total == .init(amount: 240_000, currency: .thb))
            // ... while a new guest is quoted the new rate.
            let search = try await client.execute(
                uri: "/api/v1/public/properties/\(fixture.property.id)?arrival=\(today.adding(days: 5).iso)"
                    + "&departure=\(today.adding(days: 7).iso)&adults=2", method: .get, testCallback: GuestSite.json)
            let offers = try #require(search["roomTypes"] as? [[String: Any]])
            let total = (offers.first?["price"] as? [String: Any])?["total"] as? [String: Any]
            #expect(total?["amount"] as? Int == 300_000)

            // Check-in charges the folio the booked rate, a line a night.
            let stay = try #require(try await fixture.store.stays.stay(confirmationCode: code))
            let charged = try await Self.checkIn(client, fixture, stayID: stay.id)
            #expect(charged == [.whole(1_200, .thb), .whole(1_200, .thb)])
        }
    }

    @Test(arguments: TestDatabase.available)
    func aNightAddedAtTheDeskIsAtTheRateOfTheDayItWasAdded(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let today = fixture.today
        try await fixture.test { client in
            let booked = try await client.execute(
                uri: "/api/v1/properties/\(fixture.property.id)/stays", method: .post,
                headers: [HTTPField.Name("Idempotency-Key")!: "desk-\(UUID().uuidString)"],
                body: ByteBuffer(
                    string: #"""
                        {"roomId": \#(fixture.rooms[0].id), "arrival": "\#(today.iso)",
                         "departure": "\#(today.adding(days: 1).iso)", "adults": 1, "guest": {"name": "Bo Kim"}}
                        """#))
            #expect(booked.status == .created)
            let stayID = try #require(try GuestSite.json(booked)["id"] as? Int)
            try await fixture.store.properties.setRate(
                .whole(1_500, .thb), roomTypeID: fixture.roomType.id,
                nights: try Nights(arrival: today, departure: today.adding(days: 5)))
            try await client.execute(
                uri: "/api/v1/stays/\(stayID)", method: .patch, headers: [.ifMatch: "\"1\""],
                body: ByteBuffer(string: #"{"departure": "\#(today.adding(days: 2).iso)"}"#)
            ) { #expect($0.status == .ok, "\(String(buffer: $0.body))") }
            let charged = try await Self.checkIn(client, fixture, stayID: stayID)
            #expect(charged == [.whole(1_200, .thb), .whole(1_500, .thb)])
        }
    }

    @Test(arguments: TestDatabase.available)
    func infantsAreBookedBesideTheGuestsTheRoomSleeps(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let arrival = fixture.today.adding(days: 10)
        try await fixture.test { client in
            // Two adults fill the Garden Double; an infant sleeps in a cot.
            let response = try await Self.book(client, fixture, arrival: arrival, infants: 1)
            #expect(response.status == .created)
            #expect(try GuestSite.json(response)["infants"] as? Int == 1)
            let code = try GuestSite.json(response)["confirmationCode"] as? String ?? ""
            let stay = try #require(try await fixture.store.stays.stay(confirmationCode: code))
            #expect(stay.adults == 2 && stay.infants == 1)
            let shown = try await client.execute(
                uri: "/api/v1/stays/\(stay.id)", method: .get, testCallback: GuestSite.json)
            #expect(shown["infants"] as? Int == 1)
        }
    }

    @Test(arguments: TestDatabase.available)
    func tooManyInfantsAre400NamingInfantsAndBookNothing(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let arrival = fixture.today.adding(days: 10)
        try await fixture.test { client in
            for infants in [-1, Stay.maxInfants + 1] {
                let refused = try await Self.book(client, fixture, arrival: arrival, infants: infants)
                #expect(refused.status == .badRequest)
                #expect(refused.error?.error.field == "infants")
            }
            let stays = try await fixture.store.stays.stays(
                propertyID: fixture.property.id,
                overlapping: try Nights(arrival: arrival, departure: arrival.adding(days: 2)))
            #expect(stays.isEmpty)
        }
    }
}
