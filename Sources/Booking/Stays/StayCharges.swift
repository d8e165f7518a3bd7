/// What the folio of a checked-in stay holds for the stay itself: one room charge for each of its
/// nights, the property's fees, and the property's taxes on both. Check-in posts them; every later
/// change of the stay's nights corrects them, so that a folio never bills a night the guest does not
/// stay, nor misses one.
///
/// The rules, whatever the order of changes:
/// - a night's room charge, once posted, keeps its amount (a night added later is charged at the rate
///   its terms give then: the agreed rate, else the room type's rate for that night), on whichever of
///   the stay's folios it stands; a new one goes where rooms are routed (`FolioSplit`);
/// - a night no longer in the stay has its room charge reversed, never deleted;
/// - a fee or a tax whose amount the change alters is reversed and posted again at its new amount;
/// - the taxes are the tax engine's on each folio's charges as they stand after the correction (the
///   room charges, the fees and the extras charged by hand), rounded once per tax and rate for each
///   folio, which is its own invoice, and posted on that folio; one inside the prices is not posted. A
///   charge by hand corrects the taxes alone (`taxCorrections`).
public enum StayCharges {
    /// One line to post.
    public enum Correction: Hashable, Sendable {
        case charge(
            description: String, amount: Money, category: ChargeCategory, night: Day?, taxes: LineTaxes, folio: Int)
        /// An earlier charge that no longer applies, reversed with the amount it carried.
        case reversal(of: Int, amount: Money, reason: String)
    }

    /// The corrections that make `folio` hold exactly the stay's charges for `nights`. `price` is the
    /// stay's quote for `nights` (agreed rates first), which prices the nights not yet charged and
    /// gives the fees; `taxes` are the property's, and `party` whom taxes by the guest count. Lines other
    /// than the stay's own (extras, payments) are left alone, though the taxes are on the extras too; a fee
    /// line is the stay's when it has the fee's name, a tax line when it names the tax (or, posted before
    /// lines named it, has its name).
    public static func corrections(
        folio: Folio, nights: Nights, price: StayPrice, taxes: [Tax], party: Party
    ) -> [Correction] {
        let reversed = Set(folio.entries.compactMap { $0.kind == .reversal ? $0.reverses : nil })
        let standing = folio.entries.filter { $0.kind == .charge && !reversed.contains($0.id) }
        let split = folio.split
        var corrections: [Correction] = []
        // What the taxes are on besides the lines posted, by folio: a night charged nothing still counts for a
        // tax by the night, on the folio rooms go to.
        var taxable: [Int: [TaxableLine]] = [:]

        // Room nights: one standing charge a night of the stay, none for another night.
        var charged: Set<Day> = []
        for entry in standing where entry.category == .room {
            guard let night = entry.night, nights.contains(night), !charged.contains(night) else {
                let reason = entry.night.map { "Night of \($0) no longer in the stay" } ?? "Room charge without a night"
                corrections.append(.reversal(of: entry.id, amount: entry.amount, reason: reason))
                continue
            }
            charged.insert(night)
        }
        for line in price.nights {
            guard let night = line.night, !charged.contains(night) else { continue }
            if line.amount.amount == 0 {
                taxable[split.folio(for: .room), default: []].append(
                    TaxableLine(amount: line.amount, kind: .room, day: night))
            } else {
                corrections.append(
                    .charge(
                        description: line.name, amount: line.amount, category: .room, night: night,
                        taxes: .charge(.standard, on: night, taxes: taxes), folio: split.folio(for: .room)))
            }
        }

        // Fees as the quote gives them for these nights.
        for fee in price.fees {
            let posted = standing.filter { $0.category == .fee && $0.night == nil && $0.description == fee.name }
            if posted.count == 1 && posted[0].amount == fee.amount { continue }
            if posted.isEmpty && fee.amount.amount == 0 { continue }
            corrections += posted.map {
                .reversal(of: $0.id, amount: $0.amount, reason: nightsChanged(fee.name))
            }
            if fee.amount.amount > 0 {
                corrections.append(
                    .charge(
                        description: fee.name, amount: fee.amount, category: .fee, night: nil,
                        taxes: .charge(.standard, on: nights.arrival, taxes: taxes), folio: split.folio(for: .fee)))
            }
        }
        // The taxes added on every charge as it will stand, folio by folio: the room charges kept and posted,
        // the fees, and the extras charged by hand (each on the day it was posted).
        var dropped: Set<Int> = []
        for correction in corrections {
            switch correction {
            case .reversal(let id, _, _): dropped.insert(id)
            case .charge(_, let amount, let category, let night, let lineTaxes, let number):
                taxable[number, default: []].append(
                    TaxableLine(
                        amount: amount, kind: category == .room ? .room : .charge, taxClass: lineTaxes.taxClass,
                        day: night ?? nights.arrival))
            }
        }
        for entry in standing where entry.category != .tax && !dropped.contains(entry.id) {
            taxable[entry.folio, default: []].append(taxableLine(entry, otherwise: nights.arrival))
        }
        return corrections
            + folioNumbers(standing, split).flatMap { number in
                taxCorrections(
                    taxable[number] ?? [], posted: standing.filter { $0.folio == number }, taxes: taxes, party: party,
                    currency: price.currency, folio: number, reason: { nightsChanged($0.name) })
            }
    }

