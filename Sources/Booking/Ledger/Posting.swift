import Foundation

/// What a front desk posts: a charge, a payment or a reversal, before it has an id.
public struct Posting: Sendable {
    public var kind: FolioEntryKind
    public var description: String
    public var amount: Money
    public var category: ChargeCategory?
    public var method: PaymentMethod?
    public var reverses: Int?
    public var night: Day?
    public var taxes: LineTaxes
    /// The folio it goes to; nil: where `Folio.destination(of:)` sends it.
    public var folio: Int?
    /// The line it moves here from another folio (`Accounts.move`).
    public var movedFrom: Int?

    /// A correction of a stay's own charges, as a line to post.
    public init(_ correction: StayCharges.Correction) {
        switch correction {
        case .charge(let description, let amount, let category, let night, let taxes, let folio):
            self.init(
                kind: .charge, description: description, amount: amount, category: category, night: night,
                taxes: taxes, folio: folio)
        case .reversal(let entryID, let amount, let reason):
            self.init(kind: .reversal, description: reason, amount: amount, reverses: entryID)
        }
    }

    public init(
        kind: FolioEntryKind, description: String, amount: Money, category: ChargeCategory? = nil,
        method: PaymentMethod? = nil, reverses: Int? = nil, night: Day? = nil, taxes: LineTaxes = LineTaxes(),
        folio: Int? = nil, movedFrom: Int? = nil
    ) {
        self.taxes = taxes
        self.folio = folio
        self.movedFrom = movedFrom
        self.kind = kind
        self.description = description
        self.amount = amount
        self.category = category
        self.method = method
        self.reverses = reverses
        self.night = night
    }

    /// The longest description of a folio line.
    public static let descriptionLimit = 200

    /// Checks a line's description (or a reversal's reason): one line of 1 to 200 characters.
    public static func validate(description text: String, field: String = "description") throws(DomainError) {
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty, text.count <= descriptionLimit else {
            throw DomainError.invalid(field, "1 to \(descriptionLimit) characters")
        }
        try FreeText.validate(text, field: field, limit: descriptionLimit, lines: false)
    }
}
