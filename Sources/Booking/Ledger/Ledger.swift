/// What a property's folios recorded over some days, line by line, with the totals a hotel reads and
/// files: charges by kind, taxes by name (each tax line names its rate), payments by method. A
/// reversal counts on the day it was posted, against what it reverses: a correction made today does
/// not change a day already reported.
public struct LedgerReport: Hashable, Sendable {
    /// One folio line as the report lists it.
    public struct Line: Hashable, Sendable {
        /// The property's day the line was posted on.
        public var day: Day
        public var entryID: Int
        /// The stay whose folio holds the line, or the salon's sale (`Sale`) it is a line of.
        public var stayID: Int?
        public var saleID: Int?
        /// The stay's confirmation code, or the sale's receipt (`RCT-000042`).
        public var confirmationCode: String
        public var guestName: String
        public var kind: FolioEntryKind
        public var description: String
        /// A charge's kind; for a reversal, the kind of the charge it reverses.
        public var category: ChargeCategory?
        /// A payment's method; for a reversal, the method of the payment it reverses.
        public var method: PaymentMethod?
        /// What a reversal reverses: a charge or a payment, and how that line was described.
        public var reverses: FolioEntryKind?
        public var reversedDescription: String?
        /// As posted: positive for charges, payments and reversals alike.
        public var amount: Money
        /// A salon's line: the member who did the service or sold the product, and the service (a
        /// reversal carries those of what it reverses).
        public var staffID: Int?
        public var staffName: String?
        public var serviceID: Int?
        /// A hotel's charge: the taxes it was posted with and its night (a reversal, those of what it reverses);
        /// nil where the line kept none (a salon's, one posted before lines kept them).
        public var taxes: LineTaxes?
        public var night: Day?

        public init(
            day: Day, entryID: Int, stayID: Int?, saleID: Int? = nil, confirmationCode: String, guestName: String,
            kind: FolioEntryKind, description: String, category: ChargeCategory?, method: PaymentMethod?,
            reverses: FolioEntryKind?, reversedDescription: String? = nil, amount: Money, staffID: Int? = nil,
            staffName: String? = nil, serviceID: Int? = nil, taxes: LineTaxes? = nil, night: Day? = nil
        ) {
            self.day = day
            self.entryID = entryID
            self.stayID = stayID
            self.saleID = saleID
            self.confirmationCode = confirmationCode
            self.guestName = guestName
            self.kind = kind
            self.description = description
            self.category = category
            self.method = method
            self.reverses = reverses
            self.reversedDescription = reversedDescription
            self.amount = amount
            self.staffID = staffID
            self.staffName = staffName
            self.serviceID = serviceID
            self.taxes = taxes
            self.night = night
        }

        /// What the line adds to the charges (a reversed charge takes away).
        public var charged: Money {
            switch (kind, reverses) {
            case (.charge, _): amount
            case (.reversal, .charge?): amount.negated
            default: .zero(amount.currency)
            }
        }

        /// What the line adds to the payments (a refunded payment takes away).
        public var paid: Money {
            switch (kind, reverses) {
            case (.payment, _): amount
            case (.reversal, .payment?): amount.negated
            default: .zero(amount.currency)
            }
        }
    }

    /// The first and last day reported, both included.
    public var first: Day
    public var last: Day
    public var currency: Currency
    public var lines: [Line]

    public init(first: Day, last: Day, currency: Currency, lines: [Line]) {
        self.first = first
        self.last = last
        self.currency = currency
        self.lines = lines
    }

    /// The most days one report covers.
    public static let maxDays = 366

    /// The days from `first` to `last` (both included), refused when `last` comes first or the span is
    /// longer than `maxDays`.
    public static func validate(first: Day, last: Day) throws(DomainError) {
        guard first <= last else { throw .invalid("to", "the last day comes before the first", reason: .rangeOrder) }
        guard last.number - first.number < maxDays else {
            throw .invalid(
                "to", "a report covers at most \(maxDays) days", reason: .rangeTooLong,
                params: ["limit": String(maxDays)])
        }
    }

    /// Charges by kind, net of reversals, in `ChargeCategory`'s order; kinds without any are left out.
    public var charges: [(category: ChargeCategory, amount: Money)] {
        ChargeCategory.allCases.compactMap { category in
            let lines = lines.filter { $0.category == category }
            guard !lines.isEmpty else { return nil }
            return (category, total(lines.map(\.charged)))
        }
    }

    /// Tax charges by name (the name carries the rate), net of reversals, by name.
    public var taxes: [(name: String, amount: Money)] {
        var byName: [String: [Money]] = [:]
        for line in lines where line.category == .tax {
            // A reversal's own description is its reason: the tax it reverses is named by the entry.
            let name = line.kind == .reversal ? line.reversedDescription ?? line.description : line.description
            byName[name, default: []].append(line.charged)
        }
        return byName.keys.sorted().map { ($0, total(byName[$0]!)) }
    }

    /// Payments by method, net of refunds; `nil` is a payment without one (brought in by an import).
    public var payments: [(method: PaymentMethod?, amount: Money)] {
        let methods: [PaymentMethod?] = PaymentMethod.allCases.map { $0 } + [nil]
        return methods.compactMap { method in
            let lines = lines.filter { ($0.kind == .payment || $0.reverses == .payment) && $0.method == method }
            guard !lines.isEmpty else { return nil }
            return (method, total(lines.map(\.paid)))
        }
    }

    /// The taxes inside the prices of the charges (`Tax.Basis.includedShare`), on their net total: what
    /// a hotel whose rates include VAT owes of it. A hotel's line counts by the shares and class it was
    /// posted with (a night on its night, a fee outside the tax not at all), whatever `taxes` have become
    /// since; a line that kept none, by `taxes` (the property's now). Tax lines are left out; so are a
    /// salon's deposits, paid towards a visit whose own lines bear its tax, and its fees for visits not
    /// kept, which its receipts charge no tax on.
    public func includedTaxes(_ taxes: [Tax]) -> [FolioDocument.TaxTotal] {
        let taxed = lines.filter {
            $0.category != .tax && !($0.category?.isHeld ?? false) && !($0.category == .fee && $0.saleID != nil)
        }
        return TaxEngine.assess(
            taxed.map { line in
                line.taxes.map { $0.line(line.charged, kind: .charge, day: line.night ?? line.day) }
                    ?? TaxableLine(amount: line.charged, day: line.day)
            }, taxes: taxes, party: Party(adults: 1), currency: currency
        ).included.map(FolioDocument.TaxTotal.init)
    }

    public var totalCharges: Money { total(lines.map(\.charged)) }
    public var totalPayments: Money { total(lines.map(\.paid)) }

    private func total(_ amounts: [Money]) -> Money {
        Money(amounts.map(\.amount).saturatedSum(), currency)
    }
}
