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

/// A guest's registration details (nationality, passport or card, date of birth), kept with the guest
/// through a stay's edit and listed with the day's arrivals for the police registration.
@Suite(.closesItsStores, .serialized)
struct GuestRegistrationAPITests {
    @Test(arguments: TestDatabase.available)
    func theDeskRecordsAGuestsRegistrationAndTheDaysListCarriesIt(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let arrival = fixture.today
        let stay = try await fixture.store.stays.create(
            NewStay(
                propertyID: fixture.property.id, roomTypeID: fixture.roomType.id, roomID: fixture.rooms[0].id,
                nights: try Nights(arrival: arrival, departure: arrival.adding(days: 2)), adults: 1,
                guestName: "Sato Haruto"))
        try await fixture.test(as: .frontDesk) { client in
            let path = "/api/v1/stays/\(stay.id)"
            var version = 1
            func edit(_ guest: String) async throws -> TestResponse {
                try await client.execute(
                    uri: path, method: .patch, headers: [.ifMatch: "\"\(version)\""],
                    body: ByteBuffer(string: #"{"guest": \#(guest)}"#)
                ) { response in
                    if response.status == .ok { version += 1 }
                    return response
                }
            }
            let saved = try await edit(
                #"{"nationality": "JP", "documentNumber": "TK 1234567", "birthDate": "1990-04-01"}"#)
            #expect(saved.status == .ok, "\(String(buffer: saved.body))")
            for (guest, field) in [
                (#"{"nationality": "jp"}"#, "guest.nationality"), (#"{"nationality": "J"}"#, "guest.nationality"),
                (#"{"documentNumber": "TK/1234"}"#, "guest.documentNumber"),
                (#"{"birthDate": "2999-01-01"}"#, "guest.birthDate"),
                (#"{"birthDate": "1899-12-31"}"#, "guest.birthDate"),
                (#"{"birthDate": "1990-13-01"}"#, "guest.birthDate"),
            ] {
                let refused = try await edit(guest)
                #expect(refused.status == .badRequest, "\(guest)")
                #expect(refused.error?.error.field == field, "\(guest): \(String(buffer: refused.body))")
            }
            let today = try await client.execute(
                uri: "/api/v1/properties/\(fixture.property.id)/today?date=\(arrival.iso)", method: .get
            ) { try APIFixture.decoder.decode(Components.Schemas.Today.self, from: Data(buffer: $0.body)) }
            let listed = try #require(today.arrivals.first { $0.stay.id == stay.id }?.guest)
            #expect(
                listed.nationality == "JP" && listed.documentNumber == "TK 1234567" && listed.birthDate == "1990-04-01")

            // Empty takes a detail away; the rest stay.
            #expect(try await edit(#"{"birthDate": "", "documentNumber": ""}"#).status == .ok)
            let guest = try #require(try await fixture.store.stays.guest(id: stay.guestID))
            #expect(guest.nationality == "JP" && guest.documentNumber.isEmpty && guest.birthDate == nil)
            #expect(guest.name == "Sato Haruto")
        }
    }
}
