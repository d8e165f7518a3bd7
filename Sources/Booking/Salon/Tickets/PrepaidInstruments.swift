import Foundation
import Timeline

/// What Japan's law asks of a salon's ticket books (`TicketBook`), for a salon pricing in yen:
/// - **The Payment Services Act** (資金決済法): a book usable beyond six months from its sale is a prepaid
///   payment instrument (前払式支払手段). On each reference date (基準日: 31 March and 30 September) the
///   unused value of those still valid counts; over ¥10 million the salon must notify the Finance Bureau and
///   deposit half of it (発行保証金).
/// - **The Specified Commercial Transactions Act** (特定商取引法): a course over ¥50,000 that runs more than
///   a month is a continuous service (特定継続的役務提供), which its customer may cancel within eight days
///   of its contract (クーリング・オフ), the day of the contract the first of them; after them, end at any
///   time (中途解約), the salon keeping at most the smaller of ¥20,000 and a tenth of the value not yet used
///   (as for エステ, 特定商取引法施行令 別表第四) and nothing within the eight days.
///
/// Periods of months are counted as the Civil Code counts them (民法 140-143): from the day of the sale, a
/// period of months ends the day before the day of the same number in its last month, or on that month's
/// last day when it has no such day.
public enum PrepaidInstruments {
    /// The months a book may run and still not be an instrument.
    public static let exemptMonths = 6
    /// The unused value on a reference date over which the salon notifies and deposits.
    public static let threshold = Money(10_000_000, .jpy)
    /// A course over this, running over a month, may be cancelled within `coolingOffDays`.
    public static let coursePrice = Money(50_000, .jpy)
    public static let courseMonths = 1
    public static let coolingOffDays = 8
    /// The most a salon keeps when a course is ended after its cooling-off: this, or the unused value
    /// divided by `courseEndingDivisor` (a tenth), whichever is less.
    public static let courseEndingFeeCap = Money(20_000, .jpy)
    public static let courseEndingDivisor = 10

    /// The last day of `months` months counted from `day` (that day the first).
    public static func lastDay(ofMonths months: Int, from day: Day) -> Day {
        let start = day.civil
        let monthIndex = start.month - 1 + months
        let year = start.year + monthIndex / 12
        let month = monthIndex % 12 + 1
        let days = CalendarDay.daysInMonth(year: year, month: month)
        guard start.day <= days else { return Day(year: year, month: month, day: days) }
        return Day(year: year, month: month, day: start.day).adding(days: -1)
    }

    /// Whether `book` is a prepaid payment instrument: usable after the six months from its sale.
    public static func isInstrument(_ book: TicketBook) -> Bool {
        book.lastDay > lastDay(ofMonths: exemptMonths, from: book.soldOn)
    }

    /// The reference dates of a year: 31 March and 30 September.
    public static func referenceDates(of year: Int) -> [Day] {
        [Day(year: year, month: 3, day: 31), Day(year: year, month: 9, day: 30)]
    }

    /// The latest reference date on or before `day`.
    public static func referenceDate(onOrBefore day: Day) -> Day {
        let year = day.civil.year
        return (referenceDates(of: year - 1) + referenceDates(of: year)).last { $0 <= day }!
    }

    /// The first reference date after `day`.
    public static func referenceDate(after day: Day) -> Day {
        let year = day.civil.year
        return (referenceDates(of: year) + referenceDates(of: year + 1)).first { $0 > day }!
    }

    /// A salon's books on a reference date.
    public struct Balance: Hashable, Sendable {
        public var date: Day
        /// The unused value of the instruments sold by then, still valid on it and not ended.
        public var unused: Money
        /// How many books that value is of.
        public var books: Int
        /// Whether it is over `threshold`: the salon notifies and deposits.
        public var overThreshold: Bool
        /// Half of the unused value, rounded up to the yen, when over the threshold; zero otherwise.
        public var deposit: Money
    }

    /// The balance on `date` of a salon's `books`, each as it stood at the end of that day (its `drawn` the
    /// units of the draws up to then); nil for a salon pricing in another currency than yen, to which the
    /// act does not apply.
    public static func balance(of books: [TicketBook], on date: Day, currency: Currency) -> Balance? {
        guard currency == .jpy else { return nil }
        let counted = books.filter { $0.soldOn <= date && date <= $0.lastDay && $0.ending == nil && isInstrument($0) }
        let unused = counted.map(\.unusedValue.amount).saturatedSum()
        let over = unused > threshold.amount
        return Balance(
            date: date, unused: Money(unused, .jpy), books: counted.count, overThreshold: over,
            deposit: Money(over ? unused / 2 + unused % 2 : 0, .jpy))
    }

    /// The last day `book`'s customer may cancel it, when it is a course the act covers: over
    /// `coursePrice`, running more than a month; nil otherwise.
    public static func coolingOffUntil(_ book: TicketBook) -> Day? {
        guard book.price.currency == .jpy, book.price.amount > coursePrice.amount,
            book.lastDay > lastDay(ofMonths: courseMonths, from: book.soldOn)
        else { return nil }
        return book.soldOn.adding(days: coolingOffDays - 1)
    }

    /// The most the salon may keep of `unused` when a course is ended on `day`: nothing until its cooling-off
    /// ends (`coolingOffUntil`), then the smaller of `courseEndingFeeCap` and a tenth of `unused`, rounded down
    /// (the customer's way).
    public static func courseEndingFee(unused: Money, coolingOffUntil: Day, on day: Day) -> Money {
        guard day > coolingOffUntil else { return .zero(unused.currency) }
        return Money(min(courseEndingFeeCap.amount, unused.amount / courseEndingDivisor), unused.currency)
    }
}
