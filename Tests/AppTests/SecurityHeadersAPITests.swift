import App
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StorageTesting
import Testing

@Suite(.closesItsStores)
struct SecurityHeadersAPITests {
    /// The repository's web app, served as `frontdesk serve` serves it.
    static let webRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Web").path

    @Test func everyAnswerKeepsItsPageFromOtherSitesFramesScriptsAndSniffing() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test(configuration: ServerConfiguration(webRoot: Self.webRoot)) { client in
            for uri in [
                "/", "/desk/", "/desk/app.js", "/healthz", "/api/v1/session", "/api/v1/stays/98765", "/nowhere",
            ] {
                try await client.execute(uri: uri, method: .get) { response in
                    let policy = response.headers[.contentSecurityPolicy] ?? ""
                    #expect(policy.contains("frame-ancestors 'none'"), "\(uri)")
                    #expect(policy.contains("script-src 'self' 'wasm-unsafe-eval'"), "\(uri)")
                    #expect(!policy.contains(" 'unsafe-eval'"), "\(uri)")
                    #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == "DENY", "\(uri)")
                    #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(uri)")
                    #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "same-origin", "\(uri)")
                    #expect(response.headers[.strictTransportSecurity] == nil, "\(uri): no HTTPS configured")
                }
            }
        }
    }

    @Test func guestsAndStaffsDataIsNeverKeptByABrowserOrAProxy() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test(configuration: ServerConfiguration(webRoot: Self.webRoot)) { client in
            let stay = try await fixture.storedStay()
            for uri in [
                "/api/v1/session", "/api/v1/stays/\(stay.id)", "/api/v1/properties/\(fixture.property.id)/today",
                "/api/v1/public/bookings/\(stay.confirmationCode)?email=ann%40example.com", "/api/v1/stays/98765",
            ] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.headers[.cacheControl] == "no-store", "\(uri) (\(response.status))")
                }
            }
            // What is the same for everyone keeps the caching its route chose.
            try await client.execute(
                uri: "/api/v1/public/properties/\(fixture.property.id)/map.svg", method: .get
            ) { #expect(response(is: $0, cachedFor: "public, max-age=3600")) }
        }
    }

    @Test func overHTTPSTheSessionCookieIsSecureAndBrowsersAreToldToStayOnHTTPS() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test(as: nil, configuration: ServerConfiguration(https: true)) { client in
            try await client.execute(
                uri: "/api/v1/session", method: .post,
                body: ByteBuffer(string: #"{"email": "manager@example.com", "password": "\#(APIFixture.password)"}"#)
            ) { response in
                #expect(response.status == .ok)
                let cookie = response.headers[.setCookie] ?? ""
                #expect(cookie.contains("Secure"))
                #expect(cookie.contains("HttpOnly"))
                #expect(response.headers[.strictTransportSecurity] == "max-age=31536000")
            }
        }
        let plain = try await APIFixture.make()
        try await plain.test(as: nil) { client in
            try await client.execute(
                uri: "/api/v1/session", method: .post,
                body: ByteBuffer(string: #"{"email": "manager@example.com", "password": "\#(APIFixture.password)"}"#)
            ) { #expect(!($0.headers[.setCookie] ?? "").contains("Secure")) }
        }
    }

    private func response(is response: TestResponse, cachedFor value: String) -> Bool {
        response.status == .ok && response.headers[.cacheControl] == value
    }
}
