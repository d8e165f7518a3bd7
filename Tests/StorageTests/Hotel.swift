import Booking
import Foundation
import SQLKit
import StorageTesting
import Testing

@testable import Storage

/// A hotel with two room types and four rooms, stored.
struct Hotel {
    var property: Property
    var roomTypes: [RoomType]
    var rooms: [Room]

    static let arrival = Day(year: 2026, month: 12, day: 1)

    static func make(in store: Store) async throws -> Hotel {
        let repository = store.properties
        let property = try await repository.insert(
            Property(
                id: 0, name: "Baan Suan", kind: .hotel, region: "Northern Thailand", city: "Chiang Mai",
                latitude: 18.79, longitude: 98.98, timeZoneID: "Asia/Bangkok", currency: .thb,
                fees: [Fee(name: "Cleaning", amount: .whole(300, .thb), basis: .perStay)],
                taxes: [Tax(name: "VAT", basisPoints: 700)]))
        let double = try await repository.insert(
            RoomType(
                id: 0, propertyID: property.id, name: "Garden Double", capacity: 2, baseRate: .whole(1200, .thb),
                rateOverrides: [arrival.adding(days: 4): .whole(1500, .thb)]))
        let family = try await repository.insert(
            RoomType(id: 0, propertyID: property.id, name: "Family", capacity: 4, baseRate: .whole(2200, .thb)))
        var rooms: [Room] = []
        for (number, type) in [("101", double), ("102", double), ("201", family), ("202", family)] {
            rooms.append(
                try await repository.insert(
                    Room(id: 0, propertyID: property.id, roomTypeID: type.id, number: number, floor: 1)))
        }
        return Hotel(property: property, roomTypes: [double, family], rooms: rooms)
    }

    func newStay(room: Int?, from offset: Int = 0, nights: Int = 2, guest: String = "Ann Lee") -> NewStay {
        let arrival = Hotel.arrival.adding(days: offset)
        return NewStay(
            propertyID: property.id, roomTypeID: roomTypes[0].id, roomID: room,
            nights: try! Nights(arrival: arrival, departure: arrival.adding(days: nights)), adults: 2,
            guestName: guest, guestEmail: "ann@example.com")
    }
}
