import API
import App
import Booking
import Foundation
import Hummingbird
import HummingbirdTesting
import Storage
import StorageTesting
import Testing

/// The housekeeping list, a room's status and housekeeper, and rooms out of service, through the API.
@Suite(.closesItsStores)
struct HousekeepingAPITests {
    typealias List = Components.Schemas.HousekeepingList
    typealias RoomBody = Components.Schemas.Room
    typealias BlockBody = Components.Schemas.RoomBlock

    @Test func aRoomOutOfServiceIsOnTheBoardRefusesBookingsAndReturnsToService() async throws {
        let fixture = try await APIFixture.make()
        let today = fixture.today
        let room = fixture.rooms[0].id
        try await fixture.test { client in
            let block = ByteBuffer(
                string: #"{"from": "\#(today.iso)", "to": "\#(today.adding(days: 3).iso)", "reason": "Leak"}"#)
            let created = try await client.execute(uri: "/api/v1/rooms/\(room)/blocks", method: .post, body: block) {
                response in
                #expect(response.status == .created)
                return try StayActionsAPITests.decode(BlockBody.self, response)
            }
            #expect(created.reason == "Leak" && created.roomId == room)
            try await client.execute(uri: "/api/v1/properties/\(fixture.property.id)/board", method: .get) {
                let board = try StayActionsAPITests.decode(Components.Schemas.HotelBoard.self, $0)
                #expect(board.blocks.map(\.id) == [created.id])
            }
            let stay = fixture.stayJSON(room: room, arrival: today.iso, departure: today.adding(days: 1).iso)
            try await client.execute(uri: fixture.staysPath, method: .post, body: ByteBuffer(string: stay)) {
                #expect($0.status == .conflict)
                #expect($0.error?.error.message.contains("out of service") == true)
                #expect($0.error?.error.field == "roomId")
            }
            try await client.execute(uri: "/api/v1/room-blocks/\(created.id)/return", method: .post) {
                #expect($0.status == .noContent)
            }
            try await client.execute(uri: fixture.staysPath, method: .post, body: ByteBuffer(string: stay)) {
                #expect($0.status == .created)
            }
        }
    }

    @Test func badBlocksAndStatusesAreRefusedNamingTheField() async throws {
        let fixture = try await APIFixture.make()
        let today = fixture.today
        let room = fixture.rooms[0].id
        try await fixture.test { client in
            let cases: [(String, String, String)] = [
                (
                    "/blocks", #"{"from": "\#(today.adding(days: -1).iso)", "to": "\#(today.iso)", "reason": "x"}"#,
                    "from"
                ),
                ("/blocks", #"{"from": "\#(today.iso)", "to": "\#(today.iso)", "reason": "x"}"#, "departure"),
                (
                    "/blocks", #"{"from": "\#(today.iso)", "to": "\#(today.adding(days: 1).iso)", "reason": " "}"#,
                    "reason"
                ),
                ("/housekeeping", #"{"status": "sparkling"}"#, "status"),
                ("/housekeeping", #"{"housekeeper": "\#(String(repeating: "n", count: 61))"}"#, "housekeeper"),
            ]
            for (path, body, field) in cases {
                try await client.execute(
                    uri: "/api/v1/rooms/\(room)\(path)", method: path == "/blocks" ? .post : .patch,
                    body: ByteBuffer(string: body)
                ) {
                    #expect($0.status == .badRequest, "\(body)")
                    #expect($0.error?.error.field?.hasSuffix(field) == true, "\(body): \(String(buffer: $0.body))")
                }
            }
            try await client.execute(
                uri: "/api/v1/rooms/99999/housekeeping", method: .patch,
                body: ByteBuffer(string: #"{"status": "clean"}"#)
            ) { #expect($0.status == .notFound) }
        }
    }

    @Test func theMorningListShowsAStatusSetByAnotherDesk() async throws {
        let fixture = try await APIFixture.make()
        let room = fixture.rooms[1].id
        try await fixture.test { client in
            try await client.execute(
                uri: "/api/v1/rooms/\(room)/housekeeping", method: .patch,
                body: ByteBuffer(string: #"{"status": "dirty", "housekeeper": "Noi"}"#)
            ) {
                let body = try StayActionsAPITests.decode(RoomBody.self, $0)
                #expect(body.housekeeping == .dirty && body.housekeeper == "Noi")
            }
            let list = try await client.execute(
                uri: "/api/v1/properties/\(fixture.property.id)/housekeeping", method: .get
            ) { try StayActionsAPITests.decode(List.self, $0) }
            #expect(list.date == fixture.today.iso)
            #expect(list.rooms.map(\.room.number) == ["101", "102"])
            #expect(list.rooms[1].room.housekeeping == .dirty && list.rooms[1].room.housekeeper == "Noi")
            #expect(list.rooms[1].roomType == "Garden Double")
        }
    }

    @Test func aViewerCannotChangeARoom() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test(as: .viewer) { client in
            try await client.execute(
                uri: "/api/v1/rooms/\(fixture.rooms[0].id)/housekeeping", method: .patch,
                body: ByteBuffer(string: #"{"status": "clean"}"#)
            ) { #expect($0.status == .forbidden) }
        }
    }
}
