import API
import Booking
import Foundation
import HummingbirdTesting
import Storage
import StorageTesting
import Testing

/// `GET /api/v1/public/regions?q=`: cities and regions to suggest while a guest types, in any language.
@Suite(.closesItsStores)
struct RegionsAPITests {
    /// Region suggestions as the document describes them.
    typealias Suggestions = Components.Schemas.RegionSuggestions

    static func suggest(_ client: SignedInClient, _ query: String) async throws -> [Components.Schemas.RegionSuggestion]
    {
        try await client.execute(uri: "/api/v1/public/regions?q=\(GuestSite.encoded(query))", method: .get) {
            response in
            #expect(response.status == .ok)
            return try APIFixture.decoder.decode(Suggestions.self, from: Data(buffer: response.body)).suggestions
        }
    }

    @Test(arguments: TestDatabase.available)
    func aCityTypedInKoreanIsSuggestedWithItsNamesPlacesAndCentre(database: TestDatabase) async throws {
        let site = try await GuestSite.make(database: database)
        try await site.fixture.test(as: nil) { client in
            let suggestions = try await Self.suggest(client, "치앙")
            let chiangMai = try #require(suggestions.first)
            #expect(suggestions.count == 1)
            #expect(chiangMai.kind == .city && chiangMai.name == "Chiang Mai")
            #expect(chiangMai.region == "Northern Thailand")
            #expect(chiangMai.places == 3)  // the salon sells no nights
            #expect(
                chiangMai.label
                    == .init(en: "Chiang Mai", th: "เชียงใหม่", ja: "チェンマイ", ko: "치앙마이", vi: "Chiang Mai"))
            #expect(abs(chiangMai.latitude - site.chiangMaiCentre.latitude) < 1e-6)
            #expect(abs(chiangMai.longitude - site.chiangMaiCentre.longitude) < 1e-6)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aWholeNameComesBeforeNamesThatStartWithIt(database: TestDatabase) async throws {
        let site = try await GuestSite.make(database: database)
        try await site.fixture.test(as: nil) { client in
            for query in ["seoul", "SEOUL", "ソウル"] {
                let suggestions = try await Self.suggest(client, query)
                #expect(suggestions.map(\.name) == ["Seoul", "Seoul Capital Area"], "\(query)")
                #expect(suggestions.map(\.kind) == [.city, .region], "\(query)")
            }
            // In Korean the capital area is 수도권, which does not say 서울.
            #expect(try await Self.suggest(client, "서울").map(\.name) == ["Seoul"])
            // "thai" starts a word of Northern Thailand and is in no name of the other areas.
            #expect(try await Self.suggest(client, "thai").map(\.name) == ["Northern Thailand"])
            // A word's start before a match inside a word: "n" starts "Northern", and is inside "Chiang Mai".
            #expect(try await Self.suggest(client, "n").map(\.name).first == "Northern Thailand")
            // Without a translation the stored name reads the same in every language; without rooms, no suggestion.
            #expect(try await Self.suggest(client, "lamphun").isEmpty)
        }
    }

    @Test func aBlankQuerySuggestsTheAreasWithTheMostPlacesAndNeverMoreThanEight() async throws {
        let site = try await GuestSite.make()
        let properties = site.fixture.store.properties
        for index in 0..<10 {
            let place = try await properties.insert(
                Property(
                    id: 0, name: "Inn \(index)", kind: .hotel, region: "Region \(index)", city: "Town \(index)",
                    latitude: 10, longitude: 100, timeZoneID: "Asia/Bangkok", currency: .thb))
            let type = try await properties.insert(
                RoomType(id: 0, propertyID: place.id, name: "Room", capacity: 2, baseRate: .whole(500, .thb)))
            _ = try await properties.insert(
                Room(id: 0, propertyID: place.id, roomTypeID: type.id, number: "1", floor: 1))
        }
        try await site.fixture.test(as: nil) { client in
            let suggestions = try await Self.suggest(client, "")
            #expect(suggestions.count == 8)
            // Three places each: the city before its region.
            #expect(suggestions.prefix(2).map(\.name) == ["Chiang Mai", "Northern Thailand"])
            #expect(try await Self.suggest(client, "town").count == 8)
        }
    }

