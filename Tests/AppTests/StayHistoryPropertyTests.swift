import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PropertyBased
import Storage
import StorageTesting
import Testing

@testable import App

/// Random sequences of what the desk does (book, check in, stay longer or shorter, move, charge, pay,
/// check out, cancel), through the API on a real database, after which a hotel's records are right:
/// - a checked-in or checked-out stay's folio holds exactly one room charge for each of its nights;
/// - a night before today, once slept, keeps the room it was slept in;
/// - no room holds two active stays on one night;
/// - the stay's history replays to the stay, and lists every folio line;
/// - no request is answered with a server error;
/// - the board, kept in memory and brought up to date change by change, is the board read whole.
@Suite(.closesItsStores)
struct StayHistoryPropertyTests {
    typealias StayBody = Components.Schemas.Stay

    /// One step: `kind` chooses what, the other numbers its stay, room, day and amount.
    struct Step: Sendable, CustomStringConvertible {
        var kind: Int
        var a: Int
        var b: Int
        var c: Int

        var description: String {
            ["book", "check-in", "departure", "move", "charge", "pay", "check-out", "cancel", "rename"][kind]
                + "(\(a), \(b), \(c))"
        }
    }

    static let steps = zip(Gen.int(in: 0...8), Gen.int(in: 0...9), Gen.int(in: -3...4), Gen.int(in: 1...4))
        .map { Step(kind: $0, a: $1, b: $2, c: $3) }
        .array(of: 1...14)

    @Test(arguments: TestDatabase.available)
    func anyOrderOfChangesKeepsFoliosRoomsAndNightsRight(database: TestDatabase) async {
        await propertyCheck(count: 12, input: Self.steps) { steps in
            let fixture = try await APIFixture.make(database: database)
            try await fixture.test(as: .manager) { client in
                var history = History(fixture: fixture)
                for step in steps {
                    try await history.perform(step, client)
                    try await history.check(client, after: step)
                }
            }
        }
    }

    /// The stays made so far and the rooms their past nights were seen in.
    struct History {
        let fixture: APIFixture
        var stays: [Int] = []
        var slept: [Int: [String: Int]] = [:]

        var today: Day { fixture.today }

        init(fixture: APIFixture) { self.fixture = fixture }

