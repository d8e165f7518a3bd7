import Foundation
import Testing

@testable import Booking

/// The front desk's operations, run without HTTP or a database (`InMemoryStayStorage`): each rule
/// held by the operation that applies it. The same operations run on both databases in
/// `StorageTests` and through the API in `AppTests`.
struct FrontDeskTests {
    static let hotel = Make.hotel(taxes: [Tax(name: "VAT", basisPoints: 700)])
    static let double = Make.roomType(id: 1, rate: .whole(1_000, .thb))
    static let suite = RoomType(id: 2, propertyID: 1, name: "Pool Suite", capacity: 4, baseRate: .whole(2_500, .thb))
    static let manager = Staff(User(id: 1, email: "m@example.com", name: "Mai", role: .manager))
    static let clerk = Staff(User(id: 2, email: "c@example.com", name: "Chai", role: .frontDesk))

    /// A desk whose clock reads `hour` o'clock, hotel time, on `day`.
    static func desk(on day: Day = Make.arrival, hour: Int = 15) -> (
        FrontDesk<InMemoryStayStorage>, InMemoryStayStorage
    ) {
        let storage = InMemoryStayStorage(
            property: hotel, roomTypes: [double, suite],
            rooms: [Make.room(id: 1), Make.room(id: 2), Make.room(id: 3, type: 2)])
        let instant = day.instant(atMinute: hour * 60, in: hotel.timeZone)
        return (FrontDesk(storage: storage, now: { instant }), storage)
    }

    static func booking(room: Int?, from: Day = Make.arrival, nights: Int = 2, adults: Int = 2) -> NewStay {
        NewStay(
            propertyID: 1, roomTypeID: 1, roomID: room, nights: Make.nights(from, nights), adults: adults,
            guestName: "Ann Lee", guestEmail: "ann@example.com")
    }

    static func roomCharges(_ folio: Folio) -> [Day] {
        folio.entries.filter { $0.category == .room && !folio.isReversed($0.id) }.compactMap(\.night).sorted()
    }

