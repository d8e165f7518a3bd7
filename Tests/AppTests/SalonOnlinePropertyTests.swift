import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PropertyBased
import Storage
import StorageTesting
import Testing

@testable import App

/// Random days of a salon's booking page (customers booking a time it offers or one they typed, the desk
/// stacking a regular on a stylist, customers cancelling, the manager changing shifts, hours passing),
/// through the API on a real database, after which:
/// - every time the page offered was booked when asked for at once;
/// - every time refused was one the page did not offer, refused as taken (409) or by a rule (400);
/// - each visit booked online lay within its member's shift as it stood then;
/// - no two visits still booked online overlap on a member, buffers included, and the colour station
///   (one) is never held by two at once;
/// - no request is answered with a server error.
@Suite(.closesItsStores)
struct SalonOnlinePropertyTests {
    struct Step: Sendable, CustomStringConvertible {
        var kind: Int
        var a: Int
        var b: Int
        var c: Int

        var description: String {
            ["book-offered", "book-typed", "cancel", "shift", "desk", "hours"][kind] + "(\(a), \(b), \(c))"
        }
    }

    static let steps = zip(Gen.int(in: 0...5), Gen.int(in: 0...99), Gen.int(in: 0...47), Gen.int(in: 0...3))
        .map { Step(kind: $0, a: $1, b: $2, c: $3) }
        .array(of: 5...25)

    /// A visit booked online, as the test saw it booked.
    struct Booked {
        var code: String
        var occupancies: [Occupancy]
    }

    @Test(arguments: TestDatabase.available)
    func everyOfferedTimeBooksAndNoOnlineVisitBreaksAShiftABufferOrTheStation(database: TestDatabase) async {
        await propertyCheck(count: 8, input: Self.steps) { steps in
            let salon = try await SalonOnlineAPITests.Salon.make(database: database)
            try await salon.fixture.test(as: nil) { client in
                var booked: [Booked] = []
                for step in steps {
                    try await Self.perform(step, salon, client, &booked)
                }
                // What is still booked online: no member twice at once, the one station once at a time.
                var live: [Occupancy] = []
                for visit in booked {
                    let found = try await client.execute(
                        uri: "/api/v1/public/visits/\(visit.code)?email=yui@example.com", method: .get
                    ) { try SalonOnlineAPITests.decode(Components.Schemas.SalonVisit.self, $0) }
                    if found.state == .booked { live += visit.occupancies }
                }
                for (index, one) in live.enumerated() {
                    for other in live[(index + 1)...] where one.minutes.overlaps(other.minutes) {
                        #expect(one.staffID != other.staffID, "two visits at once on \(one.staffID): \(steps)")
                        #expect(
                            one.resourceID == nil || one.resourceID != other.resourceID,
                            "the station twice at once: \(steps)")
                    }
                }
            }
        }
    }

    static func perform(
        _ step: Step, _ salon: SalonOnlineAPITests.Salon, _ client: SignedInClient, _ booked: inout [Booked]
    ) async throws {
        let services = [[salon.cut.id], [salon.colour.id], [salon.cut.id, salon.colour.id], [salon.colour.id]][step.c]
        let members = salon.salon.staff.map(\.id)
        let staff = step.a % 3 == 2 ? nil : members[step.a % 2]
        let day = salon.today.adding(days: step.a % 3)
        let zone = salon.salon.property.timeZone
        switch step.kind {
        case 0, 1:
            let offered = try await salon.freeTimes(client, on: day, services: services, staff: staff)
            let start: Date
            if step.kind == 0 {
                guard !offered.isEmpty else { return }
                start = offered[step.b % offered.count].start
            } else {
                // A time typed by hand: anywhere on the quarter hours from 8:00 to 19:45.
                start = day.instant(atMinute: 8 * 60 + step.b * 15, in: zone)
            }
            let response = try await salon.book(client, services, staff: staff, start: start)
            #expect(response.status.code < 500, "\(step): \(String(buffer: response.body))")
            let wasOffered = offered.contains { $0.start == start }
            if wasOffered {
                #expect(response.status == .created, "\(step): offered, then \(String(buffer: response.body))")
            } else {
                #expect(response.status == .conflict || response.status == .badRequest, "\(step): not offered")
            }
            guard response.status == .created else { return }
            let visit = try SalonOnlineAPITests.decode(Components.Schemas.SalonVisit.self, response)
            let member = try #require(visit.staff?.id)
            let (schedule, _) = try #require(
                try await salon.fixture.store.properties.salonSchedule(propertyID: salon.id))
            let bookable = try await salon.fixture.store.properties.bookableServices(propertyID: salon.id)
            let occupancies = try Visit(services.map { id in try #require(bookable.first { $0.id == id }) })
                .occupancies(arrivingAt: Int(start.timeIntervalSince1970) / 60, staffID: member)
            // Within the member's shift as it stands now, and the salon's hours.
            let midnight = Int(day.instant(atMinute: 0, in: zone).timeIntervalSince1970) / 60
            for occupancy in occupancies {
                let local = (occupancy.start - midnight)..<(occupancy.end - midnight)
                #expect(
                    schedule.shifts[member]?.ranges(on: day).contains {
                        $0.contains(local.lowerBound) && local.upperBound <= $0.upperBound
                    } == true,
                    "\(step): outside the shift")
            }
            booked.append(Booked(code: visit.code, occupancies: occupancies))
        case 2:
            guard !booked.isEmpty else { return }
            let visit = booked[step.a % booked.count]
            let response = try await client.execute(
                uri: "/api/v1/public/visits/\(visit.code)/cancel", method: .post,
                body: ByteBuffer(string: #"{"email": "yui@example.com"}"#))
            #expect([.ok, .conflict].contains(response.status), "\(step): \(String(buffer: response.body))")
        case 3:
            // The manager changes a member's shift: from 9:00, 10:00 or 11:00 for 5 to 9 hours.
            let start = 540 + (step.b % 3) * 60
            try await salon.fixture.store.properties.setShifts(
                staffID: members[step.a % 2], .everyDay([start..<(start + 300 + step.c * 60)]), by: nil)
        case 4:
            // The desk stacks a regular on a member, whatever is there.
            let regular = try await salon.fixture.store.customers.insert(
                Customer(propertyID: salon.id, name: "Regular"), by: nil)
            _ = try await salon.fixture.store.appointments.create(
                Appointment(
                    id: 0, propertyID: salon.id, staffID: members[step.a % 2], serviceID: salon.cut.id,
                    customerID: regular.id,
                    startMinute: Int(day.instant(atMinute: 10 * 60 + step.b * 10, in: zone).timeIntervalSince1970) / 60,
                    durationMinutes: 45),
                bookedAs: BookingContact(name: "Regular"))
        default:
            salon.fixture.store.clock.advance(by: Double((step.c + 1) * 45 * 60))
        }
    }
}
