import Testing

@testable import Booking

/// What a member of staff may do to an appointment: its own transitions, tried on a copy, and the role's work.
struct AppointmentActionsTests {
    static let booked = Appointment(
        id: 1, propertyID: 1, staffID: 1, serviceID: 1, customerID: 1, startMinute: 29_000_000, durationMinutes: 45)

    @Test func aBookedAppointmentMayArriveCompleteBeCancelledMarkedNoShowMovedOrWrittenUp() {
        #expect(Self.booked.actions(for: .frontDesk) == [.arrive, .complete, .cancel, .noShow, .change, .record])
    }

    @Test func anArrivedCustomerIsCompletedOrMovedAndOnlyAVisitThatHappenedIsWrittenUpAfter() throws {
        var arrived = Self.booked
        try arrived.transition(to: .checkedIn)
        #expect(arrived.actions(for: .manager) == [.complete, .change, .record])
        var completed = Self.booked
        try completed.transition(to: .completed)
        #expect(completed.actions(for: .manager) == [.record])
        for end in [AppointmentState.cancelled, .noShow] {
            var ended = Self.booked
            try ended.transition(to: end)
            #expect(ended.actions(for: .manager).isEmpty)
        }
    }

    @Test func aRoleWithoutDeskWorkMayDoNothingToIt() {
        for role in StaffRole.allCases where !role.may(.deskWork) {
            #expect(Self.booked.actions(for: role).isEmpty)
        }
    }
}
