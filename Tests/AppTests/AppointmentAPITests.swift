import API
import App
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Storage
import StorageTesting
import Testing

@Suite(.closesItsStores)
struct AppointmentAPITests {
    struct Salon {
        var property: Property
        var staff: [StaffMember]
        var service: Service
    }

    static func salon(in fixture: APIFixture, currency: Currency = .jpy) async throws -> Salon {
        let repository = fixture.store.properties
        let property = try await repository.insert(
            Property(
                id: 0, name: "Salon Hanami", kind: .salon, region: "Kanto", city: "Tokyo", latitude: 35.66,
                longitude: 139.71, timeZoneID: "Asia/Tokyo", currency: currency))
        var staff: [StaffMember] = []
        for (name, team) in [("Aoi", "Cut"), ("Mei", "Color")] {
            staff.append(
                try await repository.insert(
                    StaffMember(id: 0, propertyID: property.id, name: name, team: team, workingHours: 600..<1200)))
        }
        let service = try await repository.insert(
            Service(id: 0, propertyID: property.id, name: "Cut", durationMinutes: 45, price: .whole(6_600, currency)))
        try await fixture.staff(property.id)
        return Salon(property: property, staff: staff, service: service)
    }

    /// An appointment as the document describes it.
    typealias AppointmentBody = Components.Schemas.Appointment

    /// Books Ann with the first stylist at 10:00 in Tokyo on 1 December 2026; answers the appointment's id.
    static func bookAnn(_ client: SignedInClient, _ salon: Salon) async throws -> Int {
        let body =
            #"{"staffId": \#(salon.staff[0].id), "serviceId": \#(salon.service.id), "start": "2026-12-01T01:00:00Z", "customer": {"name": "Ann"}}"#
        return try await client.execute(
            uri: "/api/v1/properties/\(salon.property.id)/appointments", method: .post, body: ByteBuffer(string: body)
        ) { try APIFixture.decoder.decode(AppointmentBody.self, from: Data(buffer: $0.body)).id }
    }

    @Test func overlappingAppointmentsForOneStylistAreBothBookedAndShownOnTheBoard() async throws {
        let fixture = try await APIFixture.make()
        let salon = try await Self.salon(in: fixture)
        try await fixture.test { client in
            let path = "/api/v1/properties/\(salon.property.id)/appointments"
            var ids: [Int] = []
            for start in ["2026-12-01T10:00:00+09:00", "2026-12-01T10:30:00+09:00"] {
                let body =
                    #"{"staffId": \#(salon.staff[0].id), "serviceId": \#(salon.service.id), "start": "\#(start)", "customer": {"name": "Ann"}}"#
                try await client.execute(uri: path, method: .post, body: ByteBuffer(string: body)) { response in
                    #expect(response.status == .created)
                    #expect(response.headers[.eTag] == "\"1\"")
                    let appointment = try APIFixture.decoder.decode(
                        AppointmentBody.self, from: Data(buffer: response.body))
                    ids.append(Int(appointment.id))
                }
            }
            try await client.execute(
                uri: "/api/v1/properties/\(salon.property.id)/board?from=2026-12-01&to=2026-12-02", method: .get
            ) { response in
                #expect(response.status == .ok)
                let json = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                #expect(json?["kind"] as? String == "salon")
                let items = json?["items"] as? [Int] ?? []
                try #require(items.count == 12)
                let tenOClock =
                    Int(
                        Day(year: 2026, month: 12, day: 1).instant(
                            atMinute: 600, in: TimeZone(identifier: "Asia/Tokyo")!
                        ).timeIntervalSince1970) / 60
                #expect(Array(items[0..<5]) == [ids[0], salon.staff[0].id, tenOClock, tenOClock + 45, 0])
                #expect(json?["customers"] as? [String] == ["Ann", "Ann"])
                #expect((json?["staff"] as? [[String: Any]])?.count == 2)
                let latest = try await fixture.store.eventLog.latestSeq(propertyID: salon.property.id)
                #expect(json?["seq"] as? Int == latest)
            }
        }
    }

