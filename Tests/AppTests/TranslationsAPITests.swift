import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Storage
import StorageTesting
import Testing

/// A property's own texts in other languages: a manager words them on the settings page, and the guest
/// site and the desk read them in the page's language, as stored where there is no wording.
@Suite(.closesItsStores)
struct TranslationsAPITests {
    typealias Texts = Components.Schemas.PropertyTexts

    /// A place with a text of every kind a hotel has, and one room.
    struct Place {
        let fixture: APIFixture
        let property: Property
        let roomType: RoomType

        static func make(database: TestDatabase = .sqlite) async throws -> Place {
            let fixture = try await APIFixture.make(database: database)
            let properties = fixture.store.properties
            let property = try await properties.insert(
                Property(
                    id: 0, name: "Riverside", kind: .hotel, region: "Northern Thailand", city: "Chiang Mai",
                    latitude: 18.78, longitude: 99.0, timeZoneID: "Asia/Bangkok", currency: .thb,
                    summary: "Teak rooms by the river.", amenities: ["Pool", "Wi-Fi", "Pool"],
                    fees: [Fee(name: "Cleaning", amount: .whole(200, .thb), basis: .perStay)],
                    taxes: [Tax(name: "VAT", basisPoints: 700)]))
            let roomType = try await properties.insert(
                RoomType(
                    id: 0, propertyID: property.id, name: "River Double", capacity: 2, baseRate: .whole(1_000, .thb)))
            _ = try await properties.insert(
                rooms: [Room(id: 0, propertyID: property.id, roomTypeID: roomType.id, number: "1", floor: 1)])
            try await fixture.staff(property.id)
            return Place(fixture: fixture, property: property, roomType: roomType)
        }

        var textsPath: String { "/api/v1/properties/\(property.id)/texts" }

