/// What cancelling a stay means for its guest now, by the property's `CancellationPolicy`: whether
/// the guest may cancel it themselves, the last day it is free, and what it costs today.
///
/// A guest may cancel a booked stay up to and including its arrival day (in the property's zone);
/// one checked in, checked out, already cancelled or marked a no-show, or whose arrival has passed,
/// is the front desk's to handle.
public struct GuestCancellation: Hashable, Sendable {
    public var allowed: Bool
    /// The last day (in the property's zone) on which cancelling costs nothing.
    public var freeUntil: Day
    /// What cancelling today costs: zero within the free window, and when cancelling is not allowed.
    public var fee: Money
    /// Why the guest may not cancel, when they may not.
    public var reason: String?
    /// The rule that refuses it, for a client to word (`booking.arrivalPassed`, or `stay.state` with
    /// the stay's state), with what the words need.
    private var rule: Refusal?
    private var ruleParams: [String: String] = [:]

    /// The terms for `stay`, whose price is `total`, on `today` in the property's zone.
    public init(stay: Stay, policy: CancellationPolicy, total: Money, today: Day) {
        freeUntil = policy.lastFreeDay(arrival: stay.arrival)
        switch stay.state {
        case .booked where today > stay.arrival:
            reason = "the arrival date (\(stay.arrival)) has passed; contact the property"
        case .booked: reason = nil
        case .checkedIn: reason = "the stay is checked in; ask the front desk"
        case .checkedOut: reason = "the stay is over (checked out)"
        case .cancelled: reason = "the booking is already cancelled"
        case .noShow: reason = "the booking was marked as a no-show; contact the property"
        }
        allowed = reason == nil
        if !allowed {
            (rule, ruleParams) =
                stay.state == .booked
                ? (.bookingArrivalPassed, ["arrival": stay.arrival.iso])
                : (.stayState, ["action": "cancel", "state": stay.state.rawValue])
        }
        fee =
            allowed ? policy.fee(cancellingOn: today, arrival: stay.arrival, total: total) : .zero(total.currency)
    }

    /// Refuses, as a conflict with the booking's state, a cancellation that is not allowed.
    public func check() throws(DomainError) {
        if let reason {
            throw DomainError(
                .conflict, "this booking cannot be cancelled: \(reason)", reason: rule, params: ruleParams)
        }
    }
}

extension CancellationPolicy {
    /// The last day a stay arriving on `arrival` can be cancelled for free.
    /// The last day a booking arriving on `arrival`, made on `today`, is cancelled free; nil when cancelling
    /// it would already cost (a non-refundable plan's never is free).
    public func freeUntil(arrival: Day, today: Day) -> Day? {
        let last = lastFreeDay(arrival: arrival)
        return last >= today ? last : nil
    }

    public func lastFreeDay(arrival: Day) -> Day { arrival.adding(days: -freeUntilDaysBefore) }

    /// What cancelling on `day` costs for a stay arriving on `arrival` whose price is `total`.
    public func fee(cancellingOn day: Day, arrival: Day, total: Money) -> Money {
        isFree(cancellingOn: day, arrival: arrival)
            ? .zero(total.currency) : total.share(basisPoints: lateCancellationBasisPoints)
    }
}
