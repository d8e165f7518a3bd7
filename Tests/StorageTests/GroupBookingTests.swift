import Booking
import Foundation
import StorageTesting
import Testing

@testable import Storage

/// Bookings of several rooms on each database: all or none, whoever else books at the same moment.
@Suite(.closesItsStores, .serialized)
struct GroupBookingTests {
    static let manager = Staff(User(id: 1, email: "m@example.com", name: "M", role: .manager))

    static func stays(of hotel: Hotel, in store: Store) async throws -> [Stay] {
        try await store.stays.stays(
            propertyID: hotel.property.id,
            overlapping: try Nights(arrival: Hotel.arrival, departure: Hotel.arrival.adding(days: 60)))
    }

    /// 100 guests at once each book the hotel's last two doubles as a group of two: one gets both, the rest
    /// none, and no group is left with one room.
    @Test(arguments: TestDatabase.available)
    func aHundredGroupsAfterTheLastTwoRoomsBookOneWholeAndNoHalf(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let instant = Hotel.arrival.instant(atMinute: 10 * 60, in: hotel.property.timeZone)
        let bookings = GuestsBookings(storage: store, now: { instant })
        let nights = try Nights(arrival: Hotel.arrival.adding(days: 2), departure: Hotel.arrival.adding(days: 4))
        let double = hotel.roomTypes[0].id
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<100 {
                group.addTask {
                    let rooms = (0..<2).map { _ in
                        NewStay(
                            propertyID: hotel.property.id, roomTypeID: double, roomID: nil, nights: nights, adults: 2,
                            guestName: "Guest \(index)", guestEmail: "guest\(index)@example.com", source: .online)
                    }
                    do {
                        let booked = try await bookings.bookGroup(rooms)
                        return booked.count == 2
                    } catch let error as DomainError {
                        #expect(error.code == .conflict && error.reason == .groupUnavailable, "\(error)")
                        return false
                    } catch {
                        Issue.record("not a refusal: \(error)")
                        return false
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 }.count == 1)
        let stored = try await Self.stays(of: hotel, in: store).filter { $0.roomTypeID == double }
        #expect(stored.count == 2 && Set(stored.compactMap { $0.segments.first?.roomID }).count == 2)
        #expect(Set(stored.map(\.groupID)).count == 1 && stored[0].groupID != nil)
        let group = try #require(try await store.group(id: stored[0].groupID!))
        #expect(
            Set(group.stayIDs) == Set(stored.map(\.id)) && group.code == stored.min { $0.id < $1.id }!.confirmationCode)
    }

    /// The desk's group whose second room is taken meanwhile books neither.
    @Test(arguments: TestDatabase.available)
    func aDeskGroupWithOneRoomTakenBooksNone(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let desk = FrontDesk(storage: store, now: store.clock.now)
        let taken = try await desk.book(hotel.newStay(room: hotel.rooms[1].id, guest: "Mai"), by: Self.manager)
        let rooms = [
            hotel.newStay(room: hotel.rooms[0].id, guest: "Ann Lee"),
            hotel.newStay(room: hotel.rooms[1].id, guest: "Ann Lee"),
        ]
        await #expect(throws: DomainError.self) {
            do {
                _ = try await desk.bookGroup(rooms, name: "Lee family", by: Self.manager)
            } catch let error as DomainError {
                #expect(error.code == .conflict && error.message.contains(taken.confirmationCode))
                throw error
            }
        }
        #expect(try await Self.stays(of: hotel, in: store).map(\.id) == [taken.id])
        // With a free room instead, both are booked under the first one's code.
        let freed = [rooms[0], hotel.newStay(room: hotel.rooms[2].id, guest: "Ann Lee")]
        var family = freed[1]
        family.roomTypeID = hotel.roomTypes[1].id
        let (group, stays) = try await desk.bookGroup([freed[0], family], name: "", by: Self.manager)
        #expect(
            group.name == "Ann Lee" && group.code == stays[0].confirmationCode
                && stays.allSatisfy { $0.groupID == group.id })
        let read = try await desk.group(group.id, by: Self.manager)
        #expect(read.stays.map(\.id) == stays.map(\.id))
        await #expect(throws: DomainError.self) {
            _ = try await desk.bookGroup([rooms[0]], name: "", by: Self.manager)
        }
    }
}
