import App
import Booking
import Demo
import Foundation
import HummingbirdBcrypt
import Storage
import StorageTesting
import Testing

@Suite(.closesItsStores)
struct DemoDataTests {
    @Test func theDemoHasAHotelASalonAndTheGuestSitesPlaces() async throws {
        let store = try await TestDatabase.sqlite.makeStore()
        _ = try await DemoData(store: store).create(passwordHash: Bcrypt.hash(DemoData.password, cost: 4))

        let properties = store.properties
        let all = try await properties.properties()
        let hotels = all.filter { $0.kind == .hotel }
        #expect(hotels.count == 24)
        #expect(
            Set(hotels.map(\.city)) == [
                "Bangkok", "Chiang Mai", "Seoul", "Busan", "Tokyo", "Kyoto", "Hanoi", "Da Nang",
            ])
        #expect(Set(hotels.map(\.currency.code)) == ["THB", "KRW", "JPY", "VND"])

        let hotel = all[0]
        #expect(hotel.city == "Chiang Mai" && hotel.currency == .thb)
        #expect(try await properties.roomTypes(propertyID: hotel.id).count == 5)
        #expect(try await properties.rooms(propertyID: hotel.id).count == 35)
        let today = store.clock.today(at: hotel)
        let stays = try await store.stays.stays(
            propertyID: hotel.id,
            overlapping: try Nights(arrival: today.adding(days: -40), departure: today.adding(days: 40)))
        let lists = FrontDeskDay(day: today, stays: stays)
        #expect(!lists.arrivals.isEmpty)
        #expect(!lists.departures.isEmpty)
        #expect(!lists.inHouse.isEmpty)
        #expect(stays.contains { $0.currentRoomID == nil })
        #expect(stays.map(\.arrival).min()! <= today.adding(days: -20))
        #expect(stays.map(\.departure).max()! >= today.adding(days: 30))

        let salon = try #require(all.first { $0.kind == .salon })
        #expect(salon.city == "Tokyo" && salon.currency == .jpy)
        let staff = try await properties.staff(propertyID: salon.id)
        #expect(staff.count == 8)
        #expect(Set(staff.map(\.team)).count == 2)
        let appointments = try await store.appointments.appointments(
            propertyID: salon.id, fromMinute: 0, toMinute: Int.max)
        let overlapping = appointments.contains { first in
            appointments.contains {
                $0.id != first.id && $0.staffID == first.staffID && $0.startMinute < first.endMinute
                    && first.startMinute < $0.endMinute
            }
        }
        #expect(overlapping)

        let login = try #require(try await store.users.credentials(email: DemoData.email))
        #expect(Bcrypt.verify(DemoData.password, hash: login.passwordHash))
        await #expect(throws: DomainError.self) { _ = try await DemoData(store: store).create(passwordHash: "x") }
    }
}
