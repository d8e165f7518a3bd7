import Booking
import PropertyBased
import Testing

struct RoomNightCountsTests {
    static let start = Day(year: 2026, month: 12, day: 1)
    /// Six rooms: 1...4 of type 1, 5 and 6 of type 2 (type 3 has none).
    static let rooms = (1...6).map {
        Room(id: $0, propertyID: 1, roomTypeID: $0 <= 4 ? 1 : 2, number: "\($0)", floor: 1)
    }

    /// Any holds (runs in rooms, runs waiting for a room, blocks, a room taken twice, a room or type
    /// the place does not have): the counts give every room type's free rooms for any nights in
    /// their window as `Availability` works them out from the holds; in a window of 36 nights, and in one
    /// of 150, whose nights asked for may straddle the 64 nights a word of taken nights holds.
    @Test(arguments: [36, 150])
    func theCountsAnswerWhatTheHoldsAnswerForAnyNightsInTheWindow(windowNights: Int) async {
        let holds = zip(
            Gen.int(in: 0...7), Gen.int(in: 1...3), Gen.int(in: -5...(windowNights + 4)), Gen.int(in: 1...12)
        )
        .map { room, type, offset, length in
            RoomHold(
                stayID: 1, roomTypeID: type, roomID: room == 0 ? nil : room,
                nights: try! Nights(
                    arrival: Self.start.adding(days: offset), departure: Self.start.adding(days: offset + length)))
        }
        .array(of: 0...(windowNights * 5 / 6))
        let asked = zip(Gen.int(in: 0...(windowNights - 6)), Gen.int(in: 1...5), Gen.int(in: 1...3)).array(of: 1...10)
        await propertyCheck(count: 300, input: holds, asked) { holds, asked in
            let window = try! Nights(arrival: Self.start, departure: Self.start.adding(days: windowNights))
            let counts = RoomNightCounts(window: window, rooms: Self.rooms, holds: holds)
            let availability = Availability(roomTypes: [], rooms: Self.rooms, holds: holds)
            for (offset, length, type) in asked {
                let nights = try! Nights(
                    arrival: Self.start.adding(days: offset), departure: Self.start.adding(days: offset + length))
                #expect(counts.freeCount(of: type, for: nights) == availability.freeCount(of: type, for: nights))
                #expect(
                    counts.bookableOnline(of: type, for: nights) == availability.bookableOnline(of: type, for: nights))
            }
        }
    }

    /// Room 1 is taken on the first two nights and room 2 on the next two (3 and 4 on all four): each
    /// night has a room of the type free, but no room is free on all four, so none can be booked online.
    @Test func aRoomTypeFreeEachNightButInNoOneRoomForAllOfThemCannotBeBookedOnline() throws {
        let window = try Nights(arrival: Self.start, departure: Self.start.adding(days: 10))
        let stay = try Nights(arrival: Self.start, departure: Self.start.adding(days: 4))
        let holds = [
            RoomHold(
                stayID: 1, roomTypeID: 1, roomID: 1,
                nights: try Nights(arrival: Self.start, departure: Self.start.adding(days: 2))),
            RoomHold(
                stayID: 2, roomTypeID: 1, roomID: 2,
                nights: try Nights(arrival: Self.start.adding(days: 2), departure: Self.start.adding(days: 4))),
            RoomHold(stayID: 3, roomTypeID: 1, roomID: 3, nights: stay),
            RoomHold(stayID: 0, roomTypeID: 1, roomID: 4, nights: stay),
        ]
        let counts = RoomNightCounts(window: window, rooms: Self.rooms, holds: holds)
        let availability = Availability(roomTypes: [], rooms: Self.rooms, holds: holds)
        #expect(counts.freeCount(of: 1, for: stay) == 1)
        #expect(counts.bookableOnline(of: 1, for: stay) == 0)
        #expect(availability.bookableOnline(of: 1, for: stay) == 0)
        let firstTwo = try Nights(arrival: Self.start.adding(days: 2), departure: Self.start.adding(days: 4))
        #expect(counts.bookableOnline(of: 1, for: firstTwo) == 1)
        #expect(availability.freeRooms(of: 1, for: firstTwo).map(\.id) == [1])
    }

    @Test func nightsOutsideTheWindowAreNotAnswered() throws {
        let window = try Nights(arrival: Self.start, departure: Self.start.adding(days: 10))
        let counts = RoomNightCounts(window: window, rooms: Self.rooms, holds: [])
        #expect(
            counts.freeCount(of: 1, for: try Nights(arrival: Self.start, departure: Self.start.adding(days: 10))) == 4)
        #expect(
            counts.freeCount(of: 1, for: try Nights(arrival: Self.start, departure: Self.start.adding(days: 11))) == nil
        )
        #expect(
            counts.freeCount(of: 1, for: try Nights(arrival: Self.start.adding(days: -1), departure: Self.start)) == nil
        )
    }
}
