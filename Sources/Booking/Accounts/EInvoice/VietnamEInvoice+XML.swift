import Foundation
import PayCode

/// The e-invoice as the tax authority's layout writes it (`HDon`, no namespace, UTF-8), its data in
/// `DLHDon Id="data"` for the provider's signature, which goes in `DSCKS/NBan` (left empty here: the seller's
/// certificate is the provider's to apply).
extension VietnamEInvoice {
    /// The XML, with `providerTaxCode` (`MSTTCGP`, the provider that signs and sends it).
    public func xml(providerTaxCode: String) -> String {
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<HDon>\n  <DLHDon Id=\"data\">\n    <TTChung>\n"
        let digits = currency.minorUnitDigits
        let amount = { (money: Money) in money.decimalPlain(digits: digits) }
        func element(_ name: String, _ value: String, indent: Int) {
            out += String(repeating: " ", count: indent) + "<\(name)>\(XMLText.escaped(value))</\(name)>\n"
        }
        element("PBan", Self.formatVersion, indent: 6)
        element("THDon", "Hóa đơn giá trị gia tăng", indent: 6)
        element("KHMSHDon", Self.form, indent: 6)
        element("KHHDon", symbol, indent: 6)
        element("SHDon", String(number), indent: 6)
        element("NLap", issuedOn.iso, indent: 6)
        element("DVTTe", currency.code, indent: 6)
        element("TGia", "1", indent: 6)
        element("HTTToan", paymentMethod, indent: 6)
        element("MSTTCGP", providerTaxCode, indent: 6)
        out += "    </TTChung>\n    <NDHDon>\n      <NBan>\n"
        element("Ten", seller.name, indent: 8)
        element("MST", seller.taxCode, indent: 8)
        element("DChi", seller.address.replacing("\n", with: ", "), indent: 8)
        out += "      </NBan>\n      <NMua>\n"
        if let buyer {
            element("Ten", buyer.name, indent: 8)
            element("MST", buyer.taxCode, indent: 8)
            element("DChi", buyer.address.replacing("\n", with: ", "), indent: 8)
        }
        element("HVTNMHang", guestName, indent: 8)
        out += "      </NMua>\n      <DSHHDVu>\n"
        for (index, line) in lines.enumerated() {
            out += "        <HHDVu>\n"
            element("TChat", "1", indent: 10)
            element("STT", String(index + 1), indent: 10)
            element("THHDVu", line.name, indent: 10)
            element("DVTinh", line.unit, indent: 10)
            element("SLuong", String(line.quantity), indent: 10)
            element("DGia", amount(line.unitPrice), indent: 10)
            element("ThTien", amount(line.amount), indent: 10)
            element("TSuat", line.rate, indent: 10)
            out += "        </HHDVu>\n"
        }
        out += "      </DSHHDVu>\n      <TToan>\n        <THTTLTSuat>\n"
        for rate in rates {
            out += "          <LTSuat>\n"
            element("TSuat", rate.rate, indent: 12)
            element("ThTien", amount(rate.base), indent: 12)
            element("TThue", amount(rate.tax), indent: 12)
            out += "          </LTSuat>\n"
        }
        out += "        </THTTLTSuat>\n"
        element("TgTCThue", amount(totalBeforeTax), indent: 8)
        element("TgTThue", amount(totalTax), indent: 8)
        element("TgTTTBSo", amount(total), indent: 8)
        element("TgTTTBChu", totalInWords, indent: 8)
        out += "      </TToan>\n      <TTKhac>\n"
        for detail in details {
            out += "        <TTin>\n"
            element("TTruong", detail.field, indent: 10)
            element("KDLieu", "string", indent: 10)
            element("DLieu", detail.value, indent: 10)
            out += "        </TTin>\n"
        }
        out += "      </TTKhac>\n    </NDHDon>\n  </DLHDon>\n  <DSCKS>\n    <NBan/>\n  </DSCKS>\n</HDon>\n"
        return out
    }
}

extension Money {
    /// The amount in major units with the currency's digits and no grouping: `1080000`, `1234.50`.
    func decimalPlain(digits: Int) -> String {
        guard digits > 0 else { return String(amount) }
        var scale = 1
        for _ in 0..<digits { scale *= 10 }
        let fraction = String(abs(amount) % scale)
        return
            "\(amount < 0 ? "-" : "")\(abs(amount) / scale).\(String(repeating: "0", count: digits - fraction.count))\(fraction)"
    }
}

/// A licensed e-invoice provider (VNPT, Viettel, MISA, BKAV…): it signs an e-invoice's XML with the seller's
/// certificate and sends it to the tax authority, which answers with its code. A business uses one; the
/// desk hands it the XML (`PortalUpload`: the file the provider's portal takes).
public protocol EInvoiceProvider: Sendable {
    /// The provider's tax code, which the XML states (`MSTTCGP`).
    var taxCode: String { get }
    /// Hands the provider the e-invoice; answers what became of it.
    func submit(_ invoice: VietnamEInvoice) async throws -> EInvoiceSubmission
}

/// What a provider did with an e-invoice.
public enum EInvoiceSubmission: Hashable, Sendable {
    /// The XML to upload to the provider's portal, which signs and sends it.
    case awaitingUpload(xml: String)
    /// Sent; the tax authority's code (`MCCQT`).
    case coded(String)
}

/// The provider a business uploads its e-invoices to by hand: the XML for its portal.
public struct PortalUpload: EInvoiceProvider {
    public let taxCode: String

    /// The longest tax code typed for a provider, as the API document bounds it.
    public static let taxCodeLimit = 20

    /// A provider by its tax code, checked as Vietnam writes one (`provider`).
    public init(taxCode: String) throws(DomainError) {
        let compact = taxCode.trimmingCharacters(in: .whitespaces)
        try FreeText.validate(compact, field: "provider", limit: Self.taxCodeLimit, lines: false)
        guard !compact.isEmpty else {
            throw .invalid("provider", "name the e-invoice provider by its tax code", reason: .textRequired)
        }
        try TaxIDRule.vietnam.check(compact, field: "provider")
        self.taxCode = compact
    }

    public func submit(_ invoice: VietnamEInvoice) async throws -> EInvoiceSubmission {
        .awaitingUpload(xml: invoice.xml(providerTaxCode: taxCode))
    }
}
