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
        } catch let error as APIError {
            return Self.response(error.status, code: error.code, error.message, field: error.field)
        } catch let error as DomainError {
            return Self.response(
                Self.status(of: error.code), code: error.code.rawValue, error.message, field: error.field)
        } catch let error as DecodingError {
            let (message, field) = Self.describe(error)
            return Self.response(.badRequest, code: "invalid", message, field: field)
        } catch let error as HTTPError {
            let message = error.body ?? error.status.reasonPhrase
            let code =
                error.status == .contentTooLarge
                ? "too_large" : error.status == .badRequest ? "invalid" : "http_\(error.status.code)"
            return Self.response(error.status, code: code, message, field: nil)
        } catch {
            context.logger.error(
                "unexpected error: \(String(reflecting: error))", metadata: ["path": "\(request.uri.path)"])
            return Self.response(
                .internalServerError, code: "internal", "something went wrong on the server", field: nil)
        }
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
        let body = ErrorBody(error: .init(code: code, message: message, field: field))
        let data = (try? JSONEncoder().encode(body)) ?? Data("{}".utf8)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
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
