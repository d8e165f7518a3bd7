import Foundation
import HummingbirdTesting
import StorageTesting
import Testing

/// `GET /api/v1/public/properties/{id}/map.svg`: a hotel's map, drawn by the server.
@Suite(.closesItsStores)
struct PlaceMapAPITests {
    @Test(arguments: TestDatabase.available)
    func aHotelsMapIsACacheableSVGWithItsNeighboursInItsLanguage(database: TestDatabase) async throws {
        let site = try await GuestSite.make(database: database)
        try await site.fixture.test(as: nil) { client in
            let uri = "/api/v1/public/properties/\(site.fixture.property.id)/map.svg?lang=th"
            let svg = try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/svg+xml")
                #expect(response.headers[.cacheControl] == "public, max-age=3600")
                return String(buffer: response.body)
            }
            #expect(svg.hasPrefix("<svg "))
            #expect(svg.contains(">Baan Suan</text>"))
            #expect(svg.contains(">เชียงใหม่</text>"))
            // Nimman, 1.5 km off, is a dot; the Old City, 16 km off, is beyond the frame; the salon is no hotel.
            #expect(svg.components(separatedBy: #"class="place""#).count - 1 == 1)
            let again = try await client.execute(uri: uri, method: .get) { String(buffer: $0.body) }
            #expect(again == svg)
            let english = try await client.execute(
                uri: "/api/v1/public/properties/\(site.fixture.property.id)/map.svg", method: .get
            ) { String(buffer: $0.body) }
            #expect(english.contains(">Chiang Mai</text>"))
        }
    }

    @Test func anUnknownPlaceOrASalonIs404JSONAndAnUnknownLanguage400() async throws {
        let site = try await GuestSite.make()
        try await site.fixture.test(as: nil) { client in
            for id in [999, site.salon.id] {
                try await client.execute(uri: "/api/v1/public/properties/\(id)/map.svg", method: .get) { response in
                    #expect(response.status == .notFound)
                    #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
                    #expect(response.error?.error.code == "not_found")
                }
            }
            try await client.execute(
                uri: "/api/v1/public/properties/\(site.nimman.id)/map.svg?lang=fr", method: .get
            ) { response in
                #expect(response.status == .badRequest)
                #expect(response.error?.error.field == "lang")
            }
        }
    }
}
