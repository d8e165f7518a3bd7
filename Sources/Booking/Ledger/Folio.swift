/// What a folio entry records.
public enum FolioEntryKind: String, Sendable, CaseIterable {
    case charge
    case payment
    /// Cancels an earlier charge or payment; nothing is ever deleted.
    case reversal
}

/// What a charge is for.
public enum ChargeCategory: String, Sendable, CaseIterable {
    case room
    case fee
    case tax
    case minibar
    case laundry
    case service
    /// Something a salon sells over the counter (`Product`).
    case product
    /// A deposit a salon takes before a visit (`VisitTerms.deposit`), and its taking off at checkout or
    /// keeping towards a fee, which are negative.
    case deposit
    case food
    case other
    /// A visit to the salon the hotel's guest charged to their room (`RoomCharge`): the salon's takings,
    /// which the hotel collects with the bill; outside the hotel's taxes, as the salon's receipt bears them.
    case salon
    /// A salon's ticket book or prepaid balance (`TicketBook`): its sale, held for the customer and not
    /// takings; and each draw, negative, which turns its share of the price into the takings of the visit.
    case prepaid

    /// Money a salon holds for its customer (a deposit, a ticket book): not takings, and outside the taxes,
    /// until a visit takes it.
    public var isHeld: Bool { self == .deposit || self == .prepaid }
}

/// One line of a folio.
public struct FolioEntry: Hashable, Sendable, Identifiable {
    public var id: Int
    public var kind: FolioEntryKind
    public var description: String
    /// Positive for charges and payments; a reversal carries the amount it cancels.
    public var amount: Money
    public var category: ChargeCategory?
    public var method: PaymentMethod?
    /// The entry a reversal cancels.
    public var reverses: Int?
    /// The night a room charge is for.
    public var night: Day?
    /// The hotel's day the line belongs to (`BusinessDay.current`); nil only for a line not stored.
    public var businessDay: Day?
    /// The taxes it was posted with.
    public var taxes: LineTaxes
    /// Which of the stay's folios it is on (`FolioSplit`): 1, the guest's, unless split.
    public var folio: Int
    /// The line this one was moved from, on another folio (which holds its reversal).
    public var movedFrom: Int?

    public init(
        id: Int, kind: FolioEntryKind, description: String, amount: Money, category: ChargeCategory? = nil,
        method: PaymentMethod? = nil, reverses: Int? = nil, night: Day? = nil, businessDay: Day? = nil,
        taxes: LineTaxes = LineTaxes(), folio: Int = FolioSplit.guestsFolio, movedFrom: Int? = nil
    ) {
        self.taxes = taxes
        self.folio = folio
        self.movedFrom = movedFrom
        self.id = id
        self.kind = kind
        self.description = description
        self.amount = amount
        self.category = category
        self.method = method
        self.reverses = reverses
        self.night = night
        self.businessDay = businessDay
    }
}

/// A stay's account: charges less payments, with reversals instead of deletions, on one folio or split
/// between payers (`split`), each of whose folios is a `part` with its own balance.
public struct Folio: Hashable, Sendable {
    public var currency: Currency
    public private(set) var entries: [FolioEntry]
    /// Who pays which lines.
    public var split: FolioSplit

    public init(currency: Currency, entries: [FolioEntry] = [], split: FolioSplit = FolioSplit()) {
        self.currency = currency
        self.entries = entries
        self.split = split
    }

    /// The lines of one of its folios, as a folio of their own: that payer's balance, invoice and receipt.
    public func part(_ number: Int) -> Folio {
        Folio(currency: currency, entries: entries.filter { $0.folio == number }, split: split)
    }

    /// The folio a posting lands on: the one it names, else a reversal's on the folio of what it reverses,
    /// a charge where its kind is routed, a payment on the guest's.
    public func destination(of posting: Posting) -> Int {
        if let folio = posting.folio { return folio }
        switch posting.kind {
        case .reversal: return entries.first { $0.id == posting.reverses }?.folio ?? FolioSplit.guestsFolio
        case .charge: return split.folio(for: posting.category)
        case .payment: return FolioSplit.guestsFolio
        }
    }

