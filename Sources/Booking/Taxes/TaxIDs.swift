/// A business's number at its tax office, as each market writes it (the property's, by the currency it
/// prices in; a buyer's, by the seller's country):
/// - Thailand: 13 digits, the last a check digit (weights 13 down to 2 over the first twelve, then
///   (11 − sum mod 11) mod 10);
/// - Japan: a qualified invoice issuer's registration number, `T` and 13 digits;
/// - Vietnam: a tax code (mã số thuế) of 10 digits, or 10 and a branch's 3 (`0101234567-001`);
/// - Korea: a business registration number of 10 digits (`123-45-67890`).
/// Spaces and dashes between the digits are allowed; an empty number is a business not registered
/// (it prints none). See docs/law.
public enum TaxIDRule: Sendable {
    case thailand
    case japan
    case vietnam
    case korea

    public static func of(_ currency: Currency) -> TaxIDRule? {
        switch currency.code {
        case "THB": .thailand
        case "JPY": .japan
        case "VND": .vietnam
        case "KRW": .korea
        default: nil
        }
    }

    /// Refuses `text` (naming `field`) unless it is a number of this market, or empty.
    public func check(_ text: String, field: String) throws(DomainError) {
        let compact = String(text.filter { $0 != " " && $0 != "-" })
        guard !compact.isEmpty else { return }
        let digits = compact.compactMap { $0.isASCII ? $0.wholeNumberValue : nil }
        let valid: Bool
        let shape: String
        switch self {
        case .thailand:
            shape = "13 digits whose last is their check digit"
            valid = digits.count == 13 && compact.count == 13 && Self.thaiCheckDigit(digits.prefix(12)) == digits[12]
        case .japan:
            shape = "T and 13 digits (T1234567890123)"
            valid = compact.first == "T" && compact.count == 14 && digits.count == 13
        case .vietnam:
            shape = "10 digits, or 10 and a branch's 3 (0101234567-001)"
            valid = compact.count == digits.count && (digits.count == 10 || digits.count == 13)
        case .korea:
            shape = "10 digits (123-45-67890)"
            valid = compact.count == 10 && digits.count == 10
        }
        guard valid else {
            throw .invalid(field, "'\(text.prefix(40))' is not a tax id here: \(shape)", reason: .issuerTaxID)
        }
    }

    /// Thailand's check digit of a tax id's first twelve digits.
    static func thaiCheckDigit(_ digits: ArraySlice<Int>) -> Int {
        let sum = digits.enumerated().map { index, digit in digit * (13 - index) }.reduce(0, +)
        return (11 - sum % 11) % 10
    }
}