        mutating func perform(_ step: Step, _ client: SignedInClient) async throws {
            let rooms = fixture.rooms.map(\.id)
            if step.kind == 0 || stays.isEmpty {
                let arrival = today.adding(days: step.b)
                let json = fixture.stayJSON(
                    room: rooms[step.a % rooms.count], arrival: arrival.iso,
                    departure: arrival.adding(days: step.c).iso)
                let made = try await client.execute(
                    uri: fixture.staysPath, method: .post, body: ByteBuffer(string: json)
                ) { response -> Int? in
                    #expect(response.status.code < 500, "book: \(String(buffer: response.body))")
                    return response.status == .created
                        ? try StayActionsAPITests.decode(StayBody.self, response).id : nil
                }
                if let made { stays.append(made) }
                return
            }
            let id = stays[step.a % stays.count]
            let stay = try await Self.stay(client, id)
            let (method, path, body): (HTTPRequest.Method, String, String?) =
                switch step.kind {
                case 1: (.post, "check-in", #"{"override": true}"#)
                case 2:
                    (
                        .patch, "",
                        #"{"departure": "\#(try Day.parse(stay.departure, field: "date").adding(days: step.b == 0 ? 1 : step.b).iso)"}"#
                    )
                case 3: (.patch, "", #"{"roomId": \#(rooms[Int(step.b.magnitude) % rooms.count])}"#)
                case 4:
                    (
                        .post, "charges",
                        #"{"description": "Minibar", "amount": {"amount": \#(step.c * 5_000), "currency": "THB"}}"#
                    )
                case 5:
                    (
                        .post, "payments",
                        #"{"method": "cash", "amount": {"amount": \#(step.c * 50_000), "currency": "THB"}}"#
                    )
                case 6: (.post, "check-out", #"{"force": true}"#)
                case 7: (.post, "cancel", nil)
                default: (.patch, "", #"{"guest": {"name": "Guest \#(step.c), \#(step.b)"}}"#)
                }
            try await client.execute(
                uri: "/api/v1/stays/\(id)" + (path.isEmpty ? "" : "/\(path)"), method: method,
                headers: [.ifMatch: "\"\(stay.version)\""], body: body.map { ByteBuffer(string: $0) }
            ) { response in
                #expect(response.status.code < 500, "\(step): \(String(buffer: response.body))")
            }
        }

        mutating func check(_ client: SignedInClient, after step: Step) async throws {
            let days = try Nights(arrival: today.adding(days: -3), departure: today.adding(days: 10))
            let board = try await client.execute(
                uri:
                    "/api/v1/properties/\(fixture.property.id)/board?from=\(days.arrival.iso)&to=\(days.departure.iso)",
                method: .get
            ) { try APIFixture.decoder.decode(Components.Schemas.HotelBoard.self, from: Data(buffer: $0.body)) }
            let seq = try await fixture.store.eventLog.latestSeq(propertyID: fixture.property.id) ?? 0
            let whole = try await HotelBoard.read(fixture.property, days, today: today, seq: seq, in: fixture.store)
            let read = try APIFixture.decoder.decode(Components.Schemas.HotelBoard.self, from: Data(buffer: whole.body))
            #expect(board == read, "after \(step): the board kept differs from the board read whole")
            var held: [String: Int] = [:]
            for id in stays {
                let stay = try await Self.stay(client, id)
                let nights = try Nights(
                    arrival: try Day.parse(stay.arrival, field: "date"),
                    departure: try Day.parse(stay.departure, field: "date"))
                if stay.state == .booked || stay.state == .checkedIn {
                    for segment in stay.segments {
                        guard let room = segment.roomId else { continue }
                        let run = try Nights(
                            arrival: try Day.parse(segment.arrival, field: "date"),
                            departure: try Day.parse(segment.departure, field: "date"))
                        for night in run {
                            #expect(
                                held["\(room) \(night.iso)"] == nil, "after \(step): room \(room) twice on \(night)")
                            held["\(room) \(night.iso)"] = id
                        }
                    }
                }
                // Replaying the history gives the stay: each change recorded once, the last as it is.
                let history = try await client.execute(uri: "/api/v1/stays/\(id)/history", method: .get) {
                    try APIFixture.decoder.decode(Components.Schemas.StayHistory.self, from: Data(buffer: $0.body))
                }
                let versions = history.entries.compactMap(\.stay?.version)
                #expect(versions == Array(1...stay.version), "after \(step): stay \(id)'s history \(versions)")
                #expect(history.entries.last { $0.stay != nil }?.stay == stay, "after \(step): stay \(id)")
                guard stay.state == .checkedIn || stay.state == .checkedOut else { continue }
                let folio = try await client.execute(uri: "/api/v1/stays/\(id)/folio", method: .get) {
                    try APIFixture.decoder.decode(Components.Schemas.Folio.self, from: Data(buffer: $0.body))
                }
                #expect(history.entries.filter { $0.line != nil }.count == folio.entries.count, "after \(step)")
                let charged = folio.entries.filter { $0.category == .room && !$0.reversed }.compactMap(\.night)
                #expect(charged.sorted() == nights.map(\.iso), "after \(step): stay \(id) charges \(charged)")
                for segment in stay.segments {
                    let run = try Nights(
                        arrival: try Day.parse(segment.arrival, field: "date"),
                        departure: try Day.parse(segment.departure, field: "date"))
                    for night in run where night < today {
                        let seen = slept[id, default: [:]][night.iso]
                        #expect(seen == nil || seen == segment.roomId, "after \(step): stay \(id)'s \(night) moved")
                        slept[id, default: [:]][night.iso] = segment.roomId
                    }
                }
            }
        }

        static func stay(_ client: SignedInClient, _ id: Int) async throws -> StayBody {
            try await client.execute(uri: "/api/v1/stays/\(id)", method: .get) {
                try StayActionsAPITests.decode(StayBody.self, $0)
            }
        }
    }
}
