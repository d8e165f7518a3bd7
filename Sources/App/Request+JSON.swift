import Foundation
import Hummingbird

extension Request {
    /// The version in an `If-Match` header (`"3"`, `W/"3"` or `3`); nil when there is none.
    func ifMatchVersion() throws -> Int? {
        guard let header = headers[.ifMatch] else { return nil }
        let digits = header.replacingOccurrences(of: "W/", with: "").trimmingCharacters(
            in: CharacterSet(charactersIn: "\" "))
        guard let version = Int(digits) else {
            throw APIError(
                .badRequest, code: "invalid", "If-Match must be the ETag you were given, like \"3\"", field: "If-Match")
        }
        return version
    }

    /// The largest JSON body the API reads.
    static let maximumJSONBytes = 1 << 20

    /// Decodes a JSON body, letting a `DecodingError` through so the error names the field (Hummingbird's
    /// own decoding folds it into a plain 400); a body over the limit is refused with 413.
    func decodeJSON<Value: Decodable>(as type: Value.Type, context: some RequestContext) async throws -> Value {
        guard let value = try await decodeJSONIfPresent(as: type, context: context) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "the body is empty"))
        }
        return value
    }

    /// The same, but an empty body is nil (actions whose options are all optional).
    func decodeJSONIfPresent<Value: Decodable>(as type: Value.Type, context: some RequestContext) async throws -> Value?
    {
        let buffer: ByteBuffer
        do {
            buffer = try await body.collect(upTo: Self.maximumJSONBytes)
        } catch {
            throw HTTPError(.contentTooLarge, message: "the body is larger than \(Self.maximumJSONBytes) bytes")
        }
        guard buffer.readableBytes > 0 else { return nil }
        return try JSONDecoder().decode(Value.self, from: Data(buffer: buffer))
    }
}
