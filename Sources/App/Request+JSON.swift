import Booking
import Foundation
import Hummingbird

extension Request {
    /// The version in an `If-Match` header (`"3"`, `W/"3"` or `3`); nil when there is none or it is
    /// `*` (any version). A tag that is not one of ours can match no version: it gives -1, which
    /// the change then refuses as stale (412), as RFC 9110 says of any tag that does not match.
    func ifMatchVersion() -> Int? {
        guard let header = headers[.ifMatch]?.trimmingCharacters(in: .whitespaces) else { return nil }
        if header == "*" { return nil }
        let digits = header.replacingOccurrences(of: "W/", with: "").trimmingCharacters(
            in: CharacterSet(charactersIn: "\" "))
        guard let version = Int(digits), version >= 0 else { return -1 }
        return version
    }

    /// The largest JSON body the API reads.
    static let maximumJSONBytes = 1 << 20

    /// The whole body, refused with 413 past `maximumJSONBytes` (`what` names it in the refusal).
    func collectBody(_ what: String = "the body") async throws -> ByteBuffer {
        do {
            return try await body.collect(upTo: Self.maximumJSONBytes)
        } catch {
            throw HTTPError(.contentTooLarge, message: "\(what) is larger than \(Self.maximumJSONBytes) bytes")
        }
    }

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
        let buffer = try await collectBody()
        guard buffer.readableBytes > 0 else { return nil }
        // A browser sends text/plain or a form from another site's page without asking first: JSON
        // is taken only as JSON.
        if let type = headers[.contentType]?.lowercased(),
            !(type.hasPrefix("application/json") || type.split(separator: ";").first?.hasSuffix("+json") == true)
        {
            throw APIError(
                .unsupportedMediaType, code: "unsupported_media_type", "send the body as application/json",
                field: "Content-Type")
        }
        let data = Data(buffer: buffer)
        if let field = Self.fieldHoldingNUL(in: data) {
            throw DomainError.invalid(field, "must not contain NUL characters")
        }
        return try JSONDecoder().decode(Value.self, from: data)
    }

    /// The path of a JSON string (or key) with a NUL in it (`guest.name`), or nil: no text the API
    /// stores may hold one (PostgreSQL refuses it, SQLite cuts the text there). JSON can only carry a
    /// NUL escaped, so bodies without `\u0000` are not parsed twice.
    static func fieldHoldingNUL(in data: Data) -> String? {
        guard data.range(of: Data(#"\u0000"#.utf8)) != nil,
            let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        else { return nil }
        func find(_ value: Any, _ path: String) -> String? {
            switch value {
            case let text as String:
                return text.contains("\u{0}") ? path : nil
            case let object as [String: Any]:
                for (key, member) in object {
                    let inner = path.isEmpty ? key : "\(path).\(key)"
                    if key.contains("\u{0}") { return inner }
                    if let found = find(member, inner) { return found }
                }
                return nil
            case let array as [Any]:
                for (index, element) in array.enumerated() {
                    if let found = find(element, "\(path)[\(index)]") { return found }
                }
                return nil
            default:
                return nil
            }
        }
        // A key with a NUL is named with the NUL written out, not echoed.
        return find(json, "").map { $0.isEmpty ? "body" : $0.replacingOccurrences(of: "\u{0}", with: "\\u0000") }
    }
}
