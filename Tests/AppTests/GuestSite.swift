import App
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Storage
import StorageTesting
import Testing

/// The API fixture's hotel (Baan Suan, Chiang Mai) with neighbours for the guest site: two more
/// hotels in Chiang Mai (one near, one 16 km out), one in Seoul, a salon and a hotel without rooms.
struct GuestSite {
    let fixture: APIFixture
    /// 1.5 km from Baan Suan: a Standard Double (1,000 THB, one room) and a Family Room (2,000 THB, sleeps 4).
    let nimman: Property
    let standardDouble: RoomType
    let familyRoom: RoomType
    /// 16 km out of town: a Deluxe (1,500 THB, one room).
    let oldCity: Property
    let seoul: Property
    let salon: Property

    static func make(database: TestDatabase = .sqlite) async throws -> GuestSite {
        let fixture = try await APIFixture.make(database: database)
        let properties = fixture.store.properties
        // A name starting "Salon" makes a salon.
        func hotel(_ name: String, _ city: String, _ region: String, _ point: Coordinate) async throws -> Property {
            try await properties.insert(
                Property(
                    id: 0, name: name, kind: name.hasPrefix("Salon") ? .salon : .hotel, region: region, city: city,
                    latitude: point.latitude, longitude: point.longitude,
                    timeZoneID: city == "Seoul" ? "Asia/Seoul" : "Asia/Bangkok", currency: city == "Seoul" ? .krw : .thb
                ))
        }
        func roomType(_ place: Property, _ name: String, capacity: Int, rate: Money, rooms: Int) async throws
            -> RoomType
        {
            let type = try await properties.insert(
                RoomType(id: 0, propertyID: place.id, name: name, capacity: capacity, baseRate: rate))
            _ = try await properties.insert(
                rooms: (0..<rooms).map {
                    Room(id: 0, propertyID: place.id, roomTypeID: type.id, number: "\(type.id)-\($0)", floor: 1)
                })
            return type
        }
        let north = "Northern Thailand"
        let nimman = try await hotel("Nimman Courtyard", "Chiang Mai", north, .init(latitude: 18.80, longitude: 98.97))
        let standardDouble = try await roomType(
            nimman, "Standard Double", capacity: 2, rate: .whole(1_000, .thb), rooms: 1)
        let familyRoom = try await roomType(nimman, "Family Room", capacity: 4, rate: .whole(2_000, .thb), rooms: 1)
        let oldCity = try await hotel(
            "Old City Teak House", "Chiang Mai", north, .init(latitude: 18.70, longitude: 99.10))
        _ = try await roomType(oldCity, "Deluxe", capacity: 2, rate: .whole(1_500, .thb), rooms: 1)
        let seoul = try await hotel(
            "Bukchon Hanok Stay", "Seoul", "Seoul Capital Area", .init(latitude: 37.58, longitude: 126.98))
        _ = try await roomType(seoul, "Ondol Room", capacity: 2, rate: .whole(110_000, .krw), rooms: 2)
        let salon = try await hotel("Salon Nimman", "Chiang Mai", north, .init(latitude: 18.79, longitude: 98.97))
        _ = try await hotel("Empty House", "Lamphun", north, .init(latitude: 18.58, longitude: 99.01))
        return GuestSite(
            fixture: fixture, nimman: nimman, standardDouble: standardDouble, familyRoom: familyRoom, oldCity: oldCity,
            seoul: seoul, salon: salon)
    }

    /// The three Chiang Mai hotels' mean position.
    var chiangMaiCentre: Coordinate {
        Coordinate.centre(of: [fixture.property.coordinate, nimman.coordinate, oldCity.coordinate])!
    }

    static func json(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
    }

    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.subtracting(.init(charactersIn: "&=+")))
            ?? text
    }

    /// Books a room type through the guest site; returns the confirmation code.
    static func book(
        _ client: SignedInClient, place: Property, roomType: RoomType, arrival: Day, nights: Int = 2,
        email: String = "ann@example.com"
    ) async throws -> String {
        let response = try await bookingResponse(
            client, place: place, roomType: roomType, arrival: arrival, nights: nights, email: email)
        #expect(response.status == .created, "\(String(buffer: response.body))")
        return try json(response)["confirmationCode"] as? String ?? ""
    }

    /// The guest site's answer to booking a room type for two adults (and `infants`, when given).
    static func bookingResponse(
        _ client: SignedInClient, place: Property, roomType: RoomType, arrival: Day, nights: Int = 2,
        email: String = "ann@example.com", infants: Int? = nil
    ) async throws -> TestResponse {
        let infantsField = infants.map { #", "infants": \#($0)"# } ?? ""
        let body = #"""
            {"propertyId": \#(place.id), "roomTypeId": \#(roomType.id), "arrival": "\#(arrival.iso)",
             "departure": "\#(arrival.adding(days: nights).iso)", "adults": 2\#(infantsField),
             "guest": {"name": "Ann Lee", "email": "\#(email)"}}
            """#
        return try await client.execute(
            uri: "/api/v1/public/bookings", method: .post,
            headers: [HTTPField.Name("Idempotency-Key")!: "guest-\(UUID().uuidString)"], body: ByteBuffer(string: body))
    }
}
