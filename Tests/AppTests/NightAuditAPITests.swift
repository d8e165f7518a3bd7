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

/// The night audit through the API, on the hotel's own clock: closing a day makes its missing arrivals
/// no-shows with their fee, confirms the in-house room nights, freezes the day's figures, and from then
/// on the day's lines are closed to every change, the database's own guard included.
@Suite(.closesItsStores, .serialized)
struct NightAuditAPITests {
    typealias DayCloseBody = Components.Schemas.DayClose

    static let bangkok = TimeZone(identifier: "Asia/Bangkok")!
    static let first = Day(year: 2026, month: 12, day: 1)

    /// Sets the hotel's clock to a minute of a day in Bangkok.
    static func at(_ day: Day, _ minute: Int, _ fixture: APIFixture) {
        fixture.store.clock.set(day.instant(atMinute: minute, in: bangkok))
    }

    static func post(_ client: SignedInClient, _ path: String, _ json: String? = nil) async throws -> TestResponse {
        try await client.execute(uri: path, method: .post, body: json.map { ByteBuffer(string: $0) })
    }

    static func book(_ client: SignedInClient, _ fixture: APIFixture, room: Int, nights: Int) async throws -> Int {
        let json = fixture.stayJSON(
            room: room, arrival: first.iso, departure: first.adding(days: nights).iso, adults: 1)
        let response = try await post(client, fixture.staysPath, json)
        #expect(response.status == .created, "\(String(buffer: response.body))")
        return try StayActionsAPITests.decode(Components.Schemas.Stay.self, response).id
    }

    static func folio(_ client: SignedInClient, _ id: Int) async throws -> Components.Schemas.Folio {
        try await client.execute(uri: "/api/v1/stays/\(id)/folio", method: .get) {
            try StayActionsAPITests.decode(Components.Schemas.Folio.self, $0)
        }
    }

