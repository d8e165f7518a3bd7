import Booking
import StorageTesting
import Testing

@testable import Storage

@Suite(.closesItsStores, .serialized)
struct BoardSegmentsTests {
    typealias BoardSegment = StayRepository.BoardSegment

    @Test(arguments: TestDatabase.available)
    func theBoardReadsEveryRunOverItsDaysLongOrShortAndNothingElse(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let stays = store.stays
        let room = hotel.rooms.map(\.id)
        // The board asked for shows days 50 to 60 from Hotel.arrival.
        let days = try Nights(arrival: Hotel.arrival.adding(days: 50), departure: Hotel.arrival.adding(days: 60))
        let longInHouse = try await stays.create(hotel.newStay(room: room[0], from: 0, nights: 55, guest: "Long Stay"))
        let longBefore = try await stays.create(hotel.newStay(room: room[1], from: 0, nights: 50, guest: "Gone"))
        let arrivingFirstDay = try await stays.create(hotel.newStay(room: room[1], from: 50, guest: "First Day"))
        let waiting = try await stays.create(hotel.newStay(room: nil, from: 58, nights: 5, guest: "No Room"))
        let monthly = try await stays.create(hotel.newStay(room: room[2], from: 20, nights: 31, guest: "Monthly"))
        _ = try await stays.create(hotel.newStay(room: room[3], from: 60, guest: "After"))
        let cancelled = try await stays.create(hotel.newStay(room: room[3], from: 52, guest: "Cancelled"))
        _ = try await stays.update(stayID: cancelled.id, expectedVersion: 1, action: "cancel") { stay, _ in
            try stay.cancel()
        }

        let board = try await stays.boardSegments(propertyID: hotel.property.id, overlapping: days)

        #expect(board.map(\.stayID) == [longInHouse.id, arrivingFirstDay.id, waiting.id, monthly.id].sorted())
        #expect(!board.contains { $0.stayID == longBefore.id })
        #expect(board.first { $0.stayID == longInHouse.id }?.guestName == "Long Stay")
        #expect(board.first { $0.stayID == waiting.id }?.roomID == nil)
    }

    @Test(arguments: TestDatabase.available)
    func aRunCarriesItsStaysStateRoomTypeAndGuestThroughChanges(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let stays = store.stays
        let made = try await stays.create(hotel.newStay(room: hotel.rooms[0].id, nights: 3))
        let family = hotel.roomTypes[1].id
        _ = try await stays.update(stayID: made.id, expectedVersion: 1, action: "move") { stay, ledger in
            stay.roomTypeID = family
            try stay.move(toRoom: hotel.rooms[2].id, fromNight: Hotel.arrival)
            try await ledger.update(Guest(id: stay.guestID, name: "Ann Lee-Park", email: "ann@example.com"))
        }
        _ = try await stays.update(stayID: made.id, expectedVersion: 2, action: "check_in") { stay, _ in
            try stay.checkIn(today: Hotel.arrival, room: hotel.rooms[2], override: true)
        }
        let days = try Nights(arrival: Hotel.arrival, departure: Hotel.arrival.adding(days: 5))

        let board = try await stays.boardSegments(propertyID: hotel.property.id, overlapping: days)
        let again = try await stays.boardSegments(stayIDs: [made.id], overlapping: days)
        let holds = try await store.holds(propertyID: hotel.property.id, overlapping: days)

        #expect(board.count == 1)
        #expect(board.first?.roomTypeID == family)
        #expect(board.first?.state == .checkedIn)
        #expect(board.first?.guestName == "Ann Lee-Park")
        #expect(again == board)
        // The guest site counts the stay against the room type it is in now.
        #expect(holds.map(\.roomTypeID) == [family])
    }

    @Test func runsAreReadWhateverTheirGuestsNamesHold() throws {
        let names = ["Lee, Ann", "7:30 arrival", "สมชาย ใจดี", "", "a,b,c,d,e,f,g,h"]
        let text = names.enumerated().map { index, name in
            "\(index + 1),\(index + 10),\(index == 3 ? 0 : 5),20000,20003,2,checked_in,online,\(index % 2),\(name.utf8.count):\(name)"
        }.joined()

        let runs = try StayRepository.boardRuns(from: text)

        #expect(runs.map(\.guestName) == names)
        #expect(runs.map(\.id) == [1, 2, 3, 4, 5])
        #expect(runs[3].roomID == nil)
        #expect(runs.allSatisfy { $0.state == .checkedIn && $0.source == .online && $0.nights.count == 3 })
        #expect(runs.map(\.checkedInOnline) == [false, true, false, true, false])
    }

    @Test func aTruncatedTextOfRunsIsRefusedNotMisread() {
        for text in [
            "1,2,3,20000,20003,2,booked,online,0,8:Ann", "1,2,3,20000", "1,2,x,20000,20003,2,booked,online,0,3:Ann",
        ] {
            #expect(throws: DomainError.self) { try StayRepository.boardRuns(from: text) }
        }
    }
}
