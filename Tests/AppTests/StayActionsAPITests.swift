import API
import App
import Booking
import Foundation
import Hummingbird
import HummingbirdTesting
import SQLKit
import Storage
import StorageTesting
import Testing

/// A stay's life through the API: check-in posts the price, payment settles it, check-out needs a
/// settled folio, edits need the current version.
@Suite(.closesItsStores)
struct StayActionsAPITests {
    /// A stay and a folio as the document describes them (the generated types).
    typealias StayBody = Components.Schemas.Stay
    typealias FolioBody = Components.Schemas.Folio

    static func decode<T: Decodable>(_ type: T.Type, _ response: TestResponse) throws -> T {
        try APIFixture.decoder.decode(type, from: Data(buffer: response.body))
    }

    /// Books a stay arriving today (in the hotel's zone) for `nights` nights; returns its id.
    static func bookToday(_ client: SignedInClient, _ fixture: APIFixture, room: Int, nights: Int = 2) async throws
        -> Int
    {
        let today = fixture.today
        let json = fixture.stayJSON(room: room, arrival: today.iso, departure: today.adding(days: nights).iso)
        return try await client.execute(uri: fixture.staysPath, method: .post, body: ByteBuffer(string: json)) {
            response in
            #expect(response.status == .created)
            return Int(try decode(StayBody.self, response).id)
        }
    }

