/// One way a hotel sells its rooms: the same room as several plans (flexible, non-refundable, with
/// breakfast), each with its own price rule, cancellation terms and deposit. A stay booked on a plan
/// keeps it; a stay on none is on the property's standard terms.
public struct RatePlan: Hashable, Sendable, Identifiable {
    public var id: Int
    public var name: String
    /// The plan's price against the room type's rate of each night, in basis points: -1000 is 10 % less.
    public var adjustmentBasisPoints: Int
    /// What the plan adds a guest (adults and children) a night, and what the line is called
    /// ("Breakfast"); nil: nothing.
    public var extraName: String
    public var extraPerGuestNight: Money?
    /// Its own cancellation terms (a non-refundable plan's are never free); nil: the property's.
    public var cancellation: CancellationPolicy?
    public var deposit: Deposit
    /// A plan no longer offered: stays booked on it keep it.
    public var active: Bool

    public init(
        id: Int, name: String, adjustmentBasisPoints: Int = 0, extraName: String = "",
        extraPerGuestNight: Money? = nil, cancellation: CancellationPolicy? = nil, deposit: Deposit = .none,
        active: Bool = true
    ) {
        self.id = id
        self.name = name
        self.adjustmentBasisPoints = adjustmentBasisPoints
        self.extraName = extraName
        self.extraPerGuestNight = extraPerGuestNight
        self.cancellation = cancellation
        self.deposit = deposit
        self.active = active
    }

    /// What a booking on a plan owes before arrival, due the day it is booked.
    public enum Deposit: Hashable, Sendable {
        case none
        /// The first night's price (its room and the plan's extra).
        case firstNight
        /// A share of the stay's total, in basis points.
        case share(Int)
        /// The whole stay.
        case all
    }

    /// The days before arrival within which a non-refundable plan's cancellation costs all: always.
    public static let nonRefundable = CancellationPolicy(
        freeUntilDaysBefore: 100_000, lateCancellationBasisPoints: 10_000)

    /// A night's price on the plan: the room type's rate adjusted, rounded half up to the minor unit.
    public func rate(_ rate: Money) -> Money {
        guard adjustmentBasisPoints != 0 else { return rate }
        let scaled = rate.amount.multipliedSaturated(by: 10_000 + adjustmentBasisPoints).addingSaturated(5_000)
        return Money(max(scaled / 10_000, 0), rate.currency)
    }

    /// The most plans a property sells at once, and the longest a plan's or an extra's name.
    public static let maxCount = 20
    /// The most plans a property keeps, those taken off the list included (the stays booked on them keep
    /// their terms).
    public static let maxKept = 200
    public static let nameLimit = 60
    /// A plan's price against the room type's rate, in basis points: from 90 % off to twice the rate.
    public static let adjustments = -9_000...10_000
    /// How many days before arrival a booking is cancelled free: up to a year.
    public static let freeCancellationDays = 0...365
    /// What a late cancellation costs, in basis points of the stay: none to all of it.
    public static let lateCancellationShares = 0...10_000
    /// A deposit's share of the stay, in basis points: from 0.01 % to all of it.
    public static let depositShares = 1...10_000