    @Test func aSalonComesWithItsStaffAndServicesAndAnAppointmentWithItsCustomer() async throws {
        let fixture = try await APIFixture.make()
        let salon = try await Self.salon(in: fixture)
        try await fixture.test { client in
            try await client.execute(uri: "/api/v1/properties/\(salon.property.id)", method: .get) { response in
                let json = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                let staff = json?["staff"] as? [[String: Any]]
                #expect(Set(staff?.compactMap { $0["name"] as? String } ?? []) == ["Aoi", "Mei"])
                #expect(staff?.allSatisfy { $0["workStart"] as? String == "10:00" } == true)
                let services = json?["services"] as? [[String: Any]]
                #expect(services?.map { $0["durationMinutes"] as? Int } == [45])
            }
            let body =
                #"{"staffId": \#(salon.staff[0].id), "serviceId": \#(salon.service.id), "start": "2026-12-01T10:00:00+09:00", "customer": {"name": "Yui Sato", "phone": "+81 90-1234-5678"}}"#
            let id = try await client.execute(
                uri: "/api/v1/properties/\(salon.property.id)/appointments", method: .post,
                body: ByteBuffer(string: body)
            ) { try APIFixture.decoder.decode(AppointmentBody.self, from: Data(buffer: $0.body)).id }
            try await client.execute(uri: "/api/v1/appointments/\(id)", method: .get) { response in
                #expect(response.headers[.eTag] == "\"1\"")
                let json = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                #expect((json?["customer"] as? [String: Any])?["name"] as? String == "Yui Sato")
                #expect((json?["customer"] as? [String: Any])?["phone"] as? String == "+81 90-1234-5678")
                #expect(json?["staffId"] as? Int == salon.staff[0].id)
            }
        }
    }

