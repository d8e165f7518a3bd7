import App
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SQLKit
import Storage
import StorageTesting
import Testing

@Suite(.closesItsStores)
struct IdempotencyAPITests {
    @Test func aRetryWithTheSameKeyGetsTheFirstAnswerAndBooksOnce() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test { client in
            let headers: HTTPFields = [HTTPField.Name("Idempotency-Key")!: "tap-7f3a9c1e"]
            let body = ByteBuffer(string: fixture.stayJSON())
            let first = try await client.execute(uri: fixture.staysPath, method: .post, headers: headers, body: body) {
                ($0.status, String(buffer: $0.body), $0.headers[.eTag])
            }
            try await client.execute(uri: fixture.staysPath, method: .post, headers: headers, body: body) { response in
                #expect(response.status == first.0)
                #expect(String(buffer: response.body) == first.1)
                #expect(response.headers[.eTag] == first.2)
                #expect(response.headers[HTTPField.Name("Idempotent-Replayed")!] == "true")
            }
            #expect(first.0 == .created)
            #expect(try await fixture.storedStayCount() == 1)
        }
    }

    /// What the desk's outbox sends again after a network drop: a charge, a payment and a room move
    /// sent twice with their keys are made once, and the second answer is the first.
    @Test(arguments: TestDatabase.available)
    func theDesksChangesSentAgainWithTheirKeysAreMadeOnce(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        try await fixture.test { client in
            let id = try await StayActionsAPITests.bookToday(client, fixture, room: fixture.rooms[0].id)
            try await client.execute(uri: "/api/v1/stays/\(id)/check-in", method: .post) { #expect($0.status == .ok) }
            let changes: [(String, String)] = [
                (
                    "charges",
                    #"{"description": "Minibar", "amount": {"amount": 12000, "currency": "THB"}, "category": "minibar"}"#
                ),
                ("payments", #"{"amount": {"amount": 5000, "currency": "THB"}, "method": "cash"}"#),
                ("move", #"{"roomId": \#(fixture.rooms[1].id), "fromDate": "\#(fixture.today.iso)"}"#),
            ]
            for (index, (path, json)) in changes.enumerated() {
                let headers: HTTPFields = [HTTPField.Name("Idempotency-Key")!: "outbox-\(index)-7f3a9c1e"]
                var answers: [String] = []
                for _ in 0..<2 {
                    try await client.execute(
                        uri: "/api/v1/stays/\(id)/\(path)", method: .post, headers: headers,
                        body: ByteBuffer(string: json)
                    ) { response in
                        #expect(response.status.code < 300, "\(path): \(String(buffer: response.body))")
                        answers.append(String(buffer: response.body))
                    }
                }
                #expect(answers[0] == answers[1], "\(path)")
            }
            let folio = try await fixture.store.folios.folio(stayID: id)
            #expect(folio.entries.filter { $0.category == .minibar }.count == 1)
            #expect(folio.entries.filter { $0.kind == .payment }.count == 1)
            let stay = try await fixture.store.stays.stay(id: id)
            #expect(stay?.segments.count == 1 && stay?.currentRoomID == fixture.rooms[1].id)
        }
    }

    @Test func theSameKeyWithAnotherBodyIsRefused() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test { client in
            let headers: HTTPFields = [HTTPField.Name("Idempotency-Key")!: "tap-11112222"]
            try await client.execute(
                uri: fixture.staysPath, method: .post, headers: headers, body: ByteBuffer(string: fixture.stayJSON())
            ) { #expect($0.status == .created) }
            try await client.execute(
                uri: fixture.staysPath, method: .post, headers: headers,
                body: ByteBuffer(string: fixture.stayJSON(room: fixture.rooms[1].id))
            ) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.error?.error.code == "idempotency_mismatch")
            }
            #expect(try await fixture.storedStayCount() == 1)
        }
    }

    @Test func aRefusalIsAnAnswerToo() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test { client in
            try await client.execute(
                uri: fixture.staysPath, method: .post, body: ByteBuffer(string: fixture.stayJSON())
            ) {
                #expect($0.status == .created)
            }
            let headers: HTTPFields = [HTTPField.Name("Idempotency-Key")!: "tap-33334444"]
            for _ in 0..<2 {
                try await client.execute(
                    uri: fixture.staysPath, method: .post, headers: headers,
                    body: ByteBuffer(string: fixture.stayJSON())
                ) { response in
                    #expect(response.status == .conflict)
                    #expect(response.error?.error.code == "conflict")
                }
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func concurrentRetriesOfAnUnassignedBookingBookOnceAndAllGetItsAnswer(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        try await fixture.test { client in
            let (arrival, departure) = (fixture.bookedNights.arrival.iso, fixture.bookedNights.departure.iso)
            let body = #"""
                {"roomTypeId": \#(fixture.roomType.id), "arrival": "\#(arrival)", "departure": "\#(departure)", "adults": 1,
                 "guest": {"name": "Ann Lee"}}
                """#
            // A retry while the first is running waits for its answer instead of being told to come back.
            let answers = try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for _ in 0..<20 {
                    group.addTask {
                        try await client.execute(
                            uri: fixture.staysPath, method: .post,
                            headers: [HTTPField.Name("Idempotency-Key")!: "double-tap-0001"],
                            body: ByteBuffer(string: body)
                        ) { (Int($0.status.code), String(buffer: $0.body)) }
                    }
                }
                var answers: [(Int, String)] = []
                for try await answer in group { answers.append(answer) }
                return answers
            }
            #expect(answers.allSatisfy { $0.0 == 201 }, "\(answers.map(\.0))")
            #expect(Set(answers.map(\.1)).count == 1)
            #expect(try await fixture.storedStayCount() == 1)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aKeyLeftInProgressByAServerThatDiedIsTakenOverByTheRetry(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        // What a server before this version left when killed between reserving a key and answering.
        try await fixture.store.write { sql in
            try await sql.raw(
                """
                INSERT INTO idempotency_keys (key, scope, request_hash, status, response, created_at)
                VALUES ('killed-mid-request', 'public', 'hash-of-the-first-try', 0, '', \(bind: Int(Date().timeIntervalSince1970 * 1000)))
                """
            ).run()
        }
        let (arrival, departure) = PublicAPITests.dates(fixture)
        try await fixture.test(as: nil) { client in
            try await client.execute(
                uri: "/api/v1/public/bookings", method: .post,
                headers: [HTTPField.Name("Idempotency-Key")!: "killed-mid-request"],
                body: ByteBuffer(string: PublicAPITests.bookingBody(fixture, arrival: arrival, departure: departure))
            ) { #expect($0.status == .created) }
        }
    }

    @Test(arguments: TestDatabase.available)
    func aRefusedBookingLeavesNothingButItsAnswerAndTheRetryGetsTheSameRefusal(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        try await fixture.test { client in
            let headers: HTTPFields = [HTTPField.Name("Idempotency-Key")!: "refused-0001"]
            let body = ByteBuffer(string: fixture.stayJSON(adults: 3))
            let first = try await client.execute(uri: fixture.staysPath, method: .post, headers: headers, body: body) {
                (Int($0.status.code), String(buffer: $0.body))
            }
            #expect(first.0 == 400)
            try await client.execute(uri: fixture.staysPath, method: .post, headers: headers, body: body) { response in
                #expect(Int(response.status.code) == first.0)
                #expect(String(buffer: response.body) == first.1)
            }
            #expect(try await fixture.storedStayCount() == 0)
        }
    }

    @Test func aMalformedKeyIsRefused() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test { client in
            try await client.execute(
                uri: fixture.staysPath, method: .post, headers: [HTTPField.Name("Idempotency-Key")!: "short"],
                body: ByteBuffer(string: fixture.stayJSON())
            ) { response in
                #expect(response.status == .badRequest)
                #expect(response.error?.error.field == "Idempotency-Key")
            }
            #expect(try await fixture.storedStayCount() == 0)
        }
    }
}
