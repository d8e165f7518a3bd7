import Foundation
import Timeline

/// A calendar date in a property's time zone: a count of days since 1970-01-01. Stays are made of
/// nights, and a night is named by the date it starts on.
public struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var number: Int

    public init(_ number: Int) {
        self.number = number
    }

    public init(year: Int, month: Int, day: Int) {
        self.number = CalendarDay(year: year, month: month, day: day).daysSince1970
    }

    /// The years a date may fall in: nothing a hotel books, bills or reports on is outside them, and
    /// day arithmetic on them stays small.
    public static let years = 1900...2199

    /// A strict `YYYY-MM-DD` in `Day.years`, or nil: no other form, no impossible dates (2026-02-30).
    public init?(iso text: String) {
        // Read as bytes (a file of stays has hundreds of thousands of dates): ten of them, ASCII digits
        // around two hyphens, so no number is longer than four digits.
        guard text.utf8.count == 10 else { return nil }
        var fields = (year: 0, month: 0, day: 0)
        for (position, byte) in text.utf8.enumerated() {
            if position == 4 || position == 7 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let digit = Int(byte - UInt8(ascii: "0"))
            switch position {
            case 0..<4: fields.year = fields.year * 10 + digit
            case 5..<7: fields.month = fields.month * 10 + digit
            default: fields.day = fields.day * 10 + digit
            }
        }
        let (year, month, day) = fields
        guard Self.years.contains(year), (1...12).contains(month),
            (1...CalendarDay.daysInMonth(year: year, month: month)).contains(day)
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Parses a field of a request, or says which field is wrong and why.
    public static func parse(_ text: String, field: String) throws(DomainError) -> Day {
        guard let day = Day(iso: text) else {
            throw .invalid(
                field,
                "'\(text.prefix(40))' is not a date (YYYY-MM-DD, from \(years.lowerBound) to \(years.upperBound))",
                reason: .dateInvalid)
        }
        return day
    }

    public var civil: CalendarDay { CalendarDay(daysSince1970: number) }

    public var iso: String {
        let date = civil
        let month = date.month < 10 ? "0\(date.month)" : "\(date.month)"
        let day = date.day < 10 ? "0\(date.day)" : "\(date.day)"
        return "\(date.year)-\(month)-\(day)"
    }

    public var description: String { iso }

    public func adding(days: Int) -> Day { Day(number + days) }

    /// 0 is Sunday ... 6 is Saturday.
    public var weekday: Int { CalendarDay.weekday(ofDay: number) }

    public static func < (lhs: Day, rhs: Day) -> Bool { lhs.number < rhs.number }

    /// The date it is now in a time zone (a property's, by its IANA name).
    public static func today(in timeZone: TimeZone, now: Date) -> Day {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: now)
        return Day(year: parts.year!, month: parts.month!, day: parts.day!)
    }

    /// The instant of a minute of this day in a time zone, daylight-saving changes included. A minute the
    /// clocks skip (02:30 when they go from 02:00 to 03:00) is the instant they skip to, so that two ranges
    /// of minutes that touch in the gap still touch, and a range inside it is empty.
    public func instant(atMinute minute: Int, in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let date = civil
        let components = DateComponents(
            year: date.year, month: date.month, day: date.day, hour: minute / 60, minute: minute % 60)
        let instant = calendar.date(from: components)!
        // Foundation moves a skipped minute forward by the gap: back to where the clocks went forward.
        let shown = calendar.dateComponents([.day, .hour, .minute], from: instant)
        guard shown.day == date.day, let hour = shown.hour, let shownMinute = shown.minute,
            hour * 60 + shownMinute != minute, minute < 24 * 60
        else { return instant }
        let gap = TimeInterval((hour * 60 + shownMinute - minute) * 60)
        return timeZone.nextDaylightSavingTimeTransition(after: instant - gap - 1) ?? instant
    }
}

/// Half-open nights `[arrival, departure)`: a stay from the 1st to the 3rd has the nights of the 1st
/// and the 2nd, so the next guest can arrive on the 3rd.
public struct Nights: Hashable, Sendable, Sequence {
    public var arrival: Day
    public var departure: Day

    /// Nights from arrival to departure, refused unless the departure comes after the arrival.
    public init(arrival: Day, departure: Day) throws(DomainError) {
        guard departure > arrival else {
            throw .invalid("departure", "departure \(departure) must be after arrival \(arrival) (at least one night)")
        }
        self.arrival = arrival
        self.departure = departure
    }

    public var count: Int { departure.number - arrival.number }

    public func contains(_ night: Day) -> Bool { night >= arrival && night < departure }

    public func overlaps(_ other: Nights) -> Bool { arrival < other.departure && other.arrival < departure }

    public func makeIterator() -> AnyIterator<Day> {
        var next = arrival
        let end = departure
        return AnyIterator {
            guard next < end else { return nil }
            defer { next = next.adding(days: 1) }
            return next
        }
    }
}
