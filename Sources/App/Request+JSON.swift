import Foundation
import Hummingbird

extension Request {
    /// The largest JSON body the API reads.
    static let maximumJSONBytes = 1 << 20

    /// Decodes a JSON body, letting a `DecodingError` through so the error names the field (Hummingbird's
    /// own decoding folds it into a plain 400); a body over the limit is refused with 413.
    func decodeJSON<Value: Decodable>(as type: Value.Type, context: some RequestContext) async throws -> Value {
        let buffer: ByteBuffer
        do {
            buffer = try await body.collect(upTo: Self.maximumJSONBytes)
        } catch {
            throw HTTPError(.contentTooLarge, message: "the body is larger than \(Self.maximumJSONBytes) bytes")
        }
        guard buffer.readableBytes > 0 else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "the body is empty"))
        }
        return try JSONDecoder().decode(Value.self, from: Data(buffer: buffer))
    }
}
