import Booking
import PropertyBased
import Storage
import StorageTesting
import Testing

@testable import App

/// The guest search counts each place's held nights once and keeps the counts while the place's events
/// stand still (`HeldNights`); it must answer what reading every run of nights answered before.
@Suite(.closesItsStores)
struct SearchCountsTests {
    /// One change at a Chiang Mai place: `kind` chooses book in a room, book waiting for a room, cancel,
    /// move, or take a room out of service; the other numbers its place, room, day and length.
    struct Step: Sendable {
        var kind: Int
        var which: Int
        var day: Int
        var length: Int
    }

    static let steps = zip(Gen.int(in: 0...4), Gen.int(in: 0...20), Gen.int(in: 0...12), Gen.int(in: 1...4))
        .map { Step(kind: $0, which: $1, day: $2, length: $3) }
        .array(of: 1...12)

    @Test(arguments: TestDatabase.available)
    func countedOffersAreTheOffersReadFromEveryRunOnRandomDates(database: TestDatabase) async {
        await propertyCheck(count: 6, input: Self.steps, Gen.int(in: 0...14).array(of: 12)) { steps, dates in
            let site = try await GuestSite.make(database: database)
            let store = site.fixture.store
            let controller = PublicController(store: store)
            let places = [site.fixture.property, site.nimman, site.oldCity]
            let properties = store.properties
            var rooms: [Room] = []
            var types: [RoomType] = []
            for place in places {
                rooms += try await properties.rooms(propertyID: place.id)
                types += try await properties.roomTypes(propertyID: place.id)
            }
            let stays = store.stays
            var made: [Stay] = []
            let today = Day.today(in: .gmt, now: store.clock.now())
            for (index, step) in steps.enumerated() {
                let nights = try Nights(
                    arrival: today.adding(days: step.day), departure: today.adding(days: step.day + step.length))
                let room = rooms[step.which % rooms.count]
                switch step.kind {
                case 0, 1:
                    let type =
                        step.kind == 0 ? types.first { $0.id == room.roomTypeID }! : types[step.which % types.count]
                    if let stay = try? await stays.create(
                        NewStay(
                            propertyID: type.propertyID, roomTypeID: type.id, roomID: step.kind == 0 ? room.id : nil,
                            nights: nights, adults: 1, guestName: "Guest \(index)"))
                    {
                        made.append(stay)
                    }
                case 2 where !made.isEmpty:
                    let stay = made[step.which % made.count]
                    _ = try? await stays.update(stayID: stay.id, expectedVersion: nil, action: "cancel") { stay, _ in
                        try stay.cancel()
                    }
                case 3 where !made.isEmpty:
                    let stay = made[step.which % made.count]
                    let other = rooms.filter { $0.propertyID == stay.propertyID }
                    _ = try? await stays.update(stayID: stay.id, expectedVersion: nil, action: "move") { stay, _ in
                        stay.roomTypeID = other[step.day % other.count].roomTypeID
                        try stay.move(toRoom: other[step.day % other.count].id, fromNight: stay.arrival)
                    }
                default:
                    _ = try? await store.rooms.insert(
                        RoomBlock(id: 0, propertyID: room.propertyID, roomID: room.id, nights: nights, reason: "Paint"),
                        by: nil)
                }
                // After each change, a search on a random stay: counted as kept, and read whole.
                let offset = dates[index % dates.count]
                let query = try PublicController.Query(
                    arrival: today.adding(days: offset).iso, departure: today.adding(days: offset + 1 + index % 4).iso,
                    adults: 1, children: 0, requireDates: true, now: store.clock.now())
                let inventory = try await controller.inventory()
                let counts = try await controller.heldNights.counts(for: places, in: inventory, store: store)
                let counted = try await controller.offers(
                    for: places, query, roomTypes: inventory.roomTypes, rooms: inventory.rooms, counts: counts)
                let read = try await controller.offers(
                    for: places, query, roomTypes: inventory.roomTypes, rooms: inventory.rooms)
                for place in places {
                    let answer = { (offers: [GuestOffer]) in offers.map { [$0.roomType.id, $0.available] } }
                    #expect(answer(counted[place.id] ?? []) == answer(read[place.id] ?? []), "after step \(index)")
                }
            }
        }
    }
}