    @Test func anAppointmentSaysWhatTheMemberMayDoToItNow() async throws {
        let fixture = try await APIFixture.make()
        let salon = try await Self.salon(in: fixture)
        try await fixture.test { client in
            let id = try await Self.bookAnn(client, salon)
            func actions() async throws -> [String] {
                try await client.execute(uri: "/api/v1/appointments/\(id)", method: .get) { response in
                    let json = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                    return json?["actions"] as? [String] ?? ["missing"]
                }
            }
            // A manager reads money: the visit may be checked out (お会計) until it is.
            #expect(try await actions() == ["arrive", "complete", "cancel", "noShow", "change", "record", "pay"])
            for (version, state, after) in [
                (1, "checked_in", ["complete", "change", "record", "pay"]), (2, "completed", ["record", "pay"]),
            ] {
                try await client.execute(
                    uri: "/api/v1/appointments/\(id)", method: .patch, headers: [.ifMatch: "\"\(version)\""],
                    body: ByteBuffer(string: #"{"state": "\#(state)"}"#)
                ) { #expect($0.status == .ok) }
                #expect(try await actions() == after)
            }
        }
    }

    @Test func aDragToAnotherStylistAndTimeNeedsTheCurrentVersion() async throws {
        let fixture = try await APIFixture.make()
        let salon = try await Self.salon(in: fixture)
        try await fixture.test { client in
            let id = try await Self.bookAnn(client, salon)
            let move = ByteBuffer(
                string: #"{"staffId": \#(salon.staff[1].id), "start": "2026-12-01T02:15:00Z", "durationMinutes": 60}"#)
            try await client.execute(uri: "/api/v1/appointments/\(id)", method: .patch, body: move) {
                #expect($0.status == .preconditionRequired)
            }
            try await client.execute(
                uri: "/api/v1/appointments/\(id)", method: .patch, headers: [.ifMatch: "\"1\""], body: move
            ) {
                response in
                #expect(response.status == .ok)
                let moved = try APIFixture.decoder.decode(AppointmentBody.self, from: Data(buffer: response.body))
                #expect(moved.staffId == salon.staff[1].id)
                #expect(moved.start == ISO8601DateFormatter().date(from: "2026-12-01T02:15:00Z"))
                #expect(moved.end == ISO8601DateFormatter().date(from: "2026-12-01T03:15:00Z"))
            }
            try await client.execute(
                uri: "/api/v1/appointments/\(id)", method: .patch, headers: [.ifMatch: "\"1\""], body: move
            ) {
                #expect($0.status == .preconditionFailed)
            }
            try await client.execute(
                uri: "/api/v1/appointments/\(id)", method: .patch, headers: [.ifMatch: "\"2\""],
                body: ByteBuffer(string: #"{"state": "completed"}"#)
            ) { #expect($0.status == .ok) }
            try await client.execute(
                uri: "/api/v1/appointments/\(id)", method: .patch, headers: [.ifMatch: "\"3\""],
                body: ByteBuffer(string: #"{"state": "booked"}"#)
            ) { #expect($0.status == .unprocessableContent) }
        }
    }

    @Test func aRetriedBookingWithTheSameKeyBooksOneAppointment() async throws {
        let fixture = try await APIFixture.make()
        let salon = try await Self.salon(in: fixture)
        try await fixture.test { client in
            let body = ByteBuffer(
                string:
                    #"{"staffId": \#(salon.staff[0].id), "serviceId": \#(salon.service.id), "start": "2026-12-01T01:00:00Z", "customer": {"name": "Ann"}}"#
            )
            let headers: HTTPFields = [HTTPField.Name("Idempotency-Key")!: "salon-tap-00001"]
            var ids: [Int] = []
            for _ in 0..<2 {
                try await client.execute(
                    uri: "/api/v1/properties/\(salon.property.id)/appointments", method: .post, headers: headers,
                    body: body
                ) { response in
                    #expect(response.status == .created)
                    ids.append(
                        Int(try APIFixture.decoder.decode(AppointmentBody.self, from: Data(buffer: response.body)).id))
                }
            }
            #expect(ids[0] == ids[1])
            let stored = try await fixture.store.appointments.appointments(
                propertyID: salon.property.id, fromMinute: 0, toMinute: Int.max)
            #expect(stored.count == 1)
        }
    }

    @Test func badAppointmentsAreRefusedNamingTheField() async throws {
        let fixture = try await APIFixture.make()
        let salon = try await Self.salon(in: fixture)
        try await fixture.test { client in
            let path = "/api/v1/properties/\(salon.property.id)/appointments"
            for (start, staff, field) in [
                ("10:30", salon.staff[0].id, "start"), ("2026-12-01T10:30:30Z", salon.staff[0].id, "start"),
                ("2026-12-01T10:30:00Z", 9999, "staffId"),
            ] {
                let body =
                    #"{"staffId": \#(staff), "serviceId": \#(salon.service.id), "start": "\#(start)", "customer": {"name": "Ann"}}"#
                try await client.execute(uri: path, method: .post, body: ByteBuffer(string: body)) { response in
                    #expect((400..<500).contains(response.status.code))
                    #expect(response.error?.error.field == field)
                }
            }
            let badPhone =
                #"{"staffId": \#(salon.staff[0].id), "serviceId": \#(salon.service.id), "start": "2026-12-01T01:00:00Z", "customer": {"name": "Ann", "phone": "call me"}}"#
            try await client.execute(uri: path, method: .post, body: ByteBuffer(string: badPhone)) { response in
                #expect(response.status == .badRequest)
                #expect(response.error?.error.field == "guest.phone")
            }
        }
    }

    @Test func statsGiveOccupancyAdrAndRevparPerDayAndInTotal() async throws {
        let fixture = try await APIFixture.make()
        let arrival = try await fixture.storedStay().nights.arrival
        try await fixture.test { client in
            try await client.execute(
                uri:
                    "/api/v1/properties/\(fixture.property.id)/stats?from=\(arrival.iso)&to=\(arrival.adding(days: 4).iso)",
                method: .get
            ) { response in
                #expect(response.status == .ok)
                let json = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                let days = json?["days"] as? [[String: Any]] ?? []
                #expect(days.map { $0["occupancy"] as? Double } == [0.5, 0.5, 0, 0])
                let total = json?["total"] as? [String: Any]
                #expect(total?["occupancy"] as? Double == 0.25)
                #expect((total?["adr"] as? [String: Any])?["amount"] as? Int == 120_000)
                #expect((total?["revPAR"] as? [String: Any])?["amount"] as? Int == 30_000)
            }
        }
    }
}

@Suite(.closesItsStores)
struct AppointmentWorkingHoursTests {
    @Test func anAppointmentOutsideTheStylistsHoursIsRefusedUnlessAskedFor() async throws {
        let fixture = try await APIFixture.make()
        let salon = try await AppointmentAPITests.salon(in: fixture)  // hours 10:00-20:00, Tokyo
        try await fixture.test { client in
            let path = "/api/v1/properties/\(salon.property.id)/appointments"
            let body = { (start: String, anyway: Bool) in
                #"{"staffId": \#(salon.staff[0].id), "serviceId": \#(salon.service.id), "start": "\#(start)", "customer": {"name": "Ann"}, "outsideWorkingHours": \#(anyway)}"#
            }
            // 09:30 to 10:15 Tokyo time, given in UTC; and 19:30 to 20:15.
            for start in ["2026-12-01T00:30:00Z", "2026-12-01T19:30:00+09:00"] {
                try await client.execute(uri: path, method: .post, body: ByteBuffer(string: body(start, false))) {
                    response in
                    #expect(response.status == .badRequest)
                    #expect(response.error?.error.field == "start")
                    #expect(response.error?.error.reason?.rawValue == Refusal.appointmentOutsideShift.code)
                }
            }
            let id = try await client.execute(
                uri: path, method: .post, body: ByteBuffer(string: body("2026-12-01T19:15:00+09:00", false))
            ) { response in
                #expect(response.status == .created)
                return try APIFixture.decoder.decode(
                    AppointmentAPITests.AppointmentBody.self, from: Data(buffer: response.body)
                )
                .id
            }
            // Lengthened past closing: refused; then asked for.
            for (anyway, status) in [(false, HTTPResponse.Status.badRequest), (true, .ok)] {
                try await client.execute(
                    uri: "/api/v1/appointments/\(id)", method: .patch, headers: [.ifMatch: "\"1\""],
                    body: ByteBuffer(string: #"{"durationMinutes": 60, "outsideWorkingHours": \#(anyway)}"#)
                ) { #expect($0.status == status) }
            }
            try await client.execute(
                uri: path, method: .post, body: ByteBuffer(string: body("2026-12-01T08:00:00+09:00", true))
            ) {
                #expect($0.status == .created)
            }
            // Once the salon sets shifts, they rule: Aoi's lunch break, and a day the salon is closed.
            try await fixture.store.properties.setShifts(
                staffID: salon.staff[0].id, .everyDay([600..<780, 840..<1200]), by: nil)
            try await fixture.store.properties.setSalonSettings(
                propertyID: salon.property.id,
                openingHours: WeeklyHours(weekly: Dictionary(uniqueKeysWithValues: (1...6).map { ($0, [540..<1200]) })),
                resources: [], window: BookingWindow(), by: nil)
            // 2026-12-01 is a Tuesday, 2026-12-06 a Sunday.
            for (start, status) in [
                ("2026-12-01T13:15:00+09:00", HTTPResponse.Status.badRequest), ("2026-12-01T14:00:00+09:00", .created),
                ("2026-12-06T11:00:00+09:00", .badRequest),
            ] {
                try await client.execute(uri: path, method: .post, body: ByteBuffer(string: body(start, false))) {
                    #expect($0.status == status, "\(start)")
                }
            }
        }
    }
}
