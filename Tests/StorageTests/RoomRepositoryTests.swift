import Booking
import Foundation
import SQLKit
import StorageTesting
import Testing

@testable import Storage

/// Rooms out of service and housekeeping, on each database: the database's own refusal of a stay in a
/// blocked room and of a block under a stay, whatever the server does.
@Suite(.closesItsStores, .serialized)
struct RoomRepositoryTests {
    static func block(_ hotel: Hotel, room: Int, from offset: Int = 0, nights: Int = 2) -> RoomBlock {
        let arrival = Hotel.arrival.adding(days: offset)
        return RoomBlock(
            id: 0, propertyID: hotel.property.id, roomID: room,
            nights: try! Nights(arrival: arrival, departure: arrival.adding(days: nights)), reason: "Leak")
    }

    @Test(arguments: TestDatabase.available)
    func roomsReadBackAsStoredWhateverTheirNumbersAndHousekeepersHold(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let properties = store.properties
        let typeID = hotel.rooms[0].roomTypeID
        var odd = try await properties.insert(
            Room(id: 0, propertyID: hotel.property.id, roomTypeID: typeID, number: "B,1:ห้อง \"ริม\"", floor: -1))
        odd.housekeeping = .inspected
        odd.housekeeper = "Ann, Bo: 2 ชั้น"
        odd = try await store.rooms.updateHousekeeping(of: odd, by: nil)
        _ = try await properties.insert(
            Room(id: 0, propertyID: hotel.property.id, roomTypeID: typeID, number: "", floor: 12))

        let read = try await properties.rooms(propertyID: hotel.property.id)

        #expect(read.first { $0.id == odd.id } == odd)
        #expect(read.contains { $0.number == "" && $0.floor == 12 && $0.housekeeper == "" })
        #expect(Set(read.map(\.id)).isSuperset(of: hotel.rooms.map(\.id)))
        let order = read.map { [$0.roomTypeID, read.firstIndex(of: $0)!] }
        #expect(order == order.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) })
        #expect(try await properties.rooms(propertyIDs: [hotel.property.id, 999_999]) == [hotel.property.id: read])
    }

    @Test func aTruncatedTextOfRoomsIsRefusedNotMisread() throws {
        for text in ["1,1,2,3,clean,3:10", "1,1,2,-,clean,3:1010:", "1,1,2,3,clean"] {
            #expect(throws: DomainError.self) { try PropertyRepository.rooms(from: text) }
        }
        #expect(
            try PropertyRepository.rooms(from: "1,1,2,-3,dirty,2:B10:2,1,2,0,clean,1:A3:Ann").map(\.floor) == [-3, 0])
    }

    @Test(arguments: TestDatabase.available)
    func theDatabaseRefusesAStayInABlockedRoomAndABlockUnderAStay(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let (rooms, stays) = (store.rooms, store.stays)
        let room = hotel.rooms[0].id
        _ = try await rooms.insert(Self.block(hotel, room: room), by: nil)
        await #expect(throws: DomainError.self) { _ = try await stays.create(hotel.newStay(room: room, from: 1)) }
        // Back to back with the block is fine.
        let after = try await stays.create(hotel.newStay(room: room, from: 2))
        do {
            _ = try await rooms.insert(Self.block(hotel, room: room, from: 3), by: nil)
            Issue.record("a block over a stay was stored")
        } catch let error as DomainError {
            #expect(error.code == .conflict && error.message.contains(after.confirmationCode))
        }
        // Straight SQL, past every check of the server, is refused too.
        await #expect(throws: (any Error).self) {
            try await store.sql.raw(
                """
                INSERT INTO room_blocks (property_id, room_id, arrival, departure, reason, created_at)
                VALUES (\(bind: hotel.property.id), \(bind: room), \(bind: Hotel.arrival.number + 1),
                  \(bind: Hotel.arrival.number + 2), 'x', 0)
                """
            ).run()
        }
        #expect(
            try await rooms.blocks(
                propertyID: hotel.property.id, overlapping: Self.block(hotel, room: room, nights: 30).nights
            ).count == 1)
    }

    @Test(arguments: TestDatabase.available)
    func aStayRefusedByABlockSaysWhichBlockIsInTheWay(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        _ = try await store.rooms.insert(Self.block(hotel, room: hotel.rooms[1].id), by: nil)
        await #expect(
            throws: DomainError(
                .conflict, "room 102 is out of service from 2026-12-01 to 2026-12-03 (Leak)", field: "roomId",
                reason: .roomOutOfService,
                params: ["room": "102", "arrival": "2026-12-01", "departure": "2026-12-03", "why": "Leak"])
        ) {
            _ = try await store.stays.create(hotel.newStay(room: hotel.rooms[1].id))
        }
        let holds = try await store.holds(
            propertyID: hotel.property.id, overlapping: Self.block(hotel, room: 0).nights)
        #expect(holds.map(\.roomID) == [hotel.rooms[1].id] && holds[0].stayID == 0)
    }

    @Test(arguments: TestDatabase.available)
    func concurrentStaysAndBlocksForOneRoomLeaveExactlyOne(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let room = hotel.rooms[2].id
        let stored = await withTaskGroup(of: Bool.self) { group in
            for attempt in 0..<16 {
                group.addTask {
                    do {
                        if attempt.isMultiple(of: 2) {
                            _ = try await store.rooms.insert(
                                Self.block(hotel, room: room, from: attempt % 3), by: nil)
                        } else {
                            _ = try await store.stays.create(
                                hotel.newStay(room: room, from: attempt % 3, guest: "Guest \(attempt)"))
                        }
                        return true
                    } catch {
                        return false
                    }
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        let blocks = try await store.rooms.blocks(
            propertyID: hotel.property.id, overlapping: Self.block(hotel, room: room, nights: 10).nights)
        let stays = try await store.stays.stays(
            propertyID: hotel.property.id, overlapping: Self.block(hotel, room: room, nights: 10).nights)
        var nights = blocks.map(\.nights) + stays.flatMap { $0.segments.map(\.nights) }
        nights.sort { $0.arrival < $1.arrival }
        #expect(stored == nights.count && stored >= 1)
        for (earlier, later) in zip(nights, nights.dropFirst()) { #expect(earlier.departure <= later.arrival) }
    }

    @Test(arguments: TestDatabase.available)
    func checkOutLeavesTheRoomDirtyAndEveryDeskHearsIt(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let instant = Hotel.arrival.instant(atMinute: 15 * 60, in: hotel.property.timeZone)
        let desk = FrontDesk(storage: store, now: { instant })
        let staff = Staff(User(id: 1, email: "m@example.com", name: "Mai", role: .manager))
        let stay = try await desk.book(hotel.newStay(room: hotel.rooms[0].id), by: staff)
        _ = try await desk.checkIn(stay.id, version: nil, by: staff)
        _ = try await desk.checkOut(stay.id, version: nil, force: true, by: staff)
        #expect(try await store.properties.room(id: hotel.rooms[0].id)?.housekeeping == .dirty)
        let events = try await store.eventLog.events(propertyID: hotel.property.id, after: 0)
        #expect(events.suffix(2).map(\.kind) == ["room.housekeeping", "stay.check-out"])
        let cleaned = try await HousekeepingDesk(storage: store, now: { instant }).updateHousekeeping(
            roomID: hotel.rooms[0].id, status: .clean, housekeeper: "Noi", by: staff)
        #expect(try await store.properties.room(id: cleaned.id) == cleaned)
    }
}
