/// Vietnam's e-invoice (hóa đơn điện tử) of an invoice issued at a property pricing in đồng: every field
/// Decree 123/2020 and Circular 78/2021 (now 32/2025) name, in the layout of the tax authority's Decision
/// 1450/1510 (`docs/law/vietnam-einvoice-xml.md`), for a licensed provider to sign with the seller's
/// certificate and send (`EInvoiceProvider`). The VAT of each line is the rate in force on its night (8 %
/// to 2026-12-31, 10 % after); a service charge the VAT is charged on is a line of each rate's nights; a
/// price with the VAT inside it is stated without it.
public struct VietnamEInvoice: Hashable, Sendable {
    /// One line (`HHDVu`): its amount before VAT and the VAT rate as the layout writes it (`8%`, `KCT`).
    public struct Line: Hashable, Sendable {
        public var name: String
        /// `Đêm` for a night, `Lần` for anything else.
        public var unit: String
        public var quantity: Int
        public var unitPrice: Money
        public var amount: Money
        public var rate: String
    }

    /// One VAT rate's totals (`LTSuat`).
    public struct RateTotal: Hashable, Sendable {
        public var rate: String
        public var base: Money
        public var tax: Money
    }

    /// A seller or buyer (`NBan`, `NMua`).
    public struct Party: Hashable, Sendable {
        public var name: String
        public var taxCode: String
        public var address: String
    }

    /// The layout's version (`PBan`).
    public static let formatVersion = "2.0.1"
    /// The invoice's form (`KHMSHDon`): 1, a VAT invoice.
    public static let form = "1"
    /// The two letters the seller tells its series apart by, when it keeps one series (unconfirmed default).
    public static let seriesLetters = "YY"
    /// The highest number a year's invoices reach (`SHDon`, 8 digits).
    public static let maxNumber = 99_999_999

    /// `C26TYY`: coded by the tax authority (`C`), the year of issue, an enterprise's (`T`), the series.
    public var symbol: String
    /// From 1 each 1 January.
    public var number: Int
    public var issuedOn: Day
    public var currency: Currency
    public var seller: Party
    /// The company a full invoice is issued to; nil for a consumer, named by `guestName` alone.
    public var buyer: Party?
    public var guestName: String
    public var lines: [Line]
    public var rates: [RateTotal]
    /// How it was paid (`HTTToan`): `TM/CK`, cash or transfer.
    public var paymentMethod: String
    /// One free field (`TTin` of `TTKhac`): its name and text.
    public struct Detail: Hashable, Sendable {
        public var field: String
        public var value: String
    }

    /// What the free fields state: a stay's booking, rooms and nights, a sale's receipt.
    public var details: [Detail]

    public var totalBeforeTax: Money { Money(lines.map(\.amount.amount).saturatedSum(), currency) }
    public var totalTax: Money { Money(rates.map(\.tax.amount).saturatedSum(), currency) }
    public var total: Money { Money(totalBeforeTax.amount.addingSaturated(totalTax.amount), currency) }
    /// The total in Vietnamese words (`TgTTTBChu`).
    public var totalInWords: String { VietnameseAmount.words(total.amount) }

    /// The e-invoice of `document`, an invoice of a property pricing in đồng, the `number`th of its year.
    /// Where the VAT is inside the prices, each line states its price without it, and each rate the VAT taken
    /// out of its lines. Refused for another document or currency, for prices with the VAT inside them and
    /// shares added on them too, and without the seller's tax code.
    public static func of(_ document: FolioDocument, number: Int, property: Property) throws(DomainError)
        -> VietnamEInvoice
    {
        guard applies(to: document) else {
            throw DomainError(
                .notAllowed, "an e-invoice is Vietnam's, of an invoice in VND", field: "id", reason: .eInvoiceCountry)
        }
        return try build(
            Source(
                issuedOn: document.issuedOn, currency: document.currency, issuer: document.issuer,
                buyer: document.buyer, customerName: document.guestName,
                charges: document.charges.map {
                    Source.Charge(
                        name: $0.category == .room
                            ? "Tiền phòng đêm \(vietnameseDate($0.night ?? document.issuedOn))" : $0.description,
                        night: $0.night, amount: $0.amount, outside: $0.taxClass == .outside)
                },
                added: document.taxes, included: document.includedTaxes,
                methods: Set(document.payments.compactMap(\.method)),
                details: [
                    Detail(field: "MaDatPhong", value: document.confirmationCode),
                    Detail(field: "SoPhong", value: document.rooms.joined(separator: ", ")),
                    Detail(field: "NgayDen", value: document.nights.arrival.iso),
                    Detail(field: "NgayDi", value: document.nights.departure.iso),
                ]), number: number, property: property)
    }