    /// The corrections that make the tax lines of each of `folio`'s folios the taxes on that folio's charges
    /// as they stand: what a charge by hand (an extra, a reversal, a move) calls for, at a property whose
    /// taxes are added to its prices. Nothing else moves. `today` is the day of a charge stored without one.
    public static func taxCorrections(folio: Folio, taxes: [Tax], party: Party, today: Day) -> [Correction] {
        let standing = folio.entries.filter { $0.kind == .charge && !folio.isReversed($0.id) }
        return folioNumbers(standing, folio.split).flatMap { number in
            let mine = standing.filter { $0.folio == number }
            return taxCorrections(
                mine.filter { $0.category != .tax }.map { taxableLine($0, otherwise: today) }, posted: mine,
                taxes: taxes, party: party, currency: folio.currency, folio: number, reason: chargesChanged)
        }
    }

    /// The folios whose taxes are worked out: the split's, and any other a standing line is on.
    private static func folioNumbers(_ standing: [FolioEntry], _ split: FolioSplit) -> [Int] {
        Array(Set(split.numbers).union(standing.map(\.folio))).sorted()
    }

    /// The reason of a fee or tax line reversed because the stay's nights changed (the desk words it).
    static func nightsChanged(_ name: String) -> String { "\(name): the stay's nights changed" }
    /// The reason of a tax line reversed because a charge was posted or reversed by hand.
    static func chargesChanged(_ tax: Tax) -> String { "\(tax.name): the charges it is on changed" }

    /// A standing charge as the engine takes it: a room's night, or any other charge on the day it was
    /// posted. Its added taxes are the property's (a line keeps only the shares inside its price).
    private static func taxableLine(_ entry: FolioEntry, otherwise day: Day) -> TaxableLine {
        TaxableLine(
            amount: entry.amount, kind: entry.category == .room ? .room : .charge, taxClass: entry.taxes.taxClass,
            day: entry.night ?? entry.businessDay ?? day)
    }

    /// Each tax added on `taxable`, the charges of folio `folio`, as the engine charges it; one posted already (among `posted`) stands
    /// while its charges are the same, else it is reversed and posted again.
    private static func taxCorrections(
        _ taxable: [TaxableLine], posted standing: [FolioEntry], taxes: [Tax], party: Party, currency: Currency,
        folio: Int, reason: (Tax) -> String
    ) -> [Correction] {
        var corrections: [Correction] = []
        let due = TaxEngine.assess(taxable, taxes: taxes, party: party, currency: currency).added
        let postedTaxes = standing.filter { $0.category == .tax && $0.night == nil }
        for tax in taxes where tax.basis != .includedShare {
            let charges = due.filter { $0.tax == tax && $0.amount.amount > 0 }
            // A line posted for this tax: by the tax it names (its name, for one not numbered yet), or, posted
            // before lines named it, by its description.
            let posted = postedTaxes.filter { entry in
                entry.taxes.charge.map { tax.id != 0 ? $0.tax.id == tax.id : $0.tax.name == tax.name }
                    ?? (entry.description == tax.name)
            }
            let same = posted.map(\.amount).sorted { $0.amount < $1.amount }
            guard same != charges.map(\.amount).sorted(by: { $0.amount < $1.amount }) else { continue }
            corrections += posted.map { .reversal(of: $0.id, amount: $0.amount, reason: reason(tax)) }
            corrections += charges.map {
                .charge(
                    description: tax.name, amount: $0.amount, category: .tax, night: nil,
                    taxes: LineTaxes(taxClass: .outside, charge: $0), folio: folio)
            }
        }
        return corrections
    }
}