    @Test func aGuestIsCheckedInChargedPaysAndIsCheckedOut() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test { client in
            let id = try await Self.bookToday(client, fixture, room: fixture.rooms[0].id)
            try await client.execute(uri: "/api/v1/stays/\(id)/check-in", method: .post) { response in
                #expect(response.status == .ok)
                let stay = try Self.decode(StayBody.self, response)
                #expect(stay.state == .checkedIn)
                #expect(response.headers[.eTag] == "\"2\"")
            }
            let folio = try await client.execute(uri: "/api/v1/stays/\(id)/folio", method: .get) {
                try Self.decode(FolioBody.self, $0)
            }
            #expect(folio.entries.filter { $0.category == .room }.count == 2)
            #expect(folio.balance == .init(amount: 240_000, currency: .thb))
            try await client.execute(
                uri: "/api/v1/stays/\(id)/charges", method: .post,
                body: ByteBuffer(
                    string:
                        #"{"description": "Minibar", "amount": {"amount": 12000, "currency": "THB"}, "category": "minibar"}"#
                )
            ) { #expect($0.status == .created) }
            try await client.execute(uri: "/api/v1/stays/\(id)/check-out", method: .post) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.error?.error.message.contains("open balance of 2520.00 THB") == true)
                #expect(response.error?.error.field == "force")
            }
            try await client.execute(
                uri: "/api/v1/stays/\(id)/payments", method: .post,
                body: ByteBuffer(
                    string: #"{"amount": {"amount": 252000, "currency": "THB"}, "method": "card_terminal"}"#)
            ) { response in
                #expect(response.status == .created)
                let folio = try Self.decode(FolioBody.self, response)
                #expect(folio.balance.amount == 0)
            }
            try await client.execute(uri: "/api/v1/stays/\(id)/check-out", method: .post) { response in
                #expect(response.status == .ok)
                let stay = try Self.decode(StayBody.self, response)
                #expect(stay.state == .checkedOut)
            }
        }
    }

    @Test func onlyAManagerForcesACheckOutWithAnOpenBalance() async throws {
        for (role, status) in [(StaffRole.frontDesk, HTTPResponse.Status.forbidden), (.manager, .ok)] {
            let fixture = try await APIFixture.make()
            try await fixture.test(as: role) { client in
                let id = try await Self.bookToday(client, fixture, room: fixture.rooms[0].id)
                try await client.execute(uri: "/api/v1/stays/\(id)/check-in", method: .post) {
                    #expect($0.status == .ok)
                }
                try await client.execute(
                    uri: "/api/v1/stays/\(id)/check-out", method: .post, body: ByteBuffer(string: #"{"force": true}"#)
                ) { #expect($0.status == status) }
            }
        }
    }

    @Test func aDirtyRoomNeedsAnOverrideAndAFutureStayCannotCheckIn() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.store.markDirty(roomID: fixture.rooms[1].id)
        try await fixture.test { client in
            let dirty = try await Self.bookToday(client, fixture, room: fixture.rooms[1].id)
            try await client.execute(uri: "/api/v1/stays/\(dirty)/check-in", method: .post) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.error?.error.message.contains("dirty") == true)
                #expect(response.error?.error.field == "override")
            }
            try await client.execute(
                uri: "/api/v1/stays/\(dirty)/check-in", method: .post, body: ByteBuffer(string: #"{"override": true}"#)
            ) { #expect($0.status == .ok) }
            let later = try await client.execute(
                uri: fixture.staysPath, method: .post,
                body: ByteBuffer(string: fixture.stayJSON())
            ) { Int(try Self.decode(StayBody.self, $0).id) }
            try await client.execute(uri: "/api/v1/stays/\(later)/check-in", method: .post) {
                #expect($0.status == .unprocessableContent)
            }
        }
    }

    @Test func anEditNeedsTheCurrentVersion() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test { client in
            let id = try await Self.bookToday(client, fixture, room: fixture.rooms[0].id)
            let edit = ByteBuffer(string: #"{"adults": 1, "notes": "late arrival"}"#)
            try await client.execute(uri: "/api/v1/stays/\(id)", method: .patch, body: edit) { response in
                #expect(response.status == .preconditionRequired)
                #expect(response.error?.error.field == "If-Match")
            }
            try await client.execute(
                uri: "/api/v1/stays/\(id)", method: .patch, headers: [.ifMatch: "\"1\""], body: edit
            ) {
                response in
                #expect(response.status == .ok)
                #expect(response.headers[.eTag] == "\"2\"")
            }
            try await client.execute(
                uri: "/api/v1/stays/\(id)", method: .patch, headers: [.ifMatch: "\"1\""], body: edit
            ) {
                response in
                #expect(response.status == .preconditionFailed)
                #expect(response.error?.error.code == "stale")
            }
            try await client.execute(
                uri: "/api/v1/stays/\(id)", method: .patch, headers: [.ifMatch: "\"2\""],
                body: ByteBuffer(string: #"{"adults": 5}"#)
            ) { #expect($0.status == .badRequest) }
        }
    }

    @Test func anEditWithIfMatchStarOverwritesWhateverVersionIsThere() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test { client in
            let id = try await Self.bookToday(client, fixture, room: fixture.rooms[0].id)
            for (notes, version) in [("first", "\"2\""), ("second", "\"3\"")] {
                try await client.execute(
                    uri: "/api/v1/stays/\(id)", method: .patch, headers: [.ifMatch: "*"],
                    body: ByteBuffer(string: #"{"notes": "\#(notes)"}"#)
                ) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.eTag] == version)
                    let stay = try Self.decode(StayBody.self, response)
                    #expect(stay.notes == notes)
                }
            }
        }
    }

    @Test func anEditChangesTheGuestsNameAndContactAndRefusesABadEmail() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test { client in
            let id = try await Self.bookToday(client, fixture, room: fixture.rooms[0].id)
            try await client.execute(
                uri: "/api/v1/stays/\(id)", method: .patch, headers: [.ifMatch: "\"1\""],
                body: ByteBuffer(string: #"{"guest": {"email": "not an address"}}"#)
            ) { response in
                #expect(response.status == .badRequest)
                #expect(response.error?.error.field == "guest.email")
            }
            try await client.execute(
                uri: "/api/v1/stays/\(id)", method: .patch, headers: [.ifMatch: "\"1\""],
                body: ByteBuffer(string: #"{"guest": {"name": "Ann Lee-Park", "phone": "+66 81 234 5678"}}"#)
            ) { #expect($0.status == .ok) }
            try await client.execute(uri: "/api/v1/stays/\(id)", method: .get) { response in
                let json = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                #expect(
                    json?["guest"] as? [String: String] == [
                        "name": "Ann Lee-Park", "email": "ann@example.com", "phone": "+66 81 234 5678",
                    ])
            }
        }
    }

    @Test func aRoomMoveIntoATakenRoomIs409AndIntoAFreeOneSplitsTheStay() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test { client in
            let moving = try await Self.bookToday(client, fixture, room: fixture.rooms[0].id, nights: 3)
            _ = try await Self.bookToday(client, fixture, room: fixture.rooms[1].id, nights: 1)
            let today = fixture.today
            try await client.execute(
                uri: "/api/v1/stays/\(moving)/move", method: .post,
                body: ByteBuffer(string: #"{"roomId": \#(fixture.rooms[1].id), "fromDate": "\#(today.iso)"}"#)
            ) { response in
                #expect(response.status == .conflict)
                #expect(response.error?.error.message.contains("room 102 is taken") == true)
            }
            try await client.execute(
                uri: "/api/v1/stays/\(moving)/move", method: .post,
                body: ByteBuffer(
                    string: #"{"roomId": \#(fixture.rooms[1].id), "fromDate": "\#(today.adding(days: 1).iso)"}"#)
            ) { response in
                #expect(response.status == .ok)
                let stay = try Self.decode(StayBody.self, response)
                #expect(stay.segments.map(\.roomId) == [fixture.rooms[0].id, fixture.rooms[1].id])
            }
        }
    }

    @Test func folioPostingsAreCheckedAndReversedOnce() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test { client in
            let id = try await Self.bookToday(client, fixture, room: fixture.rooms[0].id)
            for (body, field) in [
                (#"{"description": "Laundry", "amount": {"amount": 500, "currency": "JPY"}}"#, "amount.currency"),
                (#"{"description": "Laundry", "amount": {"amount": -500, "currency": "THB"}}"#, "amount.amount"),
                (#"{"description": "Laundry", "amount": {"amount": 500, "currency": "XXX"}}"#, "amount.currency"),
                (#"{"description": "", "amount": {"amount": 500, "currency": "THB"}}"#, "description"),
                (
                    #"{"description": "Laundry", "amount": {"amount": 500, "currency": "THB"}, "category": "room"}"#,
                    "category"
                ),
            ] {
                try await client.execute(
                    uri: "/api/v1/stays/\(id)/charges", method: .post, body: ByteBuffer(string: body)
                ) {
                    response in
                    #expect(response.status == .badRequest)
                    #expect(response.error?.error.field == field)
                }
            }
            let entry = try await client.execute(
                uri: "/api/v1/stays/\(id)/charges", method: .post,
                body: ByteBuffer(
                    string:
                        #"{"description": "Laundry", "amount": {"amount": 500, "currency": "THB"}, "category": "laundry"}"#
                )
            ) { try Self.decode(FolioBody.self, $0).entries[0].id }
            let reversal = ByteBuffer(string: #"{"entryId": \#(entry), "reason": "charged to the wrong room"}"#)
            try await client.execute(uri: "/api/v1/stays/\(id)/reversals", method: .post, body: reversal) { response in
                #expect(response.status == .created)
                let folio = try Self.decode(FolioBody.self, response)
                #expect(folio.balance.amount == 0)
                #expect(folio.entries.first?.reversed == true)
            }
            try await client.execute(uri: "/api/v1/stays/\(id)/reversals", method: .post, body: reversal) {
                #expect($0.status == .unprocessableContent)
            }
            let folio = try await client.execute(uri: "/api/v1/stays/\(id)/folio", method: .get) {
                try Self.decode(FolioBody.self, $0)
            }
            #expect(folio.entries.count == 2)
        }
    }
}

extension Store {
    func markDirty(roomID: Int) async throws {
        try await write { sql in
            try await sql.raw("UPDATE rooms SET housekeeping = 'dirty' WHERE id = \(bind: roomID)").run()
        }
    }
}
