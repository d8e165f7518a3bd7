import Foundation

/// A company's invoice for a month: the folios it pays of the stays that left in that month, each as its own
/// invoice would state it (its standing lines, its taxes by name and rate, its payments), under one number
/// of the property's invoice sequence (the `INV-` numbers a stay's invoices take, without gaps), to the
/// company as its buyer. Once issued it never changes; a later change of a folio is a new invoice.
public struct CompanyInvoice: Hashable, Sendable, Identifiable {
    public var id: Int
    public var propertyID: Int
    public var companyID: Int
    /// The month's first day.
    public var month: Day
    /// 1, 2, 3… of the property's invoices, shared with its stays' (`FolioDocumentKind.invoice`).
    public var number: Int
    public var issuedOn: Day
    public var issuer: Issuer
    public var buyer: Buyer
    public var currency: Currency
    /// Each stay's folio, as a stay's invoice of it would state it (not numbered of its own).
    public var stays: [FolioDocument]

    public init(
        id: Int = 0, propertyID: Int, companyID: Int, month: Day, number: Int = 0, issuedOn: Day, issuer: Issuer,
        buyer: Buyer, currency: Currency, stays: [FolioDocument]
    ) {
        self.id = id
        self.propertyID = propertyID
        self.companyID = companyID
        self.month = month
        self.number = number
        self.issuedOn = issuedOn
        self.issuer = issuer
        self.buyer = buyer
        self.currency = currency
        self.stays = stays
    }

    /// The most stays one month's invoice lists.
    public static let maxStays = 500

    public var reference: String { FolioDocument.reference(prefix: FolioDocumentKind.invoice.prefix, number: number) }

    public var subtotal: Money { sum(stays.map(\.subtotal)) }
    public var totalTax: Money { sum(stays.map(\.totalTax)) }
    public var totalCharges: Money { sum(stays.map(\.totalCharges)) }
    public var totalPayments: Money { sum(stays.map(\.totalPayments)) }
    /// What the company still owes on these folios.
    public var balance: Money { sum(stays.map(\.balance)) }

    /// The taxes of every stay by name and rate (or amount a night), summed: what the invoice totals.
    public var taxes: [FolioDocument.TaxTotal] { merged(stays.flatMap(\.taxes)) }
    /// The taxes inside the prices, summed the same way.
    public var includedTaxes: [FolioDocument.TaxTotal] { merged(stays.flatMap(\.includedTaxes)) }

    private func sum(_ amounts: [Money]) -> Money { Money(amounts.map(\.amount).saturatedSum(), currency) }

    private func merged(_ totals: [FolioDocument.TaxTotal]) -> [FolioDocument.TaxTotal] {
        var merged: [FolioDocument.TaxTotal] = []
        for total in totals {
            let same = { (other: FolioDocument.TaxTotal) in
                other.name == total.name && other.basisPoints == total.basisPoints && other.perNight == total.perNight
            }
            guard let index = merged.firstIndex(where: same) else {
                merged.append(total)
                continue
            }
            merged[index].amount = Money(merged[index].amount.amount.addingSaturated(total.amount.amount), currency)
            if let base = total.base {
                merged[index].base = Money((merged[index].base?.amount ?? 0).addingSaturated(base.amount), currency)
            }
            if let units = total.units { merged[index].units = (merged[index].units ?? 0) + units }
        }
        return merged
    }

    /// The month a client names (`2026-12`), as its first day; refused naming `month` otherwise.
    public static func month(named text: String) throws(DomainError) -> Day {
        let parts = text.split(separator: "-")
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, let year = Int(parts[0]),
            let month = Int(parts[1]), Day.years.contains(year), (1...12).contains(month)
        else { throw .invalid("month", "'\(text.prefix(20))' is not a month: write it as 2026-12") }
        return Day(year: year, month: month, day: 1)
    }

    /// The days of the month that begins on `first`: from it to the last.
    public static func days(of first: Day) -> ClosedRange<Day> {
        let civil = first.civil
        let next = Day(year: civil.month == 12 ? civil.year + 1 : civil.year, month: civil.month % 12 + 1, day: 1)
        return first...next.adding(days: -1)
    }

    /// One folio a company pays, of a stay that left in the month.
    public struct Billed: Sendable {
        public var stay: Stay
        public var guestName: String
        public var folio: Folio
        public var number: Int

        public init(stay: Stay, guestName: String, folio: Folio, number: Int) {
            self.stay = stay
            self.guestName = guestName
            self.folio = folio
            self.number = number
        }
    }

    /// The invoice of `company` for the month beginning `month`, from the folios it pays (`billed`), numbered
    /// later by storage. A folio with nothing charged is left out; a month with nothing charged at all is
    /// refused.
    public static func draft(
        company: Company, month: Day, billed: [Billed], property: Property, roomNumbers: [Int: String], today: Day
    ) throws(DomainError) -> CompanyInvoice {
        var stays: [FolioDocument] = []
        for item in billed.sorted(by: { ($0.stay.departure, $0.stay.id) < ($1.stay.departure, $1.stay.id) }) {
            let part = item.folio.part(item.number)
            guard part.totalCharges.amount != 0 else { continue }
            var section = try FolioDocument.draft(
                .invoice, folio: part, stay: item.stay, property: property, guestName: item.guestName,
                roomNumbers: roomNumbers, today: today)
            section.folio = item.number
            stays.append(section)
        }
        guard !stays.isEmpty else {
            throw DomainError(
                .notAllowed, "there is nothing to invoice: no folio of the company's has charges that month",
                field: "month", reason: .folioNothingToInvoice)
        }
        guard stays.count <= maxStays else {
            throw .invalid("month", "a month's invoice lists at most \(maxStays) stays")
        }
        var issuer = property.issuer
        if issuer.name.isEmpty { issuer.name = property.name }
        return CompanyInvoice(
            propertyID: property.id, companyID: company.id, month: month, issuedOn: today, issuer: issuer,
            buyer: company.buyer(of: .invoice), currency: property.currency, stays: stays)
    }
}
