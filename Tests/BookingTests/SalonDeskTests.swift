import Foundation
import Testing

@testable import Booking

/// The salon desk's operations, run without HTTP or a database (`InMemorySalonStorage`): each rule held by
/// the operation that applies it. The same operations run through the API in `AppointmentAPITests`.
struct SalonDeskTests {
    static let salon = Property(
        id: 7, name: "Salon Hanami", kind: .salon, region: "Kanto", city: "Tokyo", latitude: 35.66, longitude: 139.71,
        timeZoneID: "Asia/Tokyo", currency: .jpy)
    static let aoi = StaffMember(id: 1, propertyID: 7, name: "Aoi", team: "Cut", workingHours: 600..<1200)
    static let mei = StaffMember(id: 2, propertyID: 7, name: "Mei", team: "Colour", workingHours: 540..<1080)
    static let cut = Service(id: 11, propertyID: 7, name: "Cut", durationMinutes: 45, price: .whole(6_600, .jpy))
    static let manager = Staff(User(id: 1, email: "m@example.com", name: "Mika", role: .manager))
    static let clerk = Staff(User(id: 2, email: "c@example.com", name: "Ken", role: .frontDesk))
    /// 2026-12-01 at 10:00 in Tokyo, in minutes since 1970.
    static let tenOClock =
        Day(year: 2026, month: 12, day: 1).instant(atMinute: 600, in: salon.timeZone)
        .millisSince1970 / 60_000

    static func desk() -> (SalonDesk<InMemorySalonStorage>, InMemorySalonStorage) {
        let storage = InMemorySalonStorage(salon: salon, staff: [aoi, mei], services: [cut])
        return (
            SalonDesk(storage: storage, now: { Date(timeIntervalSince1970: Double(tenOClock - 2 * 1440) * 60) }),
            storage
        )
    }

    static func visit(start: Int = tenOClock, name: String = "Yui Sato", outside: Bool = false) -> NewAppointment {
        NewAppointment(
            propertyID: 7, staffID: 1, serviceID: 11, startMinute: start, customerName: name,
            outsideWorkingHours: outside)
    }

    @Test func theDeskBooksAServiceForItsLengthAndRefusesANamelessCustomerOrAnUnknownService() async throws {
        let (desk, storage) = Self.desk()
        let booked = try await desk.book(Self.visit(), by: Self.clerk)
        #expect(booked.durationMinutes == 45 && booked.staffID == 1)
        await #expect(throws: DomainError.invalid("customer.name", "a customer needs a name", reason: .textRequired)) {
            _ = try await desk.book(Self.visit(name: "  "), by: Self.clerk)
        }
        var unknown = Self.visit()
        unknown.serviceID = 99
        await #expect(throws: DomainError(.notFound, "no service 99 at this property", field: "serviceId")) {
            _ = try await desk.book(unknown, by: Self.clerk)
        }
        #expect(await storage.appointments.count == 1)
    }

    @Test func aBookingOutsideTheMembersHoursIsRefusedUnlessTheDeskSaysSo() async throws {
        let (desk, _) = Self.desk()
        let late = Self.tenOClock + 10 * 60
        await #expect(throws: DomainError.self) { _ = try await desk.book(Self.visit(start: late), by: Self.clerk) }
        let booked = try await desk.book(Self.visit(start: late, outside: true), by: Self.clerk)
        #expect(booked.startMinute == late)
    }

    @Test func onlyAManagerSetsTheSalonUpAndEachPartIsCheckedWhole() async throws {
        let (desk, storage) = Self.desk()
        let stations = NamedResource(SalonResource(id: 1, count: 2), name: "Colour station")
        let hours = WeeklyHours(weekly: [1: [600..<1200]])
        await #expect(throws: DomainError.self) {
            try await desk.setUp(7, openingHours: hours, resources: [stations], window: BookingWindow(), by: Self.clerk)
        }
        await #expect(throws: DomainError.invalid("resources[1].id", "resource 1 is listed twice")) {
            try await desk.setUp(
                7, openingHours: hours, resources: [stations, stations], window: BookingWindow(), by: Self.manager)
        }
        try await desk.setUp(7, openingHours: hours, resources: [stations], window: BookingWindow(), by: Self.manager)
        let (schedule, names) = try await desk.schedule(of: 7, by: Self.clerk)
        #expect(schedule.openingHours == hours && names == [stations])

        await #expect(throws: DomainError.self) {
            try await desk.setShifts(WeeklyHours(weekly: [1: [600..<800, 700..<900]]), of: 2, at: 7, by: Self.manager)
        }
        await #expect(throws: DomainError(.notFound, "no staff member 9 at this property", field: "staffId")) {
            try await desk.setShifts(WeeklyHours(), of: 9, at: 7, by: Self.manager)
        }
        try await desk.setShifts(WeeklyHours(weekly: [2: [540..<720, 780..<1080]]), of: 2, at: 7, by: Self.manager)
        #expect(await storage.shifts[2] == WeeklyHours(weekly: [2: [540..<720, 780..<1080]]))
    }

    @Test func aServiceIsBookedByMembersOfTheSalonWithAResourceItLists() async throws {
        let (desk, storage) = Self.desk()
        try await desk.setUp(
            7, openingHours: .everyDay([600..<1200]),
            resources: [NamedResource(SalonResource(id: 3, count: 1), name: "Spa room")], window: BookingWindow(),
            by: Self.manager)
        let service = BookableService(
            id: 11, durationMinutes: 1, bufferBeforeMinutes: 10, bufferAfterMinutes: 15, performers: [2], resourceID: 3)
        await #expect(throws: DomainError(.notFound, "no staff member 5 at this property", field: "performers")) {
            var stranger = service
            stranger.performers = [2, 5]
            try await desk.setBooking(of: stranger, at: 7, by: Self.manager)
        }
        await #expect(throws: DomainError(.notFound, "no resource 4 at this salon", field: "resourceId")) {
            var elsewhere = service
            elsewhere.resourceID = 4
            try await desk.setBooking(of: elsewhere, at: 7, by: Self.manager)
        }
        try await desk.setBooking(of: service, at: 7, by: Self.manager)
        let stored = try #require(await storage.booking[11])
        #expect(stored.durationMinutes == 45, "the length is the service's own, not the request's")
        #expect(stored.performers == [2] && stored.resourceID == 3 && stored.bufferAfterMinutes == 15)
    }
}
