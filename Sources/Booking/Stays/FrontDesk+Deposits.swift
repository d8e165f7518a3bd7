import Foundation

/// Deposits: what a stay booked on a plan owes before arrival, and what of it is paid (a deposit is
/// recorded as a payment).
extension FrontDesk {
    /// The deposit of a booked stay at `property`, due by `bookedOn`; nil when its plan asks none or the
    /// stay is no longer waiting to arrive.
    public func deposit(of stay: Stay, at property: Property, bookedOn: Day) async throws -> DepositDue? {
        guard let plan = property.ratePlan(stay.ratePlanID), plan.deposit != .none, stay.state == .booked else {
            return nil
        }
        let price = try StayPrice.quote(
            roomType: try await roomType(stay.roomTypeID, of: property), nights: stay.nights, property: property,
            party: stay.party, plan: plan, agreedRates: try await storage.agreedRates(stayID: stay.id))
        return DepositDue.of(
            stay: stay, plan: plan, price: price, folio: try await storage.folio(stayID: stay.id), dueBy: bookedOn)
    }
}

extension FrontDesk where Storage: DeskDayStorage {
    /// The deposit of each of `stays` (booked on a plan that asks one) at `property`, by stay: due from
    /// the day each was booked.
    public func deposits(of stays: [Stay], at property: Property) async throws -> [Int: DepositDue] {
        let onPlans = stays.filter { property.ratePlan($0.ratePlanID).map { $0.deposit != .none } ?? false }
        guard !onPlans.isEmpty else { return [:] }
        let booked = try await storage.bookedAt(stayIDs: onPlans.map(\.id))
        var deposits: [Int: DepositDue] = [:]
        for stay in onPlans {
            let day = property.today(now: booked[stay.id] ?? now())
            deposits[stay.id] = try await deposit(of: stay, at: property, bookedOn: day)
        }
        return deposits
    }
}
