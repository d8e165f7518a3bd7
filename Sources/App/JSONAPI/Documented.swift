import API
import Booking
import Foundation

// The domain's values in the document's types. Each is written once here (or beside its operations)
// and read by the generated code, so what the API sends is what `openapi.yaml` says.

/// The document's word for one of the domain's (a role, a state, a currency): the same words, so a
/// word the document lacks is a server error to fix, not a crash and not a silent drift.
func documented<Value: RawRepresentable>(_ word: Value.RawValue) throws -> Value {
    guard let value = Value(rawValue: word) else {
        throw APIError(.internalServerError, code: "internal", "'\(word)' is not a word of the API document")
    }
    return value
}

extension Decodable {
    /// The document's type of a value the server already writes as JSON (a form's declaration, a
    /// stay as the event stream records it): encoded once and read back, so that a difference from
    /// the document is a server error, never a silent drift.
    init(reading value: some Encodable) throws {
        do {
            self = try JSONDecoder().decode(Self.self, from: JSONEncoder().encode(value))
        } catch {
            throw APIError(
                .internalServerError, code: "internal",
                "a \(Self.self) does not read as the API document says: \(error)")
        }
    }
}

extension Components.Schemas.Money {
    init(_ money: Money) throws {
        self.init(amount: money.amount, currency: try documented(money.currency.code))
    }

    /// The amount as sent, which the domain then bounds, in a currency Frontdesk knows (else refused
    /// naming `field.currency`).
    func money(field: String) throws -> Money {
        Money(amount, try Currency.named(currency.rawValue, field: "\(field).currency"))
    }
}

extension Components.Schemas.PostedAmount {
    /// The amount in a currency Frontdesk takes, within `Money.maxAmount` (`field` names the amount
    /// in a refusal); the folio checks it is its own currency and positive.
    func money(field: String = "amount") throws -> Money {
        try Money.validate(amount: amount, field: "\(field).amount", in: 1...Money.maxAmount)
        return Money(amount, try Currency.named(currency.rawValue, field: "\(field).currency"))
    }
}

/// Minutes after midnight from a time of day written `15:30`; refused naming `field` otherwise.
func clockMinute(_ text: String, field: String) throws(DomainError) -> Int {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ $0.utf8.count == 2 }), let hour = Int(parts[0]),
        let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute)
    else { throw .invalid(field, "'\(text.prefix(20))' is not a time like 15:30", reason: .timeInvalid) }
    return hour * 60 + minute
}

/// `14:00` from minutes after midnight.
func clockTime(_ minute: Int) -> String {
    let hours = minute / 60
    let minutes = minute % 60
    return "\(hours < 10 ? "0" : "")\(hours):\(minutes < 10 ? "0" : "")\(minutes)"
}
