/// A room type a guest may book online for some nights and a party, priced, with how many are free.
public struct GuestOffer: Sendable {
    public var roomType: RoomType
    public var price: StayPrice
    public var available: Int
    /// The price's `perNight` and `total` amounts, summed once: search sorts hundreds of offers by them.
    public let nightly: Int
    public let total: Int

    public init(roomType: RoomType, price: StayPrice, available: Int) {
        self.roomType = roomType
        self.price = price
        self.available = available
        nightly = price.perNight.amount
        total = price.total.amount
    }

    /// Cheapest total first, then the cheapest night, then by room type.
    public static func cheaperFirst(_ lhs: GuestOffer, _ rhs: GuestOffer) -> Bool {
        (lhs.total, lhs.nightly, lhs.roomType.id) < (rhs.total, rhs.nightly, rhs.roomType.id)
    }

    /// What a guest may book at `place` for `nights` and `party` on the place's `today`: each room type
    /// that sleeps the party, that its restrictions sell for the dates, and that has a room free
    /// (`free`: how many more stays of it fit on every night), priced, cheapest total first. Nothing
    /// when the dates are not sold online there (`Stay.validateOnline`). Prices name their nights'
    /// lines when `itemised`, for a page that shows them; search lists them without.
    public static func offers(
        at place: Property, roomTypes: [RoomType], nights: Nights, party: Party, today: Day, itemised: Bool,
        free: (RoomType) -> Int
    ) throws -> [GuestOffer] {
        guard (try? Stay.validateOnline(nights, today: today)) != nil else { return [] }
        return try roomTypes.compactMap { roomType in
            guard roomType.capacity >= party.adults + party.children,
                roomType.restrictionRefusal(for: nights) == nil
            else { return nil }
            let available = free(roomType)
            guard available > 0 else { return nil }
            return GuestOffer(
                roomType: roomType,
                price: try itemised
                    ? StayPrice.quote(roomType: roomType, nights: nights, property: place, party: party)
                    : StayPrice.listingQuote(roomType: roomType, nights: nights, property: place, party: party),
                available: available)
        }.sorted(by: cheaperFirst)
    }
}

/// A rate plan a guest may book a room type on, priced for the stay, with its cancellation terms and
/// the deposit it asks at booking.
public struct GuestPlanOffer: Sendable {
    public var plan: RatePlan
    public var price: StayPrice
    /// The plan's own terms, else the property's.
    public var terms: CancellationPolicy
    public var nonRefundable: Bool { terms == RatePlan.nonRefundable }
    public var deposit: Money?

    /// The property's plans on sale for `roomType`, `nights` and `party`, in the property's order; nil
    /// when it sells none (the standard terms alone).
    public static func offers(for roomType: RoomType, at property: Property, nights: Nights, party: Party) throws
        -> [GuestPlanOffer]?
    {
        let plans = property.ratePlans.filter(\.active)
        guard !plans.isEmpty else { return nil }
        return try plans.map { plan in
            let price = try StayPrice.quote(
                roomType: roomType, nights: nights, property: property, party: party, plan: plan)
            return GuestPlanOffer(
                plan: plan, price: price, terms: plan.cancellation ?? property.cancellationPolicy,
                deposit: plan.deposit(price: price, guests: party.adults + party.children))
        }
    }
}
