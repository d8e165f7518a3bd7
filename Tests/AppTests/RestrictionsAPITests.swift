import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PropertyBased
import StorageTesting
import Testing

@testable import App
@testable import Storage

/// A room type's restrictions through the API: a manager sets a minimum stay, a night closed to
/// arrival, a day closed to departure and a stop-sell; the guest site's place page says why a room
/// type cannot be booked, its bookings are refused naming the rule, and the desk may still book.
/// Random restrictions and random guest bookings: every booking the guest API accepts keeps them.
@Suite(.closesItsStores, .serialized)
struct RestrictionsAPITests {
    static func restrict(
        _ client: SignedInClient, _ fixture: APIFixture, from: Day, nights: Int, _ fields: String
    ) async throws -> TestResponse {
        let comma = fields.isEmpty ? "" : ", "
        return try await client.execute(
            uri: "/api/v1/room-types/\(fixture.roomType.id)/restrictions", method: .put,
            body: ByteBuffer(
                string: #"{"from": "\#(from.iso)", "to": "\#(from.adding(days: nights).iso)"\#(comma)\#(fields)}"#))
    }

    static func book(_ client: SignedInClient, _ fixture: APIFixture, _ arrival: Day, _ nights: Int, key: String)
        async throws -> TestResponse
    {
        try await client.execute(
            uri: "/api/v1/public/bookings", method: .post, headers: [HTTPField.Name("Idempotency-Key")!: key],
            body: ByteBuffer(
                string: PublicAPITests.bookingBody(
                    fixture, arrival: arrival.iso, departure: arrival.adding(days: nights).iso)))
    }

    @Test(arguments: TestDatabase.available)
    func theGuestSiteHonoursEachRestrictionAndSaysWhyTheDeskMayBookPastThem(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let day = fixture.today.adding(days: 10)
        try await fixture.test(as: .manager) { client in
            for (from, nights, fields) in [
                (day, 3, #""minStay": 2"#), (day.adding(days: 10), 1, #""closedToArrival": true"#),
                (day.adding(days: 12), 1, #""closedToDeparture": true"#),
                (day.adding(days: 15), 1, #""stopSell": true"#),
            ] {
                let set = try await Self.restrict(client, fixture, from: from, nights: nights, fields)
                #expect(set.status == .ok, "\(String(buffer: set.body))")
            }
            let rates = try await client.execute(
                uri:
                    "/api/v1/room-types/\(fixture.roomType.id)/rates?from=\(day.iso)&to=\(day.adding(days: 4).iso)",
                method: .get
            ) { try StayActionsAPITests.decode(Components.Schemas.RoomTypeRates.self, $0) }
            #expect(rates.nights.map { $0.restriction?.minStay } == [2, 2, 2, nil])

            // The guest calendar closes the days and says why.
            let calendar = try await client.execute(
                uri:
                    "/api/v1/public/properties/\(fixture.property.id)/calendar?from=\(day.iso)&to=\(day.adding(days: 20).iso)",
                method: .get
            ) { try StayActionsAPITests.decode(Components.Schemas.PublicCalendar.self, $0) }
            #expect(calendar.days.map(\.date) == [0, 1, 2, 10, 12, 15].map { day.adding(days: $0).iso })
            #expect(calendar.days[0].minStay == 2 && calendar.days[3].noArrival == .restriction_closedToArrival)
            #expect(calendar.days[4].noDeparture == true && calendar.days[5].stopSell == true)
            #expect(calendar.days[5].noArrival == .restriction_stopSell)
            try await client.execute(
                uri:
                    "/api/v1/public/properties/\(fixture.property.id)/calendar?from=\(day.iso)&to=\(day.adding(days: -1).iso)",
                method: .get
            ) { #expect($0.status == .badRequest && $0.error?.error.field == "to") }

            // The place page says why, for the dates asked.
            let place = try await client.execute(
                uri:
                    "/api/v1/public/properties/\(fixture.property.id)?arrival=\(day.iso)&departure=\(day.adding(days: 1).iso)&adults=2",
                method: .get
            ) { try StayActionsAPITests.decode(Components.Schemas.PublicPropertyDetail.self, $0) }
            #expect(
                place.roomTypes[0].price == nil
                    && place.roomTypes[0].restriction?.reason.rawValue == "restriction.minStay")
            #expect(place.roomTypes[0].restriction?.params?.additionalProperties["nights"] == "2")

            for (index, (arrival, nights, reason)) in [
                (day, 1, "restriction.minStay"), (day.adding(days: 10), 2, "restriction.closedToArrival"),
                (day.adding(days: 11), 1, "restriction.closedToDeparture"),
                (day.adding(days: 14), 3, "restriction.stopSell"),
            ].enumerated() {
                let refused = try await Self.book(client, fixture, arrival, nights, key: "refused-\(index)-abcdef")
                #expect(refused.status == .conflict, "\(reason): \(String(buffer: refused.body))")
                #expect(refused.error?.error.reason?.rawValue == reason)
            }
            #expect(try await fixture.storedStayCount() == 0)
            #expect(try await Self.book(client, fixture, day, 2, key: "allowed-abcdef").status == .created)

            // The desk books a regular guest for one night past the minimum stay.
            let desk = try await client.execute(
                uri: fixture.staysPath, method: .post,
                body: ByteBuffer(
                    string: fixture.stayJSON(
                        room: fixture.rooms[1].id, arrival: day.iso, departure: day.adding(days: 1).iso)))
            #expect(desk.status == .created)

            // Refusals name their field; a restriction with nothing set clears the nights.
            for (fields, field) in [(#""minStay": 0"#, "minStay"), (#""minStay": 5, "maxStay": 3"#, "maxStay")] {
                let refused = try await Self.restrict(client, fixture, from: day, nights: 1, fields)
                #expect(refused.status == .badRequest && refused.error?.error.field == field, "\(fields)")
            }
            let cleared = try await Self.restrict(client, fixture, from: day, nights: 3, "")
            #expect(
                try StayActionsAPITests.decode(Components.Schemas.RoomTypeRates.self, cleared).nights.allSatisfy {
                    $0.restriction == nil
                })
            let keeper = try #require(
                try await StaffAPITests.signIn(client, "front_desk@example.com", APIFixture.password))
            #expect(
                try await Self.restrict(keeper, fixture, from: day, nights: 1, #""stopSell": true"#).status
                    == .forbidden)
        }
    }

    /// One random restriction over some nights, or one random booking from the guest site.
    struct Step: Sendable, CustomStringConvertible {
        var restricts: Bool
        var day: Int
        var nights: Int
        var rule: Int

        var description: String { "\(restricts ? "restrict" : "book")(day \(day), \(nights) nights, rule \(rule))" }

        var fields: String {
            [
                #""minStay": \#(nights)"#, #""maxStay": \#(nights)"#, #""closedToArrival": true"#,
                #""closedToDeparture": true"#, #""stopSell": true"#, "",
            ][rule]
        }
    }

    static let steps = zip(Gen.bool, Gen.int(in: 0...12), Gen.int(in: 1...4), Gen.int(in: 0...5))
        .map { Step(restricts: $0, day: $1, nights: $2, rule: $3) }
        .array(of: 4...20)

    @Test(arguments: TestDatabase.available)
    func everyBookingTheGuestSiteAcceptsKeepsTheRestrictions(database: TestDatabase) async {
        await propertyCheck(count: 12, input: Self.steps) { steps in
            let fixture = try await APIFixture.make(database: database)
            let start = fixture.today.adding(days: 5)
            try await fixture.test(as: .manager) { client in
                for (index, step) in steps.enumerated() {
                    let from = start.adding(days: step.day)
                    let response =
                        step.restricts
                        ? try await Self.restrict(client, fixture, from: from, nights: step.nights, step.fields)
                        : try await Self.book(client, fixture, from, step.nights, key: "random-booking-\(index)")
                    #expect(response.status.code < 500, "\(step): \(String(buffer: response.body))")
                }
                // Every stay the guest site took keeps the restrictions as they stood when it was booked (a
                // later restriction never undoes a booking).
                let stays = try await fixture.store.stays.stays(
                    propertyID: fixture.property.id,
                    overlapping: try Nights(arrival: start, departure: start.adding(days: 20)))
                for stay in stays where stay.source == .online {
                    let restrictionsThen = try await Self.restrictions(before: stay, fixture)
                    var then = fixture.roomType
                    then.restrictions = restrictionsThen
                    let nights = try await Self.nightsBooked(stay, fixture)
                    #expect(then.restrictionRefusal(for: nights) == nil, "stay \(nights) in \(steps)")
                }
            }
        }
    }

    /// The nights `stay` was booked for, from the audit log: the desk may have moved its dates since, and
    /// the desk is not bound by the guest site's restrictions.
    static func nightsBooked(_ stay: Stay, _ fixture: APIFixture) async throws -> Nights {
        let row = try await fixture.store.sql.raw(
            """
            SELECT after FROM audit_log WHERE entity = 'stay' AND entity_id = \(bind: stay.id) AND action = 'create'
            """
        ).first()
        let booked = try JSONDecoder().decode(
            StaySnapshot.self, from: Data(try #require(row).decode(column: "after", as: String.self).utf8))
        return try Nights(arrival: Day(iso: booked.arrival)!, departure: Day(iso: booked.departure)!)
    }

    /// The restrictions as they stood when `stay` was booked, replayed from the audit log.
    static func restrictions(before stay: Stay, _ fixture: APIFixture) async throws -> [Day: NightRestriction] {
        let rows = try await fixture.store.sql.raw(
            """
            SELECT after FROM audit_log WHERE entity = 'room_type' AND action = 'restrictions'
              AND id < (SELECT MIN(id) FROM audit_log WHERE entity = 'stay' AND entity_id = \(bind: stay.id))
            ORDER BY id
            """
        ).all()
        var restrictions: [Day: NightRestriction] = [:]
        for row in rows {
            let record = try JSONDecoder().decode(
                RestrictionRecord.self, from: Data(try row.decode(column: "after", as: String.self).utf8))
            let restriction = NightRestriction(
                minStay: record.minStay, maxStay: record.maxStay, closedToArrival: record.closedToArrival,
                closedToDeparture: record.closedToDeparture, stopSell: record.stopSell)
            for night in try Nights(arrival: Day(iso: record.from)!, departure: Day(iso: record.to)!) {
                restrictions[night] = restriction.isEmpty ? nil : restriction
            }
        }
        return restrictions
    }
}
