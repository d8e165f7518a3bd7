import Testing

@testable import Booking

/// What cancelling costs a guest, by the property's policy.
struct GuestCancellationTests {
    let policy = CancellationPolicy(freeUntilDaysBefore: 2, lateCancellationBasisPoints: 5_000)
    let total = Money.whole(2_400, .thb)

    @Test func itIsFreeUntilTheLastFreeDayAndCostsTheShareAfter() {
        let stay = Make.stay(id: 1, room: 1)
        #expect(policy.lastFreeDay(arrival: stay.arrival) == stay.arrival.adding(days: -2))
        let free = GuestCancellation(stay: stay, policy: policy, total: total, today: stay.arrival.adding(days: -2))
        #expect(free.allowed && free.fee == .zero(.thb) && free.reason == nil)
        let late = GuestCancellation(stay: stay, policy: policy, total: total, today: stay.arrival.adding(days: -1))
        #expect(late.fee == .whole(1_200, .thb))
        let onTheDay = GuestCancellation(stay: stay, policy: policy, total: total, today: stay.arrival)
        #expect(onTheDay.allowed)
    }

    @Test(arguments: [StayState.checkedIn, .checkedOut, .cancelled, .noShow])
    func onlyABookedStayCanBeCancelledByItsGuest(state: StayState) {
        let stay = Make.stay(id: 1, room: 1, state: state)
        let terms = GuestCancellation(stay: stay, policy: policy, total: total, today: stay.arrival.adding(days: -5))
        #expect(!terms.allowed && terms.reason != nil && terms.fee == .zero(.thb))
        #expect(throws: DomainError.self) { try terms.check() }
    }

    @Test func notAfterTheArrivalDay() {
        let stay = Make.stay(id: 1, room: 1)
        let terms = GuestCancellation(stay: stay, policy: policy, total: total, today: stay.arrival.adding(days: 1))
        #expect(!terms.allowed)
        #expect(terms.reason?.contains("has passed") == true)
    }
}