    @Test(arguments: TestDatabase.available)
    func closingADayMakesItsMissingArrivalsNoShowsAndFreezesItsFigures(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        // Signed in at noon: the desk's session (12 hours, by the hotel's clock) lasts the evening.
        Self.at(Self.first, 12 * 60, fixture)
        try await fixture.test(as: .frontDesk) { morning in
            var client = morning
            let audit = "/api/v1/properties/\(fixture.property.id)/night-audit"
            let came = try await Self.book(client, fixture, room: fixture.rooms[0].id, nights: 2)
            let missing = try await Self.book(client, fixture, room: fixture.rooms[1].id, nights: 1)
            #expect(try await Self.post(client, "/api/v1/stays/\(came)/check-in").status == .ok)
            // The first night's charge reversed by mistake: the audit finds it missing and posts it again.
            let firstNight = try #require(
                try await Self.folio(client, came).entries.first { $0.night == Self.first.iso })
            #expect(
                try await Self.post(
                    client, "/api/v1/stays/\(came)/reversals",
                    #"{"entryId": \#(firstNight.id), "reason": "Keyed twice"}"#
                ).status == .created)
            let paid = try await Self.post(
                client, "/api/v1/stays/\(came)/payments",
                #"{"method": "cash", "amount": {"amount": 50000, "currency": "THB"}}"#)
            #expect(paid.status == .created)

            Self.at(Self.first, 23 * 60, fixture)
            let status = try await client.execute(uri: audit, method: .get) {
                try StayActionsAPITests.decode(Components.Schemas.NightAudit.self, $0)
            }
            #expect(status.today == Self.first.iso && status.closedThrough == nil)
            #expect(status.nextDay == Self.first.adding(days: -1).iso && status.canClose)
            // The next day has not begun.
            let early = try await Self.post(client, audit, #"{"day": "2026-12-02"}"#)
            #expect(early.status == .conflict && early.error?.error.reason?.rawValue == "audit.notYet")

            let closed = try await Self.post(client, audit, #"{"day": "2026-12-01"}"#)
            #expect(closed.status == .created, "\(String(buffer: closed.body))")
            let report = try StayActionsAPITests.decode(DayCloseBody.self, closed)
            #expect(report.noShows.map(\.stayId) == [missing])
            #expect(report.noShows.first?.amount == .init(amount: 120_000, currency: .thb))
            #expect(report.nightsPosted == 1)
            #expect(report.rooms == 2 && report.roomNightsSold == 1 && report.occupancyBasisPoints == 5_000)
            #expect(report.roomRevenue.amount == 120_000 && report.arrivals == 1 && report.departures == 0)
            // Two nights charged at check-in, one reversed and posted again, the no-show's fee; one payment.
            #expect(report.ledger.totalCharges.amount == 360_000 && report.ledger.totalPayments.amount == 50_000)
            #expect(report.inHouse.map(\.stayId) == [came] && report.inHouse[0].amount.amount == 190_000)
            #expect(report.inHouse[0].roomId == fixture.rooms[0].id)
            #expect(report.guestLedger.amount == 190_000 + 120_000)
            let noShow = try await client.execute(uri: "/api/v1/stays/\(missing)", method: .get) {
                try StayActionsAPITests.decode(Components.Schemas.Stay.self, $0)
            }
            #expect(noShow.state == .noShow)
            let nights = try await Self.folio(client, came).entries.filter { $0.category == .room && !$0.reversed }
            #expect(nights.compactMap(\.night).sorted() == [Self.first.iso, Self.first.adding(days: 1).iso])

            // Half an hour later, still the 1st on the clock: a charge now belongs to the 2nd.
            Self.at(Self.first, 23 * 60 + 30, fixture)
            let late = try await Self.post(
                client, "/api/v1/stays/\(came)/charges",
                #"{"description": "Late snack", "amount": {"amount": 9000, "currency": "THB"}, "category": "food"}"#)
            #expect(late.status == .created)
            let snack = try #require(try await Self.folio(client, came).entries.last)
            #expect(snack.businessDay == "2026-12-02")
            let again = try await client.execute(
                uri: "/api/v1/properties/\(fixture.property.id)/day-closes/2026-12-01", method: .get
            ) { try StayActionsAPITests.decode(DayCloseBody.self, $0) }
            #expect(again == report)
            let ledger = try await LedgerAPITests.ledger(
                client, "/api/v1/properties/\(fixture.property.id)/ledger?from=2026-12-01")
            #expect(ledger == report.ledger)

            // Days close one after another, each once.
            for (day, reason) in [("2026-12-01", "audit.closed"), ("2026-12-03", "audit.notYet")] {
                let refused = try await Self.post(client, audit, #"{"day": "\#(day)"}"#)
                #expect(refused.status == .conflict && refused.error?.error.reason?.rawValue == reason, "\(day)")
                #expect(refused.error?.error.field == "day")
            }
            let after = try await client.execute(uri: audit, method: .get) {
                try StayActionsAPITests.decode(Components.Schemas.NightAudit.self, $0)
            }
            #expect(after.closedThrough == "2026-12-01" && after.nextDay == "2026-12-02" && !after.canClose)
            try await client.execute(
                uri: "/api/v1/properties/\(fixture.property.id)/day-closes/2026-11-30", method: .get
            ) { #expect($0.status == .notFound && $0.error?.error.reason?.rawValue == "audit.notClosed") }

            // A viewer reads the report but closes nothing; housekeeping reads no money.
            let viewer = try #require(try await StaffAPITests.signIn(client, "viewer@example.com", APIFixture.password))
            #expect(try await Self.post(viewer, audit, #"{"day": "2026-12-02"}"#).status == .forbidden)
            try await viewer.execute(uri: audit, method: .get) { #expect($0.status == .ok) }
            let keeper = try #require(
                try await StaffAPITests.signIn(client, "housekeeping@example.com", APIFixture.password))
            try await keeper.execute(uri: audit, method: .get) { #expect($0.status == .forbidden) }
            try await Self.expectTheDatabaseKeepsTheDayClosed(fixture)

            // Two days on, the 2nd closes before the 3rd; the guest still in house is counted again.
            Self.at(Self.first.adding(days: 2), 9 * 60, fixture)
            client = try #require(try await StaffAPITests.signIn(client, "front_desk@example.com", APIFixture.password))
            let skipped = try await Self.post(client, audit, #"{"day": "2026-12-03"}"#)
            #expect(skipped.status == .conflict && skipped.error?.error.reason?.rawValue == "audit.order")
            let second = try StayActionsAPITests.decode(
                DayCloseBody.self, try await Self.post(client, audit, #"{"day": "2026-12-02"}"#))
            #expect(second.roomNightsSold == 1 && second.noShows.isEmpty && second.nightsPosted == 0)
            #expect(second.ledger.lines.map(\.description) == ["Late snack"])
            #expect(second.notCheckedOut.isEmpty && second.inHouse.map(\.stayId) == [came])
        }
    }

    /// Past the domain, straight to the database: a closed day's lines and report cannot change.
    static func expectTheDatabaseKeepsTheDayClosed(_ fixture: APIFixture) async throws {
        let sql = try fixture.store.sql
        let closedLine = try #require(
            try await sql.raw("SELECT id, stay_id FROM folio_entries WHERE business_day = \(bind: first.number)")
                .first())
        let (id, stay) = (
            try closedLine.decode(column: "id", as: Int.self), try closedLine.decode(column: "stay_id", as: Int.self)
        )
        for statement: SQLQueryString in [
            "UPDATE folio_entries SET amount = 1 WHERE id = \(bind: id)",
            "DELETE FROM folio_entries WHERE id = \(bind: id)",
            """
            INSERT INTO folio_entries (stay_id, kind, description, amount, currency, posted_at, business_day)
            VALUES (\(bind: stay), 'charge', 'Back-dated', 100, 'THB', 0, \(bind: first.number))
            """,
            """
            INSERT INTO folio_entries (stay_id, kind, description, amount, currency, posted_at)
            VALUES (\(bind: stay), 'charge', 'No day', 100, 'THB', 0)
            """,
            "UPDATE day_closes SET report = '{}'",
            "DELETE FROM day_closes",
            "UPDATE properties SET closed_through = \(bind: first.number - 1) WHERE id = \(bind: fixture.property.id)",
        ] {
            await #expect(throws: (any Error).self, "\(statement)") {
                try await fixture.store.write { sql in try await sql.raw(statement).run() }
            }
        }
        // A line of an open day may still be corrected by hand (the ledger's tests move them).
        try await fixture.store.write { sql in
            try await sql.raw(
                "UPDATE folio_entries SET posted_at = posted_at WHERE business_day = \(bind: first.number + 1)"
            ).run()
        }
    }

    @Test(arguments: TestDatabase.available)
    func aNoShowMarkedAtTheDeskPaysThePolicysFeeAndReinstatingReversesIt(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        Self.at(Self.first, 20 * 60, fixture)
        try await fixture.test(as: .manager) { client in
            let id = try await Self.book(client, fixture, room: fixture.rooms[0].id, nights: 2)
            #expect(try await Self.post(client, "/api/v1/stays/\(id)/no-show").status == .ok)
            let charged = try await Self.folio(client, id)
            #expect(charged.entries.map(\.description) == [NightAudit.noShowFee])
            #expect(charged.balance.amount == 240_000)
            #expect(try await Self.post(client, "/api/v1/stays/\(id)/reinstate").status == .ok)
            let reinstated = try await Self.folio(client, id)
            #expect(reinstated.entries.map(\.kind) == [.charge, .reversal] && reinstated.balance.amount == 0)
        }
    }
}
