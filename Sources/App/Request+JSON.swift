import Booking
import Foundation
import Hummingbird

extension Request {
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
