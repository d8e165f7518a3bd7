import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StorageTesting
import Testing

@testable import App

/// A hotel's stays and guests as CSV files through the API, refused to housekeeping.
@Suite(.closesItsStores, .serialized)
struct ExportsAPITests {
    @Test(arguments: TestDatabase.available)
    func theStaysAndTheGuestsComeAsCSVFilesAHotelCanTakeElsewhere(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let stay = try await fixture.storedStay()
        try await fixture.test(as: .frontDesk) { client in
            let registered = try await client.execute(
                uri: "/api/v1/stays/\(stay.id)", method: .patch, headers: [.ifMatch: "\"\(stay.version)\""],
                body: ByteBuffer(string: #"{"guest": {"nationality": "JP", "documentNumber": "TK 1234567"}}"#))
            #expect(registered.status == .ok, "\(String(buffer: registered.body))")
            let path = "/api/v1/properties/\(fixture.property.id)/exports"
            let stays = try await client.execute(uri: "\(path)/stays", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("text/csv") == true)
                return String(buffer: response.body)
            }
            let lines = stays.components(separatedBy: "\r\n")
            #expect(lines[0] + "\r\n" == StayImport.header)
            #expect(lines.count == 3 && lines[1].hasPrefix("\(stay.confirmationCode),Ann Lee,"))
            let (arrival, departure) = (stay.nights.arrival.iso, stay.nights.departure.iso)
            #expect(lines[1].contains(",101,Garden Double,\(arrival),\(departure),1,0,booked,0.00"))

            let guests = try await client.execute(uri: "\(path)/guests", method: .get) { String(buffer: $0.body) }
            #expect(guests == GuestList.header + "Ann Lee,,,JP,TK 1234567,,1,\(arrival),\(departure)\r\n")

            let keeper = try #require(
                try await StaffAPITests.signIn(client, "housekeeping@example.com", APIFixture.password))
            for kind in ["stays", "guests"] {
                try await keeper.execute(uri: "\(path)/\(kind)", method: .get) { #expect($0.status == .forbidden) }
                try await client.execute(uri: "/api/v1/properties/999/exports/\(kind)", method: .get) {
                    #expect($0.status == .notFound)
                }
            }
        }
    }
}
