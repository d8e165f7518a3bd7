/// Several rooms of a place for one party that no one room holds, or that asks for so many rooms (a family of
/// seven, friends in two rooms): the cheapest set of its free rooms the party shares (`share`), each room priced
/// for its share, as search lists it and one booking of several rooms books it (all or none).
public struct GuestCombination: Sendable {
    /// One room of the set: its type, and its share of the party.
    public struct Room: Sendable {
        public var roomType: RoomType
        public var party: Party
        public var price: StayPrice
    }

    /// The rooms, in the order their shares were given (the larger rooms first).
    public var rooms: [Room]
    /// Every room's price together: for a night on average, and for the stay.
    public let nightly: Int
    public let total: Int

    init(rooms: [Room]) {
        self.rooms = rooms
        nightly = rooms.map(\.price.perNight.amount).saturatedSum()
        total = rooms.map(\.price.total.amount).saturatedSum()
    }

    /// The rooms a search may ask for together: one (a room type each), or up to what one online booking holds.
    public static let searchRooms = 1...BookingGroup.maxRoomsOnline

    /// The most sets of rooms one place's search weighs: enough for every set of two to nine rooms of six room
    /// types (4,998), beyond which the cheapest found so far is answered.
    public static let setsWeighed = 5_000

    /// Shares a party between rooms holding `capacities` guests each: an adult in each room first, then the
    /// other adults and the children in turn into the rooms with a bed left. Nil when there are fewer adults
    /// than rooms (a child is never alone in a room), or more guests than beds.
    public static func share(_ party: Party, capacities: [Int]) -> [Party]? {
        let count = capacities.count
        guard count >= 1, party.adults >= count, party.adults + party.children <= capacities.saturatedSum() else {
            return nil
        }
        var rooms = Array(repeating: Party(adults: 1), count: count)
        func place(_ guests: Int, _ key: WritableKeyPath<Party, Int>) {
            var left = guests
            var room = 0
            while left > 0 {
                if rooms[room].adults + rooms[room].children < capacities[room] {
                    rooms[room][keyPath: key] += 1
                    left -= 1
                }
                room = (room + 1) % count
            }
        }
        place(party.adults - count, \.adults)
        place(party.children, \.children)
        return rooms
    }

    /// The party shared between rooms of `roomTypes` in that order (`share`), or why it cannot be: fewer adults
    /// than rooms (`group.adultEach`), or more guests than the rooms' beds (`group.tooFewBeds`). The field is
    /// `rooms`, as a guest chooses them.
    public static func share(_ party: Party, between roomTypes: [RoomType]) throws(DomainError) -> [Party] {
        guard party.adults >= roomTypes.count else {
            throw DomainError(
                .conflict, "each room needs an adult: \(party.adults) for \(roomTypes.count) rooms", field: "rooms",
                reason: .groupAdultEach, params: ["rooms": String(roomTypes.count), "adults": String(party.adults)])
        }
        guard let shares = share(party, capacities: roomTypes.map(\.capacity)) else {
            let beds = roomTypes.map(\.capacity).saturatedSum()
            throw DomainError(
                .conflict, "the rooms sleep \(beds), not \(party.adults + party.children)", field: "rooms",
                reason: .groupTooFewBeds, params: ["beds": String(beds)])
        }
        return shares
    }

    /// The cheapest set of `rooms` rooms of `place` (or, nil, of the fewest rooms from two to
    /// `BookingGroup.maxRoomsOnline`) that the party shares, among its room types sold for the nights (their
    /// restrictions) with rooms free (`free`: how many more stays of the type fit on every night); nil when
    /// none holds the party. Sets are weighed fewest rooms first, larger rooms before smaller, at most
    /// `setsWeighed` of them; a number of rooms whose largest free rooms cannot sleep the party is not weighed.
    public static func cheapest(
        at place: Property, roomTypes: [RoomType], nights: Nights, party: Party, rooms: Int?, today: Day,
        free: (RoomType) -> Int
    ) throws -> GuestCombination? {
        guard (try? Stay.validateOnline(nights, today: today)) != nil else { return nil }
        let offered = roomTypes.compactMap { roomType -> (roomType: RoomType, free: Int)? in
            guard roomType.restrictionRefusal(for: nights) == nil else { return nil }
            let count = min(free(roomType), BookingGroup.maxRoomsOnline)
            return count > 0 ? (roomType, count) : nil
        }.sorted { ($0.roomType.capacity, $1.roomType.id) > ($1.roomType.capacity, $0.roomType.id) }
        let counts = rooms.map { [$0] } ?? Array(2...BookingGroup.maxRoomsOnline)
        // Every free room's beds, the largest first: `count` rooms sleep at most the first `count` of them.
        let beds = offered.flatMap { Array(repeating: $0.roomType.capacity, count: $0.free) }
        // Each room type's price for a share, priced once; a set is weighed by its total, and only the cheapest
        // is built (a search of a large party weighs thousands of sets over its places).
        struct Priced: Hashable {
            var roomType: Int
            var party: Party
        }
        var prices: [Priced: (price: StayPrice, total: Int)] = [:]
        // A set as the indices of its rooms' types in `offered`, one a room, and their beds.
        var chosen: [Int] = []
        var capacities: [Int] = []
        var weighed = 0
        func priced(_ roomType: RoomType, _ share: Party) throws -> (price: StayPrice, total: Int) {
            let key = Priced(roomType: roomType.id, party: share)
            if let known = prices[key] { return known }
            let price = try StayPrice.listingQuote(roomType: roomType, nights: nights, property: place, party: share)
            prices[key] = (price, price.total.amount)
            return (price, price.total.amount)
        }
        for count in counts {
            // No set of `count` rooms shares the party (an adult in each, none past its beds): none is weighed.
            guard count <= beds.count, party.adults >= count,
                beds.prefix(count).saturatedSum() >= party.adults + party.children
            else { continue }
            var best: (total: Int, types: [Int], shares: [Party])?
            // Each set as how many rooms of each type, in `offered`'s order.
            var taken = Array(repeating: 0, count: offered.count)
            func weigh(_ type: Int, left: Int) throws {
                guard weighed < setsWeighed else { return }
                guard left > 0 else {
                    weighed += 1
                    chosen.removeAll(keepingCapacity: true)
                    capacities.removeAll(keepingCapacity: true)
                    for index in offered.indices where taken[index] > 0 {
                        for _ in 0..<taken[index] {
                            chosen.append(index)
                            capacities.append(offered[index].roomType.capacity)
                        }
                    }
                    guard let shares = share(party, capacities: capacities) else { return }
                    var total = 0
                    for (index, share) in zip(chosen, shares) {
                        let (sum, overflow) = total.addingReportingOverflow(
                            try priced(offered[index].roomType, share).total)
                        total = overflow ? .max : sum
                    }
                    if best.map({ total < $0.total }) ?? true { best = (total, chosen, shares) }
                    return
                }
                guard type < offered.count else { return }
                for number in stride(from: min(left, offered[type].free), through: 0, by: -1) {
                    taken[type] = number
                    try weigh(type + 1, left: left - number)
                }
                taken[type] = 0
            }
            try weigh(0, left: count)
            if let best {
                return GuestCombination(
                    rooms: try zip(best.types, best.shares).map { index, share in
                        let roomType = offered[index].roomType
                        return Room(roomType: roomType, party: share, price: try priced(roomType, share).price)
                    })
            }
        }
        return nil
    }
}