    /// What is owed on the folios paid at the desk: all but a company's, which its monthly invoice bills.
    /// Check-out asks for it settled.
    public var dueAtDesk: Money {
        let billed = Set(split.companyFolios)
        guard !billed.isEmpty else { return balance }
        return Money(
            split.numbers.filter { !billed.contains($0) }.map { part($0).balance.amount }.saturatedSum(), currency)
    }

    /// The most lines one folio takes: a year of nights with their fees, taxes, extras and payments
    /// fits many times over, and the sum of as many lines of `Money.maxAmount` stays inside `Int`.
    public static let maxEntries = 5_000

    /// Charges less payments, reversed entries left out. Positive: the guest owes.
    public var balance: Money {
        Money(totalCharges.amount.addingSaturated(totalPayments.negated.amount), currency)
    }

    public var totalCharges: Money { total(of: .charge) }
    public var totalPayments: Money { total(of: .payment) }

    public func isReversed(_ id: Int) -> Bool {
        entries.contains { $0.kind == .reversal && $0.reverses == id }
    }

    /// Whether staff may move a line to another of the stay's folios (`Accounts.move`): a charge or payment
    /// not reversed yet, other than a tax line, which follows its charges.
    public func mayMove(_ entry: FolioEntry) -> Bool {
        entry.kind != .reversal && !entry.followsCharges && !isReversed(entry.id)
    }

    /// Whether staff may reverse a line by hand (`Accounts.reverse`): one they may move, but for a salon's
    /// visit charged to the room, which the salon's refund of its sale reverses.
    public func mayReverse(_ entry: FolioEntry) -> Bool {
        mayMove(entry) && entry.category != .salon
    }

    /// Checks a charge or payment before it is posted: positive, at most `Money.maxAmount`, in the
    /// folio's currency.
    public func validate(_ amount: Money, field: String = "amount") throws(DomainError) {
        guard amount.currency == currency else {
            throw .invalid("\(field).currency", "this folio is in \(currency.code), not \(amount.currency.code)")
        }
        guard amount.amount > 0 else { throw .invalid("\(field).amount", "must be more than zero") }
        try Money.validate(amount: amount.amount, field: "\(field).amount")
    }

    public mutating func post(_ entry: FolioEntry) throws(DomainError) {
        guard entries.count < Self.maxEntries else {
            throw DomainError(.notAllowed, "a folio takes at most \(Self.maxEntries) lines; open a new stay")
        }
        guard split.numbers.contains(entry.folio) else {
            throw DomainError.invalid("folio", "this stay has no folio \(entry.folio)")
        }
        switch entry.kind {
        case .charge, .payment:
            try validate(entry.amount)
        case .reversal:
            guard let target = entries.first(where: { $0.id == entry.reverses }) else {
                throw DomainError(
                    .notFound, "no folio entry \(entry.reverses.map(String.init) ?? "") to reverse", field: "reverses")
            }
            guard target.kind != .reversal else { throw DomainError(.notAllowed, "a reversal cannot be reversed") }
            guard !isReversed(target.id) else {
                throw DomainError(.notAllowed, "entry \(target.id) is already reversed")
            }
            guard target.folio == entry.folio else {
                throw DomainError.invalid("folio", "a reversal is on the folio of the line it reverses")
            }
        }
        entries.append(entry)
    }

    /// The reversal of an entry, carrying its amount, on its folio.
    public func reversal(of id: Int, newID: Int, reason: String) throws(DomainError) -> FolioEntry {
        guard let target = entries.first(where: { $0.id == id }) else {
            throw DomainError(.notFound, "no folio entry \(id)", field: "reverses")
        }
        return FolioEntry(
            id: newID, kind: .reversal, description: reason, amount: target.amount, reverses: id, folio: target.folio)
    }

    private func total(of kind: FolioEntryKind) -> Money {
        let reversed = Set(entries.compactMap { $0.kind == .reversal ? $0.reverses : nil })
        let amounts = entries.filter { $0.kind == kind && !reversed.contains($0.id) }.map(\.amount.amount)
        return Money(amounts.saturatedSum(), currency)
    }
}

extension FolioEntry {
    /// A tax line: posted and corrected with the charges it is on (`StayCharges`), never by hand.
    public var followsCharges: Bool { kind == .charge && category == .tax }
}
