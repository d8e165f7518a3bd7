import Foundation
import Testing

@testable import Booking

/// Rooms between guests: departures leave rooms dirty, the morning's list, and rooms out of service,
/// run on `InMemoryStayStorage` (the same operations run on both databases in `StorageTests`).
struct HousekeepingTests {
    typealias Desk = FrontDeskTests

    static func checkedIn(room: Int, nights: Int = 2) async throws -> (
        FrontDesk<InMemoryStayStorage>, InMemoryStayStorage, Stay
    ) {
        let (desk, storage) = Desk.desk()
        let stay = try await desk.book(Desk.booking(room: room, nights: nights), by: Desk.clerk)
        return (desk, storage, try await desk.checkIn(stay.id, version: nil, by: Desk.clerk))
    }

    @Test func checkOutLeavesTheRoomDirty() async throws {
        let (desk, storage, stay) = try await Self.checkedIn(room: 1)
        _ = try await desk.accounts.postPayment(to: stay.id, amount: .whole(2_140, .thb), method: .cash, by: Desk.clerk)
        _ = try await desk.checkOut(stay.id, version: nil, by: Desk.clerk)
        #expect(await storage.room(id: 1)?.housekeeping == .dirty)
        #expect(await storage.room(id: 2)?.housekeeping == .clean)
    }

    @Test func aGuestInTheHouseMovedTodayLeavesTheirRoomDirty() async throws {
        let (desk, storage, stay) = try await Self.checkedIn(room: 1)
        _ = try await desk.moveRoom(stay.id, version: nil, toRoom: 2, fromNight: Make.arrival, by: Desk.clerk)
        #expect(await storage.room(id: 1)?.housekeeping == .dirty)
        #expect(await storage.room(id: 2)?.housekeeping == .clean)
    }

    @Test func aBookedGuestMovedLeavesNoRoomDirty() async throws {
        let (desk, storage) = Desk.desk()
        let stay = try await desk.book(Desk.booking(room: 1), by: Desk.clerk)
        _ = try await desk.moveRoom(stay.id, version: nil, toRoom: 2, fromNight: Make.arrival, by: Desk.clerk)
        #expect(await storage.room(id: 1)?.housekeeping == .clean)
    }

    @Test func aRoomOutOfServiceIsNeitherSoldNorBookedUntilItReturns() async throws {
        let (desk, _) = Desk.desk()
        let block = try await desk.housekeeping.blockRoom(
            roomID: 1, nights: Make.nights(Make.arrival, 3), reason: "Leak in the ceiling", by: Desk.clerk)
        _ = try await desk.guests.book(Desk.booking(room: nil))
        // Room 2 is taken by the first guest, room 1 is out of service: nothing is left to sell.
        await #expect(throws: DomainError.self) { _ = try await desk.guests.book(Desk.booking(room: nil)) }
        await #expect(throws: DomainError.self) { _ = try await desk.book(Desk.booking(room: 1), by: Desk.clerk) }
        #expect(try await desk.housekeeping.returnToService(blockID: block.id, by: Desk.clerk) == nil)
        #expect(try await desk.book(Desk.booking(room: 1), by: Desk.clerk).currentRoomID == 1)
    }

