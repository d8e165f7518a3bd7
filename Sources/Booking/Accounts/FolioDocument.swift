/// What a document is.
public enum FolioDocumentKind: String, Sendable, CaseIterable {
    /// What the stay costs, its taxes, what is paid and what is still due.
    case invoice
    /// What the guest has paid, against what the stay costs.
    case receipt
    /// Thailand's abbreviated tax invoice (ใบกำกับภาษีอย่างย่อ), which a hotel hands a guest at check-out: the
    /// seller, its tax ID, the items and that VAT is included.
    case abbreviatedTaxInvoice = "abbreviated_tax_invoice"
    /// Thailand's full tax invoice (ใบกำกับภาษีเต็มรูป), issued when the guest asks for one: the words "Tax
    /// Invoice", the buyer's name, address, tax ID and branch, and the seller's branch; it refers to the
    /// abbreviated one it replaces.
    case taxInvoice = "tax_invoice"

    /// The prefix of its reference: `INV-000042`, `RCT-000042`, `ABB-00000-000042`.
    public var prefix: String {
        switch self {
        case .invoice: "INV"
        case .receipt: "RCT"
        case .abbreviatedTaxInvoice: "ABB"
        case .taxInvoice: "TAX"
        }
    }

    /// Whether it is one of Thailand's tax invoices, numbered per place of business (its branch).
    public var isThaiTaxInvoice: Bool { self == .abbreviatedTaxInvoice || self == .taxInvoice }

    /// The documents a property issues: Thailand's tax invoices where it prices in baht, besides an invoice
    /// and a receipt everywhere.
    public static func offered(in currency: Currency) -> [FolioDocumentKind] {
        currency.code == "THB" ? allCases : [.invoice, .receipt]
    }

    /// The kind a client names, refused (naming `kind`) when there is none such.
    public static func named(_ name: String) throws(DomainError) -> FolioDocumentKind {
        guard let kind = FolioDocumentKind(rawValue: name) else {
            throw .invalid("kind", "'\(name)' is not a document (\(allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return kind
    }
}

/// Who a full tax invoice is issued to, as Thailand's Revenue Department asks: the buyer's name, address,
/// 13-digit tax ID (with its check digit) and head office (`00000`) or branch number.
public struct Buyer: Hashable, Sendable {
    public var name: String
    /// Lines separated by newlines.
    public var address: String
    public var taxID: String
    public var branch: String

    public init(name: String, address: String, taxID: String, branch: String = Issuer.headOffice) {
        self.name = name
        self.address = address
        self.taxID = taxID
        self.branch = branch
    }

    /// The buyer as given, trimmed as an issuer is.
    public var trimmed: Buyer {
        let issuer = Issuer(name: name, address: address, taxID: taxID).trimmed
        return Buyer(
            name: issuer.name, address: issuer.address, taxID: issuer.taxID,
            branch: branch.trimmingCharacters(in: .whitespaces))
    }

    /// Checks each field, naming it under `buyer`: a name and an address, the tax ID by Thailand's rule,
    /// the branch as five digits.
    public func validate() throws(DomainError) {
        do {
            try Issuer(name: name, address: address, taxID: taxID).validate()
        } catch {
            throw DomainError(
                error.code, error.message, field: error.field.map { "buyer.\($0)" }, reason: error.reason,
                params: error.params)
        }
        guard !name.isEmpty else {
            throw .invalid("buyer.name", "a tax invoice names its buyer", reason: .textRequired)
        }
        guard !address.isEmpty else {
            throw .invalid("buyer.address", "a tax invoice states the buyer's address", reason: .textRequired)
        }
        try TaxIDRule.of(.thb)?.check(taxID, field: "buyer.taxId")
        try Issuer.checkBranch(branch, field: "buyer.branch")
    }
}

/// Who issues a property's invoices and receipts, as the tax office knows it: a legal name, a postal
/// address and a tax id. Empty until a manager sets them; a document then carries the property's name.
public struct Issuer: Hashable, Sendable {
    public var name: String
    /// Lines separated by newlines, printed as they are.
    public var address: String
    public var taxID: String
    /// In Thailand, the place of business a tax invoice is issued from: `00000` for the head office, else
    /// the branch's five-digit number as registered; "" elsewhere.
    public var branch: String

    public init(name: String = "", address: String = "", taxID: String = "", branch: String = "") {
        self.name = name
        self.address = address
        self.taxID = taxID
        self.branch = branch
    }

    /// Thailand's head office, as a tax invoice names it.
    public static let headOffice = "00000"
    /// How many digits a branch number has.
    public static let branchLength = 5

    /// Refuses a branch that is not five digits (`00000`: the head office).
    static func checkBranch(_ branch: String, field: String) throws(DomainError) {
        guard branch.count == branchLength, branch.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw .invalid(
                field, "'\(branch.prefix(20))' is not a branch: five digits, 00000 for the head office",
                reason: .issuerBranch)
        }
    }

    public static let nameLimit = 120
    public static let addressLimit = 400
    public static let addressLineLimit = 6
    public static let taxIDLimit = 40

    /// Checks what a manager enters: a name and a tax id of one line each, an address of at most six
    /// lines, each within its length, and a tax id as the country of a property pricing in `currency`
    /// writes it (`TaxIDRule`).
    public func validate(currency: Currency) throws(DomainError) {
        try validate()
        try TaxIDRule.of(currency)?.check(taxID, field: "taxId")
        if !branch.isEmpty {
            guard FolioDocumentKind.offered(in: currency).contains(.taxInvoice) else {
                throw .invalid("branch", "a branch is Thailand's: leave it empty")
            }
            try Self.checkBranch(branch, field: "branch")
        }
    }

    /// The same, whatever the country.
    public func validate() throws(DomainError) {
        try FreeText.validate(name, field: "name", limit: Self.nameLimit, lines: false)
        try FreeText.validate(taxID, field: "taxId", limit: Self.taxIDLimit, lines: false)
        guard address.count <= Self.addressLimit else {
            throw .invalid("address", "must be at most \(Self.addressLimit) characters")
        }
        let lines = address.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count <= Self.addressLineLimit else {
            throw .invalid("address", "must be at most \(Self.addressLineLimit) lines")
        }
        // Between its newlines, an address is plain text as a name is (no tab, no lone `\r`).
        for line in lines {
            try FreeText.validate(String(line), field: "address", limit: Self.addressLimit, lines: false)
        }
    }

    /// The issuer as entered, with spaces around each line and empty lines dropped, `\r\n` read as a
    /// newline: what is validated and stored.
    public var trimmed: Issuer {
        Issuer(
            name: name.trimmingCharacters(in: .whitespaces),
            address: address.replacing("\r\n", with: "\n").split(separator: "\n")
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: "\n"),
            taxID: taxID.trimmingCharacters(in: .whitespaces), branch: branch.trimmingCharacters(in: .whitespaces))
    }
}

