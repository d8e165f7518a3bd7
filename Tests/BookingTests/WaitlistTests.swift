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

    @Test func anOfferHoldsHalfAnHourByDayAndUntilTheMorningsAtNightButNeverToItsStart() {
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        // Midnight starting 2026-12-01 in Tokyo (UTC+9), in minutes since 1970.
        let midnight = 1_796_050_800 / 60
        let at = { (minute: Int) in Date(timeIntervalSince1970: Double(midnight + minute) * 60) }
        let evening = midnight + 2 * 1440
        #expect(Waitlist.holdMinutes(now: at(10 * 60), start: evening, in: tokyo) == 30)
        #expect(Waitlist.holdMinutes(now: at(20 * 60 + 59), start: evening, in: tokyo) == 30)
        // At 21:00, until 8:30 the next morning; at 3:00, until 8:30 that morning.
        #expect(Waitlist.holdMinutes(now: at(21 * 60), start: evening, in: tokyo) == 11 * 60 + 30)
        #expect(Waitlist.holdMinutes(now: at(3 * 60), start: evening, in: tokyo) == 5 * 60 + 30)
        // A 9:00 start freed at 3:00: held until 8:30, its customer's last half hour before it.
        #expect(Waitlist.holdMinutes(now: at(3 * 60), start: midnight + 9 * 60, in: tokyo) == 5 * 60 + 30)
        #expect(Waitlist.holdMinutes(now: at(3 * 60), start: midnight + 8 * 60, in: tokyo) == 4 * 60 + 30)
    }

    @Test func aCustomerIsOfferedTheEarliestTimeTheyWereNotOfferedBefore() {
        let free = [
            FreeTime(start: 100, staffID: 1), FreeTime(start: 100, staffID: 2), FreeTime(start: 115, staffID: 1),
        ]
        #expect(Waitlist.choose(among: free, offered: []) == free[0])
        #expect(Waitlist.choose(among: free, offered: [free[0]]) == free[1])
        #expect(Waitlist.choose(among: free, offered: Set(free)) == nil)
    }

    @Test func anOffersEmailSaysItsTimeAndIsNotSentOnceTheOfferHasLapsed() {
        let salon = Make.hotel(currency: .jpy, timeZone: "Asia/Tokyo")
        let entry = WaitlistEntry(id: 3, request: Self.request(from: 0, to: 0), state: .offered, createdAt: 0)
        let offer = WaitlistOffer(
            id: 9, entryID: 3, propertyID: 1, token: "abc", holdToken: "hold", start: 29_000_000, staffID: 2,
            expiresAt: Int64(28_999_000) * 60_000, state: .open, createdAt: 0)
        let message = NewMessage.waitlistOffer(offer, to: entry, salon: salon, service: "Cut", staffName: "Aoi")
        #expect(message.kind == .waitlistOffer && message.waitlistOfferID == 9 && message.language == .ja)
        #expect(message.recipient == "aki@example.com" && message.facts.offerToken == "abc")
        #expect(message.facts.startMinute == 29_000_000 && message.facts.heldUntilMinute == 28_999_000)
        let before = Date(timeIntervalSince1970: Double(28_999_000 - 1) * 60)
        let after = Date(timeIntervalSince1970: Double(28_999_000) * 60)
        #expect(message.stillTimely(now: before, booked: false))
        #expect(!message.stillTimely(now: after, booked: false))
    }
}
