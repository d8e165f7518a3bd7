import Foundation
import PropertyBased
import Testing

@testable import Booking

/// The tax engine against each market's law, worked out here by hand, and against a brute-force
/// computation on random taxes and lines.
struct TaxEngineTests {
    static let day = Day(iso: "2026-11-10")!

    static func assess(
        _ lines: [TaxableLine], _ taxes: [Tax], party: Party = Party(adults: 1), currency: Currency = .jpy
    ) -> TaxAssessment {
        TaxEngine.assess(lines, taxes: taxes, party: party, currency: currency)
    }

    @Test func aThaiServiceChargeComesFirstAndVATIsChargedOnBoth() {
        let taxes = [
            Tax(name: "Service charge", basisPoints: 1_000),
            Tax(name: "VAT", basis: .share, basisPoints: 700, compounds: true),
        ]
        let taxed = Self.assess(
            [TaxableLine(amount: .whole(1_000, .thb), kind: .room, day: Self.day)], taxes, currency: .thb)
        #expect(taxed.charges.map(\.amount) == [.whole(100, .thb), .whole(77, .thb)])
        #expect(taxed.charges.map(\.base) == [.whole(1_000, .thb), .whole(1_100, .thb)])
        #expect(taxed.addedTotal == .whole(177, .thb))
    }

    @Test func thaiPricesWithServiceAndVATInsideAreSplitTheSameWay() {
        let taxes = [
            Tax(name: "Service charge", basis: .includedShare, basisPoints: 1_000),
            Tax(name: "VAT", basis: .includedShare, basisPoints: 700, compounds: true),
        ]
        let taxed = Self.assess([TaxableLine(amount: .whole(1_177, .thb), day: Self.day)], taxes, currency: .thb)
        #expect(taxed.included.map(\.amount) == [.whole(100, .thb), .whole(77, .thb)])
        #expect(taxed.addedTotal == .zero(.thb))
    }

    @Test func japansConsumptionTaxIsRoundedOncePerRateNotLineByLine() {
        let taxes = [
            Tax(name: "消費税", basis: .includedShare, basisPoints: 1_000, rounding: .down),
            Tax(name: "消費税（軽減）", basis: .includedShare, basisPoints: 800, appliesTo: .reduced, rounding: .down),
        ]
        let lines =
            Array(repeating: TaxableLine(amount: .whole(1_005, .jpy), day: Self.day), count: 3) + [
                TaxableLine(amount: .whole(1_080, .jpy), taxClass: .reduced, day: Self.day),
                TaxableLine(amount: .whole(5_000, .jpy), taxClass: .outside, day: Self.day),
            ]
        let taxed = Self.assess(lines, taxes)
        // 3,015 yen with 10 % inside is 274.09 yen (three lines of 91.36 would be 273); 1,080 at 8 % is 80;
        // the fee outside the tax bears none.
        #expect(taxed.included.map(\.amount) == [.whole(3_015 * 10 / 110, .jpy), .whole(80, .jpy)])
        #expect(taxed.included.map(\.base) == [.whole(3_015, .jpy), .whole(1_080, .jpy)])
    }

    @Test func tokyosAccommodationTaxIsByTheBandOfEachGuestsRoomOnlyPriceWithoutConsumptionTax() {
        let tokyo = Tax(
            name: "宿泊税", basis: .perPersonNight,
            bands: [
                .init(from: .zero(.jpy), amount: .zero(.jpy)),
                .init(from: .whole(10_000, .jpy), amount: .whole(100, .jpy)),
                .init(from: .whole(15_000, .jpy), amount: .whole(200, .jpy)),
            ])
        let vat = Tax(name: "消費税", basis: .includedShare, basisPoints: 1_000)
        // Two guests: 24,000 yen a night is 10,909 yen each without the tax inside (¥100); 21,800 is 9,909 (nothing);
        // 33,000 is 15,000 (¥200).
        let nights = [24_000, 21_800, 33_000].enumerated().map { index, price in
            TaxableLine(amount: .whole(price, .jpy), kind: .room, day: Self.day.adding(days: index))
        }
        let taxed = Self.assess(nights, [vat, tokyo], party: Party(adults: 2))
        let accommodation = taxed.added
        #expect(accommodation.map(\.unitAmount) == [.whole(100, .jpy), .whole(200, .jpy)])
        #expect(accommodation.map(\.units) == [2, 2])
        #expect(taxed.addedTotal == .whole(2 * 100 + 2 * 200, .jpy))
    }

