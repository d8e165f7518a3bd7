import Booking
import PropertyBased
import Testing

/// A checked-in stay's own charges: what check-in posts, and how each change of its nights corrects
/// the folio.
struct StayChargesTests {
    static let hotel = Make.hotel(
        fees: [
            Fee(name: "City fee", amount: .whole(20, .thb), basis: .perNight),
            Fee(name: "Cleaning", amount: .whole(150, .thb), basis: .perStay),
        ],
        taxes: [Tax(name: "Service charge", basisPoints: 1_000), Tax(name: "VAT", basisPoints: 700)])

    /// A folio that takes corrections as the database would: each line gets the next id.
    struct Ledger {
        var folio = Folio(currency: .thb)

        mutating func apply(_ corrections: [StayCharges.Correction]) throws {
            for correction in corrections {
                let id = (folio.entries.last?.id ?? 0) + 1
                switch correction {
                case .charge(let description, let amount, let category, let night, let taxes, let number):
                    try folio.post(
                        FolioEntry(
                            id: id, kind: .charge, description: description, amount: amount, category: category,
                            night: night, taxes: taxes, folio: number))
                case .reversal(let entryID, _, let reason):
                    try folio.post(try folio.reversal(of: entryID, newID: id, reason: reason))
                }
            }
        }

        /// Charges an extra by hand on `day`, then corrects the taxes as `Accounts.postCharge` does.
        mutating func charge(_ amount: Money, _ taxClass: TaxClass, on day: Day) throws {
            let id = (folio.entries.last?.id ?? 0) + 1
            try folio.post(
                FolioEntry(
                    id: id, kind: .charge, description: "Minibar", amount: amount, category: .minibar,
                    businessDay: day, taxes: LineTaxes(taxClass: taxClass)))
            try correctTaxes(on: day)
        }

        /// Reverses a line by hand, then corrects the taxes as `Accounts.reverse` does.
        mutating func reverse(_ entryID: Int, on day: Day) throws {
            try folio.post(try folio.reversal(of: entryID, newID: (folio.entries.last?.id ?? 0) + 1, reason: "Mistake"))
            try correctTaxes(on: day)
        }

        private mutating func correctTaxes(on day: Day) throws {
            try apply(
                StayCharges.taxCorrections(
                    folio: folio, taxes: StayChargesTests.hotel.taxes, party: Party(adults: 2), today: day))
        }

        /// Charges not reversed.
        var standing: [FolioEntry] {
            folio.entries.filter { $0.kind == .charge && !folio.isReversed($0.id) }
        }

        /// Corrects the folio for `nights` at the room type's rates now, and returns what was posted.
        @discardableResult
        mutating func correct(nights: Nights, roomType: RoomType) throws -> [StayCharges.Correction] {
            let price = try StayPrice.quote(
                roomType: roomType, nights: nights, property: StayChargesTests.hotel, party: Party(adults: 2))
            let corrections = StayCharges.corrections(
                folio: folio, nights: nights, price: price, taxes: StayChargesTests.hotel.taxes,
                party: Party(adults: 2))
            try apply(corrections)
            return corrections
        }
    }

