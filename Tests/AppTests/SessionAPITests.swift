import App
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StorageTesting
import Testing

@Suite(.closesItsStores)
struct SessionAPITests {
    @Test func theAPIRefusesRequestsWithoutASession() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test(as: nil) { client in
            try await client.execute(uri: "/api/v1/properties", method: .get) { response in
                #expect(response.status == .unauthorized)
                #expect(response.error?.error.code == "unauthorized")
            }
            try await client.execute(
                uri: fixture.staysPath, method: .post, body: ByteBuffer(string: fixture.stayJSON())
            ) {
                #expect($0.status == .unauthorized)
            }
            #expect(try await fixture.storedStayCount() == 0)
        }
    }

    @Test func aWrongPasswordOrAnUnknownEmailIs401() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test(as: nil) { client in
            for body in [
                #"{"email": "manager@example.com", "password": "wrong password"}"#,
                #"{"email": "nobody@example.com", "password": "correct horse"}"#,
            ] {
                try await client.execute(uri: "/api/v1/session", method: .post, body: ByteBuffer(string: body)) {
                    #expect($0.status == .unauthorized)
                    #expect($0.headers[.setCookie] == nil)
                }
            }
        }
    }

    @Test func theSessionCookieIsHttpOnlyAndSameSite() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test(as: nil) { client in
            try await client.execute(
                uri: "/api/v1/session", method: .post,
                body: ByteBuffer(string: #"{"email": "MANAGER@example.com", "password": "correct horse"}"#)
            ) { response in
                #expect(response.status == .ok)
                let cookie = response.headers[.setCookie] ?? ""
                #expect(cookie.hasPrefix("frontdesk_session="))
                #expect(cookie.contains("HttpOnly"))
                #expect(cookie.contains("SameSite=Lax"))
                #expect(String(buffer: response.body).contains("\"role\":\"manager\""))
            }
        }
    }

    @Test func viewersReadButCannotChangeAnything() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test(as: .viewer) { client in
            try await client.execute(uri: "/api/v1/properties", method: .get) { #expect($0.status == .ok) }
            try await client.execute(
                uri: fixture.staysPath, method: .post, body: ByteBuffer(string: fixture.stayJSON())
            ) {
                response in
                #expect(response.status == .forbidden)
                #expect(response.error?.error.code == "forbidden")
            }
            #expect(try await fixture.storedStayCount() == 0)
        }
    }

    @Test func signingOutEndsTheSession() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test(as: .manager) { client in
            try await client.execute(uri: "/api/v1/session", method: .get) { response in
                #expect(String(buffer: response.body).contains("manager@example.com"))
            }
            try await client.execute(uri: "/api/v1/session", method: .delete) { #expect($0.status == .noContent) }
            try await client.execute(uri: "/api/v1/session", method: .get) { #expect($0.status == .unauthorized) }
        }
    }
}

@Suite(.closesItsStores)
struct SessionEdgeTests {
    @Test func aViewerCanSignOut() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test(as: .viewer) { client in
            try await client.execute(uri: "/api/v1/session", method: .delete) { #expect($0.status == .noContent) }
        }
    }

    @Test func anUnknownPathIsANotFoundInTheUsualShape() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test { client in
            try await client.execute(uri: "/api/v1/nothing-here", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.error?.error.code == "not_found")
            }
        }
    }

    @Test func anOversizedBodyWithAnIdempotencyKeyIs413() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test { client in
            var headers = HTTPFields()
            headers[HTTPField.Name("Idempotency-Key")!] = "big-body-0001"
            try await client.execute(
                uri: fixture.staysPath, method: .post, headers: headers,
                body: ByteBuffer(string: String(repeating: "x", count: 2 << 20))
            ) { response in
                #expect(response.status == .contentTooLarge)
                #expect(response.error?.error.code == "too_large")
            }
        }
    }
}
