import Booking
import Foundation
import StorageTesting
import Testing

@testable import Storage

/// A salon's schedule as its desk sets it up, on each database: what was never set reads as the salon
/// worked before, and what is set reads back as it was written.
@Suite(.closesItsStores, .serialized)
struct SalonSetupRepositoryTests {
    struct Salon {
        var property: Property
        var staff: [StaffMember]
        var services: [Service]
    }

    static func salon(in store: Store) async throws -> Salon {
        let properties = store.properties
        let property = try await properties.insert(
            Property(
                id: 0, name: "Salon Hanami", kind: .salon, region: "Kanto", city: "Tokyo", latitude: 35.66,
                longitude: 139.71, timeZoneID: "Asia/Tokyo", currency: .jpy))
        var staff: [StaffMember] = []
        for (name, hours) in [("Aoi", 600..<1200), ("Mei", 540..<1080)] {
            staff.append(
                try await properties.insert(
                    StaffMember(id: 0, propertyID: property.id, name: name, team: "Cut", workingHours: hours)))
        }
        var services: [Service] = []
        for (name, minutes) in [("Cut", 45), ("Colour", 90)] {
            services.append(
                try await properties.insert(
                    Service(
                        id: 0, propertyID: property.id, name: name, durationMinutes: minutes,
                        price: .whole(6_600, .jpy))))
        }
        return Salon(property: property, staff: staff, services: services)
    }

    @Test(arguments: TestDatabase.available)
    func aSalonNeverSetUpReadsAsItWorkedBefore(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let salon = try await Self.salon(in: store)
        let (schedule, resources) = try #require(
            try await store.properties.salonSchedule(propertyID: salon.property.id))
        #expect(resources.isEmpty && schedule.resources.isEmpty)
        #expect(schedule.openingHours == .everyDay([0..<1440]))
        #expect(
            schedule.shifts == [salon.staff[0].id: .everyDay([600..<1200]), salon.staff[1].id: .everyDay([540..<1080])])
        #expect(schedule.window == BookingWindow())
        let services = try await store.properties.bookableServices(propertyID: salon.property.id)
        #expect(services.map(\.durationMinutes) == [45, 90])
        #expect(services.allSatisfy { $0.performers == Set(salon.staff.map(\.id)) && $0.bookableOnline })
        #expect(
            services.allSatisfy { $0.bufferBeforeMinutes == 0 && $0.bufferAfterMinutes == 0 && $0.resourceID == nil })
        #expect(try await store.properties.salonSchedule(propertyID: Hotel.make(in: store).property.id) == nil)
    }

    @Test(arguments: TestDatabase.available)
    func aSalonsHoursShiftsResourcesAndServicesReadBackAsSet(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let salon = try await Self.salon(in: store)
        let properties = store.properties
        let newYear = try #require(Day(iso: "2027-01-01"))
        let opening = WeeklyHours(
            weekly: [1: [600..<1200], 2: [600..<1200], 6: [540..<1020]], exceptions: [newYear: []])
        let stations = NamedResource(SalonResource(id: 1, count: 2), name: "カラー台 \"A\"")
        let window = BookingWindow(minimumNoticeMinutes: 120, daysAhead: 90, gridMinutes: 30)
        try await properties.setSalonSettings(
            propertyID: salon.property.id, openingHours: opening, resources: [stations], window: window, by: nil)
        let shifts = WeeklyHours(
            weekly: [1: [600..<780, 840..<1200], 3: [600..<1200]],
            exceptions: [newYear.adding(days: 1): [], newYear.adding(days: 2): [720..<900]])
        try await properties.setShifts(staffID: salon.staff[1].id, shifts, by: nil)
        let colour = BookableService(
            id: salon.services[1].id, durationMinutes: 90, bufferBeforeMinutes: 10, bufferAfterMinutes: 30,
            performers: [salon.staff[1].id], resourceID: 1, bookableOnline: false)
        try await properties.setBooking(of: colour, by: nil)

        let (schedule, resources) = try #require(try await properties.salonSchedule(propertyID: salon.property.id))
        #expect(schedule.openingHours == opening)
        #expect(resources == [stations])
        #expect(schedule.resources == [stations.resource])
        #expect(schedule.window == window)
        #expect(schedule.shifts[salon.staff[1].id] == shifts)
        #expect(schedule.shifts[salon.staff[0].id] == .everyDay([600..<1200]), "a member never set keeps their hours")
        try schedule.validate()
        let services = try await properties.bookableServices(propertyID: salon.property.id)
        #expect(services.last == colour)
        #expect(services.first?.performers == Set(salon.staff.map(\.id)))
    }
}