    @Test func kyotosBandsApplyByTheNightsDate() {
        let march = Day(iso: "2026-03-01")!
        let before = Tax(
            name: "宿泊税", basis: .perPersonNight, bands: [.init(from: .zero(.jpy), amount: .whole(200, .jpy))],
            through: march.adding(days: -1))
        let after = Tax(
            name: "宿泊税", basis: .perPersonNight,
            bands: [
                .init(from: .zero(.jpy), amount: .whole(200, .jpy)),
                .init(from: .whole(6_000, .jpy), amount: .whole(400, .jpy)),
                .init(from: .whole(20_000, .jpy), amount: .whole(1_000, .jpy)),
            ], from: march)
        let nights = [march.adding(days: -1), march].map {
            TaxableLine(amount: .whole(8_000, .jpy), kind: .room, day: $0)
        }
        let taxed = Self.assess(nights, [before, after])
        #expect(taxed.charges.map(\.amount) == [.whole(200, .jpy), .whole(400, .jpy)])
        #expect(taxed.charges.map(\.tax.from) == [nil, march])
    }

    @Test func vietnamsVATFollowsTheDayOfTheService() {
        let newYear = Day(iso: "2027-01-01")!
        let taxes = [
            Tax(name: "VAT", basis: .share, basisPoints: 800, through: newYear.adding(days: -1)),
            Tax(name: "VAT", basis: .share, basisPoints: 1_000, from: newYear),
        ]
        let nights = [newYear.adding(days: -1), newYear].map {
            TaxableLine(amount: Money(1_500_000, .vnd), kind: .room, day: $0)
        }
        let taxed = Self.assess(nights, taxes, currency: .vnd)
        #expect(taxed.charges.map(\.tax.basisPoints) == [800, 1_000])
        #expect(taxed.charges.map(\.amount) == [Money(120_000, .vnd), Money(150_000, .vnd)])
    }

    @Test func aTaxByTheNightStopsAtItsCapAndSkipsTheGuestsItExempts() {
        let city = Tax(
            name: "City tax", basis: .perPersonNight, amount: .whole(50, .thb), exemptChildren: true, maxNights: 2)
        let nights = (0..<4).map { TaxableLine(amount: .whole(900, .thb), kind: .room, day: Self.day.adding(days: $0)) }
        let taxed = Self.assess(nights, [city], party: Party(adults: 2, children: 1), currency: .thb)
        #expect(taxed.charges.map(\.units) == [2 * 2])
        #expect(taxed.addedTotal == .whole(2 * 2 * 50, .thb))
    }

    @Test func eachRoundingModeRoundsTheWholeOnce() {
        let line = TaxableLine(amount: Money(1_005, .jpy), day: Self.day)
        let rounded = { (rounding: TaxRounding) -> Int in
            Self.assess([line, line], [Tax(name: "T", basis: .share, basisPoints: 1_025, rounding: rounding)])
                .addedTotal.amount
        }
        // 2,010 × 10.25 % = 206.025
        let amounts: [Int] = [rounded(.down), rounded(.halfUp), rounded(.up)]
        #expect(amounts == [206, 206, 207])
    }

    // MARK: - Against a brute-force computation

    @Test func theEngineAgreesWithABruteForceComputationOnRandomTaxesAndLines() async {
        await propertyCheck(count: 300, input: TaxCase.generator) { taxCase in
            let engine = TaxEngine.assess(
                taxCase.lines, taxes: taxCase.taxes, party: taxCase.party, currency: .thb)
            let oracle = BruteForceTaxes(taxCase)
            #expect(engine.charges.map(\.amount.amount) == oracle.amounts, "\(taxCase)")
            #expect(engine.charges.map(\.tax) == oracle.taxes, "\(taxCase)")
        }
    }
}

/// Random taxes (shares added or included, compounding or not, standard or reduced; taxes by the room or
/// the guest a night with bands and caps; each with dates or none and a rounding) and lines over ten days.
struct TaxCase: CustomStringConvertible {
    var taxes: [Tax]
    var lines: [TaxableLine]
    var party: Party

