import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import OpenAPIRuntime
import Storage

/// What every operation's request goes through before the generated code decodes it: an empty body
/// as none (so that an action whose options are all optional takes no
/// body), and no NUL in any JSON string (400 naming the field: PostgreSQL refuses one, SQLite cuts
/// the text there). `Accept` is dropped: every operation answers JSON, and the generated code would
/// refuse another `Accept` only after the operation had done its work.
struct RequestBodyMiddleware: ServerMiddleware {
    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.accept] = nil
        guard let body else { return try await next(request, nil, metadata) }
        // Read whole and bounded already, by `ServingContextMiddleware`.
        let data = try await Data(collecting: body, upTo: .max)
        guard !data.isEmpty else { return try await next(request, nil, metadata) }
        if let field = Request.fieldHoldingNUL(in: data) {
            throw DomainError.invalid(field, "must not contain NUL characters")
        }
        return try await next(request, HTTPBody(data), metadata)
    }
}

/// Writes the response headers the operations set (`ETag`, `Location`, `Set-Cookie`, …) as plain
/// HTTP header text: the generated code percent-encodes every header value it writes
/// (apple/swift-openapi-generator#857), which turns `"3"` into `%223%22` and breaks a cookie.
struct PlainHeaderValuesMiddleware: ServerMiddleware {
    static let names: [HTTPField.Name] = [.eTag, .location, .setCookie, .cacheControl, .retryAfter]

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var (response, body) = try await next(request, body, metadata)
        for name in Self.names {
            for field in response.headerFields where field.name == name && field.value.contains("%") {
                response.headerFields[name] = field.value.removingPercentEncoding ?? field.value
            }
        }
        return (response, body)
    }
}

/// Checks an operation's path and query parameters as the document declares them (type, bounds, lengths,
/// choices, pattern; for an array, how many and each one) before the generated code reads them, so that a
/// refusal names the parameter: the generated code's own refusal of a missing or mistyped parameter does not
/// say which, and it checks no bound.
struct ParameterCheckMiddleware: ServerMiddleware {
    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        try Self.check(operationID, path: { metadata.pathParameters[$0].map(String.init) }, query: request.path)
        return try await next(request, body, metadata)
    }

    /// Checks the parameters of `operationID`: those in its path by `path`, those in its query from the
    /// request's `query` (its path and query as sent). Also what the routes served by hand (a calendar
    /// feed, a photo) call.
    static func check(_ operationID: String, path: (String) -> String?, query target: String?) throws {
        let parameters = APIDocument.parameters[operationID] ?? []
        // Parsed only for an operation that takes a query: most take none.
        let query =
            parameters.contains { $0.location == .query }
            ? URLComponents(string: target ?? "")?.queryItems ?? [] : []
        for parameter in parameters {
            let given: [String] =
                switch parameter.location {
                // As the operation reads it: decoded (a token's `%E3%81%82` is one character, not nine).
                case .path: path(parameter.name).map { [$0.removingPercentEncoding ?? $0] } ?? []
                case .query: query.filter { $0.name == parameter.name }.compactMap(\.value)
                }
            guard !given.isEmpty else {
                if parameter.required { throw DomainError.invalid(parameter.name, "\(parameter.name) is required") }
                continue
            }
            // One value, the last, is what a parameter that is no array takes.
            let values = parameter.items == nil ? [given[given.count - 1]] : given
            if let items = parameter.items, !items.contains(values.count) {
                throw DomainError.invalid(
                    parameter.name, "from \(items.lowerBound) to \(items.upperBound) values, not \(values.count)")
            }
            for value in values {
                if let violation = parameter.value.violation(of: value) {
                    throw DomainError.invalid(parameter.name, violation)
                }
            }
        }
    }
}

/// Checks the body of an operation a form submits against the form's declaration before anything
/// else reads it (unknown fields ignored, as the API does), so that the form's rules (lengths,
/// choices) are the API's and its refusals say what the form says.
struct FormCheckMiddleware: ServerMiddleware {
    static let forms = ["postCharge": FormCatalog.charge, "postPayment": FormCatalog.payment]

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard let form = Self.forms[operationID], let body else { return try await next(request, body, metadata) }
        let data = try await Data(collecting: body, upTo: .max)
        let values = try JSONDecoder().decode([String: FormValue].self, from: data)
        _ = try form.validate(values, unknownKeys: .ignore)
        return try await next(request, HTTPBody(data), metadata)
    }
}

/// Decides who may make a change from its address alone, as its operation states it (`x-access`,
/// `WriteAccess`), before its body is read: another property's staff find nothing (404) and a role that
/// does not allow the work is refused (403), never told what a body they may not send would need (400).
struct WriteAccessMiddleware: ServerMiddleware {
    let access: WriteAccess<Store>

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        if let stated = APIDocument.access[operationID] {
            guard let holder = AccessHolder(rawValue: stated.holder), let work = StaffWork(rawValue: stated.work),
                let id = metadata.pathParameters[stated.parameter].flatMap({ Int($0) })
            else {
                throw APIError(
                    .internalServerError, code: "internal", "\(operationID) states an access its path cannot meet")
            }
            try await access.check(holder, id: id, work: work, by: try AppRequestContext.current.staff())
        }
        return try await next(request, body, metadata)
    }
}
