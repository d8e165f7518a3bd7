import Booking
import SQLKit
import StorageTesting
import Testing

@testable import Storage

@Suite(.closesItsStores, .serialized)
struct StayRepositoryTests {
    @Test(arguments: TestDatabase.available)
    func migratingTwiceChangesNothing(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        try await store.migrate()
        #expect(try await store.properties.properties().isEmpty)
    }

    @Test(arguments: TestDatabase.available)
    func propertiesRoundTripWithFeesTaxesAndRates(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let repository = store.properties
        #expect(try await repository.property(id: hotel.property.id) == hotel.property)
        #expect(try await repository.roomTypes(propertyID: hotel.property.id) == hotel.roomTypes)
        #expect(
            try await repository.rooms(propertyID: hotel.property.id).map(\.number) == ["101", "102", "201", "202"])
    }

    @Test(arguments: TestDatabase.available)
    func aStayIsStoredAsBookedWithItsRoomAndCode(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let stays = store.stays
        let created = try await stays.create(hotel.newStay(room: hotel.rooms[0].id))
        let loaded = try await stays.stay(id: created.id)
        #expect(loaded == created)
        #expect(created.state == .booked)
        #expect(created.confirmationCode.hasPrefix("FD-"))
        #expect(try await stays.guest(id: created.guestID)?.name == "Ann Lee")
    }

    @Test(arguments: TestDatabase.available)
    func holdsAreTheRunsOfStaysHoldingRoomsOnTheNightsAsked(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let stays = store.stays
        let moved = try await stays.create(hotel.newStay(room: hotel.rooms[0].id, nights: 4))
        _ = try await stays.update(stayID: moved.id, expectedVersion: 1, action: "move") { stay, _ in
            try stay.move(toRoom: hotel.rooms[1].id, fromNight: Hotel.arrival.adding(days: 2))
        }
        let waiting = try await stays.create(hotel.newStay(room: nil, from: 2, nights: 3, guest: "Bo Kim"))
        let cancelled = try await stays.create(hotel.newStay(room: hotel.rooms[0].id, from: 4, guest: "Cy Tan"))
        _ = try await stays.update(stayID: cancelled.id, expectedVersion: 1, action: "cancel") { stay, _ in
            try stay.cancel()
        }
        _ = try await stays.create(hotel.newStay(room: hotel.rooms[0].id, from: 10, guest: "Di Lam"))
        let asked = try Nights(arrival: Hotel.arrival.adding(days: 3), departure: Hotel.arrival.adding(days: 6))
        let holds = try await stays.holds(propertyIDs: [hotel.property.id], overlapping: asked)[hotel.property.id]
        let nights = { (from: Int, to: Int) in
            try Nights(arrival: Hotel.arrival.adding(days: from), departure: Hotel.arrival.adding(days: to))
        }
        // The moved stay's second run and the waiting stay only: not the first run, the cancelled stay,
        // nor the one after.
        let expected: Set<RoomHold> = [
            RoomHold(
                stayID: moved.id, roomTypeID: hotel.roomTypes[0].id, roomID: hotel.rooms[1].id, nights: try nights(2, 4)
            ),
            RoomHold(stayID: waiting.id, roomTypeID: hotel.roomTypes[0].id, roomID: nil, nights: try nights(2, 5)),
        ]
        #expect(Set(holds ?? []) == expected)
        #expect(holds?.count == 2)
    }

    @Test(arguments: TestDatabase.available)
    func aSecondStayInTheSameRoomAndNightIsRefusedNamingTheFirst(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let stays = store.stays
        let first = try await stays.create(hotel.newStay(room: hotel.rooms[0].id, nights: 3))
        await #expect {
            _ = try await stays.create(hotel.newStay(room: hotel.rooms[0].id, from: 2, guest: "Bo Kim"))
        } throws: { error in
            guard let error = error as? DomainError else { return false }
            return error.code == .conflict && error.field == "roomId" && error.message.contains(first.confirmationCode)
                && error.message.contains("room 101")
        }
        let all = try await stays.stays(
            propertyID: hotel.property.id,
            overlapping: try Nights(arrival: Hotel.arrival, departure: Hotel.arrival.adding(days: 30)))
        #expect(all.map(\.id) == [first.id])
    }

    @Test(arguments: TestDatabase.available)
    func backToBackStaysShareARoom(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let stays = store.stays
        _ = try await stays.create(hotel.newStay(room: hotel.rooms[0].id, nights: 2))
        let next = try await stays.create(hotel.newStay(room: hotel.rooms[0].id, from: 2, nights: 2))
        #expect(next.arrival == Hotel.arrival.adding(days: 2))
    }

    @Test(arguments: TestDatabase.available)
    func cancelledStaysFreeTheirNights(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let stays = store.stays
        let first = try await stays.create(hotel.newStay(room: hotel.rooms[0].id))
        let cancelled = try await stays.update(stayID: first.id, expectedVersion: 1, action: "cancel") {
            try $0.cancel()
        }
        #expect(cancelled.state == .cancelled)
        #expect(cancelled.version == 2)
        _ = try await stays.create(hotel.newStay(room: hotel.rooms[0].id, guest: "Bo Kim"))
    }

    @Test(arguments: TestDatabase.available)
    func theDatabaseItselfRefusesAnOverlapWrittenBehindTheAppsBack(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let first = try await store.stays.create(hotel.newStay(room: hotel.rooms[0].id, nights: 3))
        let room = hotel.rooms[0].id
        let night = Hotel.arrival.adding(days: 1).number
        await #expect(throws: (any Error).self) {
            try await store.sql.raw(
                """
                INSERT INTO stay_segments (stay_id, room_id, arrival, departure, active)
                VALUES (\(bind: first.id), \(bind: room), \(bind: night), \(bind: night + 1), \(bind: true))
                """
            ).run()
        }
        // An inactive row (a cancelled stay) or another room is not in the way.
        try await store.sql.raw(
            """
            INSERT INTO stay_segments (stay_id, room_id, arrival, departure, active)
            VALUES (\(bind: first.id), \(bind: room), \(bind: night), \(bind: night + 1), \(bind: false))
            """
        ).run()
        let other = hotel.rooms[1].id
        try await store.sql.raw(
            """
            INSERT INTO stay_segments (stay_id, room_id, arrival, departure, active)
            VALUES (\(bind: first.id), \(bind: other), \(bind: night), \(bind: night + 1), \(bind: true))
            """
        ).run()
    }

    @Test(arguments: TestDatabase.available)
    func aRoomMoveIntoATakenRoomIsRefusedAndChangesNothing(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let stays = store.stays
        let moving = try await stays.create(hotel.newStay(room: hotel.rooms[0].id, nights: 4))
        let blocking = try await stays.create(
            hotel.newStay(room: hotel.rooms[1].id, from: 3, nights: 2, guest: "Bo Kim"))
        let night = Hotel.arrival.adding(days: 2)
        await #expect {
            _ = try await stays.update(stayID: moving.id, expectedVersion: 1, action: "move") {
                try $0.move(toRoom: hotel.rooms[1].id, fromNight: night)
            }
        } throws: { error in
            (error as? DomainError)?.code == .conflict
                && (error as? DomainError)?.message.contains(blocking.confirmationCode) == true
        }
        #expect(try await stays.stay(id: moving.id) == moving)
        let moved = try await stays.update(stayID: moving.id, expectedVersion: 1, action: "move") {
            try $0.move(toRoom: hotel.rooms[2].id, fromNight: night)
        }
        #expect(moved.segments.map(\.roomID) == [hotel.rooms[0].id, hotel.rooms[2].id])
        #expect(try await stays.stay(id: moving.id) == moved)
    }

    @Test(arguments: TestDatabase.available)
    func aChangeAgainstAnOldVersionIsRefusedAsStale(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let stays = store.stays
        let stay = try await stays.create(hotel.newStay(room: hotel.rooms[0].id))
        _ = try await stays.update(stayID: stay.id, expectedVersion: 1, action: "edit") { $0.notes = "late arrival" }
        await #expect(throws: DomainError.self) {
            _ = try await stays.update(stayID: stay.id, expectedVersion: 1, action: "edit") { $0.adults = 1 }
        }
        #expect(try await stays.stay(id: stay.id)?.adults == 2)
    }

    @Test(arguments: TestDatabase.available)
    func concurrentBookingsOfOneRoomAndNightBookExactlyOne(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let stays = store.stays
        let request = hotel.newStay(room: hotel.rooms[0].id, nights: 1)
        let outcomes = await withTaskGroup(of: String.self) { group in
            for _ in 0..<40 {
                group.addTask {
                    do {
                        _ = try await stays.create(request)
                        return "booked"
                    } catch let error as DomainError where error.code == .conflict {
                        return "conflict"
                    } catch {
                        return "error: \(error)"
                    }
                }
            }
            var outcomes: [String] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        #expect(outcomes.filter { $0 == "booked" }.count == 1)
        #expect(outcomes.filter { $0 == "conflict" }.count == 39, "\(Set(outcomes))")
    }

    @Test(arguments: TestDatabase.available)
    func everyChangeWritesAnAuditRowAndTheNextEventOfItsProperty(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let stays = store.stays
        let stay = try await stays.create(hotel.newStay(room: hotel.rooms[0].id), by: nil)
        _ = try await stays.update(stayID: stay.id, expectedVersion: 1, action: "cancel") { try $0.cancel() }
        let audit = try await store.sql.raw("SELECT action, before, after FROM audit_log ORDER BY id").all()
        #expect(try audit.map { try $0.decode(column: "action", as: String.self) } == ["create", "cancel"])
        #expect(try audit[0].decode(column: "before", as: String?.self) == nil)
        #expect(try audit[1].decode(column: "after", as: String.self).contains("\"state\":\"cancelled\""))
        let events = try await store.sql.raw(
            "SELECT seq, kind FROM events WHERE property_id = \(bind: hotel.property.id) ORDER BY seq"
        ).all()
        #expect(try events.map { try $0.decode(column: "seq", as: Int.self) } == [1, 2])
        #expect(try events.map { try $0.decode(column: "kind", as: String.self) } == ["stay.create", "stay.cancel"])
    }

    @Test(arguments: TestDatabase.available)
    func bookingsTheRulesRefuseStoreNothing(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let desk = FrontDesk(storage: store, now: store.clock.now)
        var tooMany = hotel.newStay(room: hotel.rooms[0].id)
        tooMany.adults = 3
        await #expect(throws: DomainError.self) { _ = try await desk.book(tooMany, by: nil) }
        var unknownRoom = hotel.newStay(room: 9999)
        unknownRoom.guestName = "Ann"
        await #expect(throws: DomainError.self) { _ = try await desk.book(unknownRoom, by: nil) }
        var noName = hotel.newStay(room: nil)
        noName.guestName = ""
        await #expect(throws: DomainError.self) { _ = try await desk.book(noName, by: nil) }
        let count = try await store.sql.raw("SELECT COUNT(*) AS n FROM stays").first()!.decode(
            column: "n", as: Int.self)
        #expect(count == 0)
    }
}

