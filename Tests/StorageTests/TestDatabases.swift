import Booking
import Foundation
import SQLKit
import Testing

@testable import Storage

/// The databases every storage test runs against: a SQLite file, and a real PostgreSQL server when
/// `FRONTDESK_TEST_POSTGRES_URL` names one (`make test` starts one: scripts/with-postgres.sh).
enum TestDatabase: String, CaseIterable, CustomTestStringConvertible {
    case sqlite
    case postgres

    static var postgresURL: String? { ProcessInfo.processInfo.environment["FRONTDESK_TEST_POSTGRES_URL"] }

    /// The ones available here. `make test` always has both and sets `FRONTDESK_REQUIRE_POSTGRES`, so
    /// that a missing server fails the run instead of quietly testing SQLite alone.
    static var available: [TestDatabase] {
        if postgresURL == nil && ProcessInfo.processInfo.environment["FRONTDESK_REQUIRE_POSTGRES"] != nil {
            fatalError(
                "FRONTDESK_REQUIRE_POSTGRES is set but FRONTDESK_TEST_POSTGRES_URL is not: run through scripts/with-postgres.sh"
            )
        }
        return postgresURL == nil ? [.sqlite] : [.sqlite, .postgres]
    }

    var testDescription: String { rawValue }

    /// A new, empty, migrated database: a file in a fresh folder, or a fresh PostgreSQL schema.
    func makeStore() async throws -> Store {
        let name = "t\(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased())"
        switch self {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("frontdesk-\(name)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let store = try Store.open(folder.appendingPathComponent("test.sqlite").path)
            try await store.migrate()
            return store
        case .postgres:
            let admin = try Store.open(Self.postgresURL!)
            try await admin.sql.raw("CREATE SCHEMA \(unsafeRaw: name)").run()
            try await admin.sql.raw("CREATE EXTENSION IF NOT EXISTS btree_gist SCHEMA public").run()
            await admin.shutdown()
            let store = try Store.open(Self.postgresURL!, searchPath: [name, "public"])
            try await store.migrate()
            return store
        }
    }
}

/// A hotel with two room types and four rooms, stored.
struct Hotel {
    var property: Property
    var roomTypes: [RoomType]
    var rooms: [Room]

    static let arrival = Day(year: 2026, month: 12, day: 1)

    static func make(in store: Store) async throws -> Hotel {
        let repository = PropertyRepository(store: store)
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
