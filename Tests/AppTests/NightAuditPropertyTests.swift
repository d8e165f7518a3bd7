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

/// Random sequences of a hotel's days (book, check in, stay longer, charge, pay, reverse, cancel, mark a
/// no-show, check out, let hours pass across midnight, close the next day), through the API on a real
/// database, after which the night audit's records hold:
/// - a closed day's report reads as it was frozen, and its ledger is the day's ledger still;
/// - each report's totals are the sum of the folio lines of its day, read from the folios now;
/// - its guest ledger is the sum of every folio's lines of that day and before;
/// - after a close, none of that day's arrivals is left booked;
/// - no request is answered with a server error.
struct NightAuditPropertyTests {
    /// One step: `kind` chooses what, the other numbers its stay, day and amount.
    struct Step: Sendable, CustomStringConvertible {
        var kind: Int
        var a: Int
        var b: Int
        var c: Int

        var description: String {
            [
                "book", "check-in", "departure", "charge", "pay", "reverse", "cancel", "no-show", "check-out",
                "hours", "close",
            ][kind] + "(\(a), \(b), \(c))"
        }
    }

    /// Books, lets hours pass and closes days more often than the rest, so that days close with stays.
    static let kinds = [0, 0, 0, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 10, 10, 10]

    static let steps = zip(
        Gen.int(in: 0...(kinds.count - 1)), Gen.int(in: 0...9), Gen.int(in: -1...3), Gen.int(in: 1...4)
    )
    .map { Step(kind: kinds[$0], a: $1, b: $2, c: $3) }
    .array(of: 6...30)

    @Test(arguments: TestDatabase.available)
    func closedDaysStayAsFrozenAndAddUpToTheFolios(database: TestDatabase) async {
        await propertyCheck(count: 20, input: Self.steps) { steps in
            let fixture = try await APIFixture.make(database: database)
            NightAuditAPITests.at(NightAuditAPITests.first, 9 * 60, fixture)
            try await fixture.test(as: .manager) { client in
                var hotel = Hotel(fixture: fixture)
                for step in steps {
                    try await hotel.perform(step, client)
                }
                try await hotel.check(client, after: steps)
            }
        }
    }

    struct Hotel {
        let fixture: APIFixture
        var stays: [Int] = []
        var closed: [String: Components.Schemas.DayClose] = [:]

        init(fixture: APIFixture) { self.fixture = fixture }

        var today: Day { fixture.property.today(now: fixture.store.clock.now()) }
        var audit: String { "/api/v1/properties/\(fixture.property.id)/night-audit" }

