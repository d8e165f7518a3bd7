import Foundation
import Testing

@testable import Booking

/// The waitlist's own rules, apart from storage: the days a customer may ask for, the hours offers are
/// made in, and the time chosen for a customer.
struct WaitlistTests {
    static let today = Day(20_000)

    static func request(from: Int, to: Int, email: String = "aki@example.com") -> NewWaitlistEntry {
        NewWaitlistEntry(
            propertyID: 1, serviceID: 1, staffID: nil, from: today.adding(days: from), to: today.adding(days: to),
            customerName: "Aki", email: email, phone: "090 1111 2222", language: .ja)
    }

    @Test func aRequestSpansFromTodayToAtMostFourteenDaysWithinTheDaysBookedAhead() throws {
        let last = Self.today.adding(days: 60)
        try Self.request(from: 0, to: Waitlist.longestSpan).validate(today: Self.today, lastDay: last)
        #expect(throws: DomainError.self) {
            try Self.request(from: -1, to: 0).validate(today: Self.today, lastDay: last)
        }
        for (from, to) in [(3, 2), (0, Waitlist.longestSpan + 1), (59, 61)] {
            do {
                try Self.request(from: from, to: to).validate(today: Self.today, lastDay: last)
                Issue.record("\(from)...\(to) was taken")
            } catch {
                #expect(error.field == "to" && error.reason == .waitlistRange)
            }
        }
        do {
            try Self.request(from: 0, to: 0, email: "aki@").validate(today: Self.today, lastDay: last)
            Issue.record("a mistyped email was taken")
        } catch {
            #expect(error.field == "customer.email")
        }
    }

    @Test func offersAreMadeFromEightToNineOnTheSalonsClock() {
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        // 2026-12-01 in Tokyo (UTC+9): 07:59, 08:00, 20:59, 21:00.
        let midnight = Date(timeIntervalSince1970: 1_796_050_800)
        #expect(!Waitlist.offersMade(at: midnight.addingTimeInterval(7 * 3600 + 59 * 60), in: tokyo))
        #expect(Waitlist.offersMade(at: midnight.addingTimeInterval(8 * 3600), in: tokyo))
        #expect(Waitlist.offersMade(at: midnight.addingTimeInterval(20 * 3600 + 59 * 60), in: tokyo))
        #expect(!Waitlist.offersMade(at: midnight.addingTimeInterval(21 * 3600), in: tokyo))
    }

    @Test func aCustomerIsOfferedTheEarliestTimeTheyWereNotOfferedBefore() {
        let free = [
            FreeTime(start: 100, staffID: 1), FreeTime(start: 100, staffID: 2), FreeTime(start: 115, staffID: 1),
        ]
        #expect(Waitlist.choose(among: free, offered: []) == free[0])
        #expect(Waitlist.choose(among: free, offered: [free[0]]) == free[1])
        #expect(Waitlist.choose(among: free, offered: Set(free)) == nil)
    }
}
