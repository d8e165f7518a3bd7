import Foundation

/// Nights a room is taken, as channel managers (Airbnb, Booking.com, VRBO) exchange them: an iCalendar
/// (RFC 5545) file of all-day events, each from the first night to the departure day.
public struct ICalBlock: Hashable, Sendable {
    /// The event's `UID`, stable across exports of the same booking.
    public var uid: String
    public var nights: Nights
    /// The event's `SUMMARY` ("Reserved", "Airbnb (Not available)"), at most 200 characters.
    public var summary: String

    public init(uid: String, nights: Nights, summary: String) {
        self.uid = uid
        self.nights = nights
        self.summary = summary
    }
}

public enum ICalendar {
    /// Events a calendar may hold before it is refused as not a room's calendar.
    public static let maxEvents = 5000

    /// How far ahead an imported event holds a room: to the end of the month two years from today. A
    /// channel's "not available" runs to its own horizon, often years; the nights past ours are nights no
    /// one books, and a feed that says 2130 must not block a room for a century. Rounded to a month, so
    /// that a long event is not replaced at every day's sync.
    public static func horizon(today: Day) -> Day {
        let civil = today.civil
        let month = civil.month == 12 ? 1 : civil.month + 1
        return Day(year: civil.year + 2 + (civil.month == 12 ? 1 : 0), month: month, day: 1)
    }

    /// The blocks of a calendar: every `VEVENT` with a start, that is not cancelled and covers at least
    /// one night before the horizon (`horizon(today:)`), cut there. All-day dates are taken as they are;
    /// a date-time in UTC is read in `timeZone` (the property's), a local one as its date; an event
    /// without an end lasts one night.
    ///
    /// A file cut short (no `END:VCALENDAR` at its end, an event never ended) is refused whole: a
    /// calendar half read would look like bookings cancelled, and free nights another channel sold.
    public static func parse(_ text: String, timeZone: TimeZone, today: Day) throws(DomainError) -> [ICalBlock] {
        let lines = unfolded(text).filter { !$0.isEmpty }
        guard lines.first?.uppercased() == "BEGIN:VCALENDAR" else {
            throw .invalid("calendar", "is not an iCalendar file (it must start with BEGIN:VCALENDAR)")
        }
        guard lines.last?.uppercased() == "END:VCALENDAR" else {
            throw .invalid("calendar", "is cut short: it does not end with END:VCALENDAR")
        }
        let horizon = horizon(today: today)
        var blocks: [ICalBlock] = []
        var event: [String: (parameters: String, value: String)]?
        for line in lines {
            let upper = line.uppercased()
            if upper == "BEGIN:VEVENT" || upper == "END:VCALENDAR" {
                guard event == nil else {
                    throw .invalid("calendar", "is malformed: an event begins before the one before it ends")
                }
                if upper == "BEGIN:VEVENT" { event = [:] }
            } else if upper == "END:VEVENT" {
                guard let fields = event else {
                    throw .invalid("calendar", "is malformed: an event ends that never began")
                }
                if let block = try block(from: fields, number: blocks.count, timeZone: timeZone, horizon: horizon) {
                    blocks.append(block)
                    if blocks.count > maxEvents {
                        throw .invalid("calendar", "has more than \(maxEvents) events")
                    }
                }
                event = nil
            } else if event != nil, let colon = line.firstIndex(of: ":") {
                let head = line[..<colon]
                let name = head.prefix { $0 != ";" }.uppercased()
                event?[name] = (String(head.dropFirst(name.count)), String(line[line.index(after: colon)...]))
            }
        }
        return blocks
    }

