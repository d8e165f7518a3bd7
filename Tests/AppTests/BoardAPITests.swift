import API
import App
import Booking
import Foundation
import Hummingbird
import HummingbirdTesting
import Storage
import StorageTesting
import Testing

@Suite(.closesItsStores)
struct BoardAPITests {
    /// A hotel's board as the document describes it.
    typealias Board = Components.Schemas.HotelBoard

    /// The guests' names on the fixture's board (`boardPath`), one a run.
    static func guests(on client: SignedInClient, _ fixture: APIFixture) async throws -> [String] {
        try await client.execute(uri: fixture.boardPath, method: .get) { response in
            try APIFixture.decoder.decode(Board.self, from: Data(buffer: response.body)).guests
        }
    }

    @Test func theBoardListsRoomTypesRoomsAndOneItemPerRunOfEachStay() async throws {
        let fixture = try await APIFixture.make()
        let stays = fixture.store.stays
        let arrival = fixture.bookedNights.arrival
        let request = { (room: Int?, guest: String, offset: Int) in
            NewStay(
                propertyID: fixture.property.id, roomTypeID: fixture.roomType.id, roomID: room,
                nights: try! Nights(arrival: arrival.adding(days: offset), departure: arrival.adding(days: offset + 3)),
                adults: 1, guestName: guest)
        }
        let moved = try await stays.create(request(fixture.rooms[0].id, "Ann Lee", 0))
        _ = try await stays.update(stayID: moved.id, expectedVersion: 1, action: "move") {
            try $0.move(toRoom: fixture.rooms[1].id, fromNight: arrival.adding(days: 1))
        }
        let waiting = try await stays.create(request(nil, "Bo Kim", 0))
        let cancelled = try await stays.create(request(fixture.rooms[0].id, "Cy Tan", 5))
        _ = try await stays.update(stayID: cancelled.id, expectedVersion: 1, action: "cancel") { try $0.cancel() }

        try await fixture.test { client in
            let board = try await client.execute(uri: fixture.boardPath, method: .get) { response in
                #expect(response.status == .ok)
                return try APIFixture.decoder.decode(Board.self, from: Data(buffer: response.body))
            }
            #expect(board.toDay - board.fromDay == 52)
            #expect(board.groups.map(\.rowId) == [-fixture.roomType.id])
            #expect(board.rooms.map(\.number) == ["101", "102"])
            let flat = board.items.map { Int($0) }
            let items = stride(from: 0, to: flat.count, by: 6).map { Array(flat[$0..<($0 + 6)]) }
            let first = arrival.number
            #expect(
                items.map { Array($0.dropFirst()) } == [
                    [fixture.rooms[0].id, first, first + 1, 0, moved.id],
                    [fixture.rooms[1].id, first + 1, first + 3, 0, moved.id],
                    [-fixture.roomType.id, first, first + 3, 3, waiting.id],
                ])
            // Each run has an id of its own, the engine's item id.
            #expect(Set(items.map(\.[0])).count == 3)
            #expect(board.guests == ["Ann Lee", "Ann Lee", "Bo Kim"])
        }
    }

    @Test func aBoardLoadedAgainAfterAChangeShowsTheChange() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test { client in
            let load = { try await Self.guests(on: client, fixture) }
            #expect(try await load() == [])
            #expect(try await load() == [])
            try await client.execute(
                uri: fixture.staysPath, method: .post, body: ByteBuffer(string: fixture.stayJSON()))
            #expect(try await load() == ["Ann Lee"])
        }
    }

    /// A client that read the board before its live stream started knows from `seq` whether it missed a change.
    @Test func theBoardSaysTheEventSequenceItIsAsOfKeptOrReadAgain() async throws {
        let fixture = try await APIFixture.make()
        let events = fixture.store.eventLog
        try await fixture.test { client in
            let seq = {
                try await client.execute(uri: fixture.boardPath, method: .get) { response in
                    try APIFixture.decoder.decode(Board.self, from: Data(buffer: response.body)).seq
                }
            }
            #expect(try await seq() == (try await events.latestSeq(propertyID: fixture.property.id) ?? 0))
            try await client.execute(
                uri: fixture.staysPath, method: .post, body: ByteBuffer(string: fixture.stayJSON()))
            let latest = try #require(try await events.latestSeq(propertyID: fixture.property.id))
            #expect(try await seq() == latest)
            #expect(try await seq() == latest)  // kept
        }
    }

    /// An import records one event for the whole file; a board read (and cached) before it is read again.
    @Test func aBoardLoadedBeforeAnImportShowsTheImportedStays() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test { client in
            let load = { try await Self.guests(on: client, fixture) }
            #expect(try await load() == [])
            let stays = fixture.store.stays
            let today = fixture.today
            let file =
                StayImport.header
                + "OLD-1,Ann Lee,,,101,,\(today.adding(days: 1).iso),\(today.adding(days: 3).iso),1,0,booked,0\r\n"
                + "OLD-2,Bo Kim,,,102,,\(today.iso),\(today.adding(days: 3).iso),2,0,checked_in,500.00\r\n"
            let check = try await stays.checkImport(Array(file.utf8), propertyID: fixture.property.id)
            #expect(try await stays.importStays(check) == 2)
            #expect(try await load() == ["Ann Lee", "Bo Kim"])
        }
    }

    @Test func todayShowsEachStaysFolioBalance() async throws {
        let fixture = try await APIFixture.make()
        let day = Day(year: 2026, month: 12, day: 10)
        let stay = try await fixture.store.stays.create(
            NewStay(
                propertyID: fixture.property.id, roomTypeID: fixture.roomType.id, roomID: fixture.rooms[0].id,
                nights: try Nights(arrival: day, departure: day.adding(days: 2)), adults: 1, guestName: "Ann Lee"))
        let folio = fixture.store.folios
        let posted = try await folio.post(
            [
                .init(kind: .charge, description: "Minibar", amount: .whole(300, .thb), category: .minibar),
                .init(kind: .charge, description: "Laundry", amount: .whole(150, .thb), category: .laundry),
                .init(kind: .payment, description: "Cash", amount: .whole(100, .thb), method: .cash),
            ], stayID: stay.id)
        let laundry = try #require(posted.entries.first { $0.description == "Laundry" })
        _ = try await folio.post(
            [.init(kind: .reversal, description: "Not ours", amount: laundry.amount, reverses: laundry.id)],
            stayID: stay.id)
        try await fixture.test { client in
            try await client.execute(
                uri: "/api/v1/properties/\(fixture.property.id)/today?date=2026-12-10", method: .get
            ) { response in
                let json = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                let arrival = (json?["arrivals"] as? [[String: Any]])?.first
                let balance = arrival?["balance"] as? [String: Any]
                #expect(balance?["amount"] as? Int == 20_000)
                #expect(balance?["currency"] as? String == "THB")
            }
        }
    }

    @Test func aBoardRangeMustRunForwardAndNotTooFar() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test { client in
            let path = "/api/v1/properties/\(fixture.property.id)/board"
            for (query, field) in [
                ("from=2026-12-01&to=2026-11-01", "to"), ("from=2026-01-01&to=2030-01-01", "to"),
                ("from=yesterday", "from"),
            ] {
                try await client.execute(uri: "\(path)?\(query)", method: .get) { response in
                    #expect(response.status == .badRequest)
                    #expect(response.error?.error.field == field)
                }
            }
        }
    }

    @Test func todaySortsStaysIntoArrivalsDeparturesAndInHouse() async throws {
        let fixture = try await APIFixture.make()
        let stays = fixture.store.stays
        let day = Day(year: 2026, month: 12, day: 10)
        let arriving = try await stays.create(
            NewStay(
                propertyID: fixture.property.id, roomTypeID: fixture.roomType.id, roomID: fixture.rooms[0].id,
                nights: try Nights(arrival: day, departure: day.adding(days: 2)), adults: 1, guestName: "Ann Lee"))
        let staying = try await stays.create(
            NewStay(
                propertyID: fixture.property.id, roomTypeID: fixture.roomType.id, roomID: fixture.rooms[1].id,
                nights: try Nights(arrival: day.adding(days: -2), departure: day.adding(days: 3)), adults: 1,
                guestName: "Bo Kim"))
        _ = try await stays.update(stayID: staying.id, expectedVersion: 1, action: "check-in") {
            try $0.checkIn(today: day.adding(days: -2), room: fixture.rooms[1])
        }
        try await fixture.test { client in
            try await client.execute(
                uri: "/api/v1/properties/\(fixture.property.id)/today?date=2026-12-10", method: .get
            ) {
                response in
                #expect(response.status == .ok)
                let json = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                let arrivals = json?["arrivals"] as? [[String: Any]]
                let inHouse = json?["inHouse"] as? [[String: Any]]
                #expect(arrivals?.map { $0["guestName"] as? String } == ["Ann Lee"])
                #expect(arrivals?.first?["roomNumber"] as? String == "101")
                #expect(inHouse?.map { $0["guestName"] as? String } == ["Bo Kim"])
                #expect((json?["departures"] as? [Any])?.isEmpty == true)
                #expect(((arrivals?.first?["stay"] as? [String: Any])?["id"] as? Int) == arriving.id)
            }
        }
    }
}

