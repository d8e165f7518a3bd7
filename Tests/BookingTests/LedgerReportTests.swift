import Booking
import Testing

/// What a hotel's ledger says it owes of the taxes inside its prices: each line by the taxes it was posted
/// with, not the property's taxes on the day the report is read.
struct LedgerReportTests {
    static let day = Day(year: 2026, month: 12, day: 31)

    static func charge(_ id: Int, _ amount: Int, _ taxes: LineTaxes?, night: Day? = nil) -> LedgerReport.Line {
        LedgerReport.Line(
            day: day, entryID: id, stayID: 1, confirmationCode: "FD-TEST", guestName: "An", kind: .charge,
            description: "Line \(id)", category: night == nil ? .food : .room, method: nil, reverses: nil,
            amount: Money(amount, .vnd), taxes: taxes, night: night)
    }

    /// A night of 2026-12-31 at 8 %, a night of 2027-01-01 at 10 % (both posted at check-in on the 31st), a
    /// lunch whose 8 % has since become 10 % in the settings, a fee outside the tax, and a line that kept
    /// nothing (read with the settings now).
    @Test func eachLineCountsByTheTaxesItWasPostedWith() {
        let through = Tax(
            id: 1, name: "VAT", basis: .includedShare, basisPoints: 800, through: Self.day)
        let after = Tax(
            id: 2, name: "VAT", basis: .includedShare, basisPoints: 1_000, from: Self.day.adding(days: 1))
        let now = [Tax(id: 1, name: "VAT", basis: .includedShare, basisPoints: 1_000), after]
        let lines = [
            Self.charge(1, 1_080_000, LineTaxes(included: [through]), night: Self.day),
            Self.charge(2, 1_100_000, LineTaxes(included: [after]), night: Self.day.adding(days: 1)),
            Self.charge(3, 108_000, LineTaxes(included: [through])),
            Self.charge(4, 500_000, LineTaxes(taxClass: .outside, included: [])),
            Self.charge(5, 110_000, nil),
        ]
        let report = LedgerReport(first: Self.day, last: Self.day, currency: .vnd, lines: lines)
        let included = report.includedTaxes(now)
        // 8 % inside 1,188,000 is 88,000; 10 % inside the night of the 1st, 100,000; the line that kept nothing,
        // 10 % inside 110,000 by the settings now. The fee bears none.
        #expect(included.map(\.amount.amount).sorted() == [10_000, 88_000, 100_000])
        #expect(included.first { $0.amount.amount == 88_000 }?.basisPoints == 800)
    }
}