    /// A calendar of busy nights, one all-day event each, with no guest's name in it: the feed is read
    /// by other companies.
    public static func busyCalendar(name: String, blocks: [(uid: String, nights: Nights)], stamp: Date) -> String {
        let stamp = utcStamp(stamp)
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Frontdesk//Room calendar//EN", "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH", "X-WR-CALNAME:\(escaped(name))",
        ]
        for block in blocks {
            lines += [
                "BEGIN:VEVENT", "UID:\(escaped(block.uid))", "DTSTAMP:\(stamp)",
                "DTSTART;VALUE=DATE:\(basic(block.nights.arrival))",
                "DTEND;VALUE=DATE:\(basic(block.nights.departure))",
                "SUMMARY:Not available", "TRANSP:OPAQUE", "END:VEVENT",
            ]
        }
        lines.append("END:VCALENDAR")
        return lines.map(folded).joined(separator: "\r\n") + "\r\n"
    }

    private static func block(
        from fields: [String: (parameters: String, value: String)], number: Int, timeZone: TimeZone, horizon: Day
    ) throws(DomainError) -> ICalBlock? {
        if fields["STATUS"]?.value.uppercased() == "CANCELLED" { return nil }
        guard let start = fields["DTSTART"] else { return nil }
        let arrival = try day(start.value, timeZone: timeZone)
        let departure = try fields["DTEND"].map { field throws(DomainError) in try day(field.value, timeZone: timeZone)
        }
        guard let nights = try? Nights(arrival: arrival, departure: min(departure ?? arrival.adding(days: 1), horizon))
        else {
            return nil  // ends on the day it starts, or starts past the horizon: no night taken
        }
        let uid = fields["UID"]?.value.trimmingCharacters(in: .whitespaces) ?? ""
        // Tabs and other control characters are legal in iCal text, not in a name the desk shows.
        let summary = String(
            String.UnicodeScalarView(
                unescaped(fields["SUMMARY"]?.value ?? "").unicodeScalars.map {
                    $0.properties.generalCategory == .control ? " " : $0
                }))
        return ICalBlock(
            uid: uid.isEmpty ? "event-\(number)-\(arrival.iso)" : String(uid.prefix(255)),
            nights: nights, summary: String(summary.prefix(200)))
    }

    /// `20261201`, `20261201T140000Z` (UTC) or `20261201T140000` (local time).
    private static func day(_ value: String, timeZone: TimeZone) throws(DomainError) -> Day {
        let text = value.trimmingCharacters(in: .whitespaces)
        let digits = text.prefix(8)
        guard digits.count == 8, digits.allSatisfy(\.isASCII), let number = Int(digits),
            let day = Day(iso: "\(number / 10000)-\(pad(number / 100 % 100))-\(pad(number % 100))")
        else { throw .invalid("calendar", "'\(text.prefix(40))' is not an iCalendar date") }
        guard text.hasSuffix("Z"), text.count == 16, let time = Int(text.dropFirst(9).prefix(6)) else { return day }
        let seconds = (day.number * 86_400) + (time / 10000) * 3600 + (time / 100 % 100) * 60 + time % 100
        return Day.today(in: timeZone, now: Date(timeIntervalSince1970: Double(seconds)))
    }

    /// Lines with RFC 5545 folding undone (a line break followed by a space or tab continues the line).
    private static func unfolded(_ text: String) -> [String] {
        var lines: [String] = []
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            var line = String(raw)
            if line.hasSuffix("\r") { line.removeLast() }
            if let first = line.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1] += line.dropFirst()
            } else {
                lines.append(line)
            }
        }
        return lines
    }

    /// Lines longer than 75 octets folded, as RFC 5545 asks.
    private static func folded(_ line: String) -> String {
        var parts: [String] = []
        var current = ""
        for character in line {
            if current.utf8.count + String(character).utf8.count > (parts.isEmpty ? 75 : 74) {
                parts.append(current)
                current = ""
            }
            current.append(character)
        }
        parts.append(current)
        return parts.joined(separator: "\r\n ")
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ";", with: "\\;")
            .replacingOccurrences(of: ",", with: "\\,").replacingOccurrences(of: "\n", with: "\\n")
    }

    private static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\n", with: " ").replacingOccurrences(of: "\\N", with: " ")
            .replacingOccurrences(of: "\\,", with: ",").replacingOccurrences(of: "\\;", with: ";")
            .replacingOccurrences(of: "\\\\", with: "\\")
    }

    private static func basic(_ day: Day) -> String { day.iso.replacingOccurrences(of: "-", with: "") }

    private static func pad(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }

    private static func utcStamp(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970)
        let day = Day(seconds.floorDivided(by: 86_400))
        let time = seconds - day.number * 86_400
        return "\(basic(day))T\(pad(time / 3600))\(pad(time / 60 % 60))\(pad(time % 60))Z"
    }
}

extension Int {
    fileprivate func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