        func detail(_ client: SignedInClient, lang: String?) async throws -> Components.Schemas.PublicPropertyDetail {
            let arrival = fixture.today.adding(days: 10)
            let uri =
                "/api/v1/public/properties/\(property.id)?arrival=\(arrival.iso)"
                + "&departure=\(arrival.adding(days: 2).iso)&adults=2" + (lang.map { "&lang=\($0)" } ?? "")
            return try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                return try APIFixture.decoder.decode(
                    Components.Schemas.PublicPropertyDetail.self, from: Data(buffer: response.body))
            }
        }
    }

    static let thai =
        #"""
        {"texts": [
          {"source": "Teak rooms by the river.", "wordings": {"th": " ห้องไม้สักริมแม่น้ำ\n ", "ko": ""}},
          {"source": "Pool", "wordings": {"th": "สระว่ายน้ำ", "ja": "プール"}},
          {"source": "River Double", "wordings": {"th": "ห้องดับเบิลริมน้ำ"}},
          {"source": "Cleaning", "wordings": {"th": "ค่าทำความสะอาด"}},
          {"source": "VAT", "wordings": {"th": "ภาษีมูลค่าเพิ่ม"}}
        ]}
        """#

    @Test(arguments: TestDatabase.available)
    func aManagerWordsThePlacesTextsAndGuestsReadThemInTheirLanguage(database: TestDatabase) async throws {
        let place = try await Place.make(database: database)
        try await place.fixture.test(as: .manager) { client in
            let listed = try await client.execute(uri: place.textsPath, method: .get) {
                try APIFixture.decoder.decode(Texts.self, from: Data(buffer: $0.body))
            }
            #expect(
                listed.texts.map(\.source) == [
                    "Teak rooms by the river.", "Pool", "Wi-Fi", "River Double", "Cleaning", "VAT",
                ])
            #expect(listed.texts.map(\.kind.rawValue) == ["summary", "amenity", "amenity", "room_type", "fee", "tax"])
            #expect(listed.texts.allSatisfy { $0.wordings == .init() })

            let stored = try await client.execute(
                uri: place.textsPath, method: .put, body: ByteBuffer(string: Self.thai)
            ) { response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                return try APIFixture.decoder.decode(Texts.self, from: Data(buffer: response.body))
            }
            #expect(stored.texts[0].wordings == .init(th: "ห้องไม้สักริมแม่น้ำ"))
            #expect(stored.texts[1].wordings == .init(th: "สระว่ายน้ำ", ja: "プール"))

            let thai = try await place.detail(client, lang: "th")
            #expect(thai.property.summary == "ห้องไม้สักริมแม่น้ำ")
            #expect(thai.property.amenities == ["สระว่ายน้ำ", "Wi-Fi", "สระว่ายน้ำ"])
            #expect(thai.roomTypes.map(\.name) == ["ห้องดับเบิลริมน้ำ"])
            #expect(thai.roomTypes.first?.price?.fees.map(\.name) == ["ค่าทำความสะอาด"])
            #expect(thai.roomTypes.first?.price?.taxes.map(\.name) == ["ภาษีมูลค่าเพิ่ม"])
            let japanese = try await place.detail(client, lang: "ja")
            #expect(japanese.property.amenities == ["プール", "Wi-Fi", "プール"])
            #expect(japanese.roomTypes.map(\.name) == ["River Double"], "no Japanese wording: as stored")
            let asStored = try await place.detail(client, lang: nil)
            #expect(asStored.property.summary == "Teak rooms by the river.")
            #expect(asStored.roomTypes.first?.price?.taxes.map(\.name) == ["VAT"])

            let arrival = place.fixture.today.adding(days: 10)
            let search = try await client.execute(
                uri: "/api/v1/public/search?region=chiang%20mai&arrival=\(arrival.iso)"
                    + "&departure=\(arrival.adding(days: 2).iso)&adults=2&lang=th",
                method: .get
            ) { try APIFixture.decoder.decode(Components.Schemas.Search.self, from: Data(buffer: $0.body)) }
            let found = try #require(search.results.first { $0.property.id == place.property.id })
            #expect(found.roomType == "ห้องดับเบิลริมน้ำ" && found.offers.map(\.roomType) == ["ห้องดับเบิลริมน้ำ"])
            #expect(found.property.summary == "ห้องไม้สักริมแม่น้ำ")

            let desk = try await client.execute(uri: "/api/v1/properties/\(place.property.id)", method: .get) {
                try APIFixture.decoder.decode(Components.Schemas.Property.self, from: Data(buffer: $0.body))
            }
            #expect(desk.translations?.additionalProperties["River Double"]?.th == "ห้องดับเบิลริมน้ำ")
        }
    }

    @Test func aGuestsBookingAndItsPriceAreInTheLanguageBookedIn() async throws {
        let place = try await Place.make()
        _ = try await PropertySettings(storage: place.fixture.store, now: place.fixture.store.clock.now)
            .setTranslations(
                [(source: "River Double", wordings: [.ko: "리버 더블"]), (source: "VAT", wordings: [.ko: "부가가치세"])],
                propertyID: place.property.id, by: Staff(User(id: 1, email: "m@example.com", name: "M", role: .manager))
            )
        let arrival = place.fixture.today.adding(days: 10)
        let body = #"""
            {"propertyId": \#(place.property.id), "roomTypeId": \#(place.roomType.id), "arrival": "\#(arrival.iso)",
             "departure": "\#(arrival.adding(days: 1).iso)", "adults": 2,
             "guest": {"name": "Kim Min-jun", "email": "kim@example.com"}}
            """#
        try await place.fixture.test(as: nil) { client in
            let code = try await client.execute(
                uri: "/api/v1/public/bookings?lang=ko", method: .post,
                headers: [HTTPField.Name("Idempotency-Key")!: "korean-booking-1"], body: ByteBuffer(string: body)
            ) { response in
                #expect(response.status == .created, "\(String(buffer: response.body))")
                let booking = try APIFixture.decoder.decode(
                    Components.Schemas.PublicBooking.self, from: Data(buffer: response.body))
                #expect(booking.roomType == "리버 더블" && booking.price.taxes.map(\.name) == ["부가가치세"])
                return booking.confirmationCode
            }
            let managed = try await client.execute(
                uri: "/api/v1/public/bookings/\(code)?email=kim%40example.com&lang=ko", method: .get
            ) { try APIFixture.decoder.decode(Components.Schemas.ManagedBooking.self, from: Data(buffer: $0.body)) }
            #expect(managed.roomType == "리버 더블" && managed.price.taxes.map(\.name) == ["부가가치세"])
            let english = try await client.execute(
                uri: "/api/v1/public/bookings/\(code)?email=kim%40example.com", method: .get
            ) { try APIFixture.decoder.decode(Components.Schemas.ManagedBooking.self, from: Data(buffer: $0.body)) }
            #expect(english.roomType == "River Double")
        }
    }

    @Test func wordingsAreAManagersAndEachMustWordATextAsItStands() async throws {
        let place = try await Place.make()
        @Sendable func put(_ json: String, _ client: SignedInClient) async throws -> (HTTPResponse.Status, ErrorJSON?) {
            try await client.execute(uri: place.textsPath, method: .put, body: ByteBuffer(string: json)) {
                ($0.status, $0.error)
            }
        }
        // Each `test` closes its store when done: the front desk's refusal gets a place of its own.
        try await Place.make().fixture.test(as: .frontDesk) { client in
            let (status, error) = try await put(Self.thai, client)
            #expect(status == .forbidden && error?.error.reason?.rawValue == "staff.managerOnly")
        }
        try await place.fixture.test(as: .manager) { client in
            let refusals: [(String, String, String)] = [
                (#"{"texts": [{"source": "Garden Double", "wordings": {"th": "x"}}]}"#, "texts[0].source", "invalid"),
                (
                    #"{"texts": [{"source": "VAT", "wordings": {"th": "\#(String(repeating: "ภ", count: 121))"}}]}"#,
                    "texts[0].th", "text.tooLong"
                ),
                (#"{"texts": [{"source": "Pool", "wordings": {"ja": "プー\nル"}}]}"#, "texts[0].ja", "text.control"),
            ]
            for (json, field, reason) in refusals {
                let (status, error) = try await put(json, client)
                #expect(status == .badRequest && error?.error.field == field, "\(json)")
                #expect((error?.error.reason?.rawValue ?? error?.error.code) == reason, "\(json)")
            }
            let texts = try await client.execute(uri: place.textsPath, method: .get) {
                try APIFixture.decoder.decode(Texts.self, from: Data(buffer: $0.body))
            }
            #expect(texts.texts.allSatisfy { $0.wordings == .init() }, "a refused change stores nothing")
            try await client.execute(uri: "/api/v1/public/properties/\(place.property.id)?lang=fr", method: .get) {
                #expect($0.status == .badRequest && $0.error?.error.field == "lang", "\(String(buffer: $0.body))")
            }
        }
    }
}
