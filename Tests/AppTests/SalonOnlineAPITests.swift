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

/// A salon's booking page through the API, as a customer's phone uses it: the salon found by its city,
/// its page, a day's free times, a time held, the visit booked and found again by its code and email,
/// and cancelled within the terms; a time taken meanwhile refused, once, to one of 200 at once.
@Suite(.closesItsStores)
struct SalonOnlineAPITests {
    /// A salon set up by its manager: open 9:00-19:00 every day, one colour station, bookings on a
    /// 15-minute grid from an hour ahead, cancelled online up to a day before; Cut (45 minutes) and
    /// Colour (90 minutes, 10 minutes to prepare before and 15 to clean after, on the station).
    struct Salon {
        let fixture: APIFixture
        let salon: AppointmentAPITests.Salon
        let colour: Service
        var id: Int { salon.property.id }
        var cut: Service { salon.service }
        var path: String { "/api/v1/public/salons/\(id)" }
        /// Tomorrow in Tokyo: the clock stands at 8:00 today.
        var tomorrow: Day { today.adding(days: 1) }
        var today: Day { Day.today(in: salon.property.timeZone, now: fixture.store.clock.now()) }

        /// The salon, pricing in `currency` (yen unless given).
        static func make(database: TestDatabase = .sqlite, currency: Currency = .jpy) async throws -> Salon {
            let fixture = try await APIFixture.make(database: database)
            let salon = try await AppointmentAPITests.salon(in: fixture, currency: currency)
            let colour = try await fixture.store.properties.insert(
                Service(
                    id: 0, propertyID: salon.property.id, name: "Colour", durationMinutes: 90,
                    price: .whole(9_900, currency)))
            let day = Day.today(in: salon.property.timeZone, now: fixture.store.clock.now())
            fixture.store.clock.set(day.instant(atMinute: 8 * 60, in: salon.property.timeZone))
            try await fixture.store.properties.setSalonSettings(
                propertyID: salon.property.id,
                openingHours: .everyDay([540..<1140]),
                resources: [NamedResource(SalonResource(id: 1, count: 1), name: "Colour station")],
                window: BookingWindow(minimumNoticeMinutes: 60, daysAhead: 30, gridMinutes: 15), by: nil)
            try await fixture.store.properties.setBooking(
                of: BookableService(
                    id: colour.id, durationMinutes: 90, bufferBeforeMinutes: 10, bufferAfterMinutes: 15,
                    performers: Set(salon.staff.map(\.id)), resourceID: 1), by: nil)
            return Salon(fixture: fixture, salon: salon, colour: colour)
        }

        func freeTimes(_ client: SignedInClient, on day: Day, services: [Int], staff: Int? = nil) async throws
            -> [Components.Schemas.SalonFreeTime]
        {
            let query =
                services.map { "services=\($0)" }.joined(separator: "&") + (staff.map { "&staffId=\($0)" } ?? "")
            return try await client.execute(uri: "\(path)/free-times?day=\(day.iso)&\(query)", method: .get) {
                #expect($0.status == .ok, "\(String(buffer: $0.body))")
                return try APIFixture.decoder.decode(
                    Components.Schemas.SalonFreeTimes.self, from: Data(buffer: $0.body)
                )
                .times
            }
        }

        func hold(_ client: SignedInClient, _ services: [Int], staff: Int?, start: Date) async throws -> TestResponse {
            try await client.execute(
                uri: "\(path)/holds", method: .post,
                body: ByteBuffer(
                    string:
                        #"{"services": \#(services), \#(staff.map { #""staffId": \#($0), "# } ?? "")"start": "\#(start.formatted(.iso8601))"}"#
                ))
        }

        func book(
            _ client: SignedInClient, _ services: [Int], staff: Int?, start: Date, hold: String? = nil,
            email: String = "yui@example.com", terms: Bool = true, key: String? = "visit-\(UUID())"
        ) async throws -> TestResponse {
            let fields = [
                #""services": \#(services)"#, staff.map { #""staffId": \#($0)"# },
                #""start": "\#(start.formatted(.iso8601))""#,
                hold.map { #""hold": "\#($0)""# },
                #""customer": {"name": "佐藤 結衣", "email": "\#(email)", "phone": "+81 90 1234 5678"}"#,
                #""acceptTerms": \#(terms)"#,
            ].compactMap { $0 }
            return try await client.execute(
                uri: "\(path)/visits?lang=ja", method: .post,
                headers: key.map { [HTTPField.Name("Idempotency-Key")!: $0] } ?? [:],
                body: ByteBuffer(string: "{\(fields.joined(separator: ", "))}"))
        }
    }

