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

/// A guest managing their booking with its confirmation code and email: reading it, cancelling it
/// (free, or for the policy's fee after the free window), never more than once, never after arrival.
@Suite(.closesItsStores)
struct ManageBookingAPITests {
    /// A managed booking as the document describes it.
    typealias Booking = Components.Schemas.ManagedBooking

    static func decode(_ response: TestResponse) throws -> Booking {
        try APIFixture.decoder.decode(Booking.self, from: Data(buffer: response.body))
    }

    static func cancel(_ client: SignedInClient, _ code: String, email: String = "ann@example.com") async throws
        -> TestResponse
    {
        try await client.execute(
            uri: "/api/v1/public/bookings/\(code)/cancel", method: .post,
            body: ByteBuffer(string: #"{"email": "\#(email)"}"#))
    }

    @Test(arguments: TestDatabase.available)
    func theGuestReadsTheirBookingWithItsTermsOfCancellation(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let arrival = fixture.today.adding(days: 10)
        try await fixture.test(as: nil) { client in
            let code = try await GuestSite.book(
                client, place: fixture.property, roomType: fixture.roomType, arrival: arrival)
            // The email is matched without regard to case or surrounding spaces.
            let email = GuestSite.encoded(" Ann@Example.com ")
            let booking = try await client.execute(uri: "/api/v1/public/bookings/\(code)?email=\(email)", method: .get)
            {
                response in
                #expect(response.status == .ok)
                return try Self.decode(response)
            }
            #expect(booking.confirmationCode == code)
            #expect(booking.propertyId == fixture.property.id && booking.property == "Baan Suan")
            #expect(booking.roomTypeId == fixture.roomType.id && booking.roomType == "Garden Double")
            #expect(booking.arrival == arrival.iso && booking.departure == arrival.adding(days: 2).iso)
            #expect(booking.nights == 2 && booking.adults == 2 && booking.children == 0)
            #expect(booking.guestName == "Ann Lee" && booking.state == .booked)
            #expect(booking.price.nights.count == 2)
            #expect(booking.price.total == .init(amount: 240_000, currency: .thb))
            #expect(booking.balance.paid.amount == 0 && booking.balance.due.amount == 0)
            // The default policy: free until two days before arrival.
            #expect(booking.cancellation.allowed)
            #expect(booking.cancellation.freeUntil == arrival.adding(days: -2).iso)
            #expect(booking.cancellation.fee == .init(amount: 0, currency: .thb))
            #expect(booking.cancellation.reason == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aWrongEmailIsAnsweredExactlyAsAnUnknownCode(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        try await fixture.test(as: nil) { client in
            let code = try await GuestSite.book(
                client, place: fixture.property, roomType: fixture.roomType,
                arrival: fixture.today.adding(days: 10))
            // The same status, code, message and (no) field, byte for byte: nothing says that the code exists.
            var answers: [[String?]] = []
            var bodies: [String] = []
            for uri in [
                "/api/v1/public/bookings/\(code)?email=eve@example.com",
                "/api/v1/public/bookings/FD-NOSUCHXX?email=ann@example.com",
            ] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .notFound)
                    let error = response.error?.error
                    answers.append([error?.code, error?.message, error?.field])
                    bodies.append(String(buffer: response.body))
                }
            }
            #expect(bodies[0] == bodies[1])
            #expect(answers[0] == ["not_found", "no booking with this confirmation code and email address", nil])
            #expect(answers[0] == answers[1])
            let refused = try await Self.cancel(client, code, email: "eve@example.com")
            #expect(refused.status == .notFound)
            let error = refused.error?.error
            #expect([error?.code, error?.message, error?.field] == answers[0])
            #expect(try await fixture.store.stays.stay(confirmationCode: code)?.state == .booked)
        }
    }

    @Test func aMissingEmailIs400NamingEmail() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test(as: nil) { client in
            for (method, uri, body) in [
                (HTTPRequest.Method.get, "/api/v1/public/bookings/FD-ABCDEFGH", nil),
                (.get, "/api/v1/public/bookings/FD-ABCDEFGH?email=", nil),
                (.post, "/api/v1/public/bookings/FD-ABCDEFGH/cancel", "{}"),
                (.post, "/api/v1/public/bookings/FD-ABCDEFGH/cancel", #"{"email": " "}"#),
            ] as [(HTTPRequest.Method, String, String?)] {
                try await client.execute(uri: uri, method: method, body: body.map { ByteBuffer(string: $0) }) {
                    response in
                    #expect(response.status == .badRequest, "\(uri) \(body ?? "")")
                    #expect(response.error?.error.field == "email", "\(uri) \(body ?? "")")
                }
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func cancellingInTheFreeWindowCostsNothingReachesTheBoardAndCannotBeDoneTwice(database: TestDatabase)
        async throws
    {
        let fixture = try await APIFixture.make(database: database)
        try await fixture.test(as: nil) { client in
            let code = try await GuestSite.book(
                client, place: fixture.property, roomType: fixture.roomType,
                arrival: fixture.today.adding(days: 10))
            let seq = try await fixture.store.eventLog.latestSeq(propertyID: fixture.property.id) ?? 0
            let cancelled = try await Self.cancel(client, code)
            #expect(cancelled.status == .ok)
            let booking = try Self.decode(cancelled)
            #expect(booking.state == .cancelled)
            #expect(booking.balance.due.amount == 0)
            #expect(!booking.cancellation.allowed)
            #expect(booking.cancellation.reason?.contains("already cancelled") == true)
            let events = try await fixture.store.eventLog.events(
                propertyID: fixture.property.id, after: seq)
            #expect(events.map(\.kind) == ["stay.cancel"])

            let again = try await Self.cancel(client, code)
            #expect(again.status == .conflict)
            #expect(again.error?.error.code == "conflict")
            #expect(try await fixture.store.stays.stay(confirmationCode: code)?.version == 2)
        }
    }

    @Test(arguments: TestDatabase.available)
    func cancellingAfterTheFreeWindowChargesThePolicysFeeToTheFolio(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        try await fixture.test(as: nil) { client in
            // Arriving tomorrow: within the two days before arrival, so the whole total (100 %) is due.
            let code = try await GuestSite.book(
                client, place: fixture.property, roomType: fixture.roomType,
                arrival: fixture.today.adding(days: 1))
            let before = try await client.execute(
                uri: "/api/v1/public/bookings/\(code)?email=ann@example.com", method: .get, testCallback: Self.decode)
            #expect(before.cancellation.allowed)
            #expect(before.cancellation.fee == .init(amount: 240_000, currency: .thb))
            let after = try Self.decode(try await Self.cancel(client, code))
            #expect(after.state == .cancelled)
            #expect(after.balance.due == .init(amount: 240_000, currency: .thb))
            let stay = try #require(try await fixture.store.stays.stay(confirmationCode: code))
            let folio = try await fixture.store.folios.folio(stayID: stay.id)
            #expect(folio.entries.map(\.kind) == [.charge])
            #expect(folio.entries.first?.category == .fee)
            #expect(folio.entries.first?.amount == .whole(2_400, .thb))
        }
    }

    @Test(arguments: TestDatabase.available)
    func aCheckedInStayCannotBeCancelledByItsGuest(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        try await fixture.test { client in
            let code = try await GuestSite.book(
                client, place: fixture.property, roomType: fixture.roomType, arrival: fixture.today)
            let stay = try #require(try await fixture.store.stays.stay(confirmationCode: code))
            try await client.execute(uri: "/api/v1/stays/\(stay.id)/check-in", method: .post) {
                #expect($0.status == .ok)
            }
            let refused = try await Self.cancel(client, code)
            #expect(refused.status == .conflict)
            #expect(refused.error?.error.message.contains("checked in") == true)
            // The rule by name, for the guest's page to word: cancelling is not possible in this state.
            #expect(refused.error?.error.reason?.rawValue == "stay.state")
            #expect(refused.error?.error.params?.additionalProperties == ["action": "cancel", "state": "checked_in"])
            #expect(try await fixture.store.stays.stay(id: stay.id)?.state == .checkedIn)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aBookingWhoseArrivalHasPassedCannotBeCancelledByItsGuest(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let yesterday = fixture.today.adding(days: -1)
        let stay = try await fixture.store.stays.create(
            NewStay(
                propertyID: fixture.property.id, roomTypeID: fixture.roomType.id, roomID: fixture.rooms[0].id,
                nights: try Nights(arrival: yesterday, departure: yesterday.adding(days: 3)), adults: 1,
                guestName: "Bo Kim", guestEmail: "bo@example.com", source: .online))
        try await fixture.test(as: nil) { client in
            let booking = try await client.execute(
                uri: "/api/v1/public/bookings/\(stay.confirmationCode.lowercased())?email=bo@example.com",
                method: .get, testCallback: Self.decode)
            #expect(!booking.cancellation.allowed)
            #expect(booking.cancellation.reason?.contains("has passed") == true)
            let refused = try await Self.cancel(client, stay.confirmationCode, email: "bo@example.com")
            #expect(refused.status == .conflict)
            #expect(refused.error?.error.reason?.rawValue == "booking.arrivalPassed")
            #expect(refused.error?.error.params?.additionalProperties == ["arrival": yesterday.iso])
        }
    }

    @Test func managingABookingIsRateLimitedLikeTheRestOfThePublicAPI() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test(as: nil, configuration: ServerConfiguration(publicRequestsPerMinute: 2)) { client in
            var statuses: [Int] = []
            for _ in 0..<3 {
                statuses.append(
                    try await client.execute(
                        uri: "/api/v1/public/bookings/FD-ABCDEFGH?email=a@example.com", method: .get
                    ) { Int($0.status.code) })
            }
            #expect(statuses == [404, 404, 429])
        }
    }
}
