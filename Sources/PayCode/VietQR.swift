/// A Vietnamese VietQR payload (NAPAS 247 interbank transfer, EMVCo tag 38).
///
/// Tag order follows the NAPAS specification and its examples, ascending: `00 01 38 53 [54] 58 [62] 63`.
/// Tag 38 holds: 00 the NAPAS AID `A000000727`; 01 the beneficiary organisation (itself 00 the bank BIN,
/// 01 the account or card number); 02 the service code, `QRIBFTTA` to an account or `QRIBFTTC` to a card.
///
/// About the reference: it goes in tag 62 sub-tag 08 ("purpose of transaction"). Vietnamese banking apps
/// copy this field into the transfer's description (nội dung chuyển khoản), which the beneficiary sees on the
/// statement, so it is the one to use for matching a payment to a booking. Use plain ASCII (no diacritics).
public struct VietQR: Sendable, Hashable {
    /// Where the money goes at the beneficiary bank.
    public enum Beneficiary: Sendable, Hashable {
        /// A bank account number (service `QRIBFTTA`): 1...19 ASCII letters or digits.
        case account(String)
        /// A card number (service `QRIBFTTC`): 1...19 digits; spaces and hyphens are ignored.
        case card(String)
    }

    /// How many digits a bank's BIN has.
    public static let bankBINLength = 6

    /// NAPAS's application identifier (sub-tag 00 of tag 38).
    public static let applicationID = "A000000727"
    /// Tag of the NAPAS merchant account template.
    public static let merchantAccountTag = "38"

    /// The 6-digit NAPAS bank identification number, for example "970423".
    public let bankBIN: String
    /// The beneficiary, normalised.
    public let beneficiary: Beneficiary
    /// The amount in đồng (VND has no minor unit), or nil for a static code.
    public let amountDong: Int?
    /// The optional purpose of transaction (tag 62 sub-tag 08).
    public let reference: String?

    /// Validates and normalises the inputs.
    ///
    /// Throws a ``PayCodeError`` naming ``PayCodeField/bankBIN`` (not 6 digits), ``PayCodeField/accountNumber``
    /// (not 1...19 letters or digits), ``PayCodeField/cardNumber`` (not 1...19 digits), ``PayCodeField/amount``
    /// (zero, negative, or more than 13 digits) or ``PayCodeField/reference`` (not 1...25 printable ASCII).
    public init(bankBIN: String, beneficiary: Beneficiary, amountDong: Int? = nil, reference: String? = nil)
        throws(PayCodeError)
    {
        guard bankBIN.count == Self.bankBINLength, EMVRules.isDigits(bankBIN) else {
            throw PayCodeError(.bankBIN, "bank BIN must be 6 digits, got \"\(bankBIN)\"")
        }
        switch beneficiary {
        case .account(let account):
            // The spec allows "ans" up to 19; real account numbers and banks' virtual-account aliases use only
            // letters and digits, and anything else is almost certainly a typo.
            guard (1...19).contains(account.utf8.count),
                account.utf8.allSatisfy({ Self.isASCIIAlphanumeric($0) })
            else {
                throw PayCodeError(.accountNumber, "account number must be 1...19 letters or digits")
            }
            self.beneficiary = .account(account)
        case .card(let card):
            let digits = EMVRules.strippingSeparators(card)
            guard digits.count <= 19, EMVRules.isDigits(digits) else {
                throw PayCodeError(.cardNumber, "card number must be 1...19 digits")
            }
            self.beneficiary = .card(digits)
        }
        if let amountDong {
            _ = try EMVRules.amount(minorUnits: amountDong, fractionDigits: 0)
        }
        if let reference {
            _ = try EMVRules.reference(reference)
        }
        self.bankBIN = bankBIN
        self.amountDong = amountDong
        self.reference = reference
    }

    /// The data objects in VietQR order, without the CRC.
    public var payloadElements: [TLV] {
        let (number, service): (String, String) =
            switch beneficiary {
            case .account(let account): (account, "QRIBFTTA")
            case .card(let card): (card, "QRIBFTTC")
            }
        let organisation = TLV.encode([TLV(unchecked: "00", bankBIN), TLV(unchecked: "01", number)])
        var elements = [
            TLV(unchecked: EMVTag.payloadFormatIndicator, "01"),
            TLV(
                unchecked: EMVTag.pointOfInitiation,
                amountDong == nil ? EMVTag.staticInitiation : EMVTag.dynamicInitiation),
            TLV(
                unchecked: Self.merchantAccountTag,
                TLV.encode([
                    TLV(unchecked: "00", Self.applicationID), TLV(unchecked: "01", organisation),
                    TLV(unchecked: "02", service),
                ])),
            TLV(unchecked: EMVTag.transactionCurrency, "704"),
        ]
        if let amountDong {
            elements.append(TLV(unchecked: EMVTag.transactionAmount, String(amountDong)))
        }
        elements.append(TLV(unchecked: EMVTag.countryCode, "VN"))
        if let reference {
            elements.append(TLV(unchecked: EMVTag.additionalData, TLV(unchecked: "08", reference).encoded))
        }
        return elements
    }

    /// The payload text, CRC included, ready for ``QRCode/init(text:errorCorrection:minimumVersion:mask:)``.
    public var payload: String {
        EMVPayload(elements: payloadElements).string
    }

    private static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
