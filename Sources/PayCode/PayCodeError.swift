/// The input or payload element that a ``PayCodeError`` is about.
///
/// Every refusal names one of these so a caller (a form, an API handler) can point the user at the exact field
/// that needs fixing instead of showing a generic "invalid QR" message.
public enum PayCodeField: String, Sendable, Hashable, CaseIterable {
    /// A Thai mobile phone number used as a PromptPay proxy.
    case phone
    /// A 13-digit Thai national ID or tax ID used as a PromptPay proxy.
    case nationalID
    /// A 15-digit PromptPay e-wallet ID.
    case eWalletID
    /// The 6-digit NAPAS bank identification number (BIN) of a VietQR beneficiary bank.
    case bankBIN
    /// The beneficiary account number (VietQR, service `QRIBFTTA`).
    case accountNumber
    /// The beneficiary card number (VietQR, service `QRIBFTTC`).
    case cardNumber
    /// The transaction amount (EMV tag 54).
    case amount
    /// The free-text reference carried in the additional data template (EMV tag 62).
    case reference
    /// A tag identifier in a TLV element (must be two ASCII digits).
    case tag
    /// A TLV value (must be 1...99 characters long).
    case value
    /// The payload as a whole: structure, length fields, order.
    case payload
    /// The CRC element (EMV tag 63).
    case crc
    /// The data given to the QR encoder (for example: too long for version 40).
    case qrData
    /// A QR version number or version range.
    case qrVersion
    /// A QR mask pattern number (must be 0...7).
    case qrMask
}

/// The one error type thrown by this module (all throwing functions use typed throws).
///
/// It always names the ``PayCodeField`` at fault and carries a short English reason meant for logs and developers.
/// Compare errors by ``field`` in code; the reason text may change wording.
public struct PayCodeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Which field or element was refused.
    public let field: PayCodeField
    /// A short human-readable reason, for logs.
    public let reason: String

    /// Creates an error naming `field`, with a short `reason` for logs.
    public init(_ field: PayCodeField, _ reason: String) {
        self.field = field
        self.reason = reason
    }

    public var description: String { "\(field.rawValue): \(reason)" }
}
