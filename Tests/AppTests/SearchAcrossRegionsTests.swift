import API
import Booking
import Demo
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Storage
import StorageTesting
import Testing
import Timeline

@testable import App

/// A search of one region among many answers what visiting every place of the site would, however the
/// search finds its region's places (an index of areas) and counts their nights (kept per place).
@Suite(.closesItsStores)
struct SearchAcrossRegionsTests {
    static let regions = 12

    @Test(arguments: TestDatabase.available)
    func aRegionsSearchFindsWhatVisitingEveryPlaceFindsOnRandomDates(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let store = fixture.store
        _ = try await DemoData(store: store).createSearchPlaces(
            48, rooms: 2, days: 40, occupancy: 0.7, regions: Self.regions)
        let everyPlace = try await store.properties.properties()
        let guestSite = PublicController(store: store)
        var random = SeededGenerator(seed: UInt64(database == .sqlite ? 11 : 12))
        let today = Day.today(in: .gmt, now: store.clock.now())
        // Each round's region, dates and party.
        let rounds = (0..<10).map { _ in
            let arrival = today.adding(days: 1 + random.next(below: 25))
            return (
                region: DemoData.benchmarkRegion(random.next(below: Self.regions)), arrival: arrival,
                departure: arrival.adding(days: 1 + random.next(below: 4)), adults: 1 + random.next(below: 2)
            )
        }
        try await fixture.test(as: nil) { client in
            var booked = 0
            for (round, (region, arrival, departure, adults)) in rounds.enumerated() {
                let uri =
                    "/api/v1/public/search?region=\(GuestSite.encoded(region))&arrival=\(arrival.iso)"
                    + "&departure=\(departure.iso)&adults=\(adults)&limit=100"
                let search = try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok, "\(String(buffer: response.body))")
                    return try APIFixture.decoder.decode(
                        Components.Schemas.Search.self, from: Data(buffer: response.body))
                }
                // The reference: every place of the site, each priced alone from what the database holds now.
                let query = try PublicController.Query(
                    arrival: arrival.iso, departure: departure.iso, adults: adults, children: 0, requireDates: true,
                    now: store.clock.now())
                var expected: [Int: Int] = [:]
                for place in everyPlace where place.kind == .hotel && place.region == region {
                    if let cheapest = try await guestSite.offers(for: place, query).first {
                        expected[place.id] = cheapest.total
                    }
                }
                let found = Dictionary(uniqueKeysWithValues: search.results.map { ($0.property.id, $0.total.amount) })
                #expect(found == expected, "round \(round): \(region) \(arrival.iso)-\(departure.iso)")
                #expect(search.count == expected.count)
                // A booking at the first place found, which the next searches of its region must count: what
                // the search offers can be booked.
                if let result = search.results.first {
                    let body = """
                        {"propertyId": \(result.property.id), "roomTypeId": \(result.roomTypeId),
                         "arrival": "\(arrival.iso)", "departure": "\(departure.iso)", "adults": \(adults),
                         "guest": {"name": "Round \(round)", "email": "round\(round)@example.com"}}
                        """
                    let status = try await client.execute(
                        uri: "/api/v1/public/bookings", method: .post,
                        headers: [HTTPField.Name("Idempotency-Key")!: "regions-\(database)-\(round)"],
                        body: ByteBuffer(string: body)
                    ) { $0.status }
                    #expect(status == .created, "round \(round): \(result.property.id) \(arrival.iso)-\(departure.iso)")
                    if status == .created { booked += 1 }
                }
            }
            #expect(booked > 0)
        }
    }
}
