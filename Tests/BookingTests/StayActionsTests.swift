import Booking
import Testing

/// What the desk is told it may do to a stay follows the stay's own transitions and the role's rules.
struct StayActionsTests {
    static let arrival = Day(year: 2026, month: 12, day: 1)

    static func stay(_ state: StayState, room: Int? = 7, nights: Int = 2) throws -> Stay {
        Stay(
            id: 1, propertyID: 1, roomTypeID: 1, guestID: 1, roomID: room,
            nights: try Nights(arrival: arrival, departure: arrival.adding(days: nights)), adults: 2, state: state)
    }

    @Test func aBookedArrivalOnItsDayMayBeCheckedInCancelledOrMarkedANoShow() throws {
        let booked = try Self.stay(.booked)
        for role in [StaffRole.manager, .frontDesk] {
            #expect(
                booked.actions(for: role, today: Self.arrival)
                    == [.checkIn, .cancel, .noShow, .change, .post, .giveCheckInLink])
        }
        // The day before: not yet checked in, nor a no-show; its guest may still check in online.
        #expect(
            booked.actions(for: .frontDesk, today: Self.arrival.adding(days: -1))
                == [.cancel, .change, .post, .giveCheckInLink])
        // The day after its arrival, the link is no longer offered (the guest can no longer use it).
        #expect(!booked.actions(for: .frontDesk, today: Self.arrival.adding(days: 1)).contains(.giveCheckInLink))
        #expect(booked.actions(for: .housekeeping, today: Self.arrival).isEmpty)
        // Without a room tonight it cannot be checked in.
        #expect(
            try Self.stay(.booked, room: nil).actions(for: .frontDesk, today: Self.arrival).contains(.checkIn) == false)
    }

    @Test func aCheckedInGuestChecksOutAndOnlyAManagerPassesAnOpenBalance() throws {
        let staying = try Self.stay(.checkedIn)
        let day = Self.arrival.adding(days: 1)
        #expect(staying.actions(for: .manager, today: day) == [.checkOut, .checkOutAnyway, .change, .post])
        #expect(staying.actions(for: .frontDesk, today: day) == [.checkOut, .change, .post])
    }

    @Test func onlyAManagerReinstatesAndOnlyBeforeTheStayHasEnded() throws {
        for state in [StayState.cancelled, .noShow] {
            let stay = try Self.stay(state)
            #expect(stay.actions(for: .manager, today: Self.arrival) == [.reinstate])
            #expect(stay.actions(for: .frontDesk, today: Self.arrival).isEmpty)
            #expect(stay.actions(for: .manager, today: Self.arrival.adding(days: 2)).isEmpty)
        }
        #expect(try Self.stay(.checkedOut).actions(for: .manager, today: Self.arrival.adding(days: 2)) == [.post])
    }

    @Test func housekeepingAndViewersMayDoNothingToAStay() throws {
        for state in StayState.allCases {
            let stay = try Self.stay(state)
            #expect(stay.actions(for: .housekeeping, today: Self.arrival).isEmpty)
            #expect(stay.actions(for: .viewer, today: Self.arrival).isEmpty)
        }
    }

    @Test func eachRoleIsToldTheWorkItMayDo() {
        #expect(StaffRole.manager.work == StaffWork.allCases)
        #expect(StaffRole.frontDesk.work == [.reading, .deskWork, .housekeeping, .accounts])
        #expect(StaffRole.housekeeping.work == [.reading, .housekeeping])
        #expect(StaffRole.viewer.work == [.reading, .accounts])
    }
}
