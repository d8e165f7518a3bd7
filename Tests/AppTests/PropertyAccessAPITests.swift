import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Storage
import StorageTesting
import Testing

@testable import App

/// Every staff route takes the property it acts on from its resource and asks the one access check:
/// for a member of staff who does not work at the hotel and the salon, nothing of theirs exists.
@Suite(.serialized)
struct PropertyAccessAPITests {
    @Test(arguments: TestDatabase.available)
    func everyStaffRouteAsksTheOneAccessCheckForTheResourcesProperty(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let salon = try await AppointmentAPITests.salon(in: fixture)
        let stay = try await fixture.storedStay()
        let appointment = try await AppointmentRepository(store: fixture.store).create(
            Appointment(
                id: 0, propertyID: salon.property.id, staffID: salon.staff[0].id, serviceID: salon.service.id,
                customerID: 0, startMinute: 29_000_000, durationMinutes: 45),
            customerName: "Mei", customerPhone: "", by: nil)
        let manager = try #require(
            try await UserRepository(store: fixture.store).credentials(email: "manager@example.com"))
        for property in [fixture.property.id, salon.property.id] {
            try await UserRepository(store: fixture.store).revoke(userID: manager.user.id, propertyID: property)
        }

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
        try await fixture.test(as: .manager) { client in
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

    /// A role is the property's: the same account reads and changes stays at the hotel where it works
    /// the desk, only reads them where it is a viewer, and looks after rooms but cannot check a guest in
    /// where it does housekeeping. Properties it does not work at are not listed.
    @Test(arguments: TestDatabase.available)
    func whatAMemberOfStaffMayDoIsTheirRoleAtTheProperty(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let salon = try await AppointmentAPITests.salon(in: fixture)
        let users = UserRepository(store: fixture.store)
        let clerk = try #require(try await users.credentials(email: "front_desk@example.com")).user
        try await users.revoke(userID: clerk.id, propertyID: salon.property.id)
        let stay = try await fixture.storedStay()
        let hotel = fixture.property.id
        try await fixture.test(as: .frontDesk) { client in
            try await client.execute(uri: "/api/v1/properties", method: .get) { response in
                let list = try GuestSite.json(response)["properties"] as? [[String: Any]]
                #expect(list?.compactMap { $0["id"] as? Int } == [hotel])
            }
            try await client.execute(uri: "/api/v1/properties/\(salon.property.id)/board", method: .get) {
                #expect($0.status == .notFound)
            }
            try await users.grant(userID: clerk.id, propertyID: hotel, role: .viewer)
            try await client.execute(uri: "/api/v1/stays/\(stay.id)", method: .get) { #expect($0.status == .ok) }
            try await client.execute(
                uri: fixture.staysPath, method: .post,
                body: ByteBuffer(string: fixture.stayJSON(room: fixture.rooms[1].id))
            ) { #expect($0.status == .forbidden) }
            try await users.grant(userID: clerk.id, propertyID: hotel, role: .housekeeping)
            try await client.execute(
                uri: "/api/v1/rooms/\(fixture.rooms[1].id)/housekeeping", method: .patch,
                body: ByteBuffer(string: #"{"status": "clean"}"#)
            ) { #expect($0.status == .ok) }
            try await client.execute(uri: "/api/v1/stays/\(stay.id)/check-in", method: .post) {
                #expect($0.status == .forbidden)
            }
            try await client.execute(
                uri: "/api/v1/room-types/\(fixture.roomType.id)/rates", method: .put,
                body: ByteBuffer(string: #"{"from": "2026-12-01", "to": "2026-12-02", "amount": 1}"#)
            ) { #expect($0.status == .forbidden) }
            try await users.grant(userID: clerk.id, propertyID: hotel, role: .frontDesk)
            try await client.execute(
                uri: fixture.staysPath, method: .post,
                body: ByteBuffer(string: fixture.stayJSON(room: fixture.rooms[1].id))
            ) { #expect($0.status == .created) }
            #expect(try await StayRepository(store: fixture.store).stay(id: stay.id)?.state == .booked)
        }
    }
}
