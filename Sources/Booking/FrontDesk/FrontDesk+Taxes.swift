/// The taxes a property owes on its stays (`Tax`): a manager sets them. Lines already posted keep what
/// they were posted at; stays checked in later, and changes of nights, follow the new taxes.
extension FrontDesk where Storage: TaxStorage {
    public func setTaxes(_ taxes: [Tax], propertyID: Int, by staff: Staff) async throws -> Property {
        try staff.requireManager("change the property's taxes", at: propertyID)
        let property = try await property(propertyID, by: staff)
        try Tax.validate(taxes, currency: property.currency)
        return try await storage.updateTaxes(taxes, propertyID: propertyID, by: staff.user.id)
    }
}

/// What setting taxes needs of storage.
public protocol TaxStorage: StayStorage {
    /// Writes the property's taxes (checked by `Tax.validate`), with its audit row and event; returns
    /// the property after.
    func updateTaxes(_ taxes: [Tax], propertyID: Int, by userID: Int?) async throws -> Property
}
