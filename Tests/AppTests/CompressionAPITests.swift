import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import StorageTesting
import Testing

@testable import App

/// Answers go out gzipped to a client that accepts gzip, and plain to one that does not.
@Suite(.closesItsStores)
struct CompressionAPITests {
    static let gzip: HTTPFields = [.acceptEncoding: "gzip, deflate, br"]

    static func gunzipped(_ body: ByteBuffer) throws -> String {
        var body = body
        return String(buffer: try body.decompress(with: .gzip()))
    }

    /// The same text, or the same JSON (whose objects' keys may come in another order each time).
    static func same(_ one: String, _ other: String) throws -> Bool {
        if one == other { return true }
        let parse = { (text: String) in try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSObject }
        guard let first = try parse(one), let second = try parse(other) else { return false }
        return first.isEqual(second)
    }

    @Test func aPageItsModulesAndTheAPIsJSONGoOutGzippedAndReadTheSameUnzipped() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test(configuration: ServerConfiguration(webRoot: SecurityHeadersAPITests.webRoot)) {
            client in
            // The board is kept gzipped with the board (`HotelBoard.gzippedBody`); the others are gzipped as sent.
            for uri in [
                "/desk/", "/desk/app.js", "/openapi.json", "/api/v1/properties/\(fixture.property.id)",
                "/api/v1/properties/\(fixture.property.id)/board",
            ] {
                let plain = try await client.execute(uri: uri, method: .get) { $0 }
                #expect(plain.status == .ok, "\(uri)")
                #expect(plain.headers[.contentEncoding] == nil, "\(uri): asked for no encoding")
                #expect(plain.headers[.vary]?.contains("Accept-Encoding") == true, "\(uri)")
                let zipped = try await client.execute(uri: uri, method: .get, headers: Self.gzip) { $0 }
                #expect(zipped.status == .ok, "\(uri)")
                #expect(zipped.headers[.contentEncoding] == "gzip", "\(uri)")
                #expect(zipped.headers[.vary]?.contains("Accept-Encoding") == true, "\(uri)")
                #expect(zipped.body.readableBytes < plain.body.readableBytes, "\(uri)")
                #expect(try Self.same(Self.gunzipped(zipped.body), String(buffer: plain.body)), "\(uri)")
            }
        }
    }

    @Test func aClientThatRefusesGzipOrAsksForAPartGetsThePlainBytes() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test(configuration: ServerConfiguration(webRoot: SecurityHeadersAPITests.webRoot)) {
            client in
            for headers: HTTPFields in [
                [.acceptEncoding: "gzip;q=0, identity"], [.acceptEncoding: "br"],
                [.acceptEncoding: "gzip", .range: "bytes=0-99"],
            ] {
                try await client.execute(uri: "/desk/app.js", method: .get, headers: headers) { response in
                    #expect(response.headers[.contentEncoding] == nil, "\(headers)")
                }
            }
            // A small answer is not worth a compressor.
            try await client.execute(uri: "/healthz", method: .get, headers: Self.gzip) { response in
                #expect(response.headers[.contentEncoding] == nil)
            }
        }
    }

    @Test func aBrowsersGzippedCopyOfAFileIsStillAnswered304() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test(configuration: ServerConfiguration(webRoot: SecurityHeadersAPITests.webRoot)) {
            client in
            let first = try await client.execute(uri: "/desk/app.js", method: .get, headers: Self.gzip) { $0 }
            let tag = try #require(first.headers[.eTag])
            #expect(tag.hasPrefix("W/"), "a file's tag names the file, not its bytes")
            var again = Self.gzip
            again[.ifNoneMatch] = tag
            try await client.execute(uri: "/desk/app.js", method: .get, headers: again) { response in
                #expect(response.status == .notModified)
            }
        }
    }

    @Test func acceptEncodingIsReadAsRFC9110Says() {
        typealias Compression = CompressionMiddleware<AppRequestContext>
        #expect(Compression.acceptsGzip(["gzip"]))
        #expect(Compression.acceptsGzip(["deflate, gzip;q=0.5"]))
        #expect(Compression.acceptsGzip(["*"]))
        #expect(Compression.acceptsGzip(["br", "GZIP ; q=1"]))
        #expect(!Compression.acceptsGzip([]))
        #expect(!Compression.acceptsGzip(["gzip;q=0"]))
        #expect(!Compression.acceptsGzip(["gzip; q=0.000"]))
        #expect(!Compression.acceptsGzip(["identity, br"]))
        #expect(Compression.compressible("application/json; charset=utf-8"))
        #expect(Compression.compressible("text/html"))
        #expect(!Compression.compressible("text/event-stream"))
        #expect(!Compression.compressible("image/png"))
        #expect(!Compression.compressible(nil))
        #expect(Compression.varying(["Origin"]) == ["Origin", "Accept-Encoding"])
        #expect(Compression.varying(["accept-encoding"]) == ["accept-encoding"])
    }
}