    @Test func todayIsTheEarliestHotelsTodayNotTheServersOrTheGuests() async throws {
        let site = try await GuestSite.make()
        let properties = site.fixture.store.properties
        // Eleven hours behind UTC: when the server's day has begun, this hotel may still be selling yesterday.
        let place = try await properties.insert(
            Property(
                id: 0, name: "Pago Inn", kind: .hotel, region: "Tutuila", city: "Pago Pago", latitude: -14.3,
                longitude: -170.7, timeZoneID: "Pacific/Pago_Pago", currency: .thb))
        let type = try await properties.insert(
            RoomType(id: 0, propertyID: place.id, name: "Room", capacity: 2, baseRate: .whole(500, .thb)))
        _ = try await properties.insert(Room(id: 0, propertyID: place.id, roomTypeID: type.id, number: "1", floor: 1))
        try await site.fixture.test(as: nil) { client in
            let clock = site.fixture.store.clock
            let before = clock.today(at: place)
            let today = try await client.execute(uri: "/api/v1/public/regions?q=", method: .get) { response in
                try APIFixture.decoder.decode(Suggestions.self, from: Data(buffer: response.body)).today
            }
            #expect([before.iso, clock.today(at: place).iso].contains(today))
            #expect(before <= Day.today(in: .gmt, now: clock.now()))
        }
    }

    @Test func theLimitsServedAreTheOnesAnOnlineBookingIsCheckedBy() async throws {
        let site = try await GuestSite.make()
        try await site.fixture.test(as: nil) { client in
            let answer = try await client.execute(uri: "/api/v1/public/regions?q=", method: .get) { response in
                try APIFixture.decoder.decode(Suggestions.self, from: Data(buffer: response.body))
            }
            let limits = answer.limits
            let today = try #require(Day(iso: answer.today))
            let last = today.adding(days: limits.horizonDays)
            try Stay.validateOnline(Nights(arrival: last, departure: last.adding(days: limits.maxNights)), today: today)
            #expect(throws: DomainError.self) {
                try Stay.validateOnline(
                    Nights(arrival: today, departure: today.adding(days: limits.maxNights + 1)), today: today)
            }
            #expect(throws: DomainError.self) {
                try Stay.validateOnline(
                    Nights(arrival: last.adding(days: 1), departure: last.adding(days: 2)), today: today)
            }
            #expect(limits.maxGuests == Stay.maxGuests && limits.maxInfants == Stay.maxInfants)
            try RestrictedDay.validate(first: today, last: today.adding(days: limits.calendarDays))
            #expect(throws: DomainError.self) {
                try RestrictedDay.validate(first: today, last: today.adding(days: limits.calendarDays + 1))
            }
        }
    }

    @Test func aMissingOrOverlongQueryIs400NamingQ() async throws {
        let site = try await GuestSite.make()
        try await site.fixture.test(as: nil) { client in
            for uri in ["/api/v1/public/regions", "/api/v1/public/regions?q=\(String(repeating: "a", count: 101))"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .badRequest)
                    #expect(response.error?.error.field == "q")
                }
            }
        }
    }

    @Test func aPlaceAddedLaterIsSuggestedAtOnce() async throws {
        let site = try await GuestSite.make()
        try await site.fixture.test(as: nil) { client in
            #expect(try await Self.suggest(client, "kyoto").isEmpty)
            let properties = site.fixture.store.properties
            let place = try await properties.insert(
                Property(
                    id: 0, name: "Gion Ryokan", kind: .hotel, region: "Kansai", city: "Kyoto", latitude: 35.0,
                    longitude: 135.77, timeZoneID: "Asia/Tokyo", currency: .jpy))
            // A hotel without rooms is not bookable yet.
            #expect(try await Self.suggest(client, "京都").isEmpty)
            let type = try await properties.insert(
                RoomType(id: 0, propertyID: place.id, name: "Tatami", capacity: 2, baseRate: .whole(16_000, .jpy)))
            _ = try await properties.insert(
                Room(id: 0, propertyID: place.id, roomTypeID: type.id, number: "1", floor: 1))
            #expect(try await Self.suggest(client, "京都").map(\.name) == ["Kyoto"])
        }
    }
}