    static func decode<T: Decodable>(_ type: T.Type, _ response: TestResponse) throws -> T {
        try APIFixture.decoder.decode(type, from: Data(buffer: response.body))
    }

    @Test(arguments: TestDatabase.available)
    func aCustomerBooksTwoServicesWithAnyoneAtTheFirstFreeTimeThenFindsAndCancelsIt(database: TestDatabase)
        async throws
    {
        let salon = try await Salon.make(database: database)
        try await salon.fixture.test(as: nil) { client in
            let found = try await client.execute(uri: "/api/v1/public/salons?q=tokyo&lang=ja", method: .get) {
                try Self.decode(Components.Schemas.SalonList.self, $0)
            }
            #expect(found.salons.map(\.id) == [salon.id] && found.salons.first?.city == "東京")
            let page = try await client.execute(uri: "\(salon.path)?lang=ja", method: .get) {
                try Self.decode(Components.Schemas.PublicSalonPage.self, $0)
            }
            #expect(page.services.map(\.id) == [salon.cut.id, salon.colour.id])
            #expect(page.today == salon.today.iso && page.cancelNoticeMinutes == 1440 && page.holdMinutes == 10)

            let services = [salon.cut.id, salon.colour.id]
            let times = try await salon.freeTimes(client, on: salon.tomorrow, services: services)
            let first = try #require(times.first)
            // The members work 10:00-20:00 and the salon closes at 19:00: the first start is 10:00.
            #expect(first.time == "10:00")
            let start = first.start

            let held = try await salon.hold(client, services, staff: nil, start: start)
            #expect(held.status == .created, "\(String(buffer: held.body))")
            let hold = try Self.decode(Components.Schemas.SalonHold.self, held)
            #expect(hold.staffId == first.staffId)
            // Held: the member's time is no one else's, and the colour station with it.
            #expect(
                try await !salon.freeTimes(client, on: salon.tomorrow, services: services, staff: hold.staffId)
                    .contains { $0.start == first.start })

            let unkeyed = try await salon.book(client, services, staff: nil, start: start, hold: hold.token, key: nil)
            #expect(unkeyed.status == .badRequest && unkeyed.error?.error.field == "Idempotency-Key")
            let unagreed = try await salon.book(
                client, services, staff: nil, start: start, hold: hold.token, terms: false)
            #expect(unagreed.status == .badRequest && unagreed.error?.error.field == "acceptTerms")
            #expect(unagreed.error?.error.reason?.rawValue == Refusal.visitTerms.code)

            let booked = try await salon.book(client, services, staff: nil, start: start, hold: hold.token)
            #expect(booked.status == .created, "\(String(buffer: booked.body))")
            let visit = try Self.decode(Components.Schemas.SalonVisit.self, booked)
            #expect(visit.staff?.id == hold.staffId && visit.state == .booked && visit.total.amount == 16_500)
            // Cut from 10:00 for 45 minutes; Colour once the station is prepared, 10 minutes later.
            #expect(visit.services.map(\.name) == ["Cut", "Colour"])
            #expect(visit.services.map { $0.start.timeIntervalSince(start) / 60 } == [0, 55])
            let stored = try await salon.fixture.store.appointments.appointments(
                propertyID: salon.id, fromMinute: Int(start.timeIntervalSince1970) / 60,
                toMinute: Int(start.timeIntervalSince1970) / 60 + 1440)
            #expect(
                stored.map(\.staffID) == [hold.staffId, hold.staffId] && stored.map(\.durationMinutes) == [45, 90])

