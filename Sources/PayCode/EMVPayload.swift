/// A complete EMVCo merchant-presented QR payload: ordered data objects plus the CRC in tag 63.
///
/// Building: give the data objects in the order the scheme publishes (PromptPay and VietQR differ, see
/// ``PromptPay`` and ``VietQR``); ``string`` appends `6304` and the CRC-16/CCITT-FALSE computed over everything
/// before it, including the `6304` itself.
///
/// Checking: ``decode(_:)`` parses a payload string, verifies the CRC and returns the data objects without tag 63.
public struct EMVPayload: Sendable, Hashable {
    /// The data objects in payload order, without the CRC (tag 63).
    public let elements: [TLV]

    /// Wraps `elements` (which must not contain tag 63: the CRC is added by ``string``).
    public init(elements: [TLV]) {
        self.elements = elements.filter { $0.tag != EMVTag.crc }
    }

    /// The payload text to put in a QR code, ending with `6304` and four uppercase hexadecimal CRC digits.
    public var string: String {
        let body = TLV.encode(elements) + EMVTag.crc + "04"
        return body + CRC16.hex(CRC16.ccittFalse(body))
    }

    /// The value of the first top-level data object with `tag`, or nil.
    public func value(for tag: String) -> String? {
        elements.value(for: tag)
    }

    /// The data objects inside the template with `tag` (for example "29", "38" or "62"), or nil when absent.
    public func template(_ tag: String) throws(PayCodeError) -> [TLV]? {
        guard let value = value(for: tag) else { return nil }
        return try TLV.parse(value)
    }

    /// Parses `payload`, checks its structure and CRC, and returns it.
    ///
    /// Refuses (naming ``PayCodeField/payload``) a payload that does not start with `000201` or whose TLV
    /// structure is broken, and (naming ``PayCodeField/crc``) one that does not end with tag 63 of length 4 or
    /// whose CRC does not match.
    public static func decode(_ payload: String) throws(PayCodeError) -> EMVPayload {
        let elements = try TLV.parse(payload)
        guard let first = elements.first, first.tag == EMVTag.payloadFormatIndicator, first.value == "01" else {
            throw PayCodeError(.payload, "payload must start with the payload format indicator 000201")
        }
        guard let last = elements.last, last.tag == EMVTag.crc, last.value.utf8.count == 4 else {
            throw PayCodeError(.crc, "payload must end with tag 63 of length 04")
        }
        guard elements.dropLast().allSatisfy({ $0.tag != EMVTag.crc }) else {
            throw PayCodeError(.crc, "tag 63 must appear only once, at the end")
        }
        let bodyBytes = Array(payload.utf8.dropLast(4))
        let expected = CRC16.hex(CRC16.ccittFalse(bodyBytes))
        guard last.value.uppercased() == expected else {
            throw PayCodeError(.crc, "CRC is \(last.value) but the payload computes to \(expected)")
        }
        return EMVPayload(elements: Array(elements.dropLast()))
    }
}

/// Tag numbers of the EMVCo merchant-presented mode root data objects used here.
public enum EMVTag {
    public static let payloadFormatIndicator = "00"
    public static let pointOfInitiation = "01"
    public static let transactionCurrency = "53"
    public static let transactionAmount = "54"
    public static let countryCode = "58"
    public static let additionalData = "62"
    public static let crc = "63"

    /// Point of initiation "11": a static code, reusable, the payer types the amount.
    static let staticInitiation = "11"
    /// Point of initiation "12": a dynamic code for one transaction, carrying its amount.
    static let dynamicInitiation = "12"
}

/// Field rules shared by the scheme builders.
enum EMVRules {
    /// Longest value of tag 54 in characters (EMVCo: "ans, up to 13").
    static let maximumAmountLength = 13
    /// Longest value of one sub-field of the additional data template, tag 62 (EMVCo: "ans, up to 25").
    static let maximumReferenceLength = 25

    /// Formats an amount given in minor units with `fractionDigits` decimals (2 for THB, 0 for VND), refusing
    /// zero, negative amounts and amounts that need more than 13 characters.
    static func amount(minorUnits: Int, fractionDigits: Int) throws(PayCodeError) -> String {
        guard minorUnits > 0 else {
            throw PayCodeError(.amount, "amount must be greater than zero, got \(minorUnits) minor units")
        }
        var digits = String(minorUnits)
        if fractionDigits > 0 {
            if digits.count <= fractionDigits {
                digits = String(repeating: "0", count: fractionDigits + 1 - digits.count) + digits
            }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -fractionDigits))
        }
        guard digits.count <= maximumAmountLength else {
            throw PayCodeError(.amount, "amount \(digits) is longer than \(maximumAmountLength) characters")
        }
        return digits
    }

    /// Checks a free-text reference: 1...25 characters, each printable ASCII (EMVCo "ans": 0x20...0x7E).
    ///
    /// Non-ASCII text (Thai, Vietnamese with diacritics) is refused rather than transliterated: banks' apps show
    /// these fields inconsistently, and a silent change of the caller's text would make reconciliation fail.
    static func reference(_ reference: String) throws(PayCodeError) -> String {
        let count = reference.unicodeScalars.count
        guard (1...maximumReferenceLength).contains(count) else {
            throw PayCodeError(.reference, "reference must be 1...\(maximumReferenceLength) characters, got \(count)")
        }
        guard reference.unicodeScalars.allSatisfy({ (0x20...0x7E).contains($0.value) }) else {
            throw PayCodeError(.reference, "reference may contain only printable ASCII characters")
        }
        return reference
    }

    /// Removes the separators people type inside numbers (spaces, hyphens, dots).
    static func strippingSeparators(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0 != " " && $0 != "-" && $0 != "." }.map(Character.init))
    }

    /// True when `text` is non-empty and made of ASCII digits only.
    static func isDigits(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}
