import App
import Foundation
import Hummingbird
import HummingbirdTesting
import StorageTesting
import Testing

@Suite(.closesItsStores)
struct MetricsAPITests {
    @Test func metricsCountRequestsByRoutePatternAndStatusInPrometheusText() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test(configuration: ServerConfiguration(metricsToken: "scrape-token")) { client in
            try await client.execute(uri: "/healthz", method: .get)
            try await client.execute(uri: "/api/v1/stays/987654", method: .get) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/api/v1/stays/987655", method: .get)
            let text = try await client.execute(
                uri: "/metrics", method: .get, headers: [.authorization: "Bearer scrape-token"]
            ) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
                return String(buffer: response.body)
            }
            let lines = Set(text.split(separator: "\n").map(String.init))
            #expect(lines.contains(#"http_requests_total{method="GET",route="/healthz",status="200"} 1"#))
            // One series for every stay id: the route's pattern, not its path.
            #expect(lines.contains(#"http_requests_total{method="GET",route="/api/v1/stays/{id}",status="404"} 2"#))
            #expect(lines.contains(#"http_request_duration_seconds_count{method="GET",route="/healthz"} 1"#))
            #expect(lines.contains("frontdesk_event_stream_clients 0.0"))
            #expect(!text.contains("987654"))
        }
    }

    @Test func metricsAskForTheInstallationsTokenAndAreNotServedWithoutOne() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test(configuration: ServerConfiguration(metricsToken: "scrape-token")) { client in
            for header in [nil, "Bearer scrape-toke", "Bearer scrape-token2", "Basic scrape-token"] {
                try await client.execute(
                    uri: "/metrics", method: .get, headers: header.map { [.authorization: $0] } ?? [:]
                ) { #expect($0.status == .unauthorized, "\(header ?? "no header")") }
            }
        }
        let unconfigured = try await APIFixture.make()
        try await unconfigured.test { client in
            try await client.execute(uri: "/metrics", method: .get, headers: [.authorization: "Bearer x"]) {
                #expect($0.status == .notFound)
            }
        }
    }
}
