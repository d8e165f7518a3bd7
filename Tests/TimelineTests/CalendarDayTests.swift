import Testing

@testable import Timeline

struct CalendarDayTests {
    @Test func knownDatesMatchTheirDayNumbers() {
        #expect(CalendarDay(daysSince1970: 0) == CalendarDay(year: 1970, month: 1, day: 1))
        #expect(CalendarDay(year: 2026, month: 11, day: 22).daysSince1970 == 20_779)
        #expect(CalendarDay(daysSince1970: 11_016) == CalendarDay(year: 2000, month: 2, day: 29))
        #expect(CalendarDay(daysSince1970: -1) == CalendarDay(year: 1969, month: 12, day: 31))
    }

    @Test func dayNumbersRoundTripOverFourCenturies() {
        for days in stride(from: -146_097, through: 146_097, by: 7) {
            #expect(CalendarDay(daysSince1970: days).daysSince1970 == days)
        }
    }

    @Test func weekdayCountsFromThursdayTheFirstOfJanuary1970() {
        #expect(CalendarDay.weekday(ofDay: 0) == 4)
        #expect(CalendarDay.weekday(ofDay: 20_779) == 0)  // 2026-11-22 is a Sunday
        #expect(CalendarDay.weekday(ofDay: -4) == 0)
    }

    @Test func februaryHasTwentyNineDaysInLeapYearsOnly() {
        #expect(CalendarDay.daysInMonth(year: 2024, month: 2) == 29)
        #expect(CalendarDay.daysInMonth(year: 2100, month: 2) == 28)
        #expect(CalendarDay.daysInMonth(year: 2000, month: 2) == 29)
        #expect(CalendarDay.daysInMonth(year: 2026, month: 4) == 30)
    }
}
