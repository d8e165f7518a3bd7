import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SQLKit
import StorageTesting
import Testing

@testable import App
@testable import Storage

/// Every "today" the server answers with, and every stamp it writes, comes from the store's one clock:
/// walked across the hotel's midnight, the desk's day, the board, the ledger, the night audit, the guest
/// site's first day on sale, what may still be booked and the audit log's stamps all turn over together.
@Suite(.closesItsStores, .serialized)
struct OneClockAPITests {
    typealias Regions = Components.Schemas.RegionSuggestions

    /// What each part of the server says today is, read through the API.
    static func todays(_ client: SignedInClient, _ fixture: APIFixture) async throws -> [String: String] {
        let property = "/api/v1/properties/\(fixture.property.id)"
        func read(_ path: String, _ key: String) async throws -> String {
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .ok, "\(path): \(String(buffer: response.body))")
                let object = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                return try #require(object?[key] as? String, "\(path) has no \(key)")
            }
        }
        return [
            "desk's day": try await read("\(property)/today", "date"),
            "board": try await read("\(property)/board", "today"),
            "ledger": try await read("\(property)/ledger", "from"),
            "night audit": try await read("\(property)/night-audit", "today"),
            "guest site": try await read("/api/v1/public/regions?q=", "today"),
        ]
    }

    /// The stamp of the audit log's last row, in milliseconds since 1970.
    static func lastStamp(_ fixture: APIFixture) async throws -> Int {
        let row = try await fixture.store.sql.raw("SELECT at FROM audit_log ORDER BY id DESC LIMIT 1").first()
        return try #require(try row?.decode(column: "at", as: Int.self))
    }

    @Test(arguments: TestDatabase.available)
    func everyTodayTurnsOverAtTheHotelsMidnightTogether(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let bangkok = TimeZone(identifier: "Asia/Bangkok")!
        // A day the machine's own clock never reads in this test: the server can only know it from the store's.
        let day = Day(year: 2031, month: 3, day: 14)
        fixture.store.clock.set(day.instant(atMinute: 23 * 60 + 59, in: bangkok).addingTimeInterval(30))
        try await fixture.test(as: .manager) { client in
            let before = try await Self.todays(client, fixture)
            #expect(Set(before.values) == [day.iso], "\(before)")
            let booked = try await client.execute(
                uri: fixture.staysPath, method: .post,
                body: ByteBuffer(string: fixture.stayJSON(arrival: day.iso, departure: day.adding(days: 1).iso)))
            #expect(booked.status == .created, "\(String(buffer: booked.body))")
            #expect(try await Self.lastStamp(fixture) == fixture.store.clock.nowMillis)
            let offer =
                "/api/v1/public/properties/\(fixture.property.id)?arrival=\(day.iso)"
                + "&departure=\(day.adding(days: 1).iso)"
            #expect(try await client.execute(uri: offer, method: .get) { $0.status } == .ok)

            fixture.store.clock.advance(by: 60)
            let after = try await Self.todays(client, fixture)
            #expect(Set(after.values) == [day.adding(days: 1).iso], "\(after)")
            // The night a guest could still book online a minute ago has begun without them.
            let late = try await client.execute(uri: offer, method: .get) { $0 }
            #expect(
                late.status == .badRequest && late.error?.error.reason?.rawValue == "stay.arrivalPassed",
                "\(String(buffer: late.body))")
            let sessions = try await fixture.store.sql.raw("SELECT expires_at FROM sessions").all()
            let expiry = try #require(try sessions.first?.decode(column: "expires_at", as: Int.self))
            #expect(expiry > fixture.store.clock.nowMillis, "a session is stamped by the same clock")
        }
    }
}