    static let start = Day(iso: "2026-12-28")!

    var description: String { "taxes \(taxes) lines \(lines) party \(party)" }

    static let tax = zip(
        Gen.int(in: 0...3), Gen.int(in: 1...2_500), Gen.bool(0.4), Gen.bool(0.3),
        zip(Gen.int(in: -1...9), Gen.int(in: -1...9)), Gen.int(in: 0...2),
        zip(Gen.int(in: 0...40_000), Gen.int(in: 0...3_000)).array(of: 0...3), Gen.int(in: 0...5)
    )
    .map { basis, rate, compounds, reduced, dates, rounding, bands, cap in
        let basis = Tax.Basis.allCases[basis]
        let share = basis == .share || basis == .includedShare
        let (from, through) = dates
        var risingBands: [Tax.Band] = []
        for (price, amount) in bands.sorted(by: { $0.0 < $1.0 }) where risingBands.last?.from.amount != price {
            risingBands.append(Tax.Band(from: Money(price, .thb), amount: Money(amount, .thb)))
        }
        return Tax(
            name: "Tax", basis: basis, basisPoints: share ? (compounds ? rate : rate / 250 * 250 + 250) : 0,
            amount: share ? nil : Money(rate * 10, .thb),
            exemptChildren: reduced, exemptInfants: compounds, maxNights: share || cap == 0 ? nil : cap,
            compounds: share && compounds, appliesTo: share && reduced ? .reduced : .standard,
            bands: share ? [] : risingBands, from: from < 0 ? nil : start.adding(days: from),
            through: through < 0 ? nil : start.adding(days: max(through, max(from, 0))),
            rounding: TaxRounding.allCases[rounding])
    }

    /// Amounts of whole halves of a hundred often, so that exact halves meet the rounding.
    static let line = zip(
        Gen.int(in: 0...500_000), Gen.bool(0.5), Gen.int(in: 0...2), Gen.int(in: 0...9), Gen.bool(0.5)
    )
    .map { amount, room, taxClass, day, round in
        TaxableLine(
            amount: Money(round ? amount / 1_000 * 50 : amount, .thb), kind: room ? .room : .charge,
            taxClass: TaxClass.allCases[taxClass],
            day: start.adding(days: day))
    }

    static let generator = zip(
        tax.array(of: 1...5), line.array(of: 1...10), zip(Gen.int(in: 0...3), Gen.int(in: 0...2), Gen.int(in: 0...2))
    )
    .map { taxes, lines, party in
        TaxCase(taxes: taxes, lines: lines, party: Party(adults: party.0, children: party.1, infants: party.2))
    }
}

/// The taxes worked out the long way: each line's price before tax found by applying the rates to one
/// unit and dividing, every tax's part of every line kept as an exact fraction, the fractions of a charge
/// added up and rounded once; taxes by the night counted a night and a guest at a time.
struct BruteForceTaxes {
    var amounts: [Int] = []
    var taxes: [Tax] = []

