import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StorageTesting
import Testing

@testable import App
@testable import Storage

/// A salon's menu and its board's rows kept by its manager through the API: services and members added,
/// changed and removed, each refusal naming its field; a service or member with appointments to come stays.
@Suite(.closesItsStores)
struct SalonCatalogueAPITests {
    static func send(_ client: SignedInClient, _ method: HTTPRequest.Method, _ path: String, _ body: String? = nil)
        async throws -> TestResponse
    {
        try await client.execute(uri: path, method: method, body: body.map { ByteBuffer(string: $0) })
    }

    @Test(arguments: TestDatabase.available)
    func aManagerAddsChangesAndRemovesAServiceWhichCustomersThenSeeOrNot(database: TestDatabase) async throws {
        let salon = try await SalonOnlineAPITests.Salon.make(database: database)
        let base = "/api/v1/properties/\(salon.id)/salon/services"
        try await salon.fixture.test(as: .manager) { client in
            let added = try await Self.send(
                client, .post, base,
                #"{"name": "眉カット", "durationMinutes": 20, "price": {"amount": 2200, "currency": "JPY"}}"#)
            #expect(added.status == .created, "\(String(buffer: added.body))")
            let service = try SalonOnlineAPITests.decode(Components.Schemas.SalonService.self, added)
            for (body, field) in [
                (#"{"name": " ", "durationMinutes": 20, "price": {"amount": 1, "currency": "JPY"}}"#, "name"),
                (#"{"name": "X", "durationMinutes": 4, "price": {"amount": 1, "currency": "JPY"}}"#, "durationMinutes"),
                (#"{"name": "X", "durationMinutes": 20, "price": {"amount": 1, "currency": "THB"}}"#, "price.currency"),
                (#"{"name": "X", "durationMinutes": 20, "price": {"amount": -1, "currency": "JPY"}}"#, "price.amount"),
            ] {
                let refused = try await Self.send(client, .post, base, body)
                #expect(refused.status == .badRequest && refused.error?.error.field == field, "\(body)")
            }
            let changed = try await Self.send(
                client, .patch, "\(base)/\(service.id)", #"{"price": {"amount": 2750, "currency": "JPY"}}"#)
            #expect(try SalonOnlineAPITests.decode(Components.Schemas.SalonService.self, changed).price?.amount == 2750)
            // On the booking page, with its price as changed.
            let page = try await client.execute(uri: salon.path, method: .get) {
                try SalonOnlineAPITests.decode(Components.Schemas.PublicSalonPage.self, $0)
            }
            #expect(page.services.first { $0.id == service.id }?.price.amount == 2750)

            // Booked tomorrow, it stays on the menu until the appointment is called off.
            let times = try await salon.freeTimes(client, on: salon.tomorrow, services: [service.id])
            let booked = try await salon.book(client, [service.id], staff: nil, start: try #require(times.first).start)
            let visit = try SalonOnlineAPITests.decode(Components.Schemas.SalonVisit.self, booked)
            let kept = try await Self.send(client, .delete, "\(base)/\(service.id)")
            #expect(kept.status == .conflict && kept.error?.error.reason?.rawValue == Refusal.salonStillBooked.code)
            _ = try await Self.send(
                client, .post, "/api/v1/public/visits/\(visit.code)/cancel", #"{"email": "yui@example.com"}"#)
            #expect(try await Self.send(client, .delete, "\(base)/\(service.id)").status == .noContent)
            let after = try await client.execute(uri: salon.path, method: .get) {
                try SalonOnlineAPITests.decode(Components.Schemas.PublicSalonPage.self, $0)
            }
            #expect(!after.services.contains { $0.id == service.id })
            #expect(try await Self.send(client, .patch, "\(base)/\(service.id)", #"{"name": "Y"}"#).status == .notFound)
        }
    }

    @Test func aManagerAddsAMemberWhoWorksWhenTheSalonIsOpenAndTakesThemOffTheBoard() async throws {
        let salon = try await SalonOnlineAPITests.Salon.make()
        let base = "/api/v1/properties/\(salon.id)/salon/staff"
        try await salon.fixture.test(as: .manager) { client in
            let added = try await Self.send(
                client, .post, base, ##"{"name": "蓮", "team": "Cut", "colour": "#3366CC"}"##)
            #expect(added.status == .created, "\(String(buffer: added.body))")
            let member = try SalonOnlineAPITests.decode(Components.Schemas.SalonMember.self, added)
            #expect(member.bookableOnline && member.colour == "#3366CC")
            // The property's read, which the desk keeps, carries what its set-up edits of them.
            let property = try await client.execute(uri: "/api/v1/properties/\(salon.id)", method: .get) {
                try SalonOnlineAPITests.decode(Components.Schemas.Property.self, $0)
            }
            let row = try #require(property.staff?.first { $0.id == member.id })
            #expect(row.team == "Cut" && row.colour == "#3366CC" && row.bookableOnline == true)
            let refused = try await Self.send(client, .patch, "\(base)/\(member.id)", #"{"colour": "blue"}"#)
            #expect(refused.status == .badRequest && refused.error?.error.field == "colour")
            // A row of the board, shaded outside the salon's hours (9:00-19:00), where they work until shifts are set.
            let board = try await client.execute(
                uri:
                    "/api/v1/properties/\(salon.id)/board?from=\(salon.tomorrow.iso)&to=\(salon.tomorrow.adding(days: 1).iso)",
                method: .get
            ) { try SalonOnlineAPITests.decode(Components.Schemas.SalonBoard.self, $0) }
            #expect(board.staff.first { $0.id == member.id }?.shifts == [[540, 1140]])
            // Customers may choose them, until they may not.
            let page = { () async throws -> Components.Schemas.PublicSalonPage in
                try await client.execute(uri: salon.path, method: .get) {
                    try SalonOnlineAPITests.decode(Components.Schemas.PublicSalonPage.self, $0)
                }
            }
            #expect(try await page().staff.contains { $0.id == member.id })
            _ = try await Self.send(client, .patch, "\(base)/\(member.id)", #"{"bookableOnline": false}"#)
            #expect(try await !page().staff.contains { $0.id == member.id })
            #expect(try await Self.send(client, .delete, "\(base)/\(member.id)").status == .noContent)
            let setUp = try await client.execute(uri: "/api/v1/properties/\(salon.id)/salon", method: .get) {
                try APIFixture.decoder.decode(Components.Schemas.SalonSetup.self, from: Data(buffer: $0.body))
            }
            #expect(!setUp.value2.shifts.contains { $0.staffId == member.id })
        }
    }

    @Test func theFrontDeskReadsTheSalonButDoesNotChangeItsMenuOrItsStaff() async throws {
        let salon = try await SalonOnlineAPITests.Salon.make()
        try await salon.fixture.test(as: .frontDesk) { client in
            let base = "/api/v1/properties/\(salon.id)/salon"
            let added = try await Self.send(client, .post, "\(base)/staff", #"{"name": "Ren"}"#)
            let removed = try await Self.send(client, .delete, "\(base)/services/\(salon.cut.id)")
            let read = try await Self.send(client, .get, base)
            #expect(added.status == .forbidden && removed.status == .forbidden && read.status == .ok)
        }
    }

    @Test(arguments: TestDatabase.available)
    func everyChangeOfTheSetUpIsInTheHistoryWithWhoMadeItAndMovesTheSalonsEventsOn(database: TestDatabase)
        async throws
    {
        let salon = try await SalonOnlineAPITests.Salon.make(database: database)
        let base = "/api/v1/properties/\(salon.id)/salon"
        let before = try #require(try await salon.fixture.store.eventLog.latestSeq(propertyID: salon.id))
        try await salon.fixture.test(as: .manager) { client in
            let added = try await Self.send(
                client, .post, "\(base)/staff", ##"{"name": "蓮", "team": "Cut", "colour": "#3366CC"}"##)
            let member = try SalonOnlineAPITests.decode(Components.Schemas.SalonMember.self, added)
            let changes: [(HTTPRequest.Method, String, String?)] = [
                (.patch, "\(base)/staff/\(member.id)", #"{"bookableOnline": false}"#),
                (
                    .put, "\(base)/staff/\(member.id)/shifts",
                    #"{"weekly": [{"weekday": 1, "ranges": [{"start": 600, "end": 900}]}], "exceptions": []}"#
                ),
                (
                    .post, "\(base)/services",
                    #"{"name": "Trim", "durationMinutes": 20, "price": {"amount": 1500, "currency": "JPY"}}"#
                ),
                (.delete, "\(base)/staff/\(member.id)", nil),
            ]
            for (method, path, body) in changes {
                let answer = try await Self.send(client, method, path, body)
                #expect((200..<300).contains(answer.status.code), "\(path): \(String(buffer: answer.body))")
            }
            try await Self.expectJournaled(salon, after: before)
        }
    }

    /// The salon's events after `seq`, the set-up changes made above; each audit row by the manager.
    static func expectJournaled(_ salon: SalonOnlineAPITests.Salon, after before: Int) async throws {
        let events = try await salon.fixture.store.eventLog.events(propertyID: salon.id, after: before).map(\.kind)
        #expect(
            events == [
                "staff_member.create", "staff_member.shifts", "staff_member.update", "staff_member.shifts",
                "service.create", "staff_member.retire",
            ])
        let authors = try await salon.fixture.store.sql.raw(
            """
            SELECT DISTINCT u.role FROM audit_log a JOIN users u ON u.id = a.user_id
            WHERE a.entity IN ('staff_member', 'service', 'salon')
            """
        ).all().map { try $0.decode(column: "role", as: String.self) }
        #expect(authors == ["manager"])
    }
}
