import Foundation

/// What a property's manager sets of it: its taxes and rate plans (here) and its texts in other
/// languages (`PropertySettings+Translations.swift`).
public struct PropertySettings<Storage: StayStorage>: StayOperations {
    public let storage: Storage
    public let now: @Sendable () -> Date

    public init(storage: Storage, now: @escaping @Sendable () -> Date) {
        self.storage = storage
        self.now = now
    }
}

/// The taxes a property owes on its stays (`Tax`): a manager sets them. Lines already posted keep what
/// they were posted at; stays checked in later, and changes of nights, follow the new taxes.
extension PropertySettings where Storage: TaxStorage {
    public func setTaxes(_ taxes: [Tax], propertyID: Int, by staff: Staff) async throws -> Property {
        try staff.requireManager("change the property's taxes", at: propertyID)
        let property = try await property(propertyID, by: staff)
        try Tax.validate(taxes, currency: property.currency, kind: property.kind)
        return try await storage.updateTaxes(
            Tax.numbered(taxes, keeping: property.taxes), propertyID: propertyID, by: staff.user.id)
    }
}

extension PropertySettings where Storage: TaxStorage {
    /// Sets the plans the property's rooms are sold as. A plan keeps its id (a new one, without, is given
    /// the next); one taken away from a list is kept inactive, so the stays booked on it keep their terms.
    public func setRatePlans(_ plans: [RatePlan], propertyID: Int, by staff: Staff) async throws -> Property {
        try staff.requireManager("change the property's rate plans", at: propertyID)
        let property = try await property(propertyID, by: staff)
        try RatePlan.validate(plans, currency: property.currency)
        var next = (property.ratePlans.map(\.id).max() ?? 0) + 1
        var kept: [RatePlan] = []
        for var plan in plans {
            if property.ratePlan(plan.id) == nil || kept.contains(where: { $0.id == plan.id }) {
                plan.id = next
                next += 1
            }
            kept.append(plan)
        }
        for plan in property.ratePlans where !kept.contains(where: { $0.id == plan.id }) {
            var retired = plan
            retired.active = false
            kept.append(retired)
        }
        guard kept.count <= RatePlan.maxKept else {
            throw DomainError.invalid(
                "plans", "a property keeps at most \(RatePlan.maxKept) rate plans, those taken off the list included",
                reason: .planTooMany)
        }
        return try await storage.updateRatePlans(kept, propertyID: propertyID, by: staff.user.id)
    }
}

/// What setting taxes and rate plans needs of storage.
public protocol TaxStorage: StayStorage {
    /// Writes the property's taxes (checked by `Tax.validate`), with its audit row and event; returns
    /// the property after.
    func updateTaxes(_ taxes: [Tax], propertyID: Int, by userID: Int?) async throws -> Property
    /// Writes the property's rate plans (checked by `RatePlan.validate`), with its audit row and event.
    func updateRatePlans(_ plans: [RatePlan], propertyID: Int, by userID: Int?) async throws -> Property
}
