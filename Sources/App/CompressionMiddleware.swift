import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Sends text answers gzipped to a client that accepts gzip (`Accept-Encoding`, RFC 9110 §12.5.3): the
/// API's JSON, the pages, their modules and style sheets, SVG, CSV, the board engine's WebAssembly. A guest's
/// phone on a slow network waits for bytes, not for the server's CPU.
///
/// Left as they are: answers of a few bytes (below `minimumBytes`), already-encoded ones, images and other
/// compressed types, a part of a file (`Range`), an upgrade to the live event stream (a WebSocket), and an
/// answer marked `no-transform`. Every answer of a compressible type says `Vary: Accept-Encoding`, so that
/// a cache keeps the gzipped and the plain apart. Entity tags are left as they are: a file's is already weak
/// (it names the file, not these bytes, so a browser's gzipped copy is still answered 304), and the API's
/// name a record's version, which `If-Match` compares whatever the encoding.
///
/// The body is compressed as it is written, never held whole: the 2,000-room board streams out in chunks.
struct CompressionMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Below this, gzip's header and a compressor cost more than they save (and fit in one packet anyway).
    static var minimumBytes: Int { 1_024 }

    /// zlib's level 3: the fastest of its levels that still finds most repetition in JSON (about 5 to 8
    /// times smaller); higher levels cost the API's CPU more than they save a phone's wait.
    static var level: ZlibConfiguration.CompressionLevel { .compressionLevel3 }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var response = try await next(request, context)
        guard Self.compressible(response.headers[.contentType]) else { return response }
        response.headers[values: .vary] = Self.varying(response.headers[values: .vary])
        guard Self.acceptsGzip(request.headers[values: .acceptEncoding]), Self.worthCompressing(request, response)
        else { return response }
        response.headers[.contentEncoding] = "gzip"
        response.headers[.contentLength] = nil
        let body = response.body
        response.body = ResponseBody { writer in
            try await body.write(try GzipWriter(writer, level: Self.level))
        }
        return response
    }

    /// `buffer` gzipped whole, for an answer kept and sent many times (a hotel's board).
    static func gzipped(_ buffer: ByteBuffer) throws -> ByteBuffer {
        var buffer = buffer
        return try buffer.compress(with: .gzip(configuration: .init(compressionLevel: level)))
    }

    /// Whether `Accept-Encoding` accepts gzip: named (or `*`) and not with `q=0`.
    static func acceptsGzip(_ values: [String]) -> Bool {
        for coding in values.flatMap({ $0.split(separator: ",") }) {
            let parts = coding.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let name = parts.first, name == "gzip" || name == "x-gzip" || name == "*" else { continue }
            let refused = parts.dropFirst().contains { parameter in
                guard parameter.hasPrefix("q=") else { return false }
                return (Double(parameter.dropFirst(2)) ?? 1) <= 0
            }
            if !refused { return true }
        }
        return false
    }

    /// The types that shrink: text, JSON, JavaScript, XML, SVG, the web app's manifest, WebAssembly.
    static func compressible(_ contentType: String?) -> Bool {
        guard let type = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        else { return false }
        if type.hasPrefix("text/") { return type != "text/event-stream" }
        return [
            "application/json", "application/javascript", "application/xml", "image/svg+xml",
            "application/manifest+json", "application/wasm", "application/problem+json", "application/yaml",
        ].contains(type)
    }

    /// Whether this answer, of a compressible type, is worth compressing for this request.
    static func worthCompressing(_ request: Request, _ response: Response) -> Bool {
        guard request.method != .head, response.status.code >= 200, response.status != .noContent,
            response.status != .notModified, response.status != .partialContent,
            request.headers[.range] == nil, response.headers[.contentEncoding] == nil
        else { return false }
        if let control = response.headers[.cacheControl], control.lowercased().contains("no-transform") {
            return false
        }
        if let length = response.body.contentLength, length < minimumBytes { return false }
        return true
    }

    /// `Vary` with `Accept-Encoding` added once.
    static func varying(_ values: [String]) -> [String] {
        let named = values.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        if named.contains(where: { $0 == "*" || $0.lowercased() == "accept-encoding" }) { return values }
        return values + ["Accept-Encoding"]
    }
}

/// Writes a body gzipped to the writer underneath, one chunk at a time, and ends the gzip stream when the
/// body ends.
private struct GzipWriter: ResponseBodyWriter {
    var parent: any ResponseBodyWriter
    let compressor: ZlibCompressor
    var window: ByteBuffer

    init(_ parent: any ResponseBodyWriter, level: ZlibConfiguration.CompressionLevel) throws {
        self.parent = parent
        self.compressor = try ZlibCompressor(algorithm: .gzip, configuration: .init(compressionLevel: level))
        self.window = ByteBufferAllocator().buffer(capacity: 64 * 1_024)
    }

    mutating func write(_ buffer: ByteBuffer) async throws {
        try await send(buffer, flush: .no)
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
        try await send(ByteBuffer(), flush: .finish)
        try await parent.finish(trailingHeaders)
    }

    /// Compresses `input` into the window, and sends each window it fills (all that is left, at the end).
    private mutating func send(_ input: ByteBuffer, flush: CompressNIOFlush) async throws {
        var input = input
        var out: [ByteBuffer] = []
        try input.compressStream(with: compressor, window: &window, flush: flush) { out.append($0) }
        for chunk in out { try await parent.write(chunk) }
    }
}