@Suite(.closesItsStores, .serialized)
struct SegmentTests {
    func segmentIDs(_ store: Store, stayID: Int) async throws -> [Int] {
        try await store.sql.raw("SELECT id FROM stay_segments WHERE stay_id = \(bind: stayID) ORDER BY arrival").all()
            .map { try $0.decode(column: "id", as: Int.self) }
    }

    @Test(arguments: TestDatabase.available)
    func aRunKeepsItsIdThroughEditsThatDoNotSplitIt(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let stays = store.stays
        let stay = try await stays.create(hotel.newStay(room: hotel.rooms[0].id, nights: 4))
        let before = try await segmentIDs(store, stayID: stay.id)
        _ = try await stays.update(stayID: stay.id, expectedVersion: 1, action: "edit") { $0.notes = "quiet room" }
        #expect(try await segmentIDs(store, stayID: stay.id) == before)
        _ = try await stays.update(stayID: stay.id, expectedVersion: 2, action: "move") {
            try $0.move(toRoom: hotel.rooms[1].id, fromNight: Hotel.arrival.adding(days: 2))
        }
        let split = try await segmentIDs(store, stayID: stay.id)
        #expect(split.count == 2 && split[0] == before[0])
    }

    @Test(arguments: TestDatabase.available)
    func runsCanSwapRoomsWithinOneStay(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let stays = store.stays
        let (first, second) = (hotel.rooms[0].id, hotel.rooms[1].id)
        let stay = try await stays.create(hotel.newStay(room: first, nights: 4))
        _ = try await stays.update(stayID: stay.id, expectedVersion: 1, action: "move") {
            try $0.move(toRoom: second, fromNight: Hotel.arrival.adding(days: 1))
        }
        // Now the first run goes to the second room for three nights, where the second run still is.
        let swapped = try await stays.update(stayID: stay.id, expectedVersion: 2, action: "move") { stay in
            stay.segments = [
                StaySegment(
                    roomID: second, nights: try Nights(arrival: Hotel.arrival, departure: Hotel.arrival.adding(days: 3))
                ),
                StaySegment(
                    roomID: first,
                    nights: try Nights(arrival: Hotel.arrival.adding(days: 3), departure: Hotel.arrival.adding(days: 4))
                ),
            ]
        }
        #expect(swapped.segments.map(\.roomID) == [second, first])
        #expect(try await stays.stay(id: stay.id) == swapped)
    }
}
