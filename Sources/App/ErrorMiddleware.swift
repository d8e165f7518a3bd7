import API
import Booking
import Foundation
import Hummingbird
import OpenAPIRuntime
import Storage

/// The body of every refusal, `{"error": {"code", "message", "field"}}`: the document's `Error`.
typealias ErrorBody = Components.Schemas._Error

/// Turns whatever a route throws into a status and the one error body clients read: the domain's
/// refusals into 4xx, malformed JSON into 400 naming the field, a database too busy to answer in time
/// into 503, and anything unexpected into a 500 that is logged and says nothing of the internals.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch {
            return Self.response(for: error, request: request, context: context)
        }
    }

    /// How long a client is asked to wait when no database connection came free in time.
    static var busyRetrySeconds: Int { 5 }

    /// The response for anything a route throws; what is not a refusal is logged. A request that waited its
    /// whole time for a database connection is told to come back (503, `Retry-After`).
    static func response(for error: any Error, request: Request, context: Context) -> Response {
        let (status, body) = refusal(for: error)
        if status == .serviceUnavailable {
            var response = json(status, body: encode(body))
            response.headers[.retryAfter] = String(Self.busyRetrySeconds)
            return response
        }
        if status == .internalServerError {
            let underlying = (error as? ServerError)?.underlyingError ?? error
            context.logger.error(
                "unexpected error: \(underlying.databaseDiagnosis ?? String(reflecting: error))",
                metadata: ["path": "\(request.uri.path)"])
        }
        return json(status, body: encode(body))
    }

    /// The status and error body for anything a route or an operation throws.
    static func refusal(for error: any Error) -> (HTTPResponse.Status, ErrorBody) {
        func body(_ code: String, _ message: String, _ field: String?) -> ErrorBody {
            ErrorBody(error: .init(code: code, message: message, field: field))
        }
        switch error {
        case let error as ServerError:
            // What an operation threw is under the generated code's wrapping; what the generated code
            // refused itself (a missing parameter, another content type) carries its own status.
            switch error.underlyingError {
            case is APIError, is DomainError, is DecodingError, is HTTPError, is ServerError:
                return refusal(for: error.underlyingError)
            default:
                guard error.httpStatus.code < 500 else { return refusal(for: error.underlyingError) }
                return (
                    error.httpStatus,
                    body(Self.code(of: error.httpStatus), error.causeDescription, Self.field(named: error))
                )
            }
        case let error as APIError:
            return (error.status, body(error.code, error.message, error.field))
        case let error as DomainError:
            return (
                Self.status(of: error.code),
                ErrorBody(
                    error: .init(
                        code: error.code.rawValue, message: error.message, field: error.field,
                        reason: error.reason.flatMap { .init(rawValue: $0.code) },
                        params: error.params.isEmpty ? nil : .init(additionalProperties: error.params)))
            )
        case let error as DecodingError:
            let (message, field) = Self.describe(error)
            var refusal = body("invalid", message, field)
            // A field left out or sent empty (null) is one left empty, in words a client has.
            switch error {
            case .keyNotFound, .valueNotFound: refusal.error.reason = .init(rawValue: Refusal.textRequired.code)
            default: break
            }
            return (.badRequest, refusal)
        case let error as HTTPError:
            return (error.status, body(Self.code(of: error.status), error.body ?? error.status.reasonPhrase, nil))
        case let error where error.isDatabaseBusy:
            return (.serviceUnavailable, body("busy", "the server is busy: try again in a few seconds", nil))
        default:
            return (.internalServerError, body("internal", "something went wrong on the server", nil))
        }
    }

    static func code(of status: HTTPResponse.Status) -> String {
        switch status {
        case .contentTooLarge: "too_large"
        case .badRequest: "invalid"
        case .notFound: "not_found"
        case .unsupportedMediaType: "unsupported_media_type"
        default: "http_\(status.code)"
        }
    }

    /// The parameter or header a refusal of the generated code names (`… named: days`, `… named
    /// 'If-Match' …`), or `Content-Type` when that was refused.
    private static func field(named error: ServerError) -> String? {
        if error.httpStatus == .unsupportedMediaType { return "Content-Type" }
        guard let match = error.causeDescription.firstMatch(of: /named:? '?([A-Za-z][A-Za-z-]*)'?/) else {
            return nil
        }
        return String(match.1)
    }

    /// Sorted keys: the same refusal is the same bytes every time (a wrong email and an unknown
    /// confirmation code must not be told apart by the order of their fields).
    static func encode(_ body: ErrorBody) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(body)) ?? Data("{}".utf8)
    }

    /// A JSON response from encoded bytes.
    static func json(_ status: HTTPResponse.Status, body: Data) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    static func status(of code: DomainError.Code) -> HTTPResponse.Status {
        switch code {
        case .invalid: .badRequest
        case .notFound: .notFound
        case .conflict: .conflict
        case .notAllowed: .unprocessableContent
        case .stale: .preconditionFailed
        case .forbidden: .forbidden
        }
    }

    static func response(_ status: HTTPResponse.Status, code: String, _ message: String, field: String?) -> Response {
        json(status, body: encode(ErrorBody(error: .init(code: code, message: message, field: field))))
    }

    /// A decoding failure in words, with the JSON path of the field (`guest.name`).
    static func describe(_ error: DecodingError) -> (String, String?) {
        func path(_ codingPath: [any CodingKey]) -> String? {
            let keys = codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? nil : keys.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let field = path(context.codingPath + [key])
            return ("\(field ?? key.stringValue) is required", field)
        case .typeMismatch(let type, let context):
            return ("expected \(Self.jsonName(of: type))", path(context.codingPath))
        case .valueNotFound(let type, let context):
            return ("expected \(Self.jsonName(of: type)), got null", path(context.codingPath))
        case .dataCorrupted(let context):
            let field = path(context.codingPath)
            let underlying = context.underlyingError.map { _ in "the body is not valid JSON" }
            return (field == nil ? underlying ?? context.debugDescription : context.debugDescription, field)
        @unknown default:
            return ("the body could not be read", nil)
        }
    }

    private static func jsonName(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default: "an object or a list"
        }
    }
}