        mutating func perform(_ step: Step, _ client: SignedInClient) async throws {
            let rooms = fixture.rooms.map(\.id)
            switch step.kind {
            case 9:
                fixture.store.clock.advance(by: Double(step.c * 5 * 3600))
                return
            case 10:
                try await close(client, step)
                return
            default: break
            }
            if step.kind == 0 || stays.isEmpty {
                let arrival = today.adding(days: step.b)
                let json = fixture.stayJSON(
                    room: rooms[step.a % rooms.count], arrival: arrival.iso,
                    departure: arrival.adding(days: step.c).iso, adults: 1)
                let response = try await client.execute(
                    uri: fixture.staysPath, method: .post, body: ByteBuffer(string: json))
                #expect(response.status.code < 500, "\(step): \(String(buffer: response.body))")
                if response.status == .created {
                    stays.append(try StayActionsAPITests.decode(Components.Schemas.Stay.self, response).id)
                }
                return
            }
            let id = stays[step.a % stays.count]
            let stay = try await StayHistoryPropertyTests.History.stay(client, id)
            var (method, path, body): (HTTPRequest.Method, String, String?) =
                switch step.kind {
                case 1: (.post, "check-in", #"{"override": true}"#)
                case 2:
                    (
                        .patch, "",
                        #"{"departure": "\#(try Day.parse(stay.departure, field: "date").adding(days: step.b == 0 ? 1 : step.b).iso)"}"#
                    )
                case 3:
                    (
                        .post, "charges",
                        #"{"description": "Minibar", "amount": {"amount": \#(step.c * 7_000), "currency": "THB"}}"#
                    )
                case 4:
                    (
                        .post, "payments",
                        #"{"method": "cash", "amount": {"amount": \#(step.c * 40_000), "currency": "THB"}}"#
                    )
                case 6: (.post, "cancel", nil)
                case 7: (.post, "no-show", nil)
                default: (.post, "check-out", #"{"force": true}"#)
                }
            if step.kind == 5 {
                let folio = try await NightAuditAPITests.folio(client, id)
                guard let line = folio.entries.last(where: { $0.kind != .reversal && !$0.reversed }) else { return }
                (method, path, body) = (.post, "reversals", #"{"entryId": \#(line.id), "reason": "Wrong"}"#)
            }
            try await client.execute(
                uri: "/api/v1/stays/\(id)" + (path.isEmpty ? "" : "/\(path)"), method: method,
                headers: [.ifMatch: "\"\(stay.version)\""], body: body.map { ByteBuffer(string: $0) }
            ) { response in
                #expect(response.status.code < 500, "\(step): \(String(buffer: response.body))")
            }
        }

        /// Closes the next day when it has begun; every arrival of that day is then settled.
        mutating func close(_ client: SignedInClient, _ step: Step) async throws {
            let status = try await client.execute(uri: audit, method: .get) {
                try StayActionsAPITests.decode(Components.Schemas.NightAudit.self, $0)
            }
            let response = try await client.execute(
                uri: audit, method: .post, body: ByteBuffer(string: #"{"day": "\#(status.nextDay)"}"#))
            #expect(response.status.code < 500, "\(step): \(String(buffer: response.body))")
            #expect((response.status == .created) == status.canClose, "\(step): \(String(buffer: response.body))")
            guard response.status == .created else { return }
            let report = try StayActionsAPITests.decode(Components.Schemas.DayClose.self, response)
            closed[report.day] = report
            for id in stays {
                let stay = try await StayHistoryPropertyTests.History.stay(client, id)
                #expect(
                    !(stay.arrival == report.day && stay.state == .booked), "\(step): stay \(id) left booked")
            }
            #expect(report.noShows.count == status.noShows.count, "\(step): the preview's no-shows")
        }

        func check(_ client: SignedInClient, after steps: [Step]) async throws {
            var folios: [Components.Schemas.Folio] = []
            for id in stays { folios.append(try await NightAuditAPITests.folio(client, id)) }
            let entries = folios.flatMap(\.entries)
            let kinds = Dictionary(uniqueKeysWithValues: entries.map { ($0.id, $0.kind) })
            for (day, report) in closed {
                let again = try await client.execute(
                    uri: "/api/v1/properties/\(fixture.property.id)/day-closes/\(day)", method: .get
                ) { try StayActionsAPITests.decode(Components.Schemas.DayClose.self, $0) }
                #expect(again == report, "\(day) changed after it closed")
                let ledger = try await LedgerAPITests.ledger(
                    client, "/api/v1/properties/\(fixture.property.id)/ledger?from=\(day)")
                #expect(ledger == report.ledger, "\(day)'s ledger changed after it closed")

                let lines = entries.filter { $0.businessDay == day }
                let charged = lines.map { line in
                    switch (line.kind, line.reverses.flatMap { kinds[$0] }) {
                    case (.charge, _): line.amount.amount
                    case (.reversal, .charge?): -line.amount.amount
                    default: 0
                    }
                }
                let paid = lines.map { line in
                    switch (line.kind, line.reverses.flatMap { kinds[$0] }) {
                    case (.payment, _): line.amount.amount
                    case (.reversal, .payment?): -line.amount.amount
                    default: 0
                    }
                }
                #expect(report.ledger.totalCharges.amount == charged.reduce(0, +), "\(day): charges")
                #expect(report.ledger.totalPayments.amount == paid.reduce(0, +), "\(day): payments")

                // What every folio stood at as the day closed: its lines of that day and before.
                let through = entries.filter { ($0.businessDay ?? day) <= day }
                let reversed = Set(through.compactMap(\.reverses))
                let owed = through.filter { !reversed.contains($0.id) }.map { line in
                    switch line.kind {
                    case .charge: line.amount.amount
                    case .payment: -line.amount.amount
                    case .reversal: 0
                    }
                }
                #expect(report.guestLedger.amount == owed.reduce(0, +), "\(day): the guest ledger")
            }
            #expect(entries.allSatisfy { $0.businessDay != nil }, "every line has its business day")
        }
    }
}
