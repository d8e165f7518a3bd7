import Booking
import Foundation
import Testing

struct ICalendarTests {
    static let bangkok = TimeZone(identifier: "Asia/Bangkok")!

    static func day(_ iso: String) -> Day { Day(iso: iso)! }

    /// The day the calendars are read on: before every event of these tests.
    static let today = day("2026-11-20")

    @Test func controlCharactersInASummaryBecomeSpaces() throws {
        let text =
            "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20261201\r\nUID:tab\r\n"
            + "SUMMARY:Booked\tby\u{07}phone\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        #expect(
            try ICalendar.parse(text, timeZone: Self.bangkok, today: Self.today).map(\.summary) == ["Booked by phone"])
    }

    @Test func allDayEventsBecomeBlocksFromArrivalToDeparture() throws {
        let text = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//Airbnb Inc//Hosting Calendar 0.8.8//EN\r
            BEGIN:VEVENT\r
            DTEND;VALUE=DATE:20261205\r
            DTSTART;VALUE=DATE:20261201\r
            UID:1418fb94e984-7fb30b4d7d9c@airbnb.com\r
            SUMMARY:Reserved\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            DTSTART;VALUE=DATE:20261210\r
            UID:one-night\r
            SUMMARY:Airbnb (Not\r
              available)\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            DTSTART;VALUE=DATE:20261220\r
            DTEND;VALUE=DATE:20261222\r
            STATUS:CANCELLED\r
            UID:gone\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        let blocks = try ICalendar.parse(text, timeZone: Self.bangkok, today: Self.today)
        #expect(
            blocks == [
                ICalBlock(
                    uid: "1418fb94e984-7fb30b4d7d9c@airbnb.com",
                    nights: try Nights(arrival: Self.day("2026-12-01"), departure: Self.day("2026-12-05")),
                    summary: "Reserved"),
                // Without an end: one night. A folded line is unfolded.
                ICalBlock(
                    uid: "one-night",
                    nights: try Nights(arrival: Self.day("2026-12-10"), departure: Self.day("2026-12-11")),
                    summary: "Airbnb (Not available)"),
            ])
    }

    @Test func aUTCTimeIsReadAsTheDateInThePropertysZone() throws {
        // 18:00 UTC on 1 December is 01:00 on 2 December in Bangkok.
        let text =
            "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:x\nDTSTART:20261201T180000Z\nDTEND:20261203T040000Z\nEND:VEVENT\nEND:VCALENDAR\n"
        let blocks = try ICalendar.parse(text, timeZone: Self.bangkok, today: Self.today)
        #expect(
            blocks.map(\.nights) == [try Nights(arrival: Self.day("2026-12-02"), departure: Self.day("2026-12-03"))])
    }

    @Test func somethingThatIsNotACalendarOrHasABadDateIsRefusedNamingTheCalendar() {
        for text in ["<html>not found</html>", "BEGIN:VCALENDAR\nBEGIN:VEVENT\nDTSTART:2026-12-01\nEND:VEVENT\n"] {
            #expect {
                _ = try ICalendar.parse(text, timeZone: Self.bangkok, today: Self.today)
            } throws: { ($0 as? DomainError)?.field == "calendar" }
        }
    }

    @Test func aCalendarCutShortOrWithAnEventLeftOpenIsRefusedWhole() {
        let whole =
            "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART;VALUE=DATE:20261201\r\nEND:VEVENT\r\n"
            + "BEGIN:VEVENT\r\nUID:b\r\nDTSTART;VALUE=DATE:20261205\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        #expect((try? ICalendar.parse(whole, timeZone: Self.bangkok, today: Self.today))?.count == 2)
        // Every cut of the file short of its end, and events left open or ended twice.
        var broken = (1..<whole.count - 2).map { String(whole.prefix($0)) }
        broken += [
            whole.replacingOccurrences(of: "END:VEVENT\r\nBEGIN:VEVENT", with: "BEGIN:VEVENT"),
            whole.replacingOccurrences(of: "END:VEVENT\r\nEND:VCALENDAR", with: "END:VCALENDAR"),
            whole.replacingOccurrences(of: "END:VEVENT\r\n", with: "END:VEVENT\r\nEND:VEVENT\r\n"),
        ]
        for text in broken {
            #expect(throws: DomainError.self, "\(text.suffix(30).debugDescription)") {
                _ = try ICalendar.parse(text, timeZone: Self.bangkok, today: Self.today)
            }
        }
    }

    @Test func anEventReachingPastTheHorizonIsCutThereAndOneStartingPastItIsLeftOut() throws {
        let text =
            "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:century\nDTSTART;VALUE=DATE:20270101\nDTEND;VALUE=DATE:21270101\n"
            + "END:VEVENT\nBEGIN:VEVENT\nUID:later\nDTSTART;VALUE=DATE:20300101\nDTEND;VALUE=DATE:20300105\n"
            + "END:VEVENT\nEND:VCALENDAR\n"
        let blocks = try ICalendar.parse(text, timeZone: Self.bangkok, today: Self.today)
        // From 20 November 2026: to the end of November 2028.
        #expect(ICalendar.horizon(today: Self.today) == Self.day("2028-12-01"))
        #expect(
            blocks.map(\.nights) == [try Nights(arrival: Self.day("2027-01-01"), departure: Self.day("2028-12-01"))])
        #expect(ICalendar.horizon(today: Self.day("2026-12-31")) == Self.day("2029-01-01"))
    }

    @Test func theBusyCalendarReadsBackAsTheSameNightsWithoutGuestNames() throws {
        let nights = try Nights(arrival: Self.day("2026-12-30"), departure: Self.day("2027-01-02"))
        let text = ICalendar.busyCalendar(
            name: "Baan Suan, room 101", blocks: [(uid: "segment-7@frontdesk", nights: nights)],
            stamp: Date(timeIntervalSince1970: 1_795_000_000))
        #expect(text.contains("DTSTART;VALUE=DATE:20261230\r\nDTEND;VALUE=DATE:20270102\r\n"))
        #expect(text.contains("X-WR-CALNAME:Baan Suan\\, room 101\r\n"))
        #expect(text.split(separator: "\r\n").allSatisfy { $0.utf8.count <= 75 })
        #expect(
            try ICalendar.parse(text, timeZone: Self.bangkok, today: Self.today) == [
                ICalBlock(uid: "segment-7@frontdesk", nights: nights, summary: "Not available")
            ])
    }
}
