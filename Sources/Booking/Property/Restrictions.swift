/// What a hotel allows of the stays guests book online, night by night and room type by room type: a
/// minimum or maximum stay for arrivals that night, no arrivals or no departures that day (closed to
/// arrival, closed to departure), or none sold over that night at all (stop-sell). The desk sets them
/// for a run of nights, as it sets a rate; the guest site honours them and says why a date cannot be
/// picked. The front desk itself may still book past them (a regular guest, a walk-in).
public struct NightRestriction: Hashable, Sendable {
    /// Arrivals on this night stay at least (at most) this many nights.
    public var minStay: Int?
    public var maxStay: Int?
    public var closedToArrival: Bool
    /// No stay may end (depart) on this day.
    public var closedToDeparture: Bool
    /// Not sold online at all over this night.
    public var stopSell: Bool

    public init(
        minStay: Int? = nil, maxStay: Int? = nil, closedToArrival: Bool = false, closedToDeparture: Bool = false,
        stopSell: Bool = false
    ) {
        self.minStay = minStay
        self.maxStay = maxStay
        self.closedToArrival = closedToArrival
        self.closedToDeparture = closedToDeparture
        self.stopSell = stopSell
    }

    /// Whether it restricts nothing (setting it clears the night).
    public var isEmpty: Bool { self == NightRestriction() }

    /// Checks what the desk sets: stays of 1 to `Stay.maxNightsOnline` nights, the minimum not above the
    /// maximum.
    public func validate() throws(DomainError) {
        for (value, field) in [(minStay, "minStay"), (maxStay, "maxStay")] {
            if let value, !(1...Stay.maxNightsOnline).contains(value) {
                throw .invalid(
                    field, "from 1 to \(Stay.maxNightsOnline) nights", reason: .restrictionStay,
                    params: ["limit": String(Stay.maxNightsOnline)])
            }
        }
        if let minStay, let maxStay, minStay > maxStay {
            throw .invalid("maxStay", "the maximum stay is shorter than the minimum", reason: .restrictionMinOverMax)
        }
    }
}

extension RoomType {
    /// Why a guest cannot book `nights` of this room type online, by its restrictions; nil when they can.
    /// The refusal names the date (`arrival`, `departure`) and the rule, for the guest site to word.
    public func restrictionRefusal(for nights: Nights) -> DomainError? {
        if let night = nights.first(where: { restrictions[$0]?.stopSell == true }) {
            return DomainError(
                .conflict, "\(name) is not sold online for the night of \(night)", field: "arrival",
                reason: .restrictionStopSell, params: ["night": night.iso])
        }
        let arriving = restrictions[nights.arrival] ?? NightRestriction()
        if arriving.closedToArrival {
            return DomainError(
                .conflict, "\(name) takes no arrivals on \(nights.arrival)", field: "arrival",
                reason: .restrictionClosedToArrival, params: ["day": nights.arrival.iso])
        }
        if restrictions[nights.departure]?.closedToDeparture == true {
            return DomainError(
                .conflict, "\(name) takes no departures on \(nights.departure)", field: "departure",
                reason: .restrictionClosedToDeparture, params: ["day": nights.departure.iso])
        }
        if let minStay = arriving.minStay, nights.count < minStay {
            return DomainError(
                .conflict, "arrivals on \(nights.arrival) stay at least \(minStay) nights", field: "departure",
                reason: .restrictionMinStay, params: ["day": nights.arrival.iso, "nights": String(minStay)])
        }
        if let maxStay = arriving.maxStay, nights.count > maxStay {
            return DomainError(
                .conflict, "arrivals on \(nights.arrival) stay at most \(maxStay) nights", field: "departure",
                reason: .restrictionMaxStay, params: ["day": nights.arrival.iso, "nights": String(maxStay)])
        }
        return nil
    }
}

/// A place's restricted days, as its guest calendar shows them: what holds for every room type of the
/// place (a day is closed to arrival only when no room type takes an arrival that day).
public struct RestrictedDay: Hashable, Sendable {
    public var day: Day
    /// Why no stay may start that day (`restriction.stopSell` or `restriction.closedToArrival`).
    public var noArrival: Refusal?
    public var noDeparture: Bool
    /// Not sold online over that night, whatever the room type.
    public var stopSell: Bool
    /// The shortest minimum stay (the longest maximum) among the room types that take arrivals that day.
    public var minStay: Int?
    public var maxStay: Int?

    /// The longest span a guest's calendar asks about at once, in days.
    public static let maxSpanDays = 400

    /// Checks a span a guest's calendar asks about: `last` not before `first`, at most `maxSpanDays` apart.
    public static func validate(first: Day, last: Day) throws(DomainError) {
        guard first <= last else { throw .invalid("to", "the last day comes before the first", reason: .rangeOrder) }
        guard last.number - first.number <= maxSpanDays else {
            throw .invalid(
                "to", "at most \(maxSpanDays) days apart", reason: .rangeTooLong,
                params: ["limit": String(maxSpanDays)])
        }
    }

    /// The days from `first` to `last` (both included) on which `roomTypes` restrict anything, in order.
    public static func days(of roomTypes: [RoomType], from first: Day, through last: Day) -> [RestrictedDay] {
        guard !roomTypes.isEmpty, first <= last else { return [] }
        var days: [RestrictedDay] = []
        for number in first.number...last.number {
            let day = Day(number)
            let rules = roomTypes.map { $0.restrictions[day] ?? NightRestriction() }
            guard rules.contains(where: { !$0.isEmpty }) else { continue }
            let open = rules.filter { !$0.stopSell && !$0.closedToArrival }
            let stopSell = rules.allSatisfy(\.stopSell)
            let minimum = open.map { $0.minStay ?? 1 }.min() ?? 1
            let maximum = open.contains { $0.maxStay == nil } ? nil : open.compactMap(\.maxStay).max()
            let entry = RestrictedDay(
                day: day,
                noArrival: open.isEmpty ? (stopSell ? .restrictionStopSell : .restrictionClosedToArrival) : nil,
                noDeparture: rules.allSatisfy(\.closedToDeparture), stopSell: stopSell,
                minStay: minimum > 1 ? minimum : nil, maxStay: maximum)
            if entry.noArrival != nil || entry.noDeparture || stopSell || entry.minStay != nil || maximum != nil {
                days.append(entry)
            }
        }
        return days
    }
}