/// An invoice or a receipt as issued: the property's issuer, a number from the property's gap-free
/// sequence of its kind, the hotel's day it was issued, and the folio as it stood then: its standing
/// lines (a reversed line and its reversal appear on neither), taxes by name, payments and balance.
/// Once issued it never changes; a later change of the folio is a new document.
public struct FolioDocument: Hashable, Sendable, Identifiable {
    /// A charge or a payment.
    public struct Line: Hashable, Sendable {
        public var night: Day?
        public var description: String
        public var category: ChargeCategory?
        public var method: PaymentMethod?
        public var amount: Money
        /// The taxes a charge bears: standard, reduced (marked on Japan's papers), or none.
        public var taxClass: TaxClass

        public init(
            night: Day? = nil, description: String, category: ChargeCategory? = nil, method: PaymentMethod? = nil,
            amount: Money, taxClass: TaxClass = .standard
        ) {
            self.taxClass = taxClass
            self.night = night
            self.description = description
            self.category = category
            self.method = method
            self.amount = amount
        }
    }

    /// One tax's total, with how it is charged when the property still charges it: a paper states a share
    /// by its rate, and an amount by the room or the guest a night by that amount.
    public struct TaxTotal: Hashable, Sendable {
        public var name: String
        public var basis: Tax.Basis?
        /// A share's rate: 700 is 7 %.
        public var basisPoints: Int?
        /// What a tax by the night charges a room (or a guest) a night.
        public var perNight: Money?
        public var amount: Money
        /// What a share is charged on: the total of the lines at its rate (with the tax inside, for one
        /// included); nil on a paper issued before papers stated it.
        public var base: Money?
        /// A tax by the night's rooms' or guests' nights.
        public var units: Int?

        public init(name: String, basis: Tax.Basis?, basisPoints: Int?, perNight: Money?, amount: Money) {
            self.name = name
            self.basis = basis
            self.basisPoints = basisPoints
            self.perNight = perNight
            self.amount = amount
        }

        /// A tax engine's charge: a share by its rate, a tax by the night by its amount a unit (its band's).
        public init(_ charge: TaxCharge) {
            self.init(name: charge.tax.name, as: charge.tax, amount: charge.amount)
            if let unit = charge.unitAmount { perNight = unit }
            base = charge.tax.isShare ? charge.base : nil
            units = charge.units > 0 ? charge.units : nil
        }