extension BoardAPITests {
    /// Rooms booked together name their group on the board: each stay's group and the group's name, and the
    /// board kept in memory keeps them as a stay of the group moves; a room booked alone names none.
    @Test(arguments: TestDatabase.available)
    func theBarsOfRoomsBookedTogetherNameTheirGroup(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        try await fixture.test(as: .manager) { client in
            let alone = try await fixture.storedStay()
            let arrival = fixture.today.adding(days: 3)
            let room = { (id: Int) in
                #"{"arrival": "\#(arrival.iso)", "departure": "\#(arrival.adding(days: 2).iso)", "adults": 1, "roomTypeId": \#(fixture.roomType.id), "roomId": \#(id)}"#
            }
            let group = try await client.execute(
                uri: "/api/v1/properties/\(fixture.property.id)/groups", method: .post,
                body: ByteBuffer(
                    string:
                        #"{"name": "Lee family", "guest": {"name": "Ann Lee"}, "rooms": [\#(room(fixture.rooms[0].id)), \#(room(fixture.rooms[1].id))]}"#
                )
            ) {
                #expect($0.status == .created, "\(String(buffer: $0.body))")
                return try StayActionsAPITests.decode(Components.Schemas.Group.self, $0)
            }
            let read = { () async throws -> Board in
                try await client.execute(uri: fixture.boardPath, method: .get) {
                    try APIFixture.decoder.decode(Board.self, from: Data(buffer: $0.body))
                }
            }
            var board = try await read()
            let pairs = (board.stayGroups ?? []).map { Int($0) }
            let stays = Set(stride(from: 0, to: pairs.count, by: 2).map { pairs[$0] })
            #expect(stays == Set(group.stays.map(\.id)) && !stays.contains(alone.id))
            #expect(Set(stride(from: 1, to: pairs.count, by: 2).map { pairs[$0] }) == [group.id])
            #expect(board.groupNames?.additionalProperties == [String(group.id): "Lee family"])
            // One of its rooms moves a day on: the board kept in memory still names the group.
            let moved = try #require(group.stays.first)
            try await client.execute(
                uri: "/api/v1/stays/\(moved.id)", method: .patch, headers: [.ifMatch: "\"\(moved.version)\""],
                body: ByteBuffer(
                    string:
                        #"{"arrival": "\#(arrival.adding(days: 1).iso)", "departure": "\#(arrival.adding(days: 3).iso)"}"#
                )
            ) { #expect($0.status == .ok, "\(String(buffer: $0.body))") }
            board = try await read()
            #expect((board.stayGroups ?? []).count == 4)
        }
    }
}