    @Test func aBookingTheRulesRefuseStoresNothing() async throws {
        let (desk, storage) = Self.desk()
        await #expect(
            throws: DomainError.invalid(
                "adults", "3 guests is more than the room sleeps (2)", reason: .stayOverCapacity,
                params: ["guests": "3", "capacity": "2"])
        ) {
            _ = try await desk.book(Self.booking(room: 1, adults: 3), by: Self.clerk)
        }
        var suiteRoom = Self.booking(room: 3)
        suiteRoom.guestName = "Bo"
        await #expect(throws: DomainError.self) { _ = try await desk.book(suiteRoom, by: Self.clerk) }
        var nameless = Self.booking(room: nil)
        nameless.guestName = ""
        await #expect(throws: DomainError.self) { _ = try await desk.book(nameless, by: Self.clerk) }
        #expect(await storage.stays.isEmpty)
    }

    @Test func aRoomBookedWithoutItsTypeIsBookedAsItsOwnTypeAndNeitherIsRefused() async throws {
        let (desk, storage) = Self.desk()
        var tapped = Self.booking(room: 3)
        tapped.roomTypeID = nil
        let stay = try await desk.book(tapped, by: Self.clerk)
        #expect(stay.roomTypeID == Self.suite.id)
        #expect(await storage.agreedRates(stayID: stay.id).values.map(\.amount) == [250_000, 250_000])
        var nowhere = Self.booking(room: nil, from: Make.arrival.adding(days: 5))
        nowhere.roomTypeID = nil
        await #expect(throws: DomainError(.invalid, "give a roomId or a roomTypeId", field: "roomTypeId")) {
            _ = try await desk.book(nowhere, by: Self.clerk)
        }
        #expect(await storage.stays.count == 1)
    }

    @Test func aBookingKeepsTheRatesOfTheDayItWasMade() async throws {
        let (desk, storage) = Self.desk()
        let stay = try await desk.book(Self.booking(room: 1), by: Self.clerk)
        #expect(await storage.agreedRates(stayID: stay.id).values.map(\.amount) == [100_000, 100_000])
    }

    /// A role is a property's: a viewer there reads its stays and cannot change them; housekeeping
    /// there looks after rooms and cannot cancel; the same person's role elsewhere does not count.
    @Test func whatStaffMayDoAtAPropertyIsTheirRoleThere() async throws {
        let (desk, _) = Self.desk()
        let stay = try await desk.book(Self.booking(room: 1), by: Self.clerk)
        for role in [StaffRole.viewer, .housekeeping] {
            let roles: [Int: StaffRole] = [1: role, 2: .manager]
            let changing = Staff(Self.clerk.user, work: .deskWork) { roles[$0] }
            await #expect(throws: DomainError.self) { _ = try await desk.cancel(stay.id, version: nil, by: changing) }
            let reading = Staff(Self.clerk.user, work: .reading) { roles[$0] }
            #expect(try await desk.stay(stay.id, by: reading).stay.state == .booked)
        }
        let housekeeping = Staff(Self.clerk.user, work: .housekeeping) { $0 == 1 ? .housekeeping : nil }
        #expect(
            try await desk.housekeeping.updateHousekeeping(
                roomID: 1, status: .clean, housekeeper: nil, by: housekeeping
            ).id == 1)
        let viewer = Staff(Self.clerk.user, work: .housekeeping) { $0 == 1 ? .viewer : nil }
        await #expect(throws: DomainError.self) {
            _ = try await desk.housekeeping.updateHousekeeping(roomID: 1, status: .dirty, housekeeper: nil, by: viewer)
        }
        #expect(StaffRole.allCases.filter { $0.may(.managing) } == [.manager])
    }

    @Test func aStayAtAnotherPropertyDoesNotExistForStaffWhoDoNotWorkThere() async throws {
        let (desk, _) = Self.desk()
        let stay = try await desk.book(Self.booking(room: 1), by: Self.clerk)
        let elsewhere = Staff(Self.clerk.user) { $0 != 1 ? .frontDesk : nil }
        await #expect(throws: DomainError(.notFound, "no stay \(stay.id)")) {
            _ = try await desk.cancel(stay.id, version: nil, by: elsewhere)
        }
    }

    @Test func checkInChargesEachNightOnceAndAnAddedNightIsCharged() async throws {
        let (desk, storage) = Self.desk()
        let stay = try await desk.book(Self.booking(room: 1), by: Self.clerk)
        _ = try await desk.checkIn(stay.id, version: nil, by: Self.clerk)
        #expect(Self.roomCharges(await storage.folio(stayID: stay.id)) == Array(Make.nights(Make.arrival, 2)))
        _ = try await desk.changeStay(
            stay.id, version: nil, StayChange(departure: Make.arrival.adding(days: 3)), by: Self.clerk)
        let folio = await storage.folio(stayID: stay.id)
        #expect(Self.roomCharges(folio) == Array(Make.nights(Make.arrival, 3)))
        #expect(folio.balance == .whole(3_210, .thb))
    }

    @Test func aCheckedInGuestMovesFromTodayAndTheNightsSleptStayInTheirRoom() async throws {
        let (desk, storage) = Self.desk(on: Make.arrival.adding(days: 1))
        var new = Self.booking(room: 1, from: Make.arrival, nights: 3)
        new.agreedRates = nil
        let stay = try await desk.book(new, by: Self.clerk)
        _ = try await storage.change(stayID: stay.id, expectedVersion: nil, by: nil, action: "check-in") { stay, _ in
            stay.state = .checkedIn
        }
        await #expect(throws: DomainError.self) {
            _ = try await desk.moveRoom(stay.id, version: nil, toRoom: 2, fromNight: Make.arrival, by: Self.clerk)
        }
        let moved = try await desk.changeStay(stay.id, version: nil, StayChange(roomID: 2), by: Self.clerk).stay
        #expect(moved.roomID(on: Make.arrival) == 1)
        #expect(moved.roomID(on: Make.arrival.adding(days: 1)) == 2)
        #expect(moved.roomID(on: Make.arrival.adding(days: 2)) == 2)
    }

    @Test func aMoveIntoARoomOfAnotherTypeSaysThePriceDifferenceAndKeepsThePrice() async throws {
        let (desk, storage) = Self.desk()
        let stay = try await desk.book(Self.booking(room: 1, nights: 3), by: Self.clerk)
        let moved = try await desk.moveRoom(
            stay.id, version: nil, toRoom: 3, fromNight: Make.arrival.adding(days: 1), by: Self.clerk)
        #expect(
            moved.roomTypeChange
                == RoomTypeChange(
                    bookedAs: Self.double, roomType: Self.suite, nights: 2, difference: .whole(3_000, .thb))
        )
        #expect(moved.stay.roomTypeID == Self.double.id)
        _ = try await desk.checkIn(stay.id, version: nil, by: Self.clerk)
        #expect(await storage.folio(stayID: stay.id).balance == .whole(3_210, .thb))
        let back = try await desk.moveRoom(
            stay.id, version: nil, toRoom: 2, fromNight: Make.arrival.adding(days: 1), by: Self.clerk)
        #expect(back.roomTypeChange == nil)
    }

    @Test func theDesksTodayIsTheHotelsDayEvenInTheSmallHours() async throws {
        // 02:00 in Bangkok is still the day before in UTC: the guest arriving today may check in.
        let (desk, _) = Self.desk(hour: 2)
        let stay = try await desk.book(Self.booking(room: 1), by: Self.clerk)
        #expect(try await desk.checkIn(stay.id, version: nil, by: Self.clerk).state == .checkedIn)
    }

    @Test func onlyAManagerReinstatesAndOnlyWhileTheRoomIsFree() async throws {
        let (desk, _) = Self.desk()
        let stay = try await desk.book(Self.booking(room: 1), by: Self.clerk)
        _ = try await desk.cancel(stay.id, version: nil, by: Self.clerk)
        await #expect(
            throws: DomainError(.forbidden, "only a manager can reinstate a stay", reason: .staffManagerOnly)
        ) {
            _ = try await desk.reinstate(stay.id, version: nil, by: Self.clerk)
        }
        let other = try await desk.book(Self.booking(room: 1), by: Self.clerk)
        await #expect(throws: DomainError.self) {
            _ = try await desk.reinstate(stay.id, version: nil, by: Self.manager)
        }
        _ = try await desk.cancel(other.id, version: nil, by: Self.clerk)
        #expect(try await desk.reinstate(stay.id, version: nil, by: Self.manager).state == .booked)
    }

    @Test func aGuestsLateCancellationIsChargedTheFee() async throws {
        let (desk, storage) = Self.desk(on: Make.arrival.adding(days: -1))
        let stay = try await desk.guests.book(Self.booking(room: nil)).stay
        #expect(try await desk.cancelByGuest(stay.id).state == .cancelled)
        #expect(await storage.folio(stayID: stay.id).balance == .whole(2_140, .thb))
        #expect(await storage.history.map(\.action) == ["create", "cancel"])
    }

    @Test func theGuestSiteBooksAFreeRoomAndRefusesWhenNoneIsLeft() async throws {
        let (desk, _) = Self.desk()
        let first = try await desk.guests.book(Self.booking(room: nil)).stay
        let second = try await desk.guests.book(Self.booking(room: nil)).stay
        #expect(Set([first.currentRoomID, second.currentRoomID]) == [1, 2])
        await #expect(throws: DomainError.self) { _ = try await desk.guests.book(Self.booking(room: nil)) }
    }

    @Test func theGuestSiteSellsNoNightBeforeTheHotelsToday() async throws {
        let (desk, _) = Self.desk(on: Make.arrival.adding(days: 1))
        await #expect(
            throws: DomainError.invalid(
                "arrival", "the arrival date has passed", reason: .stayArrivalPassed,
                params: ["today": Make.arrival.adding(days: 1).iso])
        ) {
            _ = try await desk.guests.book(Self.booking(room: nil))
        }
    }

    @Test func theGuestSiteSellsNoStayBeyondItsHorizonThoughTheDeskMay() async throws {
        let (desk, _) = Self.desk()
        let far = Self.booking(room: nil, from: Make.arrival.adding(days: Stay.onlineHorizonDays + 1))
        await #expect(throws: DomainError.self) { _ = try await desk.guests.book(far) }
        var last = far
        last.nights = Make.nights(Make.arrival.adding(days: Stay.onlineHorizonDays), 2)
        _ = try await desk.guests.book(last)
        var roomed = far
        roomed.roomID = 2
        #expect(try await desk.book(roomed, by: Self.clerk).arrival == far.nights.arrival)
    }

    @Test func onlyAManagerChecksOutWithAnOpenBalance() async throws {
        let (desk, _) = Self.desk()
        let stay = try await desk.book(Self.booking(room: 1), by: Self.clerk)
        _ = try await desk.checkIn(stay.id, version: nil, by: Self.clerk)
        await #expect(throws: DomainError.self) { _ = try await desk.checkOut(stay.id, version: nil, by: Self.clerk) }
        await #expect(throws: DomainError.self) {
            _ = try await desk.checkOut(stay.id, version: nil, force: true, by: Self.clerk)
        }
        _ = try await desk.accounts.postPayment(to: stay.id, amount: .whole(2_140, .thb), method: .cash, by: Self.clerk)
        #expect(try await desk.checkOut(stay.id, version: nil, by: Self.clerk).state == .checkedOut)
    }

    @Test func staffChargeOnlyExtrasByHand() async throws {
        let (desk, _) = Self.desk()
        let stay = try await desk.book(Self.booking(room: 1), by: Self.clerk)
        await #expect(throws: DomainError.self) {
            _ = try await desk.accounts.postCharge(
                to: stay.id, description: "Night", amount: .whole(100, .thb), category: .room, by: Self.clerk)
        }
        let folio = try await desk.accounts.postCharge(
            to: stay.id, description: "Minibar", amount: .whole(100, .thb), category: .food, by: Self.clerk
        ).folio
        let reversed = try await desk.accounts.reverse(
            entry: folio.entries[0].id, of: stay.id, reason: "Wrong room", by: Self.clerk)
        #expect(reversed.balance == .zero(.thb))
    }

    @Test func aGuestFindsTheirBookingOnlyWithItsEmailAndAWrongOneIsAnsweredAsAnUnknownCode() async throws {
        let (desk, _) = Self.desk(on: Make.arrival.adding(days: -5))
        let stay = try await desk.guests.book(Self.booking(room: nil)).stay
        let found = try await desk.guests.find(
            code: " \(stay.confirmationCode.lowercased()) ", email: "ANN@example.com")
        #expect(found.stay.id == stay.id)
        #expect(found.cancellation.allowed && found.cancellation.fee == .zero(.thb))
        let unknown = DomainError(.notFound, "no booking with this confirmation code and email address")
        await #expect(throws: unknown) {
            _ = try await desk.guests.find(code: stay.confirmationCode, email: "bo@x.com")
        }
        await #expect(throws: unknown) { _ = try await desk.guests.find(code: "FD-NOSUCH", email: "ann@example.com") }
        #expect(
            try await desk.guests.cancel(code: stay.confirmationCode, email: "ann@example.com").stay.state
                == .cancelled)
    }
}