        /// The total of `tax` (nil: one the property no longer charges), stating how it is charged.
        public init(name: String, as tax: Tax?, amount: Money) {
            self.init(
                name: name, basis: tax?.basis, basisPoints: tax.flatMap { $0.isShare ? $0.basisPoints : nil },
                perNight: tax.flatMap { $0.isShare ? nil : $0.amount }, amount: amount)
        }
    }

    public var id: Int
    public var propertyID: Int
    public var stayID: Int
    /// Which of the stay's folios it documents (`FolioSplit`): 1, the guest's, unless split.
    public var folio: Int = FolioSplit.guestsFolio
    public var kind: FolioDocumentKind
    /// 1, 2, 3… per property and kind, without gaps.
    public var number: Int
    public var issuedOn: Day
    public var issuer: Issuer
    public var guestName: String
    public var confirmationCode: String
    public var nights: Nights
    /// The rooms the stay slept in, in order.
    public var rooms: [String]
    public var currency: Currency
    /// The charges other than taxes.
    public var charges: [Line]
    public var taxes: [TaxTotal]
    /// The taxes inside the charges' prices (`Tax.Basis.includedShare`), each's total: not added.
    public var includedTaxes: [TaxTotal]
    public var payments: [Line]
    /// Who a full tax invoice is issued to, or a company's folio billed to.
    public var buyer: Buyer?
    /// The reference of the abbreviated tax invoice a full one replaces.
    public var replaces: String?

    public init(
        id: Int, propertyID: Int, stayID: Int, kind: FolioDocumentKind, number: Int, issuedOn: Day, issuer: Issuer,
        guestName: String, confirmationCode: String, nights: Nights, rooms: [String], currency: Currency,
        charges: [Line], taxes: [TaxTotal], includedTaxes: [TaxTotal] = [], payments: [Line], buyer: Buyer? = nil,
        replaces: String? = nil
    ) {
        self.buyer = buyer
        self.replaces = replaces
        self.id = id
        self.propertyID = propertyID
        self.stayID = stayID
        self.kind = kind
        self.number = number
        self.issuedOn = issuedOn
        self.issuer = issuer
        self.guestName = guestName
        self.confirmationCode = confirmationCode
        self.nights = nights
        self.rooms = rooms
        self.currency = currency
        self.charges = charges
        self.taxes = taxes
        self.includedTaxes = includedTaxes
        self.payments = payments
    }

    /// `INV-000042`: the kind's prefix and the number, six digits at least; a Thai tax invoice names the
    /// place of business whose sequence numbered it: `TAX-00001-000042`.
    public var reference: String {
        guard kind.isThaiTaxInvoice, !issuer.branch.isEmpty else {
            return Self.reference(prefix: kind.prefix, number: number)
        }
        return Self.reference(prefix: "\(kind.prefix)-\(issuer.branch)", number: number)
    }

    /// The charges before tax.
    public var subtotal: Money { sum(charges.map(\.amount)) }
    /// The charges outside the tax, which a paper states apart (Japan's 不課税).
    public var outsideTotal: Money { sum(charges.filter { $0.taxClass == .outside }.map(\.amount)) }
    public var totalTax: Money { sum(taxes.map(\.amount)) }
    public var totalCharges: Money { sum([subtotal, totalTax]) }
    public var totalPayments: Money { sum(payments.map(\.amount)) }
    /// What the guest still owes (negative: what the hotel owes back).
    public var balance: Money { Money(totalCharges.amount.addingSaturated(-totalPayments.amount), currency) }

    private func sum(_ amounts: [Money]) -> Money { Money(amounts.map(\.amount).saturatedSum(), currency) }

