/// A rule of the domain refused something, or input was not acceptable.
///
/// It crosses module boundaries as a struct with a code (the swift-service-lifecycle pattern): the
/// server maps the code to an HTTP status and passes `message` and `field` on to the client.
public struct DomainError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Code: String, Equatable, Sendable {
        /// Input that can never be right (a malformed date, zero nights, a negative amount).
        case invalid = "invalid"
        /// Something named does not exist.
        case notFound = "not_found"
        /// Something in the way: another stay in the room, a stale version, a taken key.
        case conflict = "conflict"
        /// A state change the rules do not allow now (check-out with an open balance).
        case notAllowed = "not_allowed"
        /// The change was made against an older version than the one stored.
        case stale = "stale"
        /// A rule of who may do what: a change only a manager may make.
        case forbidden = "forbidden"
    }

    public var code: Code
    public var message: String
    /// The input field concerned, as the client named it, if one is.
    public var field: String?
    /// Which rule refused, for a client to word in its own language (`stay.arrivalPassed`), with what
    /// the words need (`params`: dates as `YYYY-MM-DD`, amounts in minor units with `currency`).
    /// `message` says the same in English.
    public var reason: Refusal?
    public var params: [String: String]

    public init(
        _ code: Code, _ message: String, field: String? = nil, reason: Refusal? = nil, params: [String: String] = [:]
    ) {
        self.code = code
        self.message = message
        self.field = field
        self.reason = reason
        self.params = params
    }

    public static func invalid(
        _ field: String, _ message: String, reason: Refusal? = nil, params: [String: String] = [:]
    ) -> DomainError {
        DomainError(.invalid, message, field: field, reason: reason, params: params)
    }

    /// A number outside the range the domain allows for a field.
    public static func outOfRange(_ field: String, _ value: some CustomStringConvertible, _ range: ClosedRange<Int>)
        -> DomainError
    {
        .invalid(
            field, "'\(value)' is not a number from \(range.lowerBound) to \(range.upperBound)", reason: .numberRange,
            params: ["min": String(range.lowerBound), "max": String(range.upperBound), "value": value.description])
    }

    public var description: String { field.map { "\($0): \(message)" } ?? message }
}
