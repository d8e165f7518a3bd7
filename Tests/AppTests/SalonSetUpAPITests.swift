import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Storage
import StorageTesting
import Testing

/// A salon set up through the API: its staff read the set-up, a manager sets the hours, resources and
/// window, a member's shifts and how a service is booked; a refusal names its field and stores nothing.
@Suite(.closesItsStores)
struct SalonSetUpAPITests {
    static let hours =
        #"{"openingHours": {"weekly": [{"weekday": 1, "ranges": [{"start": 600, "end": 1200}]}], "exceptions": [{"date": "2027-01-01", "ranges": []}]}, "resources": [{"id": 1, "name": "カラー台", "count": 2}], "window": {"minimumNoticeMinutes": 120, "daysAhead": 90, "gridMinutes": 30}}"#

    static func setUp(_ client: SignedInClient, _ salon: AppointmentAPITests.Salon, body: String) async throws
        -> (HTTPResponse.Status, [String: Any])
    {
        try await client.execute(
            uri: "/api/v1/properties/\(salon.property.id)/salon", method: .put, body: ByteBuffer(string: body)
        ) { response in
            let json = try GuestSite.json(response)
            // A refusal's body is `{"error": {...}}`: its own fields, then.
            return (response.status, json["error"] as? [String: Any] ?? json)
        }
    }

    @Test func aManagerSetsTheSalonUpAndItReadsBackAsSet() async throws {
        let fixture = try await APIFixture.make()
        let salon = try await AppointmentAPITests.salon(in: fixture)
        try await fixture.test(as: .manager) { client in
            let (status, setUp) = try await Self.setUp(client, salon, body: Self.hours)
            #expect(status == .ok)
            #expect((setUp["resources"] as? [[String: Any]])?.first?["name"] as? String == "カラー台")
            #expect((setUp["window"] as? [String: Any])?["gridMinutes"] as? Int == 30)
            let member = salon.staff[1].id
            try await client.execute(
                uri: "/api/v1/properties/\(salon.property.id)/salon/staff/\(member)/shifts", method: .put,
                body: ByteBuffer(
                    string:
                        #"{"weekly": [{"weekday": 2, "ranges": [{"start": 600, "end": 780}, {"start": 840, "end": 1200}]}], "exceptions": [{"date": "2027-01-05", "ranges": []}]}"#
                )
            ) { #expect($0.status == .ok) }
            try await client.execute(
                uri: "/api/v1/properties/\(salon.property.id)/salon/services/\(salon.service.id)/booking",
                method: .put,
                body: ByteBuffer(
                    string:
                        #"{"bufferBeforeMinutes": 10, "bufferAfterMinutes": 15, "performers": [\#(member)], "resourceId": 1, "bookableOnline": false}"#
                )
            ) { #expect($0.status == .ok) }
            let read = try await client.execute(uri: "/api/v1/properties/\(salon.property.id)/salon", method: .get) {
                try APIFixture.decoder.decode(Components.Schemas.SalonSetup.self, from: Data(buffer: $0.body))
            }
            #expect(read.value1.openingHours.weekly.map(\.weekday) == [1])
            #expect(read.value1.openingHours.exceptions.map(\.date) == ["2027-01-01"])
            let shifts = try #require(read.value2.shifts.first { $0.staffId == member }?.hours)
            #expect(shifts.weekly.first?.ranges.map(\.end) == [780, 1200])
            #expect(shifts.exceptions.map(\.date) == ["2027-01-05"])
            let service = try #require(read.value2.services.first)
            #expect(service.value2.performers == [member] && service.value2.resourceId == 1)
            #expect(service.value2.bufferAfterMinutes == 15 && !service.value2.bookableOnline)
        }
    }

    @Test func aRefusedSetUpNamesItsFieldAndChangesNothing() async throws {
        let fixture = try await APIFixture.make()
        let salon = try await AppointmentAPITests.salon(in: fixture)
        try await fixture.test(as: .manager) { client in
            let overlapping = Self.hours.replacingOccurrences(
                of: #"[{"start": 600, "end": 1200}]"#,
                with: #"[{"start": 600, "end": 900}, {"start": 800, "end": 1000}]"#)
            let (status, refusal) = try await Self.setUp(client, salon, body: overlapping)
            #expect(status == .badRequest)
            #expect(refusal["field"] as? String == "openingHours.weekly[1]")
            #expect(refusal["reason"] as? String == "schedule.hours")
            let twice = Self.hours.replacingOccurrences(
                of: #"[{"id": 1, "name": "カラー台", "count": 2}]"#,
                with: #"[{"id": 1, "name": "A", "count": 2}, {"id": 1, "name": "B", "count": 1}]"#)
            #expect(try await Self.setUp(client, salon, body: twice).1["field"] as? String == "resources[1].id")
            try await client.execute(
                uri: "/api/v1/properties/\(salon.property.id)/salon/services/\(salon.service.id)/booking",
                method: .put,
                body: ByteBuffer(
                    string:
                        #"{"bufferBeforeMinutes": 0, "bufferAfterMinutes": 0, "performers": [], "resourceId": 9, "bookableOnline": true}"#
                )
            ) { response in
                let field = (try GuestSite.json(response)["error"] as? [String: Any])?["field"] as? String
                #expect(response.status == .notFound && field == "resourceId")
            }
            let read = try await client.execute(uri: "/api/v1/properties/\(salon.property.id)/salon", method: .get) {
                try GuestSite.json($0)
            }
            #expect((read["resources"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func theDeskReadsTheSetUpButOnlyAManagerChangesIt() async throws {
        let fixture = try await APIFixture.make()
        let salon = try await AppointmentAPITests.salon(in: fixture)
        try await fixture.test(as: .frontDesk) { client in
            try await client.execute(uri: "/api/v1/properties/\(salon.property.id)/salon", method: .get) {
                #expect($0.status == .ok)
            }
            let (status, refusal) = try await Self.setUp(client, salon, body: Self.hours)
            #expect(status == .forbidden)
            #expect(refusal["reason"] as? String == "staff.managerOnly")
        }
    }
}
