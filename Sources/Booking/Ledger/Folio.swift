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

    public init(
        id: Int, kind: FolioEntryKind, description: String, amount: Money, category: ChargeCategory? = nil,
        method: PaymentMethod? = nil, reverses: Int? = nil, night: Day? = nil, businessDay: Day? = nil,
        taxes: LineTaxes = LineTaxes()
    ) {
        self.taxes = taxes
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

/// A stay's account: charges less payments, with reversals instead of deletions.
public struct Folio: Hashable, Sendable {
    public var currency: Currency
    public private(set) var entries: [FolioEntry]

    public init(currency: Currency, entries: [FolioEntry] = []) {
        self.currency = currency
        self.entries = entries
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

    /// Whether staff may reverse a line by hand (`Accounts.reverse`): a charge or payment not reversed yet,
    /// other than a tax line, which follows its charges.
    public func mayReverse(_ entry: FolioEntry) -> Bool {
        entry.kind != .reversal && !entry.followsCharges && !isReversed(entry.id)
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
        }
        entries.append(entry)
    }

    /// The reversal of an entry, carrying its amount.
    public func reversal(of id: Int, newID: Int, reason: String) throws(DomainError) -> FolioEntry {
        guard let target = entries.first(where: { $0.id == id }) else {
            throw DomainError(.notFound, "no folio entry \(id)", field: "reverses")
        }
        return FolioEntry(id: newID, kind: .reversal, description: reason, amount: target.amount, reverses: id)
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