    @Test func aRoomCannotBeTakenOutOfServiceUnderAGuest() async throws {
        let (desk, storage, _) = try await Self.checkedIn(room: 1)
        await #expect(throws: DomainError.self) {
            _ = try await desk.housekeeping.blockRoom(
                roomID: 1, nights: Make.nights(Make.arrival.adding(days: 1), 2), reason: "Paint", by: Desk.clerk)
        }
        #expect(await storage.blocksByID.isEmpty)
    }

    @Test func aBlockNeedsAReasonAndNightsFromToday() async throws {
        let (desk, _) = Desk.desk(on: Make.arrival.adding(days: 1))
        await #expect(
            throws: DomainError.invalid(
                "from",
                "must be today (\(Make.arrival.adding(days: 1))) or later: a night gone by cannot be taken out of service"
            )
        ) {
            _ = try await desk.housekeeping.blockRoom(
                roomID: 1, nights: Make.nights(Make.arrival, 3), reason: "Paint", by: Desk.clerk)
        }
        await #expect(throws: DomainError.self) {
            _ = try await desk.housekeeping.blockRoom(
                roomID: 1, nights: Make.nights(Make.arrival.adding(days: 1), 3), reason: "  ", by: Desk.clerk)
        }
        await #expect(throws: DomainError.self) {
            _ = try await desk.housekeeping.blockRoom(
                roomID: 1, nights: Make.nights(Make.arrival.adding(days: 1), 367), reason: "Rebuild", by: Desk.clerk)
        }
    }

    @Test func returningARoomToServiceKeepsTheNightsGoneBy() async throws {
        let (desk, storage) = Desk.desk()
        let block = try await desk.housekeeping.blockRoom(
            roomID: 1, nights: Make.nights(Make.arrival, 5), reason: "New carpet", by: Desk.clerk)
        let later = FrontDesk(
            storage: storage, now: { Make.arrival.adding(days: 2).instant(atMinute: 600, in: Desk.hotel.timeZone) })
        let returned = try await later.housekeeping.returnToService(blockID: block.id, by: Desk.clerk)
        #expect(returned?.nights == Make.nights(Make.arrival, 2))
        #expect(await storage.block(id: block.id)?.nights == Make.nights(Make.arrival, 2))
        let afterItEnded = FrontDesk(
            storage: storage, now: { Make.arrival.adding(days: 3).instant(atMinute: 600, in: Desk.hotel.timeZone) })
        await #expect(throws: DomainError.self) {
            _ = try await afterItEnded.housekeeping.returnToService(blockID: block.id, by: Desk.clerk)
        }
    }

    @Test func theMorningListSaysWhoLeavesWhoArrivesAndWhatIsOutOfService() async throws {
        let (desk, storage) = Desk.desk(on: Make.arrival.adding(days: -2))
        let leaving = try await desk.book(Desk.booking(room: 1, from: Make.arrival.adding(days: -2)), by: Desk.clerk)
        _ = try await desk.checkIn(leaving.id, version: nil, by: Desk.clerk)
        _ = try await desk.book(Desk.booking(room: 1, from: Make.arrival), by: Desk.clerk)
        _ = try await desk.housekeeping.blockRoom(
            roomID: 2, nights: Make.nights(Make.arrival, 1), reason: "Paint", by: Desk.clerk)
        let today = FrontDesk(
            storage: storage, now: { Make.arrival.instant(atMinute: 480, in: Desk.hotel.timeZone) })
        let list = try await today.housekeeping.housekeepingList(propertyID: 1, by: Desk.clerk)
        let line = { (room: Int) in list.lines.first { $0.room.id == room }! }
        #expect(list.day == Make.arrival)
        #expect(line(1).departure && line(1).arrival && !line(1).occupied)
        #expect(line(2).block?.reason == "Paint" && !line(2).departure)
        #expect(line(3).block == nil && !line(3).arrival)
    }

    @Test func aHousekeeperIsAssignedAndARoomMarkedCleanWithoutTouchingTheOther() async throws {
        let (desk, storage) = Desk.desk()
        _ = try await desk.housekeeping.updateHousekeeping(
            roomID: 1, status: .dirty, housekeeper: " Noi ", by: Desk.clerk)
        let room = try await desk.housekeeping.updateHousekeeping(
            roomID: 1, status: .clean, housekeeper: nil, by: Desk.clerk)
        #expect(room.housekeeping == .clean && room.housekeeper == "Noi")
        #expect(await storage.room(id: 1)?.housekeeper == "Noi")
        await #expect(throws: DomainError.self) {
            _ = try await desk.housekeeping.updateHousekeeping(
                roomID: 1, status: nil, housekeeper: String(repeating: "a", count: 61), by: Desk.clerk)
        }
        let elsewhere = Staff(Desk.clerk.user) { $0 != 1 ? .frontDesk : nil }
        await #expect(throws: DomainError.self) {
            _ = try await desk.housekeeping.updateHousekeeping(
                roomID: 1, status: .clean, housekeeper: nil, by: elsewhere)
        }
    }
}
