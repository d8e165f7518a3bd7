/// What the folio of a checked-in stay holds for the stay itself: one room charge for each of its
/// nights, the property's fees, and the property's taxes on both. Check-in posts them; every later
/// change of the stay's nights corrects them, so that a folio never bills a night the guest does not
/// stay, nor misses one.
///
/// The rules, whatever the order of changes:
/// - a night's room charge, once posted, keeps its amount (a night added later is charged at the rate
///   its terms give then: the agreed rate, else the room type's rate for that night);
/// - a night no longer in the stay has its room charge reversed, never deleted;
/// - a fee or a tax whose amount the change alters is reversed and posted again at its new amount;
/// - the taxes are the tax engine's on the room charges and fees as they stand after the correction; one
///   inside the prices is not posted.
public enum StayCharges {
    /// One line to post.
    public enum Correction: Hashable, Sendable {
        case charge(description: String, amount: Money, category: ChargeCategory, night: Day?, taxes: LineTaxes)
        /// An earlier charge that no longer applies, reversed with the amount it carried.
        case reversal(of: Int, amount: Money, reason: String)
    }

    /// The corrections that make `folio` hold exactly the stay's charges for `nights`. `price` is the
    /// stay's quote for `nights` (agreed rates first), which prices the nights not yet charged and
    /// gives the fees; `taxes` are the property's, and `party` whom taxes by the guest count. Lines other
    /// than the stay's own (extras, payments) are left alone; a fee line is the stay's when it has the
    /// fee's name, a tax line when it names the tax (or, posted before lines named it, has its name).
    public static func corrections(
        folio: Folio, nights: Nights, price: StayPrice, taxes: [Tax], party: Party
    ) -> [Correction] {
        let reversed = Set(folio.entries.compactMap { $0.kind == .reversal ? $0.reverses : nil })
        let standing = folio.entries.filter { $0.kind == .charge && !reversed.contains($0.id) }
        var corrections: [Correction] = []

        // Room nights: one standing charge a night of the stay, none for another night.
        var roomCharges: [TaxableLine] = []
        var charged: Set<Day> = []
        for entry in standing where entry.category == .room {
            guard let night = entry.night, nights.contains(night), !charged.contains(night) else {
                let reason = entry.night.map { "Night of \($0) no longer in the stay" } ?? "Room charge without a night"
                corrections.append(.reversal(of: entry.id, amount: entry.amount, reason: reason))
                continue
            }
            charged.insert(night)
            roomCharges.append(
                TaxableLine(amount: entry.amount, kind: .room, taxClass: entry.taxes.taxClass, day: night))
        }
        for line in price.nights {
            guard let night = line.night, !charged.contains(night) else { continue }
            roomCharges.append(TaxableLine(amount: line.amount, kind: .room, day: night))
            if line.amount.amount > 0 {
                corrections.append(
                    .charge(
                        description: line.name, amount: line.amount, category: .room, night: night,
                        taxes: .charge(.standard, on: night, taxes: taxes)))
            }
        }

        // Fees as the quote gives them for these nights.
        for fee in price.fees {
            let posted = standing.filter { $0.category == .fee && $0.night == nil && $0.description == fee.name }
            if posted.count == 1 && posted[0].amount == fee.amount { continue }
            if posted.isEmpty && fee.amount.amount == 0 { continue }
            corrections += posted.map {
                .reversal(of: $0.id, amount: $0.amount, reason: "\(fee.name): the stay's nights changed")
            }
            if fee.amount.amount > 0 {
                corrections.append(
                    .charge(
                        description: fee.name, amount: fee.amount, category: .fee, night: nil,
                        taxes: .charge(.standard, on: nights.arrival, taxes: taxes)))
            }
        }
        // The taxes added on the room charges and fees as they now stand, each as the engine charges it;
        // one posted already stands while its charges are the same, else it is reversed and posted again.
        let taxable = roomCharges + price.fees.map { TaxableLine(amount: $0.amount, day: nights.arrival) }
        let due = TaxEngine.assess(taxable, taxes: taxes, party: party, currency: price.currency).added
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
            corrections += posted.map {
                .reversal(of: $0.id, amount: $0.amount, reason: "\(tax.name): the stay's nights changed")
            }
            corrections += charges.map {
                .charge(
                    description: tax.name, amount: $0.amount, category: .tax, night: nil,
                    taxes: LineTaxes(taxClass: .outside, charge: $0))
            }
        }
        return corrections
    }
}
