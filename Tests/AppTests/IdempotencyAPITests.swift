import App
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Storage
import Testing

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

    @Test func concurrentRetriesOfAnUnassignedBookingBookOnce() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test { client in
            let body = #"""
                {"roomTypeId": \#(fixture.roomType.id), "arrival": "2026-12-01", "departure": "2026-12-02", "adults": 1,
                 "guest": {"name": "Ann Lee"}}
                """#
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<20 {
                    group.addTask {
                        try await client.execute(
                            uri: fixture.staysPath, method: .post,
                            headers: [HTTPField.Name("Idempotency-Key")!: "double-tap-0001"],
                            body: ByteBuffer(string: body)
                        ) { Int($0.status.code) }
                    }
                }
                var statuses: [Int] = []
                for try await status in group { statuses.append(status) }
                return statuses
            }
            #expect(Set(statuses).isSubset(of: [201, 409]), "\(statuses)")
            #expect(statuses.contains(201))
            #expect(try await fixture.storedStayCount() == 1)
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