    /// The document of `kind` for `stay`'s folio as it stands, numbered later by storage. An invoice
    /// needs a charge to bill, a receipt a payment to acknowledge. Thailand's tax invoices are a Thai
    /// property's, need a charge and the seller's tax ID; a full one needs its buyer (`Buyer.validate`)
    /// and refers to the abbreviated one it `replaces`.
    public static func draft(
        _ kind: FolioDocumentKind, folio: Folio, stay: Stay, property: Property, guestName: String,
        roomNumbers: [Int: String], today: Day, buyer: Buyer? = nil, replaces: String? = nil
    ) throws(DomainError) -> FolioDocument {
        try checkTaxInvoice(kind, at: property, buyer: buyer)
        let reversed = Set(folio.entries.compactMap { $0.kind == .reversal ? $0.reverses : nil })
        let standing = folio.entries.filter { $0.kind != .reversal && !reversed.contains($0.id) }
        let line = { (entry: FolioEntry) in
            Line(
                night: entry.night, description: entry.description, category: entry.category, method: entry.method,
                amount: entry.amount, taxClass: entry.kind == .charge ? entry.taxes.taxClass : .standard)
        }
        let charged = standing.filter { $0.kind == .charge && $0.category != .tax }
        let charges = charged.map(line)
        let payments = standing.filter { $0.kind == .payment }.map(line)
        // The taxes added, as their lines were posted: a line that names its charge states the tax's rate or
        // amount then; one posted before lines named it, the property's tax of its name now.
        var taxes: [TaxTotal] = []
        var keys: [String] = []
        for entry in standing where entry.kind == .charge && entry.category == .tax {
            let total =
                entry.taxes.charge.map { TaxTotal($0) }
                ?? TaxTotal(
                    name: entry.description, as: property.taxes.first { $0.name == entry.description },
                    amount: entry.amount)
            let key = entry.taxes.charge.map { "\($0.tax) \(String(describing: $0.unitAmount))" } ?? entry.description
            if let index = keys.firstIndex(of: key) {
                taxes[index].amount.amount = taxes[index].amount.amount.addingSaturated(entry.amount.amount)
                if let units = total.units { taxes[index].units = (taxes[index].units ?? 0) + units }
                if let base = total.base {
                    taxes[index].base = Money(
                        (taxes[index].base?.amount ?? 0).addingSaturated(base.amount), base.currency)
                }
            } else {
                keys.append(key)
                taxes.append(total)
            }
        }
        // The taxes inside the prices, by the shares each line was posted with, rounded once per rate.
        let included = TaxEngine.assess(
            charged.map { entry in
                entry.taxes.line(
                    entry.amount, kind: entry.category == .room ? .room : .charge,
                    day: entry.night ?? entry.businessDay ?? today)
            }, taxes: property.taxes, party: stay.party, currency: folio.currency
        ).included.map(TaxTotal.init)
        switch kind {
        case _ where kind != .receipt && charges.isEmpty && taxes.isEmpty:
            throw DomainError(
                .notAllowed, "there is nothing to invoice: the folio has no charges", field: "kind",
                reason: .folioNothingToInvoice)
        case .receipt where payments.isEmpty:
            throw DomainError(
                .notAllowed, "there is nothing to receipt: the folio has no payments", field: "kind",
                reason: .folioNothingToReceipt)
        default: break
        }
        var rooms: [String] = []
        for segment in stay.segments {
            guard let id = segment.roomID, let number = roomNumbers[id], rooms.last != number else { continue }
            rooms.append(number)
        }
        var issuer = property.issuer
        if issuer.name.isEmpty { issuer.name = property.name }
        // A Thai tax invoice names its place of business: the head office unless a branch is set.
        if kind.isThaiTaxInvoice, issuer.branch.isEmpty { issuer.branch = Issuer.headOffice }
        return FolioDocument(
            id: 0, propertyID: property.id, stayID: stay.id, kind: kind, number: 0, issuedOn: today, issuer: issuer,
            guestName: guestName, confirmationCode: stay.confirmationCode, nights: stay.nights, rooms: rooms,
            currency: folio.currency, charges: charges, taxes: taxes, includedTaxes: included, payments: payments,
            buyer: kind == .taxInvoice ? buyer : nil, replaces: kind == .taxInvoice ? replaces : nil)
    }

    /// Refuses a Thai tax invoice where it is not one: at a property not pricing in baht, without the
    /// seller's tax ID, a full one without a buyer it may be issued to.
    private static func checkTaxInvoice(_ kind: FolioDocumentKind, at property: Property, buyer: Buyer?)
        throws(DomainError)
    {
        guard kind.isThaiTaxInvoice else { return }
        guard FolioDocumentKind.offered(in: property.currency).contains(kind) else {
            throw .invalid(
                "kind", "tax invoices are Thailand's: issue an invoice or a receipt", reason: .taxInvoiceCountry)
        }
        guard !property.issuer.taxID.isEmpty else {
            throw DomainError(
                .notAllowed, "a tax invoice states the seller's tax ID: a manager sets it first", field: "kind",
                reason: .taxInvoiceIssuer)
        }
        guard kind == .taxInvoice else { return }
        guard let buyer else {
            throw .invalid("buyer.name", "a tax invoice is issued to a buyer: give their name", reason: .textRequired)
        }
        try buyer.validate()
    }
}