    /// The e-invoice of a salon's sale in đồng, the `number`th of its year: each service and product (a fee for
    /// a visit not kept outside the VAT; a deposit is a payment, invoiced with the visit it is taken off), the
    /// VAT of the sale's day, the customer as the buyer. Refused for another currency, for a deposit's own sale,
    /// and without the seller's tax code.
    public static func of(_ sale: Sale, number: Int, property: Property) throws(DomainError) -> VietnamEInvoice {
        guard applies(to: sale) else {
            throw DomainError(
                .notAllowed, "an e-invoice is Vietnam's, of a sale in VND other than a deposit's", field: "id",
                reason: .eInvoiceCountry)
        }
        return try build(
            Source(
                issuedOn: sale.day, currency: sale.currency, issuer: sale.issuer, buyer: nil,
                customerName: sale.customerName,
                charges: sale.lines.filter { !$0.category.isHeld }.map {
                    Source.Charge(
                        name: $0.quantity > 1 ? "\($0.description) × \($0.quantity)" : $0.description, night: nil,
                        amount: $0.amount, outside: $0.category == .fee)
                },
                added: sale.taxes, included: sale.includedTaxes, methods: Set(sale.payments.map(\.method)),
                details: [Detail(field: "SoBienLai", value: sale.reference)]), number: number, property: property)
    }

    /// Whether a sale has an e-invoice: one in đồng that sold something (a deposit's or a ticket book's own
    /// sale does not: the visits it pays are invoiced).
    public static func applies(to sale: Sale) -> Bool {
        sale.currency == .vnd && sale.lines.contains { !$0.category.isHeld }
    }

    /// What an e-invoice is written from: a folio's invoice or a salon's sale.
    struct Source {
        struct Charge {
            var name: String
            /// A room's night: its VAT is the rate on that night; another line's, on the day of issue.
            var night: Day?
            var amount: Money
            var outside: Bool
        }

        var issuedOn: Day
        var currency: Currency
        var issuer: Issuer
        var buyer: Buyer?
        var customerName: String
        var charges: [Charge]
        var added: [FolioDocument.TaxTotal]
        var included: [FolioDocument.TaxTotal]
        var methods: Set<PaymentMethod>
        var details: [Detail]
    }