    init(_ taxCase: TaxCase) {
        var sums: [(key: String, tax: Tax, sum: Fraction)] = []
        func add(_ key: String, _ tax: Tax, _ part: Fraction) {
            if let index = sums.firstIndex(where: { $0.key == key }) {
                sums[index].sum = sums[index].sum + part
            } else {
                sums.append((key, tax, part))
            }
        }
        var counted: [Int: Int] = [:]
        for line in taxCase.lines.sorted(by: { $0.day < $1.day }) where line.taxClass != .outside {
            let applying = taxCase.taxes.indices.filter { index in
                let tax = taxCase.taxes[index]
                return (tax.from == nil || tax.from! <= line.day) && (tax.through == nil || line.day <= tax.through!)
            }
            let shares = applying.filter {
                let tax = taxCase.taxes[$0]
                return (tax.basis == .share || tax.basis == .includedShare) && tax.appliesTo == line.taxClass
            }
            let included = shares.filter { taxCase.taxes[$0].basis == .includedShare }
            let added = shares.filter { taxCase.taxes[$0].basis == .share }
            // Inside: what one unit before tax grows to, then the line's price before tax.
            func grown(_ net: Fraction, _ indices: [Int]) -> [(Int, Fraction)] {
                let rate = { (index: Int) in Fraction(taxCase.taxes[index].basisPoints, 10_000) }
                let simple = indices.filter { !taxCase.taxes[$0].compounds }.map { ($0, net * rate($0)) }
                let withSimple = simple.reduce(net) { $0 + $1.1 }
                let compounding = indices.filter { taxCase.taxes[$0].compounds }.map { ($0, withSimple * rate($0)) }
                return indices.map { index in (simple + compounding).first { $0.0 == index }! }
            }
            let perUnit = grown(Fraction(1, 1), included).reduce(Fraction(1, 1)) { $0 + $1.1 }
            let net = Fraction(line.amount.amount, 1) / perUnit
            let sum = { (indices: [Int], compounding: Bool) in
                indices.map { taxCase.taxes[$0] }.filter { $0.compounds == compounding }.map(\.basisPoints)
                    .reduce(0, +)
            }
            let (includedSimple, includedCompounding) = (sum(included, false), sum(included, true))
            let addedSimple = sum(added, false)
            let inside = grown(net, included)
            let onTop = grown(Fraction(line.amount.amount, 1), added)
            for index in shares {
                let tax = taxCase.taxes[index]
                if tax.basis == .includedShare {
                    let signature = tax.compounds ? [includedCompounding] : [includedSimple, includedCompounding]
                    add("\(index) \(signature)", tax, inside.first { $0.0 == index }!.1)
                } else {
                    add("\(index) \(tax.compounds ? [addedSimple] : [])", tax, onTop.first { $0.0 == index }!.1)
                }
            }
            guard line.kind == .room else { continue }
            let guests = taxCase.party.adults + taxCase.party.children
            for index in applying {
                let tax = taxCase.taxes[index]
                guard tax.basis == .perNight || tax.basis == .perPersonNight else { continue }
                guard counted[index, default: 0] < (tax.maxNights ?? 1_000) else { continue }
                counted[index, default: 0] += 1
                let perGuest = tax.basis == .perPersonNight
                let measure = (perGuest ? net / Fraction(max(guests, 1), 1) : net).floor
                var unit = tax.amount?.amount ?? 0
                if !tax.bands.isEmpty {
                    unit = 0
                    for band in tax.bands where band.from.amount <= measure { unit = band.amount.amount }
                }
                var people: [Bool] = []
                if perGuest {
                    people += Array(repeating: true, count: taxCase.party.adults)
                    people += Array(repeating: !tax.exemptChildren, count: taxCase.party.children)
                    people += Array(repeating: !tax.exemptInfants, count: taxCase.party.infants)
                } else {
                    people = [true]
                }
                for counts in people where counts && unit > 0 { add("\(index) night \(unit)", tax, Fraction(unit, 1)) }
            }
        }
        for (_, tax, sum) in sums {
            taxes.append(tax)
            amounts.append(sum.rounded(tax.rounding))
        }
    }
}

/// An exact fraction, kept in lowest terms.
struct Fraction: Equatable {
    var numerator: Int128
    var denominator: Int128

    init(_ numerator: Int128, _ denominator: Int128) {
        func gcd(_ a: Int128, _ b: Int128) -> Int128 { b == 0 ? Swift.abs(a) : gcd(b, a % b) }
        let divisor = Swift.max(gcd(numerator, denominator), 1)
        self.numerator = numerator / divisor
        self.denominator = denominator / divisor
    }

    init(_ numerator: Int, _ denominator: Int) { self.init(Int128(numerator), Int128(denominator)) }

    static func + (a: Fraction, b: Fraction) -> Fraction {
        Fraction(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator)
    }
    static func * (a: Fraction, b: Fraction) -> Fraction {
        Fraction(a.numerator * b.numerator, a.denominator * b.denominator)
    }
    static func / (a: Fraction, b: Fraction) -> Fraction {
        Fraction(a.numerator * b.denominator, a.denominator * b.numerator)
    }

    /// The whole part (the fractions here are never negative).
    var floor: Int { Int(numerator / denominator) }

    func rounded(_ rounding: TaxRounding) -> Int {
        let remainder = self + Fraction(-Int128(floor), 1)
        switch rounding {
        case .down: return floor
        case .up: return remainder.numerator > 0 ? floor + 1 : floor
        case .halfUp: return remainder.numerator * 2 >= remainder.denominator ? floor + 1 : floor
        }
    }
}
