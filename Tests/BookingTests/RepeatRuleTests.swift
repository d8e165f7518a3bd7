import Foundation
import Testing

@testable import Booking

/// A series' visits: the rule's weeks apart at the same hour of the salon's day, every bound checked.
struct RepeatRuleTests {
    @Test func visitsKeepTheHourOfTheSalonsDayAcrossAClockChange() throws {
        let zone = try #require(TimeZone(identifier: "America/New_York"))
        // 1 March 2027, 10:00 in New York (15:00 UTC); the clocks go forward on 14 March.
        let first = Day(year: 2027, month: 3, day: 1).instant(atMinute: 600, in: zone)
        let starts = RepeatRule(everyWeeks: 2, times: 3).starts(
            from: Int(first.timeIntervalSince1970) / 60, in: zone)
        let days = [1, 15, 29].map { Day(year: 2027, month: 3, day: $0) }
        #expect(starts == days.map { Int($0.instant(atMinute: 600, in: zone).timeIntervalSince1970) / 60 })
        #expect(starts[1] - starts[0] == 14 * 1440 - 60)
    }

    @Test func aRuleOutOfBoundsIsRefusedNamingItsField() {
        func field(_ rule: RepeatRule) -> String? {
            do {
                try rule.validate()
                return nil
            } catch { return error.field }
        }
        #expect(field(RepeatRule(everyWeeks: 4, times: 6)) == nil)
        #expect(field(RepeatRule(everyWeeks: 0, times: 6)) == "repeat.everyWeeks")
        #expect(field(RepeatRule(everyWeeks: 27, times: 6)) == "repeat.everyWeeks")
        #expect(field(RepeatRule(everyWeeks: 4, times: 1)) == "repeat.times")
        #expect(field(RepeatRule(everyWeeks: 4, times: 53)) == "repeat.times")
    }
}