    private static func build(_ source: Source, number: Int, property: Property) throws(DomainError)
        -> VietnamEInvoice
    {
        guard !source.issuer.taxID.isEmpty else {
            throw DomainError(
                .notAllowed, "an e-invoice states the seller's tax code: a manager sets it first", field: "id",
                reason: .taxInvoiceIssuer)
        }
        guard (1...maxNumber).contains(number) else {
            throw DomainError(.notAllowed, "a year's e-invoices end at \(maxNumber)", field: "id")
        }
        let inside = !source.included.isEmpty
        guard !inside || !source.added.contains(where: { $0.basisPoints != nil }) else {
            throw DomainError(
                .notAllowed, "an e-invoice of prices with the VAT inside them and shares added on them is not written",
                field: "id", reason: .eInvoiceCountry)
        }
        // The VAT: the shares charged on the others (VAT on the price and the service charge), else every share.
        let shares = (inside ? source.included : source.added).filter { $0.basisPoints != nil }
        let compounding = property.taxes.filter { $0.isShare && $0.compounds }.map(\.name)
        let vat = compounding.isEmpty ? shares : shares.filter { compounding.contains($0.name) }
        let vatNames = Set(vat.map(\.name))
        let rateOf = { (day: Day) -> String in
            guard
                let tax = property.taxes.first(where: {
                    $0.isShare && vatNames.contains($0.name) && $0.applies(on: day)
                })
            else { return "KCT" }
            return rate(basisPoints: tax.basisPoints)
        }
        var lines: [Line] = []
        for charge in source.charges {
            let rate = charge.outside ? "KCT" : rateOf(charge.night ?? source.issuedOn)
            lines.append(
                Line(
                    name: charge.name, unit: charge.night == nil ? "Lần" : "Đêm", quantity: 1,
                    unitPrice: charge.amount, amount: charge.amount, rate: rate))
        }
        var rates: [RateTotal] = []
        for total in vat {
            let rate = rate(basisPoints: total.basisPoints ?? 0)
            let base = total.base ?? Money(0, source.currency)
            if let index = rates.firstIndex(where: { $0.rate == rate }) {
                rates[index].base.amount += base.amount
                rates[index].tax.amount += total.amount.amount
            } else {
                rates.append(RateTotal(rate: rate, base: base, tax: total.amount))
            }
        }
        if inside {
            // The VAT inside each rate's lines, taken out of them in proportion (the last line takes what
            // rounding leaves), so that the lines of a rate come to its base without the VAT.
            for index in rates.indices {
                let tax = rates[index].tax.amount
                let taxed = lines.indices.filter { lines[$0].rate == rates[index].rate }
                let gross = taxed.map { lines[$0].amount.amount }.saturatedSum()
                var left = tax
                for (position, line) in taxed.enumerated() {
                    let part =
                        position == taxed.count - 1
                        ? left : Int(Int128(lines[line].amount.amount) * Int128(tax) / Int128(max(gross, 1)))
                    left -= part
                    lines[line].amount.amount -= part
                    lines[line].unitPrice = lines[line].amount
                }
                rates[index].base.amount = gross - tax
            }
        } else {
            // A service charge VAT is charged on: its part of each rate's base is a line of that rate.
            let serviceName = shares.first { !vatNames.contains($0.name) }?.name
            for total in rates {
                let charged = lines.filter { $0.rate == total.rate }.map(\.amount.amount).saturatedSum()
                if let serviceName, total.base.amount > charged {
                    let part = Money(total.base.amount - charged, source.currency)
                    lines.append(
                        Line(
                            name: serviceName, unit: "Lần", quantity: 1, unitPrice: part, amount: part,
                            rate: total.rate))
                }
            }
        }
        // Taxes by the night (a city tax) are lines outside the VAT.
        for total in source.added where total.basisPoints == nil {
            lines.append(
                Line(
                    name: total.name, unit: "Lần", quantity: 1, unitPrice: total.amount, amount: total.amount,
                    rate: "KCT"))
        }
        let methods = source.methods
        let year = String(source.issuedOn.iso.prefix(4).suffix(2))
        return VietnamEInvoice(
            symbol: "C\(year)T\(seriesLetters)", number: number, issuedOn: source.issuedOn, currency: source.currency,
            seller: Party(name: source.issuer.name, taxCode: source.issuer.taxID, address: source.issuer.address),
            buyer: source.buyer.map { Party(name: $0.name, taxCode: $0.taxID, address: $0.address) },
            guestName: source.customerName, lines: lines, rates: rates,
            paymentMethod: methods == [.cash]
                ? "TM"
                : methods.isEmpty || methods.contains(.cash) || methods.contains(.room) ? "TM/CK" : "CK",
            details: source.details)
    }

    /// Whether `document` has an e-invoice: an invoice in đồng.
    public static func applies(to document: FolioDocument) -> Bool {
        document.currency == .vnd && document.kind == .invoice
    }

    /// A day as Vietnam writes it: 31/12/2026.
    static func vietnameseDate(_ day: Day) -> String {
        let parts = day.iso.split(separator: "-")
        return "\(parts[2])/\(parts[1])/\(parts[0])"
    }

    /// A rate as the layout writes it: `10%`, `8%`, else `KHAC:03.50%`.
    static func rate(basisPoints: Int) -> String {
        if basisPoints % 100 == 0, [0, 5, 8, 10].contains(basisPoints / 100) { return "\(basisPoints / 100)%" }
        let whole = basisPoints / 100
        let hundredths = basisPoints % 100
        return "KHAC:\(whole < 10 ? "0" : "")\(whole).\(hundredths < 10 ? "0" : "")\(hundredths)%"
    }
}
