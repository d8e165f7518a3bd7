import PropertyBased
import Testing

@testable import Booking

/// Several rooms for one party: how a party is shared between rooms (an adult in each, no room past its beds),
/// and which set of a place's free rooms search offers (the fewest rooms, then the cheapest).
struct GuestCombinationTests {
    @Test func anyPartyIsSharedWithAnAdultInEachRoomAndNoRoomPastItsBeds() async {
        let gen = zip(Gen.int(in: 1...12), Gen.int(in: 0...8), Gen.int(in: 1...6).array(of: 1...9))
        await propertyCheck(count: 300, input: gen) { adults, children, capacities in
            let shares = GuestCombination.share(Party(adults: adults, children: children), capacities: capacities)
            let fits = adults >= capacities.count && adults + children <= capacities.reduce(0, +)
            #expect((shares != nil) == fits)
            guard let shares else { return }
            #expect(shares.map(\.adults).reduce(0, +) == adults && shares.map(\.children).reduce(0, +) == children)
            #expect(zip(shares, capacities).allSatisfy { $0.adults >= 1 && $0.adults + $0.children <= $1 })
        }
    }

    @Test func aFamilyIsSharedAnAdultARoomFirstAndTheChildrenWhereABedIsLeft() throws {
        let doubles = [2, 2, 2].enumerated().map { Self.type($0.offset + 1, capacity: $0.element, rate: 1_000) }
        let shares = try GuestCombination.share(Party(adults: 4, children: 2), between: doubles)
        #expect(shares == [Party(adults: 2), Party(adults: 1, children: 1), Party(adults: 1, children: 1)])
        let family = [Self.type(1, capacity: 2, rate: 1_000), Self.type(2, capacity: 4, rate: 3_000)]
        #expect(
            try GuestCombination.share(Party(adults: 2, children: 3), between: family) == [
                Party(adults: 1, children: 1), Party(adults: 1, children: 2),
            ])
    }

    @Test func aPartyThatCannotBeSharedSaysWhyNamingTheRooms() {
        let doubles = [Self.type(1, capacity: 2, rate: 1_000), Self.type(1, capacity: 2, rate: 1_000)]
        func refusal(_ party: Party) -> DomainError? {
            do {
                _ = try GuestCombination.share(party, between: doubles)
                return nil
            } catch { return error }
        }
        let child = refusal(Party(adults: 1, children: 2))
        #expect(child?.reason == .groupAdultEach && child?.field == "rooms" && child?.params["rooms"] == "2")
        let beds = refusal(Party(adults: 4, children: 1))
        #expect(beds?.reason == .groupTooFewBeds && beds?.params["beds"] == "4")
        #expect(refusal(Party(adults: 3, children: 1)) == nil)
    }

    static let place = Property(
        id: 1, name: "Nimman", kind: .hotel, region: "North", city: "Chiang Mai", latitude: 18.8, longitude: 98.9,
        timeZoneID: "Asia/Bangkok", currency: .thb)
    static let today = Day(year: 2027, month: 1, day: 10)
    static let nights = try! Nights(arrival: today.adding(days: 5), departure: today.adding(days: 7))

    static func type(_ id: Int, capacity: Int, rate: Int) -> RoomType {
        RoomType(id: id, propertyID: 1, name: "Type \(id)", capacity: capacity, baseRate: .whole(rate, .thb))
    }

    @Test func theFewestRoomsThatHoldThePartyAndOfThoseTheCheapest() throws {
        let types = [
            Self.type(1, capacity: 2, rate: 1_000), Self.type(2, capacity: 4, rate: 3_000),
            Self.type(3, capacity: 3, rate: 1_200),
        ]
        let free = [1: 3, 2: 1, 3: 1]
        let cheapest = { (adults: Int, rooms: Int?) in
            try GuestCombination.cheapest(
                at: Self.place, roomTypes: types, nights: Self.nights, party: Party(adults: adults), rooms: rooms,
                today: Self.today
            ) { free[$0.id] ?? 0 }
        }
        // Five: two rooms hold them (4+2 or 3+2 or 4+3); 3+2 is the cheapest of those.
        let five = try #require(try cheapest(5, nil))
        #expect(five.rooms.map(\.roomType.id) == [3, 1] && five.rooms.map(\.party.adults) == [3, 2])
        #expect(five.total == five.rooms.map(\.price.total.amount).reduce(0, +))
        // Four in four rooms: only three doubles are free, so a double each and the cheapest fourth.
        let four = try #require(try cheapest(4, 4))
        #expect(four.rooms.map(\.roomType.id).sorted() == [1, 1, 1, 3])
        // More than every free bed: none.
        #expect(try cheapest(14, nil) == nil)
        // Fewer adults than the rooms asked for: none.
        #expect(try cheapest(2, 3) == nil)
    }

    /// Against the test's own search of every set: for random room types, rooms free and parties, the set found
    /// has the fewest rooms any set sharing the party has, and of those the cheapest total.
    @Test func theSetFoundIsTheFewestRoomsAndCheapestOfEverySet() async throws {
        let gen = zip(
            zip(Gen.int(in: 1...5), Gen.int(in: 1...4), Gen.int(in: 500...3_000)).array(of: 1...3),
            Gen.int(in: 1...12), Gen.int(in: 0...4))
        await propertyCheck(count: 150, input: gen) { specs, adults, children in
            let types = specs.enumerated().map { Self.type($0.offset + 1, capacity: $0.element.0, rate: $0.element.2) }
            let free = Dictionary(uniqueKeysWithValues: specs.enumerated().map { ($0.offset + 1, $0.element.1) })
            let party = Party(adults: adults, children: children)
            let found = try GuestCombination.cheapest(
                at: Self.place, roomTypes: types, nights: Self.nights, party: party, rooms: nil, today: Self.today
            ) { free[$0.id] ?? 0 }
            // Every set of 2 to 9 rooms: how many of each type, within what is free.
            var best: (rooms: Int, total: Int)?
            func every(_ index: Int, _ chosen: [RoomType]) throws {
                guard index < types.count else {
                    guard (2...BookingGroup.maxRoomsOnline).contains(chosen.count),
                        let shares = GuestCombination.share(party, capacities: chosen.map(\.capacity))
                    else { return }
                    let total = try zip(chosen, shares).map {
                        try StayPrice.listingQuote(roomType: $0, nights: Self.nights, property: Self.place, party: $1)
                            .total.amount
                    }.reduce(0, +)
                    if best.map({ (chosen.count, total) < ($0.rooms, $0.total) }) ?? true {
                        best = (chosen.count, total)
                    }
                    return
                }
                for number in 0...(free[types[index].id] ?? 0) {
                    try every(index + 1, chosen + Array(repeating: types[index], count: number))
                }
            }
            try every(0, [])
            #expect(found.map { $0.rooms.count } == best?.rooms, "\(specs) \(party)")
            #expect(found?.total == best?.total, "\(specs) \(party)")
        }
    }
}
