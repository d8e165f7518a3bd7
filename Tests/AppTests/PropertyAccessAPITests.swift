import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Storage
import Testing

@testable import App

/// Every staff route takes the property it acts on from its resource and asks the one access check:
/// with a rule that keeps a member of staff out of the hotel and the salon, nothing of theirs exists.
struct PropertyAccessAPITests {
    @Test func everyStaffRouteAsksTheOneAccessCheckForTheResourcesProperty() async throws {
        let fixture = try await APIFixture.make()
        let salon = try await AppointmentAPITests.salon(in: fixture)
        let stay = try await StayRepository(store: fixture.store).create(
            NewStay(
                propertyID: fixture.property.id, roomTypeID: fixture.roomType.id, roomID: fixture.rooms[0].id,
                nights: try Nights(
                    arrival: Day(year: 2026, month: 12, day: 1), departure: Day(year: 2026, month: 12, day: 3)),
                adults: 1, guestName: "Ann Lee"))
        let appointment = try await AppointmentRepository(store: fixture.store).create(
            Appointment(
                id: 0, propertyID: salon.property.id, staffID: salon.staff[0].id, serviceID: salon.service.id,
                customerID: 0, startMinute: 29_000_000, durationMinutes: 45),
            customerName: "Mei", customerPhone: "", by: nil)
        let hidden: Set<Int> = [fixture.property.id, salon.property.id]
        var configuration = ServerConfiguration()
        configuration.propertyAccess = PropertyAccess { _, propertyID in !hidden.contains(propertyID) }

        let (hotel, room, roomType) = (fixture.property.id, fixture.rooms[0].id, fixture.roomType.id)
        let routes: [(HTTPRequest.Method, String, String?)] = [
            (.get, "/api/v1/properties/\(hotel)", nil),
            (.get, "/api/v1/properties/\(hotel)/board?from=2026-12-01&to=2026-12-08", nil),
            (.get, "/api/v1/properties/\(hotel)/today", nil),
            (.get, "/api/v1/properties/\(hotel)/events", nil),
            (.get, "/api/v1/properties/\(hotel)/stats?from=2026-12-01&to=2026-12-08", nil),
            (.post, "/api/v1/properties/\(hotel)/stays", fixture.stayJSON(room: fixture.rooms[1].id)),
            (.get, "/api/v1/stays/\(stay.id)", nil),
            (.patch, "/api/v1/stays/\(stay.id)", #"{"notes": "x"}"#),
            (.post, "/api/v1/stays/\(stay.id)/check-in", nil),
            (.post, "/api/v1/stays/\(stay.id)/check-out", nil),
            (.post, "/api/v1/stays/\(stay.id)/cancel", nil),
            (.post, "/api/v1/stays/\(stay.id)/no-show", nil),
            (.post, "/api/v1/stays/\(stay.id)/reinstate", nil),
            (.get, "/api/v1/stays/\(stay.id)/history", nil),
            (.post, "/api/v1/stays/\(stay.id)/move", #"{"roomId": \#(room), "fromDate": "2026-12-02"}"#),
            (.get, "/api/v1/stays/\(stay.id)/folio", nil),
            (
                .post, "/api/v1/stays/\(stay.id)/charges",
                #"{"description": "x", "amount": {"amount": 1, "currency": "THB"}}"#
            ),
            (
                .post, "/api/v1/stays/\(stay.id)/payments",
                #"{"method": "cash", "amount": {"amount": 1, "currency": "THB"}}"#
            ),
            (.post, "/api/v1/stays/\(stay.id)/reversals", #"{"entryId": 1, "reason": "x"}"#),
            (.get, "/api/v1/room-types/\(roomType)/rates?from=2026-12-01&to=2026-12-08", nil),
            (.get, "/api/v1/rooms/\(room)/ical", nil),
            (.post, "/api/v1/rooms/\(room)/ical-imports", #"{"url": "https://example.com/a.ics"}"#),
            (
                .post, "/api/v1/properties/\(salon.property.id)/appointments",
                #"{"staffId": 1, "serviceId": 1, "start": "2026-12-01T10:00:00Z", "customer": {"name": "Ann"}}"#
            ),
            (.get, "/api/v1/appointments/\(appointment.id)", nil),
            (.patch, "/api/v1/appointments/\(appointment.id)", #"{"notes": "x"}"#),
        ]
        try await fixture.test(as: .manager, configuration: configuration) { client in
            for (method, path, body) in routes {
                try await client.execute(
                    uri: path, method: method, headers: [.ifMatch: "\"1\""], body: body.map { ByteBuffer(string: $0) }
                ) { response in
                    #expect(response.status == .notFound, "\(method) \(path): \(String(buffer: response.body))")
                }
            }
            try await client.execute(
                uri: "/api/v1/room-types/\(roomType)/rates", method: .put,
                body: ByteBuffer(string: #"{"from": "2026-12-01", "to": "2026-12-02", "amount": 1}"#)
            ) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/api/v1/properties", method: .get) { response in
                let list = try GuestSite.json(response)["properties"] as? [[String: Any]]
                #expect(list?.isEmpty == true)
            }
            #expect(try await StayRepository(store: fixture.store).stay(id: stay.id)?.version == 1)
        }
    }
}
