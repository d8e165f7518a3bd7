import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import StorageTesting
import Testing

@testable import App
@testable import Storage

/// A regular's repeat bookings through the API on both databases, as a receptionist makes them: planned
/// with the times taken shown and the nearest free times; refused over a taken time until the
/// receptionist picks another or says to book over it; each visit its own appointment of one series;
/// moved or cancelled from one visit on, the earlier ones left as they were.
@Suite(.closesItsStores)
struct SalonSeriesAPITests {
    /// The fixture's salon open 9:00-19:00 on a 15-minute grid (Aoi works 10:00-20:00), its clock at 8:00.
    static func salon(_ fixture: APIFixture) async throws -> AppointmentAPITests.Salon {
        let salon = try await AppointmentAPITests.salon(in: fixture)
        let zone = salon.property.timeZone
        fixture.store.clock.set(
            Day.today(in: zone, now: fixture.store.clock.now()).instant(atMinute: 8 * 60, in: zone))
        try await fixture.store.properties.setSalonSettings(
            propertyID: salon.property.id, openingHours: .everyDay([540..<1140]), resources: [],
            window: BookingWindow(minimumNoticeMinutes: 60, daysAhead: 90, gridMinutes: 15), by: nil)
        return salon
    }

    static func at(_ days: Int, _ minute: Int, _ fixture: APIFixture, _ salon: AppointmentAPITests.Salon) -> String {
        let zone = salon.property.timeZone
        return Day.today(in: zone, now: fixture.store.clock.now()).adding(days: days)
            .instant(atMinute: minute, in: zone).formatted(.iso8601)
    }

    static func visits(_ starts: [String], overlapping: Int? = nil) -> String {
        "["
            + starts.enumerated().map { index, start in
                #"{"start": "\#(start)"\#(index == overlapping ? #", "overlapping": true"# : "")}"#
            }.joined(separator: ", ") + "]"
    }

    @Test(arguments: TestDatabase.available)
    func aRegularIsBookedEveryWeekAroundATakenTimeThenMovedAndCancelledFromOneVisitOn(database: TestDatabase)
        async throws
    {
        let fixture = try await APIFixture.make(database: database)
        let salon = try await Self.salon(fixture)
        try await fixture.test(as: .manager) { client in
            let path = "/api/v1/properties/\(salon.property.id)/appointments"
            let member = salon.staff[0].id
            // Someone else holds Aoi at 11:00 in two weeks.
            try await client.execute(
                uri: path, method: .post,
                body: ByteBuffer(
                    string:
                        #"{"staffId": \#(member), "serviceId": \#(salon.service.id), "start": "\#(Self.at(15, 660, fixture, salon))", "customer": {"name": "Bo"}}"#
                )
            ) { #expect($0.status == .created, "\(String(buffer: $0.body))") }

            let planRequest = { (times: Int) in
                #"{"staffId": \#(member), "serviceId": \#(salon.service.id), "start": "\#(Self.at(1, 660, fixture, salon))", "repeat": {"everyWeeks": 1, "times": \#(times)}}"#
            }
            try await client.execute(
                uri: "\(path)/series/plan", method: .post, body: ByteBuffer(string: planRequest(53))
            ) { #expect($0.status == .badRequest && $0.error?.error.field == "repeat.times") }
            let plan = try await client.execute(
                uri: "\(path)/series/plan", method: .post, body: ByteBuffer(string: planRequest(4))
            ) { response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                return try APIFixture.decoder.decode(
                    Components.Schemas.SeriesPlan.self, from: Data(buffer: response.body)
                )
                .visits
            }
            #expect(plan.map(\.taken) == [false, false, true, false] && plan.allSatisfy { !$0.outsideHours })
            let starts = plan.map { $0.start.formatted(.iso8601) }
            #expect(starts[1] == Self.at(8, 660, fixture, salon) && starts[3] == Self.at(22, 660, fixture, salon))
            // The nearest free times, on the grid, clear of Bo's 11:00-11:45.
            #expect(
                plan[2].alternatives.map { $0.formatted(.iso8601) }
                    == [
                        Self.at(15, 615, fixture, salon), Self.at(15, 705, fixture, salon),
                        Self.at(15, 600, fixture, salon),
                    ])

            let body = { (visits: String) in
                #"{"staffId": \#(member), "serviceId": \#(salon.service.id), "customer": {"name": "Ann", "phone": "090 1111 2222"}, "visits": \#(visits)}"#
            }
            let refused = try await client.execute(
                uri: "\(path)/series", method: .post, body: ByteBuffer(string: body(Self.visits(starts))))
            #expect(refused.status == .conflict && refused.error?.error.field == "visits[2].start")
            #expect(refused.error?.error.reason?.rawValue == "appointment.taken")
            #expect(try await fixture.store.appointments.appointments(inSeries: 1).isEmpty)

            var chosen = starts
            chosen[2] = plan[2].alternatives[0].formatted(.iso8601)
            let series = try await client.execute(
                uri: "\(path)/series", method: .post, body: ByteBuffer(string: body(Self.visits(chosen)))
            ) { response in
                #expect(response.status == .created, "\(String(buffer: response.body))")
                return try APIFixture.decoder.decode(
                    Components.Schemas.AppointmentSeries.self, from: Data(buffer: response.body)
                ).appointments
            }
            #expect(series.map { $0.start.formatted(.iso8601) } == chosen)
            #expect(Set(series.map(\.seriesId)) == [series[0].id] && Set(series.map(\.customerId)).count == 1)

            // Over the taken time only when the receptionist says so.
            try await client.execute(
                uri: "\(path)/series", method: .post,
                body: ByteBuffer(string: body(Self.visits([starts[2]], overlapping: 0)))
            ) { #expect($0.status == .created, "\(String(buffer: $0.body))") }

            // From the second visit on: half an hour later would put the third on Bo's time, refused; an
            // hour and a half later is free, and the first visit stays where it was.
            let second = try #require(try await fixture.store.appointments.appointment(id: series[1].id))
            let moveInto = try await SalonFeesAPITests.patch(
                client, second.id, #"{"start": "\#(Self.at(8, 690, fixture, salon))", "applyTo": "following"}"#,
                fixture: fixture)
            #expect(moveInto.status == .conflict && moveInto.error?.error.reason?.rawValue == "appointment.taken")
            #expect(try await fixture.store.appointments.appointment(id: second.id)?.startMinute == second.startMinute)
            let moved = try await SalonFeesAPITests.patch(
                client, second.id, #"{"start": "\#(Self.at(8, 750, fixture, salon))", "applyTo": "following"}"#,
                fixture: fixture)
            #expect(moved.status == .ok, "\(String(buffer: moved.body))")
            let after = try await fixture.store.appointments.appointments(inSeries: series[0].id)
            #expect(
                after.map(\.startMinute)
                    == [series[0], series[1], series[2], series[3]].enumerated().map { index, visit in
                        Int(visit.start.timeIntervalSince1970) / 60 + (index == 0 ? 0 : 90)
                    })

            // Cancelled from the third visit on: the first two stay booked.
            let cancelled = try await SalonFeesAPITests.patch(
                client, series[2].id, #"{"state": "cancelled", "applyTo": "following"}"#, fixture: fixture)
            #expect(cancelled.status == .ok, "\(String(buffer: cancelled.body))")
            #expect(
                try await fixture.store.appointments.appointments(inSeries: series[0].id).map(\.state)
                    == [.booked, .booked, .cancelled, .cancelled])
        }
    }
}
