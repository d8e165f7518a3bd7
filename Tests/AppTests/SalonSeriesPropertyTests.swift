import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PropertyBased
import StorageTesting
import Testing

@testable import App
@testable import Storage

/// Random days of a salon's desk through the API on a real database (appointments booked on their own,
/// stacked where the desk likes; repeat series booked, some visits marked to go over a taken time;
/// appointments cancelled; series moved from one visit on), after which each series was booked exactly
/// when none of its visits lay over a time taken then, but those the receptionist marked; and no request
/// is answered with a server error.
@Suite(.closesItsStores)
struct SalonSeriesPropertyTests {
    struct Step: Sendable, CustomStringConvertible {
        var kind: Int
        var a: Int
        var b: Int

        var description: String { ["book", "series", "cancel", "move"][kind] + "(\(a), \(b))" }
    }

    static let steps = zip(Gen.int(in: 0...3), Gen.int(in: 0...999), Gen.int(in: 0...999))
        .map { Step(kind: $0, a: $1, b: $2) }
        .array(of: 3...10)

    @Test(arguments: TestDatabase.available)
    func aSeriesNeverBooksOverATakenTimeUnlessTheReceptionistChose(database: TestDatabase) async {
        await propertyCheck(count: 8, input: Self.steps) { steps in
            let fixture = try await APIFixture.make(database: database)
            let salon = try await SalonSeriesAPITests.salon(fixture)
            try await fixture.test(as: .manager) { client in
                for step in steps {
                    try await Self.perform(step, salon, fixture, client, steps)
                }
            }
        }
    }

    static func iso(_ minute: Int) -> String {
        Date(timeIntervalSince1970: TimeInterval(minute) * 60).formatted(.iso8601)
    }

    /// A start in the next two weeks, 10:00 to 17:45 on the quarter hour.
    static func start(_ seed: Int, _ fixture: APIFixture, _ salon: AppointmentAPITests.Salon) -> String {
        SalonSeriesAPITests.at(1 + seed % 14, 600 + (seed / 14 % 32) * 15, fixture, salon)
    }

    static func perform(
        _ step: Step, _ salon: AppointmentAPITests.Salon, _ fixture: APIFixture, _ client: SignedInClient,
        _ steps: [Step]
    ) async throws {
        let path = "/api/v1/properties/\(salon.property.id)/appointments"
        let member = salon.staff[step.b % 2].id
        let all = try await fixture.store.appointments.appointments(
            propertyID: salon.property.id, fromMinute: 0, toMinute: Int.max / 2)
        switch step.kind {
        case 0:
            try await client.execute(
                uri: path, method: .post,
                body: ByteBuffer(
                    string:
                        #"{"staffId": \#(member), "serviceId": \#(salon.service.id), "start": "\#(Self.start(step.a, fixture, salon))", "customer": {"name": "Bo"}}"#
                )
            ) { #expect($0.status == .created, "\(String(buffer: $0.body))") }
        case 1:
            let first = Self.start(step.a, fixture, salon)
            let plan = try await client.execute(
                uri: "\(path)/series/plan", method: .post,
                body: ByteBuffer(
                    string:
                        #"{"staffId": \#(member), "serviceId": \#(salon.service.id), "start": "\#(first)", "repeat": {"everyWeeks": \#(1 + step.b % 2), "times": \#(2 + step.b % 3)}}"#
                )
            ) { response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                return try APIFixture.decoder.decode(
                    Components.Schemas.SeriesPlan.self, from: Data(buffer: response.body)
                )
                .visits
            }
            // Some taken visits moved to their nearest free time, some marked to go over, some left.
            var visits: [(start: Int, overlapping: Bool)] = []
            for (index, visit) in plan.enumerated() {
                let choice = (step.b / 3 + index) % 3
                let start =
                    visit.taken && choice == 0 ? visit.alternatives.first ?? visit.start : visit.start
                visits.append((Int(start.timeIntervalSince1970) / 60, visit.taken && choice == 1))
            }
            let busy = all.filter { $0.staffID == member && [.booked, .checkedIn, .completed].contains($0.state) }
                .map { $0.startMinute..<$0.endMinute }
            let duration = salon.service.durationMinutes
            var taken = false
            for (index, visit) in visits.enumerated() where !visit.overlapping {
                let minutes = visit.start..<(visit.start + duration)
                let others = visits.enumerated().filter { $0.offset < index }.map {
                    $0.element.start..<($0.element.start + duration)
                }
                taken = taken || (busy + others).contains { $0.overlaps(minutes) }
            }
            let body =
                #"{"staffId": \#(member), "serviceId": \#(salon.service.id), "customer": {"name": "Ann"}, "visits": ["#
                + visits.map {
                    #"{"start": "\#(Self.iso($0.start))", "overlapping": \#($0.overlapping)}"#
                }.joined(separator: ", ") + "]}"
            try await client.execute(uri: "\(path)/series", method: .post, body: ByteBuffer(string: body)) { response in
                #expect(
                    response.status == (taken ? .conflict : .created),
                    "\(visits) over \(busy): \(String(buffer: response.body)) \(steps)")
            }
        case 2:
            let open = all.filter { $0.state == .booked }
            guard !open.isEmpty else { return }
            let appointment = open[step.a % open.count]
            let cancelled = try await SalonFeesAPITests.patch(
                client, appointment.id, #"{"state": "cancelled"}"#, fixture: fixture)
            #expect(cancelled.status == .ok, "\(String(buffer: cancelled.body))")
        case 3:
            let inSeries = all.filter { $0.state == .booked && $0.seriesID != nil }
            guard !inSeries.isEmpty else { return }
            let appointment = inSeries[step.a % inSeries.count]
            let start = Self.iso(appointment.startMinute + (step.b % 9 - 4) * 15)
            let moved = try await SalonFeesAPITests.patch(
                client, appointment.id, #"{"start": "\#(start)", "applyTo": "following"}"#, fixture: fixture)
            let answers: [HTTPResponse.Status] = [.ok, .conflict, .badRequest]
            #expect(answers.contains(moved.status), "\(String(buffer: moved.body))")
        default:
            break
        }
    }
}
