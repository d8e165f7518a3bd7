import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Storage
import StorageTesting
import Testing

@testable import App

/// The guest site's search, for its price slider and sorting: every offer of a place, distances from
/// the centre of the area searched, names in any language; always as the stays stand now.
@Suite(.closesItsStores)
struct SearchAPITests {
    /// A search's answer as the document describes it.
    typealias Search = Components.Schemas.Search

    static func search(
        _ client: SignedInClient, _ site: GuestSite, region: String, extra: String = "", adults: Int = 2
    ) async throws -> Search {
        let arrival = site.fixture.today.adding(days: 10)
        let uri =
            "/api/v1/public/search?region=\(GuestSite.encoded(region))&arrival=\(arrival.iso)"
            + "&departure=\(arrival.adding(days: 2).iso)&adults=\(adults)\(extra)"
        return try await client.execute(uri: uri, method: .get) { response in
            #expect(response.status == .ok, "\(String(buffer: response.body))")
            return try APIFixture.decoder.decode(Search.self, from: Data(buffer: response.body))
        }
    }

    @Test(arguments: TestDatabase.available)
    func aCityNamedInKoreanOrThaiFindsItsPlaces(database: TestDatabase) async throws {
        let site = try await GuestSite.make(database: database)
        try await site.fixture.test(as: nil) { client in
            for name in ["치앙마이", "เชียงใหม่", "チェンマイ", "chiang mai"] {
                let search = try await Self.search(client, site, region: name)
                #expect(
                    Set(search.results.map(\.property.name))
                        == ["Baan Suan", "Nimman Courtyard", "Old City Teak House"], "\(name)")
            }
            #expect(
                try await Self.search(client, site, region: "서울").results.map(\.property.name) == [
                    "Bukchon Hanok Stay"
                ])
        }
    }

    @Test func theAnswerAndAPlacesDetailNameItsCityAndRegionInEveryLanguage() async throws {
        let site = try await GuestSite.make()
        try await site.fixture.test(as: nil) { client in
            let search = try await Self.search(client, site, region: "치앙마이")
            #expect(Set(search.labels.additionalProperties.keys) == ["Chiang Mai", "Northern Thailand"])
            let chiangMai = try #require(search.labels.additionalProperties["Chiang Mai"])
            #expect(chiangMai.ko == "치앙마이" && chiangMai.th == "เชียงใหม่" && chiangMai.en == "Chiang Mai")
            let detail = try await client.execute(uri: "/api/v1/public/properties/\(site.nimman.id)", method: .get) {
                try APIFixture.decoder.decode(
                    Components.Schemas.PublicPropertyDetail.self, from: Data(buffer: $0.body))
            }
            #expect(detail.labels.additionalProperties["Chiang Mai"] == chiangMai)
            #expect(detail.labels.additionalProperties["Northern Thailand"]?.ja != "Northern Thailand")
        }
    }

    @Test(arguments: TestDatabase.available)
    func eachResultListsEveryOfferCheapestFirstWhateverThePriceFilter(database: TestDatabase) async throws {
        let site = try await GuestSite.make(database: database)
        try await site.fixture.test(as: nil) { client in
            // Up to 1,500 THB a night: Nimman's Family Room (2,000) is filtered out of `roomTypes`, not of `offers`.
            let search = try await Self.search(client, site, region: "chiang mai", extra: "&maxPrice=150000")
            let nimman = try #require(search.results.first { $0.property.id == site.nimman.id })
            #expect(nimman.roomTypes == 1)
            #expect(nimman.offers.map(\.roomTypeId) == [site.standardDouble.id, site.familyRoom.id])
            let standard = nimman.offers[0]
            #expect(standard.roomType == "Standard Double" && standard.capacity == 2 && standard.available == 1)
            #expect(standard.nightly == .init(amount: 100_000, currency: .thb))
            #expect(standard.total == .init(amount: 200_000, currency: .thb))
            #expect(nimman.offers[1].nightly.amount == 200_000)
            #expect(nimman.roomTypeId == site.standardDouble.id)

            // A party of three: only the Family Room sleeps them; Baan Suan's two rooms do together (below).
            let three = try await Self.search(client, site, region: "chiang mai", adults: 3)
            #expect(Set(three.results.map(\.property.id)) == [site.nimman.id, site.fixture.property.id])
            let family = three.results.first { $0.property.id == site.nimman.id }
            #expect(family?.offers.map(\.roomType) == ["Family Room"] && family?.rooms == nil)
            let together = three.results.first { $0.property.id == site.fixture.property.id }
            #expect(together?.rooms?.map(\.adults) == [2, 1] && together?.offers.isEmpty == true)
        }
    }

    @Test(arguments: TestDatabase.available)
    func distancesAreFromTheCentreOfTheCitySearchedToOneDecimal(database: TestDatabase) async throws {
        let site = try await GuestSite.make(database: database)
        try await site.fixture.test(as: nil) { client in
            let search = try await Self.search(client, site, region: "Chiang Mai")
            let centre = try #require(search.centre)
            #expect(abs(centre.latitude - site.chiangMaiCentre.latitude) < 1e-6)
            #expect(abs(centre.longitude - site.chiangMaiCentre.longitude) < 1e-6)
            for result in search.results {
                let place = [site.fixture.property, site.nimman, site.oldCity].first { $0.id == result.property.id }!
                let expected = (site.chiangMaiCentre.kilometres(to: place.coordinate) * 10).rounded() / 10
                #expect(result.distanceKm == expected, "\(place.name)")
                #expect((result.distanceKm * 10).rounded() == result.distanceKm * 10)
            }
            #expect(search.results.first { $0.property.id == site.oldCity.id }!.distanceKm > 10)
        }
    }

    @Test(arguments: TestDatabase.available)
    func sortingByDistanceGivesTheNearestFirstAndByPriceTheCheapest(database: TestDatabase) async throws {
        let site = try await GuestSite.make(database: database)
        try await site.fixture.test(as: nil) { client in
            let byPrice = try await Self.search(client, site, region: "chiang mai")
            #expect(byPrice.sort == .price)
            #expect(byPrice.results.map(\.property.name) == ["Nimman Courtyard", "Baan Suan", "Old City Teak House"])
            let byDistance = try await Self.search(client, site, region: "chiang mai", extra: "&sort=distance")
            #expect(byDistance.sort == .distance)
            // The Old City, 16 km out, pulls the centre its way: Baan Suan is the nearest to it.
            #expect(
                byDistance.results.map(\.property.name) == ["Baan Suan", "Nimman Courtyard", "Old City Teak House"])
            #expect(byDistance.results.map(\.distanceKm) == byDistance.results.map(\.distanceKm).sorted())
        }
    }

    @Test(arguments: TestDatabase.available)
    func pagesTogetherListEveryPlaceInRangeOnceInTheirOrder(database: TestDatabase) async throws {
        let site = try await GuestSite.make(database: database)
        try await site.fixture.test(as: nil) { client in
            for extra in ["", "&sort=distance", "&maxPrice=150000", "&minPrice=150000&sort=distance"] {
                let whole = try await Self.search(client, site, region: "chiang mai", extra: extra + "&limit=100")
                #expect(whole.results.count == whole.count && whole.offset == 0 && whole.limit == 100, "\(extra)")
                var paged: [Components.Schemas.SearchResult] = []
                for offset in 0...whole.count {
                    let page = try await Self.search(
                        client, site, region: "chiang mai", extra: extra + "&limit=1&offset=\(offset)")
                    #expect(page.count == whole.count && page.offset == offset && page.limit == 1, "\(extra)")
                    #expect(page.results.count == (offset < whole.count ? 1 : 0), "\(extra)")
                    #expect(page.pins == whole.pins, "\(extra)")
                    paged += page.results
                }
                #expect(paged.map(\.property.id) == whole.results.map(\.property.id), "\(extra)")
                #expect(paged.map(\.total) == whole.results.map(\.total), "\(extra)")
            }
            let unasked = try await Self.search(client, site, region: "chiang mai")
            #expect(unasked.offset == 0 && unasked.limit == PublicController.defaultPageSize)
        }
    }

    @Test(arguments: TestDatabase.available)
    func pinsAreEveryPlaceFoundWithItsOffersPricesWhateverThePriceFilter(database: TestDatabase) async throws {
        let site = try await GuestSite.make(database: database)
        try await site.fixture.test(as: nil) { client in
            let all = try await Self.search(client, site, region: "chiang mai")
            // From 1,500 THB a night: fewer results, the same pins.
            let dear = try await Self.search(client, site, region: "chiang mai", extra: "&minPrice=150000")
            #expect(dear.count < all.count)
            #expect(dear.pins == all.pins)
            #expect(all.pins.map(\.id) == all.results.map(\.property.id).sorted())
            for result in all.results {
                let pin = try #require(all.pins.first { $0.id == result.property.id })
                #expect(pin.name == result.property.name)
                #expect(pin.latitude == result.property.latitude && pin.longitude == result.property.longitude)
                #expect(pin.distanceKm == result.distanceKm)
                #expect(pin.currency == result.nightly.currency)
                #expect(pin.nightly == result.offers.map(\.nightly.amount))
                #expect(pin.total == result.offers.map(\.total.amount))
            }
        }
    }

    @Test func namesThatJSONMustEscapeComeBackAsWritten() async throws {
        let site = try await GuestSite.make()
        let name = "Deluxe \"Garden\" \\ View\t\u{1}ห้อง"
        let properties = site.fixture.store.properties
        let type = try await properties.insert(
            RoomType(id: 0, propertyID: site.oldCity.id, name: name, capacity: 2, baseRate: .whole(100, .thb)))
        _ = try await properties.insert(
            Room(id: 0, propertyID: site.oldCity.id, roomTypeID: type.id, number: "Q1", floor: 1))
        try await site.fixture.test(as: nil) { client in
            let search = try await Self.search(client, site, region: "chiang mai")
            let oldCity = try #require(search.results.first { $0.property.id == site.oldCity.id })
            #expect(oldCity.offers.first?.roomType == name)
            #expect(oldCity.property.name == "Old City Teak House")
        }
    }

    @Test func aBadSortIs400NamingSort() async throws {
        let site = try await GuestSite.make()
        let arrival = site.fixture.today.adding(days: 30)
        try await site.fixture.test(as: nil) { client in
            try await client.execute(
                uri:
                    "/api/v1/public/search?region=x&arrival=\(arrival.iso)&departure=\(arrival.adding(days: 2).iso)&sort=cheapest",
                method: .get
            ) { response in
                #expect(response.status == .badRequest)
                #expect(response.error?.error.field == "sort")
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func aBookingMadeOrCancelledShowsInTheNextSearch(database: TestDatabase) async throws {
        let site = try await GuestSite.make(database: database)
        try await site.fixture.test(as: nil) { client in
            func nimmanOffers() async throws -> [String] {
                try await Self.search(client, site, region: "chiang mai").results.first {
                    $0.property.id == site.nimman.id
                }?.offers.map(\.roomType) ?? []
            }
            #expect(try await nimmanOffers() == ["Standard Double", "Family Room"])
            let code = try await GuestSite.book(
                client, place: site.nimman, roomType: site.standardDouble,
                arrival: site.fixture.today.adding(days: 10))
            #expect(try await nimmanOffers() == ["Family Room"])
            try await client.execute(
                uri: "/api/v1/public/bookings/\(code)/cancel", method: .post,
                body: ByteBuffer(string: #"{"email": "ann@example.com"}"#)
            ) { #expect($0.status == .ok) }
            #expect(try await nimmanOffers() == ["Standard Double", "Family Room"])
        }
    }

    @Test(arguments: TestDatabase.available)
    func aRoomTypeOrRoomAddedAfterASearchShowsInTheNext(database: TestDatabase) async throws {
        let site = try await GuestSite.make(database: database)
        try await site.fixture.test(as: nil) { client in
            let before = try await Self.search(client, site, region: "old city")
            #expect(before.results.isEmpty)  // "old city" is a hotel's name, not a city's
            let first = try await Self.search(client, site, region: "chiang mai")
            #expect(first.results.first { $0.property.id == site.oldCity.id }?.offers.count == 1)
            let properties = site.fixture.store.properties
            let suite = try await properties.insert(
                RoomType(id: 0, propertyID: site.oldCity.id, name: "Suite", capacity: 2, baseRate: .whole(900, .thb)))
            _ = try await properties.insert(
                Room(id: 0, propertyID: site.oldCity.id, roomTypeID: suite.id, number: "S1", floor: 2))
            let next = try await Self.search(client, site, region: "chiang mai")
            #expect(
                next.results.first { $0.property.id == site.oldCity.id }?.offers.map(\.roomType) == ["Suite", "Deluxe"])
        }
    }
}

/// Several rooms for one party in the search: a family no one room sleeps finds the places whose free rooms
/// hold it together, each room its share of the party, and a guest asking for two rooms finds those with two.
@Suite(.closesItsStores)
struct SearchRoomsAPITests {
    @Test(arguments: TestDatabase.available)
    func aPartyNoRoomSleepsFindsThePlacesWhoseRoomsHoldItTogether(database: TestDatabase) async throws {
        let site = try await GuestSite.make(database: database)
        try await site.fixture.test(as: nil) { client in
            // Five adults: Nimman's Family Room (4) and Standard Double (2) together, three and two; no other place.
            let five = try await SearchAPITests.search(client, site, region: "chiang mai", adults: 5)
            #expect(five.results.map(\.property.id) == [site.nimman.id])
            let nimman = try #require(five.results.first)
            let rooms = try #require(nimman.rooms)
            #expect(rooms.map(\.roomTypeId) == [site.familyRoom.id, site.standardDouble.id])
            #expect(rooms.map(\.adults) == [3, 2] && rooms.map(\.children) == [0, 0])
            #expect(nimman.offers.isEmpty && nimman.roomTypeId == site.familyRoom.id)
            #expect(nimman.total.amount == rooms.map(\.total.amount).reduce(0, +))
            #expect(nimman.total.amount == 2 * (200_000 + 100_000) && nimman.nightly.amount == 300_000)
            #expect(five.pins.map(\.total) == [[nimman.total.amount]])
            // Seven: more than its six beds.
            #expect(try await SearchAPITests.search(client, site, region: "chiang mai", adults: 7).results.isEmpty)

            // Two adults asking for two rooms: Nimman's two and Baan Suan's, an adult in each; Old City's one
            // room is not enough.
            let two = try await SearchAPITests.search(client, site, region: "chiang mai", extra: "&rooms=2")
            #expect(Set(two.results.map(\.property.id)) == [site.nimman.id, site.fixture.property.id])
            #expect(two.results.allSatisfy { $0.rooms?.map(\.adults) == [1, 1] })
            // One room asked for is the search as it was: a room type each.
            let one = try await SearchAPITests.search(client, site, region: "chiang mai", extra: "&rooms=1")
            #expect(one.results.count == 3 && one.results.allSatisfy { $0.rooms == nil })
            let arrival = site.fixture.today.adding(days: 10)
            try await client.execute(
                uri: "/api/v1/public/search?region=chiang%20mai&arrival=\(arrival.iso)"
                    + "&departure=\(arrival.adding(days: 2).iso)&rooms=10",
                method: .get
            ) { response in
                #expect(response.status == .badRequest && response.error?.error.field == "rooms")
            }
        }
    }
    @Test(arguments: TestDatabase.available)
    func aPlaceSharesThePartyBetweenTheRoomsAGuestChoosesAndPricesEachForItsShare(database: TestDatabase)
        async throws
    {
        let site = try await GuestSite.make(database: database)
        try await site.fixture.test(as: nil) { client in
            let arrival = site.fixture.today.adding(days: 10)
            let (family, double) = (site.familyRoom.id, site.standardDouble.id)
            func place(_ query: String, status: HTTPResponse.Status = .ok) async throws
                -> Components.Schemas.PublicPropertyDetail?
            {
                let uri =
                    "/api/v1/public/properties/\(site.nimman.id)?arrival=\(arrival.iso)"
                    + "&departure=\(arrival.adding(days: 2).iso)&\(query)"
                return try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == status, "\(query): \(String(buffer: response.body))")
                    if status != .ok {
                        #expect(response.error?.error.field == "rooms", "\(query)")
                        return nil
                    }
                    return try StayActionsAPITests.decode(Components.Schemas.PublicPropertyDetail.self, response)
                }
            }
            // Four adults and a child in the family room and the double: two and the child, two; each room
            // priced for its share, the set's total theirs.
            let set = try #require(try await place("adults=4&children=1&rooms=\(family),\(double)")?.roomSet)
            #expect(set.refusal == nil)
            #expect(set.rooms.map(\.roomTypeId) == [family, double])
            #expect(set.rooms.map(\.adults) == [2, 2] && set.rooms.map(\.children) == [1, 0])
            #expect(set.rooms.map(\.name) == ["Family Room", "Standard Double"])
            let prices = set.rooms.compactMap { $0.price?.total.amount }
            #expect(prices.count == 2 && set.total?.amount == prices.reduce(0, +))
            #expect(set.total?.amount == 2 * (200_000 + 100_000))
            // A child alone in a room, too few beds, more rooms of a type than are free: each says why, and a
            // room not free has no price.
            let alone = try #require(try await place("adults=1&children=2&rooms=\(family),\(double)")?.roomSet)
            #expect(alone.refusal?.reason.rawValue == "group.adultEach" && alone.total == nil)
            #expect(alone.rooms.allSatisfy { $0.adults == nil && $0.price == nil })
            let crowded = try #require(try await place("adults=6&children=1&rooms=\(family),\(double)")?.roomSet)
            #expect(
                crowded.refusal?.reason.rawValue == "group.tooFewBeds"
                    && crowded.refusal?.params?.additionalProperties["beds"] == "6")
            let twice = try #require(try await place("adults=2&rooms=\(double),\(double)")?.roomSet)
            #expect(twice.refusal?.reason.rawValue == "group.unavailable" && twice.total == nil)
            #expect(twice.rooms.map(\.adults) == [1, 1] && twice.rooms.allSatisfy { $0.price == nil })
            // Without `rooms`, no set; one room, ten, or a type of another place: 400 naming `rooms`.
            #expect(try await place("adults=2")?.roomSet == nil)
            _ = try await place("adults=2&rooms=\(family)", status: .badRequest)
            _ = try await place(
                "adults=2&rooms=" + Array(repeating: "\(double)", count: 10).joined(separator: ","), status: .badRequest
            )
            _ = try await place("adults=2&rooms=\(family),999999", status: .badRequest)
            _ = try await place("adults=2&rooms=\(family)," + String(repeating: "0", count: 100), status: .badRequest)
        }
    }
}
