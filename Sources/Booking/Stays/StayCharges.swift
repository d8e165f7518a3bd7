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
        case charge(description: String, amount: Money, category: ChargeCategory, night: Day?)
        /// An earlier charge that no longer applies, reversed with the amount it carried.
        case reversal(of: Int, amount: Money, reason: String)
    }

    /// The corrections that make `folio` hold exactly the stay's charges for `nights`. `price` is the
    /// stay's quote for `nights` (agreed rates first), which prices the nights not yet charged and
    /// gives the fees; `taxes` are the property's, and `party` whom taxes by the guest count. Lines other than the stay's own (extras, payments)
    /// are left alone; a fee or tax line is the stay's when it has the fee's or tax's name.
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
            roomCharges.append(TaxableLine(amount: entry.amount, kind: .room, day: night))
        }
        for line in price.nights {
            guard let night = line.night, !charged.contains(night) else { continue }
            roomCharges.append(TaxableLine(amount: line.amount, kind: .room, day: night))
            if line.amount.amount > 0 {
                corrections.append(
                    .charge(description: line.name, amount: line.amount, category: .room, night: line.night))
            }
        }

        // Fees as the quote gives them for these nights; taxes on the room charges as they now stand, as
        // the tax engine charges them (those inside the prices are never posted).
        let fees = price.fees.map { ($0.name, $0.amount) }
        let taxable = roomCharges + price.fees.map { TaxableLine(amount: $0.amount, day: nights.arrival) }
        let taxLines = TaxEngine.assess(taxable, taxes: taxes, party: party, currency: price.currency).added.map {
            ($0.tax.name, $0.amount)
        }
        for (category, lines) in [(ChargeCategory.fee, fees), (.tax, taxLines)] {
            for (name, amount) in lines {
                let posted = standing.filter { $0.category == category && $0.night == nil && $0.description == name }
                if posted.count == 1 && posted[0].amount == amount { continue }
                if posted.isEmpty && amount.amount == 0 { continue }
                for entry in posted {
                    corrections.append(
                        .reversal(of: entry.id, amount: entry.amount, reason: "\(name): the stay's nights changed"))
                }
                if amount.amount > 0 {
                    corrections.append(.charge(description: name, amount: amount, category: category, night: nil))
                }
            }
        }
        return corrections
    }
}
