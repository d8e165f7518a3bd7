import Foundation

/// Codes to pay: where a property is paid (a manager sets it) and the code for what a stay owes, drawn
/// by the server for the desk's folio.
extension Accounts where Storage: PaymentCodeStorage {
    /// Sets where the property is paid by a code (nil: nowhere), checked for its country's scheme.
    public func setReceivingAccount(_ account: ReceivingAccount?, propertyID: Int, by staff: Staff) async throws
        -> Property
    {
        try staff.requireManager("change where the property is paid", at: propertyID)
        let property = try await property(propertyID, by: staff)
        var account = account
        if let given = account {
            account = ReceivingAccount(
                kind: given.kind, number: given.number.trimmingCharacters(in: .whitespaces),
                bankBIN: given.bankBIN.trimmingCharacters(in: .whitespaces),
                holder: given.holder.trimmingCharacters(in: .whitespaces))
            try account?.validate(currency: property.currency)
        }
        return try await storage.updateReceivingAccount(account, propertyID: propertyID, by: staff.user.id)
    }
}

extension PaymentCode {
    /// The code for `amount` owed at `property`, referenced by the booking's code: nil when nothing is
    /// owed or the property is paid by no code.
    public static func due(_ amount: Money, at property: Property, confirmationCode: String) -> PaymentCode? {
        guard let account = property.receivingAccount, amount.amount > 0 else { return nil }
        return try? make(amount: amount, reference: confirmationCode, account: account)
    }

    /// The code for what `folio` still owes at `property` (but for the folios a company pays).
    public static func due(on folio: Folio, at property: Property, confirmationCode: String) -> PaymentCode? {
        due(folio.dueAtDesk, at: property, confirmationCode: confirmationCode)
    }
}

/// What setting a receiving account needs of storage.
public protocol PaymentCodeStorage: StayStorage {
    /// Writes where the property is paid by a code, with its audit row; returns the property after.
    func updateReceivingAccount(_ account: ReceivingAccount?, propertyID: Int, by userID: Int?) async throws
        -> Property
}
