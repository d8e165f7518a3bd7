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

/// Random days of a salon's desk through the API on a real database (bookings under a phone number that
/// may be a regular's, bookings for a chosen record, visits completed, missed or called off and written
/// up, records merged and people erased), after which:
/// - no visit is lost: every appointment booked is on exactly one record, and a merge moves them all;
/// - an erased person's record and visits hold nothing of theirs, and no search finds them;
/// - no request is answered with a server error.
@Suite(.closesItsStores)
struct CustomerPropertyTests {
    struct Step: Sendable, CustomStringConvertible {
        var kind: Int
        var a: Int
        var b: Int

        var description: String {
            ["book-phone", "book-record", "state", "merge", "erase", "notes"][kind] + "(\(a), \(b))"
        }
    }

    static let steps = zip(Gen.int(in: 0...5), Gen.int(in: 0...99), Gen.int(in: 0...99))
        .map { Step(kind: $0, a: $1, b: $2) }
        .array(of: 4...18)

    static let phones = ["090-1111-2222", "+81 80 3333 4444", "070-5555-6666", ""]

    @Test(arguments: TestDatabase.available)
    func noVisitIsLostAndAnErasedPersonLeavesNothingBehind(database: TestDatabase) async {
        await propertyCheck(count: 8, input: Self.steps) { steps in
            let fixture = try await APIFixture.make(database: database)
            let salon = try await AppointmentAPITests.salon(in: fixture)
            try await fixture.test(as: .manager) { client in
                var booked: [Int] = []
                for step in steps {
                    try await Self.perform(step, salon, fixture, client, &booked)
                }
                let records = try await Self.liveRecords(client, salon, fixture)
                var seen: [Int] = []
                for id in records {
                    let record = try await CustomerAPITests.record(client, id)
                    let visits = record.value2.visits + record.value2.upcoming
                    seen += visits.map(\.appointmentId)
                    if record.value1.erased {
                        #expect(record.value1.name.isEmpty && record.value1.phone.isEmpty, "\(steps)")
                        #expect(visits.allSatisfy { $0.visitNotes.isEmpty && $0.notes.isEmpty }, "\(steps)")
                    }
                }
                #expect(seen.sorted() == booked.sorted(), "a visit lost or on two records: \(steps)")
            }
        }
    }

    /// Every record of the salon still its own (not merged away), erased ones included, as stored.
    static func liveRecords(_ client: SignedInClient, _ salon: AppointmentAPITests.Salon, _ fixture: APIFixture)
        async throws -> [Int]
    {
        let listed = try await client.execute(uri: CustomerAPITests.path(salon), method: .get) {
            try APIFixture.decoder.decode(Components.Schemas.CustomerList.self, from: Data(buffer: $0.body))
        }
        #expect(listed.customers.allSatisfy { !$0.name.isEmpty }, "an erased person is listed")
        return try await fixture.store.sql.raw(
            """
            SELECT id FROM customers WHERE property_id = \(bind: salon.property.id) AND merged_into IS NULL
            ORDER BY id
            """
        ).all().map { try $0.decode(column: "id", as: Int.self) }
    }

    static func perform(
        _ step: Step, _ salon: AppointmentAPITests.Salon, _ fixture: APIFixture, _ client: SignedInClient,
        _ booked: inout [Int]
    ) async throws {
        let records = try await liveRecords(client, salon, fixture)
        let start = Day.today(in: salon.property.timeZone, now: fixture.store.clock.now()).adding(days: step.a % 9 - 4)
            .instant(atMinute: 10 * 60 + (step.b % 16) * 30, in: salon.property.timeZone).formatted(.iso8601)
        func book(_ customer: String) async throws {
            let body =
                #"{"staffId": \#(salon.staff[step.b % 2].id), "serviceId": \#(salon.service.id), "start": "\#(start)", "customer": \#(customer), "outsideWorkingHours": true}"#
            let id = try await client.execute(
                uri: "/api/v1/properties/\(salon.property.id)/appointments", method: .post,
                body: ByteBuffer(string: body)
            ) { response -> Int? in
                guard response.status == .created else {
                    // Only an erased record is refused.
                    #expect(response.status == .notFound, "\(String(buffer: response.body))")
                    return nil
                }
                return try APIFixture.decoder.decode(
                    AppointmentAPITests.AppointmentBody.self, from: Data(buffer: response.body)
                ).id
            }
            if let id { booked.append(id) }
        }
        switch step.kind {
        case 0:
            try await book(#"{"name": "Guest \#(step.a % 5)", "phone": "\#(phones[step.b % phones.count])"}"#)
        case 1 where !records.isEmpty:
            try await book(#"{"id": \#(records[step.a % records.count])}"#)
        case 2, 5:
            guard !booked.isEmpty else { return }
            let id = booked[step.a % booked.count]
            let version = try await client.execute(uri: "/api/v1/appointments/\(id)", method: .get) {
                try APIFixture.decoder.decode(AppointmentAPITests.AppointmentBody.self, from: Data(buffer: $0.body))
                    .version
            }
            let body =
                step.kind == 5
                ? #"{"visitNotes": "7/81 + 4.5% \#(step.b)"}"#
                : #"{"state": "\#(["completed", "no_show", "cancelled", "checked_in"][step.b % 4])"}"#
            try await client.execute(
                uri: "/api/v1/appointments/\(id)", method: .patch, headers: [.ifMatch: "\"\(version)\""],
                body: ByteBuffer(string: body)
            ) { #expect([.ok, .unprocessableContent].contains($0.status), "\(String(buffer: $0.body))") }
        case 3 where records.count >= 2:
            let kept = records[step.a % records.count]
            let other = records[step.b % records.count]
            try await client.execute(
                uri: "/api/v1/customers/\(kept)/merge", method: .post,
                body: ByteBuffer(string: #"{"customerId": \#(other)}"#)
            ) { response in
                // The same record twice, or an erased one, is refused; nothing else.
                #expect(
                    response.status == .ok || response.status == .badRequest
                        || response.status == .unprocessableContent,
                    "\(String(buffer: response.body))")
            }
        case 4 where !records.isEmpty:
            try await client.execute(uri: "/api/v1/customers/\(records[step.a % records.count])", method: .delete) {
                #expect($0.status == .noContent)
            }
        default:
            break
        }
    }
}