    @Test func checkInChargesEveryNightTheFeesAndTheTaxesOnThem() throws {
        var ledger = Ledger()
        try ledger.correct(nights: Make.nights(Make.arrival, 3), roomType: Make.roomType())
        let standing = ledger.standing
        #expect(
            standing.filter { $0.category == .room }.map(\.amount) == Array(repeating: .whole(1200, .thb), count: 3))
        #expect(standing.first { $0.description == "City fee" }?.amount == .whole(60, .thb))
        // Taxable: 3,600 a room and 210 of fees.
        #expect(standing.first { $0.description == "Service charge" }?.amount == .whole(381, .thb))
        #expect(standing.first { $0.description == "VAT" }?.amount == Money(26_670, .thb))
    }

    @Test func aNightAddedAfterCheckInIsChargedAtTodaysRateAndTheFeesAndTaxesFollow() throws {
        var ledger = Ledger()
        try ledger.correct(nights: Make.nights(Make.arrival, 2), roomType: Make.roomType())
        try ledger.correct(nights: Make.nights(Make.arrival, 3), roomType: Make.roomType(rate: .whole(1500, .thb)))
        let rooms = ledger.standing.filter { $0.category == .room }
        #expect(rooms.map(\.amount) == [.whole(1200, .thb), .whole(1200, .thb), .whole(1500, .thb)])
        #expect(rooms.last?.night == Make.arrival.adding(days: 2))
        #expect(ledger.standing.first { $0.description == "City fee" }?.amount == .whole(60, .thb))
        #expect(ledger.standing.filter { $0.category == .tax }.count == 2)
    }

    @Test func aNightRemovedIsReversedNotDeleted() throws {
        var ledger = Ledger()
        try ledger.correct(nights: Make.nights(Make.arrival, 3), roomType: Make.roomType())
        let corrections = try ledger.correct(nights: Make.nights(Make.arrival, 2), roomType: Make.roomType())
        let lastNight = Make.arrival.adding(days: 2)
        let reversed = ledger.folio.entries.first { $0.night == lastNight }
        #expect(corrections.contains { if case .reversal(reversed?.id ?? -1, _, _) = $0 { true } else { false } })
        #expect(ledger.standing.filter { $0.category == .room }.count == 2)
        #expect(ledger.folio.entries.count > ledger.standing.count)
    }

    @Test func anUnchangedStayNeedsNoCorrection() throws {
        var ledger = Ledger()
        try ledger.correct(nights: Make.nights(Make.arrival, 4), roomType: Make.roomType())
        #expect(
            try ledger.correct(nights: Make.nights(Make.arrival, 4), roomType: Make.roomType(rate: .whole(9000, .thb)))
                .isEmpty)
    }

    /// Any sequence of departures and rates: the folio holds one room charge a night of the stay, each
    /// at the rate of when that night was added; the fees for the nights; the taxes on what stands;
    /// and a second correction finds nothing to do.
    @Test func afterAnySequenceOfChangesTheFolioHoldsExactlyTheStaysCharges() async {
        let change = Gen.int(in: 1...14).array(of: 1...12)
        let rates = Gen.int(in: 500...3_000).array(of: 12)
        await propertyCheck(count: 200, input: change, rates) { lengths, rates in
            var ledger = Ledger()
            var chargedAt: [Day: Money] = [:]
            for (step, length) in lengths.enumerated() {
                let nights = Make.nights(Make.arrival, length)
                let roomType = Make.roomType(rate: .whole(rates[step], .thb))
                #expect(throws: Never.self) { try ledger.correct(nights: nights, roomType: roomType) }
                for night in nights where chargedAt[night] == nil { chargedAt[night] = roomType.rate(for: night) }
                for night in chargedAt.keys where !nights.contains(night) { chargedAt[night] = nil }

                let rooms = ledger.standing.filter { $0.category == .room }
                #expect(rooms.compactMap(\.night).sorted() == Array(nights))
                #expect(rooms.allSatisfy { $0.amount == chargedAt[$0.night!] })
                let fees = ledger.standing.filter { $0.category == .fee }
                #expect(fees.map(\.amount.amount).reduce(0, +) == 2_000 * length + 15_000)
                let taxable = (rooms + fees).map(\.amount.amount).reduce(0, +)
                let taxes = ledger.standing.filter { $0.category == .tax }
                #expect(taxes.count == 2)
                #expect(
                    taxes.map(\.amount).sorted { $0.amount < $1.amount }
                        == [
                            Money(taxable, .thb).share(basisPoints: 700),
                            Money(taxable, .thb).share(basisPoints: 1_000),
                        ]
                )
                #expect(throws: Never.self) {
                    let again = try ledger.correct(nights: nights, roomType: roomType)
                    #expect(again.isEmpty)
                }
            }
        }
    }

    /// Any sequence of night changes, extras charged by hand (taxed or outside the tax) and reversals of
    /// them: the taxes stand on every taxable charge of the folio, rounded once for the folio, and the
    /// stay's own correction after a charge by hand finds nothing to do.
    @Test func afterAnySequenceOfChangesAndExtrasTheTaxesAreOnEveryTaxableCharge() async {
        let step = zip(Gen.int(in: 0...2), Gen.int(in: 1...6), Gen.int(in: 1...99_999), Gen.bool)
        await propertyCheck(count: 150, input: step.array(of: 1...14)) { steps in
            var ledger = Ledger()
            var nights = Make.nights(Make.arrival, 2)
            #expect(throws: Never.self) { try ledger.correct(nights: nights, roomType: Make.roomType()) }
            for (kind, length, amount, outside) in steps {
                let day = Make.arrival.adding(days: length % 2)
                #expect(throws: Never.self) {
                    switch kind {
                    case 0:
                        nights = Make.nights(Make.arrival, length)
                        try ledger.correct(nights: nights, roomType: Make.roomType())
                    case 1:
                        try ledger.charge(Money(amount, .thb), outside ? .outside : .standard, on: day)
                    default:
                        let extras = ledger.standing.filter { $0.category == .minibar }
                        guard !extras.isEmpty else { return }
                        try ledger.reverse(extras[amount % extras.count].id, on: day)
                    }
                }
                let taxable = ledger.standing.filter { $0.category != .tax && $0.taxes.taxClass != .outside }
                    .map(\.amount.amount).reduce(0, +)
                let taxes = ledger.standing.filter { $0.category == .tax }
                #expect(
                    taxes.map(\.amount).sorted { $0.amount < $1.amount }
                        == [
                            Money(taxable, .thb).share(basisPoints: 700),
                            Money(taxable, .thb).share(basisPoints: 1_000),
                        ]
                )
                #expect(throws: Never.self) {
                    let again = try ledger.correct(nights: nights, roomType: Make.roomType())
                    #expect(again.isEmpty)
                }
            }
        }
    }
}
