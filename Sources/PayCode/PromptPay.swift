/// A Thai PromptPay credit-transfer QR payload (Bank of Thailand "Thai QR Payment", EMVCo tag 29).
///
/// Tag order follows the published PromptPay examples (which put country 58 before currency 53):
/// `00 01 29 58 53 [54] [62] 63`. With an amount the point of initiation is `12` (dynamic), without it `11`.
///
/// About the reference: it goes in tag 62 sub-tag 05 ("reference label"). Tag-29 credit transfers have no
/// bank-matched reference field (the bill-payment references ref1/ref2 live in tag 30, which needs a biller ID
/// registered with a bank). Thai banking apps do not reliably show tag 62 for tag-29 transfers, so treat the
/// reference as a hint for the payer and reconcile PromptPay transfers by amount and time, not by reference.
public struct PromptPay: Sendable, Hashable {
    /// Who receives the money: the PromptPay proxy the recipient registered with a bank.
    public enum Recipient: Sendable, Hashable {
        /// A Thai mobile number, as people write it: "081-234-5678", "0812345678" or "+66 81 234 5678".
        /// Only mobile ranges (06, 08, 09) are accepted.
        case mobile(String)
        /// A 13-digit national ID or juristic-person tax ID; spaces and hyphens are ignored.
        case nationalID(String)
        /// A 15-digit e-wallet ID; spaces and hyphens are ignored.
        case eWallet(String)
    }

    /// PromptPay's application identifier (sub-tag 00 of tag 29).
    public static let applicationID = "A000000677010111"
    /// Tag of the PromptPay credit-transfer merchant account template.
    public static let merchantAccountTag = "29"

    /// The proxy sub-tag inside tag 29: "01" mobile, "02" national/tax ID, "03" e-wallet.
    public let proxyTag: String
    /// The normalised proxy value: "0066" + 9 digits for a mobile, else the 13 or 15 digits.
    public let proxyValue: String
    /// The amount in satang (1/100 baht), or nil for a static code where the payer enters the amount.
    public let amountSatang: Int?
    /// The optional reference (tag 62 sub-tag 05).
    public let reference: String?

    /// Validates and normalises the inputs.
    ///
    /// Throws a ``PayCodeError`` naming ``PayCodeField/phone``, ``PayCodeField/nationalID``,
    /// ``PayCodeField/eWalletID``, ``PayCodeField/amount`` (zero, negative, or longer than 13 characters, that is
    /// more than 9,999,999,999.99 baht) or ``PayCodeField/reference`` (not 1...25 printable ASCII characters).
    public init(recipient: Recipient, amountSatang: Int? = nil, reference: String? = nil) throws(PayCodeError) {
        switch recipient {
        case .mobile(let phone):
            proxyTag = "01"
            proxyValue = try Self.normalizedMobile(phone)
        case .nationalID(let id):
            let digits = EMVRules.strippingSeparators(id)
            guard digits.count == 13, EMVRules.isDigits(digits) else {
                throw PayCodeError(.nationalID, "national or tax ID must be 13 digits")
            }
            proxyTag = "02"
            proxyValue = digits
        case .eWallet(let id):
            let digits = EMVRules.strippingSeparators(id)
            guard digits.count == 15, EMVRules.isDigits(digits) else {
                throw PayCodeError(.eWalletID, "e-wallet ID must be 15 digits")
            }
            proxyTag = "03"
            proxyValue = digits
        }
        if let amountSatang {
            _ = try EMVRules.amount(minorUnits: amountSatang, fractionDigits: 2)
        }
        if let reference {
            _ = try EMVRules.reference(reference)
        }
        self.amountSatang = amountSatang
        self.reference = reference
    }

    /// The data objects in PromptPay order, without the CRC.
    public var payloadElements: [TLV] {
        var elements = [
            TLV(unchecked: EMVTag.payloadFormatIndicator, "01"),
            TLV(
                unchecked: EMVTag.pointOfInitiation,
                amountSatang == nil ? EMVTag.staticInitiation : EMVTag.dynamicInitiation),
            TLV(
                unchecked: Self.merchantAccountTag,
                TLV.encode([TLV(unchecked: "00", Self.applicationID), TLV(unchecked: proxyTag, proxyValue)])),
            TLV(unchecked: EMVTag.countryCode, "TH"),
            TLV(unchecked: EMVTag.transactionCurrency, "764"),
        ]
        // The amount and reference were validated in init, so formatting cannot fail here.
        if let amountSatang, let amount = try? EMVRules.amount(minorUnits: amountSatang, fractionDigits: 2) {
            elements.append(TLV(unchecked: EMVTag.transactionAmount, amount))
        }
        if let reference {
            elements.append(TLV(unchecked: EMVTag.additionalData, TLV(unchecked: "05", reference).encoded))
        }
        return elements
    }

    /// The payload text, CRC included, ready for ``QRCode/init(text:errorCorrection:minimumVersion:mask:)``.
    public var payload: String {
        EMVPayload(elements: payloadElements).string
    }

    /// Turns a Thai mobile number into the PromptPay form "0066" + 9 digits.
    static func normalizedMobile(_ phone: String) throws(PayCodeError) -> String {
        var digits = EMVRules.strippingSeparators(phone)
        digits.removeAll { $0 == "(" || $0 == ")" }
        let national: Substring
        if digits.hasPrefix("+66") {
            national = digits.dropFirst(3)
        } else if digits.hasPrefix("0066") {
            national = digits.dropFirst(4)
        } else if digits.hasPrefix("0") {
            national = digits.dropFirst(1)
        } else {
            throw PayCodeError(.phone, "Thai mobile number must start with 0 or +66")
        }
        guard national.count == 9, EMVRules.isDigits(String(national)) else {
            throw PayCodeError(.phone, "Thai mobile number must have 9 digits after the leading 0")
        }
        guard let first = national.first, "689".contains(first) else {
            throw PayCodeError(.phone, "Thai mobile numbers start with 06, 08 or 09")
        }
        return "0066" + national
    }
}
