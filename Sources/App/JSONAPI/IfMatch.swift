import Foundation

/// What an `If-Match` header asks for: nothing (none sent), any version (`*`), or one version
/// (`"3"`, `W/"3"` or `3`). A tag that is not one of ours can match no version: it asks for -1,
/// which the change then refuses as stale (412), as RFC 9110 says of any tag that does not match.
enum IfMatch: Equatable {
    case absent
    case any
    case version(Int)

    init(_ header: String?) {
        guard let header = header?.trimmingCharacters(in: .whitespaces) else {
            self = .absent
            return
        }
        if header == "*" {
            self = .any
            return
        }
        let digits = header.replacingOccurrences(of: "W/", with: "").trimmingCharacters(
            in: CharacterSet(charactersIn: "\" "))
        guard let version = Int(digits), version >= 0 else {
            self = .version(-1)
            return
        }
        self = .version(version)
    }

    /// The version a change must find, or nil for any.
    var expectedVersion: Int? {
        if case .version(let version) = self { version } else { nil }
    }

    /// The version an edit must find: an edit without `If-Match` is refused (428), so that it never
    /// overwrites one made meanwhile; `*` says the client means to overwrite whatever is there.
    func requiredForEdit(of what: String) throws -> Int? {
        guard self != .absent else {
            throw APIError(
                .preconditionRequired, code: "precondition_required",
                "send If-Match with the \(what)'s ETag, so that an edit never overwrites one made meanwhile",
                field: "If-Match")
        }
        return expectedVersion
    }
}
