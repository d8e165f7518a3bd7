import Foundation
import Testing

@testable import Booking

/// The night audit's rules of days: which day a line belongs to, and which day may close next.
struct NightAuditTests {
    let today = Day(year: 2026, month: 12, day: 10)

    func refusal(closing day: Day, closedThrough: Day?) -> String? {
        do {
            try BusinessDay.validate(closing: day, today: today, closedThrough: closedThrough)
            return nil
        } catch {
            return error.reason?.code
        }
    }

    @Test func aLineBelongsToTodayUntilTodayIsClosedThenToTheNextOpenDay() {
        #expect(BusinessDay.current(today: today, closedThrough: nil) == today)
        #expect(BusinessDay.current(today: today, closedThrough: today.adding(days: -1)) == today)
        #expect(BusinessDay.current(today: today, closedThrough: today) == today.adding(days: 1))
    }

    @Test func aHotelsFirstCloseIsOfYesterdayOrToday() {
        #expect(BusinessDay.nextToClose(today: today, closedThrough: nil) == today.adding(days: -1))
        #expect(refusal(closing: today.adding(days: -1), closedThrough: nil) == nil)
        #expect(refusal(closing: today, closedThrough: nil) == nil)
        #expect(refusal(closing: today.adding(days: -2), closedThrough: nil) == "audit.order")
        #expect(refusal(closing: today.adding(days: 1), closedThrough: nil) == "audit.notYet")
    }

    @Test func daysCloseOneAfterAnotherEachOnceAndNotBeforeTheyBegin() {
        let closed = today.adding(days: -3)
        #expect(refusal(closing: closed.adding(days: 1), closedThrough: closed) == nil)
        #expect(refusal(closing: closed, closedThrough: closed) == "audit.closed")
        #expect(refusal(closing: closed.adding(days: 2), closedThrough: closed) == "audit.order")
        #expect(refusal(closing: today.adding(days: 1), closedThrough: today) == "audit.notYet")
    }

    @Test func aClosedDaysBalanceLeavesOutLaterLines() {
        var folio = Folio(currency: .thb)
        try? folio.post(
            FolioEntry(id: 1, kind: .charge, description: "Room", amount: .whole(1_000, .thb), businessDay: today))
        try? folio.post(
            FolioEntry(id: 2, kind: .payment, description: "Cash", amount: .whole(400, .thb), businessDay: today))
        try? folio.post(
            FolioEntry(
                id: 3, kind: .reversal, description: "Wrong", amount: .whole(1_000, .thb), reverses: 1,
                businessDay: today.adding(days: 1)))
        #expect(folio.balance(through: today) == .whole(600, .thb))
        #expect(folio.balance(through: today.adding(days: 1)) == .whole(-400, .thb))
    }
}
