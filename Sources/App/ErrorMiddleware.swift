import Booking
import Foundation
import Hummingbird

/// The body of every refusal: `{"error": {"code", "message", "field"}}`.
struct ErrorBody: Codable {
    struct Detail: Codable {
        var code: String
        var message: String
        var field: String?
    }

    var error: Detail
}

/// Turns whatever a route throws into a status and the one error body clients read: the domain's
/// refusals into 4xx, malformed JSON into 400 naming the field, and anything unexpected into a 500
/// that is logged and says nothing of the internals.
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

    /// The response for anything a route throws.
    static func response(for error: any Error, request: Request, context: Context) -> Response {
        let (status, body) = refusal(for: error, request: request, context: context)
        return json(status, body: encode(body))
    }

    /// The status and error body for anything a route throws.
    static func refusal(for error: any Error, request: Request, context: Context) -> (HTTPResponse.Status, ErrorBody) {
        func body(_ code: String, _ message: String, _ field: String?) -> ErrorBody {
            ErrorBody(error: .init(code: code, message: message, field: field))
        }
        switch error {
        case let error as APIError:
            return (error.status, body(error.code, error.message, error.field))
        case let error as DomainError:
            return (Self.status(of: error.code), body(error.code.rawValue, error.message, error.field))
        case let error as DecodingError:
            let (message, field) = Self.describe(error)
            return (.badRequest, body("invalid", message, field))
        case let error as HTTPError:
            let code =
                switch error.status {
                case .contentTooLarge: "too_large"
                case .badRequest: "invalid"
                case .notFound: "not_found"
                default: "http_\(error.status.code)"
                }
            return (error.status, body(code, error.body ?? error.status.reasonPhrase, nil))
        default:
            context.logger.error(
                "unexpected error: \(String(reflecting: error))", metadata: ["path": "\(request.uri.path)"])
            return (.internalServerError, body("internal", "something went wrong on the server", nil))
        }
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