            let visitPath = "/api/v1/public/visits/\(visit.code.lowercased())"
            let wrong = try await client.execute(uri: "\(visitPath)?email=someone@example.com", method: .get)
            #expect(wrong.status == .notFound)
            let again = try await client.execute(uri: "\(visitPath)?email=YUI@example.com&lang=ja", method: .get) {
                try Self.decode(Components.Schemas.SalonVisit.self, $0)
            }
            #expect(again.code == visit.code && again.cancellation.allowed && again.customerName == "佐藤 結衣")
            let cancelled = try await client.execute(
                uri: "\(visitPath)/cancel", method: .post, body: ByteBuffer(string: #"{"email": "yui@example.com"}"#)
            ) { try Self.decode(Components.Schemas.SalonVisit.self, $0) }
            #expect(cancelled.state == .cancelled && !cancelled.cancellation.allowed)
            // Free again, for anyone.
            #expect(
                try await salon.freeTimes(client, on: salon.tomorrow, services: services, staff: hold.staffId)
                    .contains { $0.start == first.start })
        }
    }

    @Test func aTimeTakenMeanwhileIsRefusedUntilItsHoldExpires() async throws {
        let salon = try await Salon.make()
        try await salon.fixture.test(as: nil) { client in
            let member = salon.salon.staff[0].id
            let times = try await salon.freeTimes(
                client, on: salon.tomorrow, services: [salon.colour.id], staff: member)
            let start = try #require(times.first).start
            let first = try await salon.hold(client, [salon.colour.id], staff: member, start: start)
            #expect(first.status == .created)
            // Another customer, the same member and time: taken.
            let second = try await salon.hold(client, [salon.cut.id], staff: member, start: start)
            #expect(
                second.status == .conflict && second.error?.error.reason?.rawValue == Refusal.appointmentTaken.code,
                "\(String(buffer: second.body))")
            let booked = try await salon.book(client, [salon.colour.id], staff: member, start: start)
            #expect(booked.status == .conflict && booked.error?.error.field == "start")
            // The other member is free, but the one colour station is held with the first member's time.
            let other = try await salon.hold(client, [salon.colour.id], staff: salon.salon.staff[1].id, start: start)
            #expect(
                other.status == .conflict && other.error?.error.reason?.rawValue == Refusal.appointmentResourceFull.code
            )
            // Too soon, off the grid: refusals of the rules, naming `start`.
            let soon = try await salon.hold(
                client, [salon.cut.id], staff: member, start: salon.fixture.store.clock.now())
            #expect(soon.status == .badRequest && soon.error?.error.field == "start")
            // Ten minutes on, the hold has lapsed and the time is the next customer's.
            salon.fixture.store.clock.advance(by: Double(SalonHold.minutes * 60 + 1))
            let later = try await salon.book(client, [salon.colour.id], staff: member, start: start)
            #expect(later.status == .created, "\(String(buffer: later.body))")
        }
    }

    @Test func aVisitIsCancelledOnlineOnlyUntilTheNoticeBeforeIt() async throws {
        let salon = try await Salon.make()
        try await salon.fixture.test(as: nil) { client in
            let times = try await salon.freeTimes(client, on: salon.tomorrow, services: [salon.cut.id])
            let start = try #require(times.first).start
            let visit = try Self.decode(
                Components.Schemas.SalonVisit.self,
                try await salon.book(client, [salon.cut.id], staff: nil, start: start))
            // A day's notice: from 10:00 today, a visit at 10:00 tomorrow is the salon's to cancel.
            salon.fixture.store.clock.advance(by: 2 * 3600 + 60)
            let late = try await client.execute(
                uri: "/api/v1/public/visits/\(visit.code)/cancel", method: .post,
                body: ByteBuffer(string: #"{"email": "yui@example.com"}"#))
            #expect(late.status == .conflict && late.error?.error.reason?.rawValue == Refusal.visitCancelClosed.code)
            #expect(late.error?.error.params?.additionalProperties["minutes"] == "1440")
            let unchanged = try await salon.fixture.store.appointments.appointment(id: visit.services[0].appointmentId)
            #expect(unchanged?.state == .booked)
        }
    }

    @Test(arguments: TestDatabase.available)
    func ofTwoHundredCustomersBookingOneTimeAtOnceExactlyOneGetsIt(database: TestDatabase) async throws {
        let salon = try await Salon.make(database: database)
        // Two hundred customers, not one client too fast: the rate limit is not what is tried here.
        try await salon.fixture.test(as: nil, configuration: ServerConfiguration(publicRequestsPerMinute: 1_000)) {
            client in
            let member = salon.salon.staff[0].id
            let times = try await salon.freeTimes(client, on: salon.tomorrow, services: [salon.cut.id], staff: member)
            let start = try #require(times.first).start
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for index in 0..<200 {
                    group.addTask {
                        try await salon.book(
                            client, [salon.cut.id], staff: member, start: start, email: "c\(index)@example.com"
                        ).status
                    }
                }
                return try await group.reduce(into: [HTTPResponse.Status: Int]()) { $0[$1, default: 0] += 1 }
            }
            #expect(statuses == [.created: 1, .conflict: 199])
            let stored = try await salon.fixture.store.appointments.appointments(
                propertyID: salon.id, fromMinute: Int(start.timeIntervalSince1970) / 60 - 1440,
                toMinute: Int(start.timeIntervalSince1970) / 60 + 1440)
            #expect(stored.count == 1)
        }
    }
}
