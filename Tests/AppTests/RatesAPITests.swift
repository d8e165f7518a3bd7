import API
import App
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StorageTesting
import Testing

@testable import Storage

/// A manager setting a room type's rate for a season; everyone signed in reading it.
@Suite(.closesItsStores)
struct RatesAPITests {
    /// A room type's rates as the document describes them.
    typealias Rates = Components.Schemas.RoomTypeRates

    static func put(_ client: SignedInClient, _ fixture: APIFixture, _ body: String) async throws -> TestResponse {
        try await client.execute(
            uri: "/api/v1/room-types/\(fixture.roomType.id)/rates", method: .put, body: ByteBuffer(string: body))
    }

    static func rates(_ client: SignedInClient, _ fixture: APIFixture, from: Day, to: Day) async throws -> Rates {
        try await client.execute(
            uri: "/api/v1/room-types/\(fixture.roomType.id)/rates?from=\(from.iso)&to=\(to.iso)", method: .get
        ) { response in
            #expect(response.status == .ok)
            return try APIFixture.decoder.decode(Rates.self, from: Data(buffer: response.body))
        }
    }

    @Test(arguments: TestDatabase.available)
    func aManagersSeasonRateIsWhatTheGuestSiteQuotesForThoseNights(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let start = fixture.today.adding(days: 20)
        try await fixture.test(as: .manager) { client in
            let set = try await Self.put(
                client, fixture, #"{"from": "\#(start.iso)", "to": "\#(start.adding(days: 2).iso)", "amount": 180000}"#)
            #expect(set.status == .ok)
            // The night before and the night after keep the base rate (1,200 THB).
            let rates = try await Self.rates(client, fixture, from: start.adding(days: -1), to: start.adding(days: 3))
            #expect(rates.roomTypeId == fixture.roomType.id)
            #expect(rates.nights.map(\.rate.amount) == [120_000, 180_000, 180_000, 120_000])
            #expect(rates.nights.map(\.date) == (-1..<3).map { start.adding(days: $0).iso })
            let detail = try await client.execute(
                uri: "/api/v1/public/properties/\(fixture.property.id)?arrival=\(start.iso)"
                    + "&departure=\(start.adding(days: 3).iso)&adults=2", method: .get, testCallback: GuestSite.json)
            let offer = try #require((detail["roomTypes"] as? [[String: Any]])?.first)
            let total = (offer["price"] as? [String: Any])?["total"] as? [String: Any]
            #expect(total?["amount"] as? Int == 480_000)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aRateChangeIsInTheHistoryWithWhoMadeIt(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let start = fixture.today.adding(days: 3)
        try await fixture.test(as: .manager) { client in
            let before = try await fixture.store.eventLog.latestSeq(propertyID: fixture.property.id) ?? 0
            let set = try await Self.put(
                client, fixture, #"{"from": "\#(start.iso)", "to": "\#(start.adding(days: 4).iso)", "amount": 99000}"#)
            #expect(set.status == .ok)
            let events = try await fixture.store.eventLog.events(propertyID: fixture.property.id, after: before)
            #expect(events.map(\.kind) == ["room_type.rates"])
            let row = try #require(
                try await fixture.store.sql.raw(
                    """
                    SELECT u.role, a.after FROM audit_log a JOIN users u ON u.id = a.user_id
                    WHERE a.entity = 'room_type' AND a.action = 'rates'
                    """
                ).first())
            #expect(try row.decode(column: "role", as: String.self) == "manager")
            let after = try row.decode(column: "after", as: String.self)
            #expect(after.contains(start.iso) && after.contains("99000"))
        }
    }

    @Test(arguments: TestDatabase.available)
    func onlyAManagerSetsRates(database: TestDatabase) async throws {
        for role in [StaffRole.frontDesk, .viewer] {
            // A fixture each: a test's end closes its store.
            let fixture = try await APIFixture.make(database: database)
            let start = fixture.today
            let body = #"{"from": "\#(start.iso)", "to": "\#(start.adding(days: 1).iso)", "amount": 1}"#
            try await fixture.test(as: role) { client in
                let refused = try await Self.put(client, fixture, body)
                #expect(refused.status == .forbidden)
                let rates = try await Self.rates(client, fixture, from: start, to: start.adding(days: 1))
                #expect(rates.nights.map(\.rate.amount) == [120_000])
            }
        }
    }

    @Test func badRangesAndAmountsAre400NamingTheField() async throws {
        let fixture = try await APIFixture.make()
        let day = fixture.today
        try await fixture.test(as: .manager) { client in
            for (body, field) in [
                (#"{"from": "2026-13-01", "to": "\#(day.iso)", "amount": 1}"#, "from"),
                (#"{"from": "\#(day.iso)", "to": "\#(day.iso)", "amount": 1}"#, "to"),
                (#"{"from": "\#(day.iso)", "to": "\#(day.adding(days: 400).iso)", "amount": 1}"#, "to"),
                (#"{"from": "\#(day.iso)", "to": "\#(day.adding(days: 1).iso)", "amount": -5}"#, "amount"),
                (#"{"from": "\#(day.iso)", "to": "\#(day.adding(days: 1).iso)"}"#, "amount"),
            ] {
                let refused = try await Self.put(client, fixture, body)
                #expect(refused.status == .badRequest, "\(body)")
                #expect(refused.error?.error.field == field, "\(body)")
            }
            try await client.execute(
                uri: "/api/v1/room-types/\(fixture.roomType.id)/rates?from=\(day.iso)", method: .get
            ) { #expect($0.error?.error.field == "to") }
            try await client.execute(
                uri: "/api/v1/room-types/999999/rates?from=\(day.iso)&to=\(day.adding(days: 1).iso)", method: .get
            ) { #expect($0.status == .notFound) }
            let rates = try await Self.rates(client, fixture, from: day, to: day.adding(days: 1))
            #expect(rates.nights.map(\.rate.amount) == [120_000])
        }
    }
}