    /// Checks a property's plans before they are stored, each refusal naming its field
    /// (`plans[1].adjustmentBasisPoints`): names of 1 to 60 characters, each live plan's its own; a price from 90 % less to
    /// twice the rate; an extra named, more than zero, at most `Money.maxAmount`, in the property's
    /// currency; cancellation terms of 0 to 365 days and 0 % to 100 %; a deposit's share of 1 to 100 %.
    public static func validate(_ plans: [RatePlan], currency: Currency) throws(DomainError) {
        guard plans.count(where: \.active) <= maxCount, plans.count <= maxKept else {
            throw .invalid("plans", "a property has at most \(maxCount) rate plans", reason: .planTooMany)
        }
        var names: Set<String> = []
        for (index, plan) in plans.enumerated() {
            let field = "plans[\(index)]"
            let name = plan.name.trimmingCharacters(in: .whitespaces)
            // A plan taken off the list keeps its name on the stays booked on it; a live plan may take it again.
            guard !name.isEmpty, name.count <= nameLimit, name == plan.name, !plan.active || names.insert(name).inserted
            else {
                throw .invalid("\(field).name", "1 to \(nameLimit) characters, each name once", reason: .planName)
            }
            try FreeText.validate(plan.name, field: "\(field).name", limit: nameLimit, lines: false)
            guard adjustments.contains(plan.adjustmentBasisPoints) else {
                throw .invalid(
                    "\(field).adjustmentBasisPoints", "from -9000 (90 % less) to 10000 (twice the rate)",
                    reason: .planAdjustment)
            }
            if let extra = plan.extraPerGuestNight {
                guard extra.currency == currency, extra.amount > 0, extra.amount <= Money.maxAmount else {
                    throw .invalid(
                        "\(field).extraPerGuestNight", "more than zero, in \(currency.code)", reason: .planExtra)
                }
                let extraName = plan.extraName.trimmingCharacters(in: .whitespaces)
                guard !extraName.isEmpty, extraName.count <= nameLimit, extraName == plan.extraName else {
                    throw .invalid("\(field).extraName", "1 to \(nameLimit) characters", reason: .planExtraName)
                }
                try FreeText.validate(plan.extraName, field: "\(field).extraName", limit: nameLimit, lines: false)
            }
            if let cancellation = plan.cancellation, cancellation != nonRefundable {
                guard freeCancellationDays.contains(cancellation.freeUntilDaysBefore),
                    lateCancellationShares.contains(cancellation.lateCancellationBasisPoints)
                else {
                    throw .invalid(
                        "\(field).cancellation", "free until 0 to 365 days before, then 0 % to 100 %",
                        reason: .planCancellation)
                }
            }
            if case .share(let share) = plan.deposit, !depositShares.contains(share) {
                throw .invalid("\(field).deposit", "a share from 1 (0.01 %) to 10000 (100 %)", reason: .planDeposit)
            }
        }
    }
}

extension RoomType {
    /// A night's rate as `plan` sells it (the room type's own without a plan).
    public func rate(for night: Day, on plan: RatePlan?) -> Money {
        plan.map { $0.rate(rate(for: night)) } ?? rate(for: night)
    }
}

extension Property {
    /// The plan a stay is on, when it is on one the property has.
    public func ratePlan(_ id: Int?) -> RatePlan? {
        id.flatMap { id in ratePlans.first { $0.id == id } }
    }

    /// A stay's cancellation terms: its plan's, else the property's.
    public func cancellationPolicy(for stay: Stay) -> CancellationPolicy {
        ratePlan(stay.ratePlanID)?.cancellation ?? cancellationPolicy
    }
}

/// What a stay owes before arrival by its plan, and what of it is paid.
public struct DepositDue: Hashable, Sendable {
    public var amount: Money
    /// The day it is due by: the day the stay was booked (the property's today when asked, for a stay
    /// whose booking day is not known).
    public var dueBy: Day
    public var paid: Money

    public var open: Money { Money(max(amount.amount.addingSaturated(-paid.amount), 0), amount.currency) }

    /// The deposit of a stay on `plan` whose price is `price`, given its folio; nil when the plan asks
    /// none or the stay is no longer waiting to arrive.
    public static func of(stay: Stay, plan: RatePlan?, price: StayPrice, folio: Folio, dueBy: Day) -> DepositDue? {
        guard let plan, stay.state == .booked,
            let amount = plan.deposit(price: price, guests: stay.adults + stay.children)
        else { return nil }
        return DepositDue(amount: amount, dueBy: dueBy, paid: folio.totalPayments)
    }
}

extension RatePlan {
    /// What the plan asks at booking for a stay priced `price` for `guests` guests; nil for none.
    public func deposit(price: StayPrice, guests: Int) -> Money? {
        let amount: Money
        switch deposit {
        case .none: return nil
        case .firstNight:
            let night = price.nights.first?.amount.amount ?? 0
            let extra = extraPerGuestNight.map { $0.amount.multipliedSaturated(by: guests) } ?? 0
            amount = Money(night.addingSaturated(extra), price.currency)
        case .share(let share): amount = price.total.share(basisPoints: share)
        case .all: amount = price.total
        }
        return amount.amount > 0 ? amount : nil
    }
}
