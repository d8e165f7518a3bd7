import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Storage
import StorageTesting
import Testing

/// A hotel's guest checking in online before arriving, from the stay's signed link: each adult's passport
/// fills the registration (the police list reads it), the desk sees "checked in online", a forged or
/// expired link changes nothing, and nothing the guest sends moves dates, room or money.
@Suite(.closesItsStores)
struct OnlineCheckInAPITests {
    typealias CheckIn = Components.Schemas.PublicCheckIn

    /// A two-adult stay booked at the desk from `arrival`, and its check-in link's token.
    static func stayWithLink(_ client: SignedInClient, _ fixture: APIFixture, arrival: Day) async throws -> (
        stayID: Int, token: String
    ) {
        let stay = try await client.execute(
            uri: fixture.staysPath, method: .post,
            body: ByteBuffer(
                string: fixture.stayJSON(arrival: arrival.iso, departure: arrival.adding(days: 2).iso, adults: 2))
        ) { response in
            #expect(response.status == .created, "\(String(buffer: response.body))")
            return try APIFixture.decoder.decode(Components.Schemas.Stay.self, from: Data(buffer: response.body))
        }
        let link = try await client.execute(uri: "/api/v1/stays/\(stay.id)/check-in-link", method: .get) { response in
            #expect(response.status == .ok, "\(String(buffer: response.body))")
            return try APIFixture.decoder.decode(Components.Schemas.CheckInLink.self, from: Data(buffer: response.body))
        }
        #expect(link.expiresOn == arrival.adding(days: 2).iso)
        let token = try #require(
            link.url.components(separatedBy: "#/check-in/").last?.split(separator: "?").first.map(String.init))
        return (stay.id, token)
    }

    static func send(_ client: SignedInClient, _ token: String, _ body: String) async throws -> TestResponse {
        try await client.execute(
            uri: "/api/v1/public/check-in/\(token)?lang=th", method: .put, body: ByteBuffer(string: body))
    }

    static func read(_ client: SignedInClient, _ token: String) async throws -> TestResponse {
        try await client.execute(uri: "/api/v1/public/check-in/\(token)?lang=th", method: .get)
    }

    static let twoAdults = #"""
        {"guests": [
           {"name": "Somchai Jaidee", "nationality": "TH", "documentNumber": "AA1234567", "birthDate": "1985-03-14"},
           {"name": "Malee Jaidee", "nationality": "TH", "documentNumber": "AB7654321", "birthDate": "1987-09-02"}],
         "arrivalTime": "15:30", "requests": "A quiet room, please."}
        """#

    @Test(arguments: TestDatabase.available)
    func theDeskCopiesTheLinkInTheLanguageTheGuestIsWrittenTo(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let arrival = fixture.today.adding(days: 5)
        try await fixture.test { client in
            let body = #"""
                {"roomTypeId": \#(fixture.roomType.id), "arrival": "\#(arrival.iso)", "departure": "\#(arrival.adding(days: 1).iso)",
                 "adults": 1, "guest": {"name": "Somsri", "email": "somsri@example.com"}, "language": "th"}
                """#
            let stay = try await client.execute(uri: fixture.staysPath, method: .post, body: ByteBuffer(string: body)) {
                #expect($0.status == .created, "\(String(buffer: $0.body))")
                return try APIFixture.decoder.decode(Components.Schemas.Stay.self, from: Data(buffer: $0.body))
            }
            try await client.execute(uri: "/api/v1/stays/\(stay.id)/check-in-link", method: .get) { response in
                let link = try APIFixture.decoder.decode(
                    Components.Schemas.CheckInLink.self, from: Data(buffer: response.body))
                #expect(link.url.hasSuffix("?lang=th"), "\(link.url)")
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func eachAdultsPassportFillsTheRegistrationAndTheDeskSeesItOnToday(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let arrival = fixture.today.adding(days: 4)
        try await fixture.test { client in
            let (stayID, token) = try await Self.stayWithLink(client, fixture, arrival: arrival)
            let before = try APIFixture.decoder.decode(
                CheckIn.self, from: Data(buffer: try await Self.read(client, token).body))
            #expect(before.open && before.adults == 2 && before.arrival == arrival.iso && before.submittedAt == nil)
            #expect(before.guests.map(\.name) == ["Ann Lee", ""])

            let sent = try await Self.send(client, token, Self.twoAdults)
            #expect(sent.status == .ok, "\(String(buffer: sent.body))")
            let after = try APIFixture.decoder.decode(CheckIn.self, from: Data(buffer: sent.body))
            #expect(after.guests.map(\.documentNumber) == ["AA1234567", "AB7654321"])
            #expect(
                after.arrivalTime == "15:30" && after.requests == "A quiet room, please." && after.submittedAt != nil)

            // The booking's guest's registration is the first adult's; the second is the stay's companion.
            let stay = try await client.execute(uri: "/api/v1/stays/\(stayID)", method: .get) { response in
                try APIFixture.decoder.decode(Components.Schemas.StayDetail.self, from: Data(buffer: response.body))
            }
            #expect(stay.value2.guest?.name == "Somchai Jaidee" && stay.value2.guest?.nationality == "TH")
            #expect(stay.value2.guest?.birthDate == "1985-03-14")
            #expect(stay.value2.onlineCheckIn?.companions.map(\.name) == ["Malee Jaidee"])

            // Today on the arrival day: the arrival is "checked in online", with both adults for the police.
            let today = try await client.execute(
                uri: "/api/v1/properties/\(fixture.property.id)/today?date=\(arrival.iso)", method: .get
            ) { response in
                try APIFixture.decoder.decode(Components.Schemas.Today.self, from: Data(buffer: response.body))
            }
            let entry = try #require(today.arrivals.first { $0.stay.id == stayID })
            #expect(entry.onlineCheckIn?.arrivalTime == "15:30")
            #expect(entry.guest?.documentNumber == "AA1234567")
            #expect(entry.onlineCheckIn?.companions.first?.documentNumber == "AB7654321")

            // The board draws its runs as checked in online (style 6), a run made by a later move too.
            let styles = { () async throws -> [Int] in
                let path =
                    "/api/v1/properties/\(fixture.property.id)/board?from=\(arrival.iso)&to=\(arrival.adding(days: 3).iso)"
                let board = try await client.execute(uri: path, method: .get) { response in
                    try APIFixture.decoder.decode(BoardAPITests.Board.self, from: Data(buffer: response.body))
                }
                return stride(from: 0, to: board.items.count, by: 6).filter { board.items[$0 + 5] == stayID }
                    .map { board.items[$0 + 4] }
            }
            #expect(try await styles() == [6])
            try await client.execute(
                uri: "/api/v1/stays/\(stayID)/move", method: .post,
                body: ByteBuffer(
                    string: #"{"roomId": \#(fixture.rooms[1].id), "fromDate": "\#(arrival.adding(days: 1).iso)"}"#)
            ) { response in #expect(response.status == .ok, "\(String(buffer: response.body))") }
            #expect(try await styles() == [6, 6])

            // Recorded as a change of the stay, by no member of staff.
            try await client.execute(uri: "/api/v1/stays/\(stayID)/history", method: .get) { response in
                #expect(String(buffer: response.body).contains(#""action":"check-in-online""#))
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func aForgedOrExpiredLinkIsRefusedAndChangesNothing(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let arrival = fixture.today.adding(days: 4)
        try await fixture.test(as: .frontDesk) { client in
            let (stayID, token) = try await Self.stayWithLink(client, fixture, arrival: arrival)
            let parts = token.split(separator: ".").map(String.init)
            var code = Array(parts[2])
            code[0] = code[0] == "A" ? "B" : "A"
            // The last character of 43 carries two unused bits: a change of them alone is refused too.
            var last = Array(parts[2])
            let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
            last[42] =
                alphabet[(alphabet.firstIndex(of: last[42])! & ~3) | ((alphabet.firstIndex(of: last[42])! + 1) & 3)]
            let forged = [
                "\(parts[0]).\(parts[1]).\(String(code))", "\(parts[0]).\(parts[1]).\(String(last))",
                // Another stay, or a later day, under the same code.
                "\(stayID + 1).\(parts[1]).\(parts[2])", "\(parts[0]).20991231.\(parts[2])",
                "nonsense", String(repeating: "1", count: 101),
            ]
            for token in forged {
                for response in [
                    try await Self.read(client, token), try await Self.send(client, token, Self.twoAdults),
                ] {
                    #expect(response.status == .notFound, "\(token)")
                    #expect(response.error?.error.reason?.rawValue == "checkIn.link")
                }
            }
            #expect(try await fixture.store.stays.onlineCheckIn(stayID: stayID) == nil)
            let stored = try #require(try await fixture.store.stay(id: stayID))
            let guest = try #require(try await fixture.store.guest(id: stored.guestID))
            #expect(guest.name == "Ann Lee" && guest.documentNumber.isEmpty)

            // On its departure day the link has expired.
            fixture.store.clock.set(arrival.adding(days: 2).instant(atMinute: 8 * 60, in: fixture.property.timeZone))
            for response in [try await Self.read(client, token), try await Self.send(client, token, Self.twoAdults)] {
                #expect(response.status == .forbidden)
                #expect(response.error?.error.reason?.rawValue == "checkIn.expired")
            }
            #expect(try await fixture.store.stays.onlineCheckIn(stayID: stayID) == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aMissingAdultOrPartIsRefusedNamingTheFieldAndNothingIsKept(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        try await fixture.test { client in
            let (stayID, token) = try await Self.stayWithLink(client, fixture, arrival: fixture.today.adding(days: 3))
            let somchai =
                #"{"name": "Somchai", "nationality": "TH", "documentNumber": "AA1", "birthDate": "1985-03-14"}"#
            let refusals: [(String, String, String)] = [
                (#"{"guests": [\#(somchai)]}"#, "guests", "checkIn.guests"),
                (
                    #"{"guests": [\#(somchai), {"name": "Malee", "nationality": "TH", "birthDate": "1987-09-02"}]}"#,
                    "guests[1].documentNumber", "text.required"
                ),
                (
                    #"{"guests": [\#(somchai), {"name": "Malee", "nationality": "th", "documentNumber": "B", "birthDate": "1987-09-02"}]}"#,
                    "guests[1].nationality", "guest.nationality"
                ),
                (
                    #"{"guests": [\#(somchai), {"name": " ", "nationality": "TH", "documentNumber": "B", "birthDate": "1987-09-02"}]}"#,
                    "guests[1].name", "text.required"
                ),
                (
                    #"{"guests": [\#(somchai), {"name": "Malee", "nationality": "TH", "documentNumber": "B", "birthDate": "2150-01-01"}]}"#,
                    "guests[1].birthDate", "guest.birthDate"
                ),
                (
                    #"{"guests": [\#(somchai), {"name": "Malee", "nationality": "TH", "documentNumber": "B", "birthDate": "2/9/1987"}]}"#,
                    "guests[1].birthDate", "date.invalid"
                ),
                (
                    #"{"guests": [\#(somchai), \#(somchai)], "requests": "\#(String(repeating: "x", count: 501))"}"#,
                    "requests", "text.tooLong"
                ),
            ]
            for (body, field, reason) in refusals {
                let response = try await Self.send(client, token, body)
                #expect(response.status == .badRequest, "\(field)")
                #expect(
                    response.error?.error.field == field && response.error?.error.reason?.rawValue == reason,
                    "\(String(buffer: response.body))")
            }
            let badTime = try await Self.send(
                client, token, #"{"guests": [\#(somchai), \#(somchai)], "arrivalTime": "25:00"}"#)
            #expect(
                badTime.status == .badRequest && badTime.error?.error.field == "arrivalTime"
                    && badTime.error?.error.reason?.rawValue == "time.invalid")
            #expect(try await fixture.store.stays.onlineCheckIn(stayID: stayID) == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func nothingTheGuestSendsMovesDatesRoomOrMoneyAndItClosesAtCheckIn(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let arrival = fixture.today
        try await fixture.test { client in
            let (stayID, token) = try await Self.stayWithLink(client, fixture, arrival: arrival)
            let before = try #require(try await fixture.store.stay(id: stayID))
            let folio = try await fixture.store.folio(stayID: stayID)
            // Parts of a stay are not the check-in's to send: they are left as they are.
            let smuggled = Self.twoAdults.replacingOccurrences(
                of: #""arrivalTime""#,
                with:
                    #""arrival": "2027-01-01", "departure": "2027-01-09", "roomId": \#(fixture.rooms[1].id), "adults": 1, "amount": {"amount": -500, "currency": "THB"}, "arrivalTime""#
            )
            #expect(try await Self.send(client, token, smuggled).status == .ok)
            let after = try #require(try await fixture.store.stay(id: stayID))
            #expect(after.nights == before.nights && after.segments == before.segments && after.adults == 2)
            #expect(after.state == .booked && after.version == before.version + 1)
            #expect(try await fixture.store.folio(stayID: stayID) == folio)

            // The desk checks them in: the check-in link's page is read-only, and sending is refused.
            try await client.execute(uri: "/api/v1/stays/\(stayID)/check-in", method: .post) { response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
            }
            let closed = try APIFixture.decoder.decode(
                CheckIn.self, from: Data(buffer: try await Self.read(client, token).body))
            #expect(!closed.open && closed.guests.count == 2)
            let refused = try await Self.send(client, token, Self.twoAdults)
            #expect(
                refused.status == .unprocessableContent && refused.error?.error.reason?.rawValue == "checkIn.closed")
            try await client.execute(uri: "/api/v1/stays/\(stayID)/check-in-link", method: .get) { response in
                #expect(response.status == .unprocessableContent)
            }
        }
    }

    @Test func housekeepingGetsNoCheckInLink() async throws {
        let fixture = try await APIFixture.make()
        let stay = try await fixture.storedStay()
        try await fixture.test(as: .housekeeping) { client in
            try await client.execute(uri: "/api/v1/stays/\(stay.id)/check-in-link", method: .get) { response in
                #expect(response.status == .forbidden)
            }
        }
    }
}
