/// What a salon asks before a visit and charges for one not kept, as a hotel's rate plan states its
/// deposit and cancellation terms: a deposit at booking (予約金), a fee for a cancellation made late
/// (within `lateCancellationMinutes` of the start), and one for a customer who never came, each a share
/// of the service's price or an amount. The salon states its
/// terms once; a service may state its own (a long colour treatment that blocks an afternoon). The
/// booking page states them before the customer confirms; the fee is posted, as a sale the customer
/// owes, when the desk marks a no-show or cancels late, or the customer cancels late online.
public struct VisitTerms: Hashable, Sendable {
    /// What one appointment's fee comes to.
    public enum Fee: Hashable, Sendable {
        /// A share of the service's price: 5000 is half.
        case share(basisPoints: Int)
        /// The same amount whatever the service's price.
        case amount(Money)

        /// The fee for a service priced `price`, never negative.
        public func amount(price: Money) -> Money {
            switch self {
            case .share(let basisPoints): price.share(basisPoints: basisPoints)
            case .amount(let amount): amount
            }
        }
    }

    /// A cancellation made this many minutes or fewer before the start is late.
    public var lateCancellationMinutes: Int
    /// nil: cancelling is free whenever it is done.
    public var lateCancellationFee: Fee?
    /// nil: a customer who never came owes nothing.
    public var noShowFee: Fee?
    /// What the customer pays before the visit, taken at the desk (`Checkout.takeDeposit`): taken off
    /// the visit's checkout; kept, as the fee's least, when the visit is called off late or not kept;
    /// refunded when it is called off in time. nil: none asked.
    public var deposit: Fee?

    public init(
        lateCancellationMinutes: Int = 1440, lateCancellationFee: Fee? = nil, noShowFee: Fee? = nil,
        deposit: Fee? = nil
    ) {
        self.lateCancellationMinutes = lateCancellationMinutes
        self.lateCancellationFee = lateCancellationFee
        self.noShowFee = noShowFee
        self.deposit = deposit
    }

    /// Terms that charge nothing: a salon's until its manager states others.
    public static let free = VisitTerms()

    /// From no notice to a week's.
    public static let notices = 0...10_080

    /// Whether the terms charge anything at all.
    public var chargesFees: Bool { lateCancellationFee != nil || noShowFee != nil }

    /// The deposit asked for a service priced `price`, never more than the price; zero when none is.
    public func deposit(price: Money) -> Money {
        Money(min(deposit?.amount(price: price).amount ?? 0, max(price.amount, 0)), price.currency)
    }

    /// Checks the terms before they are stored, each refusal naming its field under `field`
    /// (`terms.noShowFee.basisPoints`): a notice of 0 to 10,080 minutes; a share of 1 (0.01 %) to
    /// 10,000 (all of the price); an amount more than zero, at most `Money.maxAmount`, in `currency`.
    public func validate(field: String = "", currency: Currency) throws(DomainError) {
        guard Self.notices.contains(lateCancellationMinutes) else {
            throw .outOfRange(fieldPath(field, "lateCancellationMinutes"), lateCancellationMinutes, Self.notices)
        }
        for (name, fee) in [
            ("lateCancellationFee", lateCancellationFee), ("noShowFee", noShowFee), ("deposit", deposit),
        ] {
            let path = fieldPath(field, name)
            switch fee {
            case nil: break
            case .share(let basisPoints):
                guard (1...10_000).contains(basisPoints) else {
                    throw .outOfRange("\(path).basisPoints", basisPoints, 1...10_000)
                }
            case .amount(let amount):
                guard amount.currency == currency else {
                    throw .invalid("\(path).amount.currency", "the salon's prices are in \(currency.code)")
                }
                guard amount.amount > 0 else {
                    throw .outOfRange("\(path).amount.amount", amount.amount, 1...Money.maxAmount)
                }
                try Money.validate(amount: amount.amount, field: "\(path).amount.amount")
            }
        }
    }

    /// What calling off an appointment of a service priced `price` costs: as `kind`, at minute `now`
    /// (since 1970 at UTC), of an appointment starting at `start`, with `held` of its deposit paid. A
    /// no-show or a late cancellation costs its fee, and at least the deposit held, which is kept; a
    /// cancellation made in time costs nothing (the deposit is refunded).
    public func fee(_ kind: VisitFee.Kind, price: Money, start: Int, now: Int, held: Money? = nil) -> Money {
        let fee: Fee?
        switch kind {
        case .noShow: fee = noShowFee
        case .lateCancellation:
            guard isLate(start: start, now: now) else { return .zero(price.currency) }
            fee = lateCancellationFee
        }
        let charged = fee?.amount(price: price) ?? .zero(price.currency)
        return Money(max(charged.amount, held?.amount ?? 0), price.currency)
    }

    /// Whether a cancellation at minute `now` of an appointment starting at `start` is late.
    public func isLate(start: Int, now: Int) -> Bool { now > start - lateCancellationMinutes }
}

/// A fee posted for an appointment not kept: its kind names its line on the customer's receipt.
public enum VisitFee {
    public enum Kind: String, Sendable, CaseIterable {
        case lateCancellation = "late_cancellation"
        case noShow = "no_show"

        /// The fee's line as the sale keeps it; the desk words it in its own language.
        public var description: String {
            switch self {
            case .lateCancellation: "Late cancellation fee"
            case .noShow: NightAudit.noShowFee
            }
        }

        /// The state the appointment takes.
        public var state: AppointmentState {
            switch self {
            case .lateCancellation: .cancelled
            case .noShow: .noShow
            }
        }
    }
}

extension BookableService {
    /// The terms an appointment of the service is booked on: its own, else the salon's.
    public func terms(salon: VisitTerms) -> VisitTerms { terms ?? salon }
}
