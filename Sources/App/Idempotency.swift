import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import OpenAPIRuntime
import Storage

/// Runs a booking (or a change the desk may send again) at most once per `Idempotency-Key`: the first answer (success or refusal) is
/// stored for 24 hours and sent again for a retry of the same request; the same key with another
/// body is refused (422). The key's record, the booking's writes and its answer commit in one
/// transaction (`IdempotencyRepository.once`), so a server killed half-way leaves nothing a retry
/// cannot resolve; a retry while the first is still running waits for its answer.
///
/// It wraps the whole of a booking operation as the generated code registers it (`OperationGroups`):
/// its work must run inside the key's transaction, which the database driver runs in a task of its
/// own.
struct Idempotency {
    let store: Store

    static let header = HTTPField.Name("Idempotency-Key")!

    /// The operations a key is taken for, and whether they need one: a guest's client must send
    /// one; the desk may, and does for the changes its outbox sends again after a network drop
    /// (charges, payments, reversals, room moves).
    static let operations = [
        "createStay": false, "createAppointment": false, "createPublicBooking": true, "createPublicGroupBooking": true,
        "createGroup": false, "postCharge": false,
        "postPayment": false, "postReversal": false, "moveStay": false, "bookSalonVisit": true,
        "createCustomer": false, "createSale": false, "collectSalePayment": false, "takeDeposit": false,
        "createAppointmentSeries": false, "joinSalonWaitlist": true, "addToSalonWaitlist": false,
    ]

    typealias Handler =
        @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (
            HTTPResponse, HTTPBody?
        )

    /// The operation's handler, run at most once per key.
    func wrapping(_ handler: @escaping Handler, required: Bool) -> Handler {
        { request, body, metadata in
            try await run(request, body: body, metadata: metadata, required: required, handler)
        }
    }

    private func run(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, required: Bool,
        _ handler: @escaping Handler
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard let key = request.headerFields[Self.header] else {
            if required {
                throw APIError(
                    .badRequest, code: "invalid", "send an Idempotency-Key header so that a retry cannot book twice",
                    field: "Idempotency-Key")
            }
            return try await handler(request, body, metadata)
        }
        guard (8...200).contains(key.count), key.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
            throw APIError(
                .badRequest, code: "invalid", "an Idempotency-Key is 8 to 200 visible ASCII characters",
                field: "Idempotency-Key")
        }
        // Keys are each member of staff's own; a guest's are the guest site's.
        let context = AppRequestContext.serving
        let scope = context?.user.map { "user:\($0.id)" } ?? "public"
        var read = Data()
        if let body { read = try await Data(collecting: body, upTo: Request.maximumJSONBytes) }
        let bytes = read
        let path = request.path?.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        let digest = SHA256.hash(data: Data("\(request.method) \(path)\n".utf8) + bytes)
        let hash = digest.map { String(format: "%02x", $0) }.joined()
        let outcome: IdempotencyRepository.Outcome<Answer>
        do {
            outcome = try await store.once(scope: scope, key: key, requestHash: hash) {
                // The transaction's work runs in a task of the database driver's: the context goes with it.
                try await AppRequestContext.$serving.withValue(context) {
                    do {
                        let answer = try await Answer(handler(request, bytes.isEmpty ? nil : HTTPBody(bytes), metadata))
                        return (answer, try answer.stored())
                    } catch let error as ServerError where error.underlyingError.isDeadlock {
                        // Unwrapped, so that the store sees the deadlock and runs the key's transaction again.
                        throw error.underlyingError
                    }
                }
            }
        } catch {
            // Refusals are answers too: the same error body is stored and sent. A server error lets the key go.
            let (status, refusal) = ErrorMiddleware<AppRequestContext>.refusal(for: error)
            guard status.code < 500 else { throw error }
            let refused = Answer(
                status: status, headers: [.contentType: Answer.json],
                body: ErrorMiddleware<AppRequestContext>.encode(refusal))
            // Unless the key was answered meanwhile, which then answers.
            let stored = try refused.stored()
            return try Self.respond(
                to: try await store.once(scope: scope, key: key, requestHash: hash) { (refused, stored) })
        }
        return try Self.respond(to: outcome)
    }

    private static func respond(to outcome: IdempotencyRepository.Outcome<Answer>) throws -> (HTTPResponse, HTTPBody?) {
        switch outcome {
        case .answered(let answer): return answer.response
        case .replay(_, let stored): return try Answer.replay(stored).response
        case .mismatch:
            throw APIError(
                .unprocessableContent, code: "idempotency_mismatch",
                "this Idempotency-Key was used for a different request", field: "Idempotency-Key")
        }
    }

    /// An answer read whole, so that it can be both sent and stored.
    struct Answer: Sendable {
        static let json = "application/json; charset=utf-8"

        var status: HTTPResponse.Status
        var headers: [HTTPField.Name: String]
        var body: Data

        init(status: HTTPResponse.Status, headers: [HTTPField.Name: String], body: Data) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        init(_ response: (HTTPResponse, HTTPBody?)) async throws {
            var headers: [HTTPField.Name: String] = [:]
            for field in response.0.headerFields where field.name != .contentLength {
                headers[field.name] = field.value
            }
            var body = Data()
            if let bytes = response.1 { body = try await Data(collecting: bytes, upTo: .max) }
            self.init(status: response.0.status, headers: headers, body: body)
        }

        var response: (HTTPResponse, HTTPBody?) {
            var fields = HTTPFields()
            for (name, value) in headers { fields[name] = value }
            // Answers stored before headers were kept whole had no Content-Type: all are JSON.
            if fields[.contentType] == nil { fields[.contentType] = Self.json }
            return (HTTPResponse(status: status, headerFields: fields), HTTPBody(body))
        }

        /// What is stored for a replay.
        private struct Stored: Codable {
            var status: Int
            var headers: [String: String]
            var body: String
        }

        /// As stored for a replay.
        func stored() throws -> IdempotencyRepository.StoredAnswer {
            var names: [String: String] = [:]
            for (name, value) in headers { names[name.canonicalName] = value }
            let stored = Stored(status: Int(status.code), headers: names, body: String(decoding: body, as: UTF8.self))
            return .init(
                status: stored.status, response: String(decoding: try JSONEncoder().encode(stored), as: UTF8.self))
        }

        /// A stored answer, sent again.
        static func replay(_ response: String) throws -> Answer {
            let saved = try JSONDecoder().decode(Stored.self, from: Data(response.utf8))
            var headers: [HTTPField.Name: String] = [:]
            for (name, value) in saved.headers { if let field = HTTPField.Name(name) { headers[field] = value } }
            headers[HTTPField.Name("Idempotent-Replayed")!] = "true"
            return Answer(
                status: HTTPResponse.Status(code: saved.status), headers: headers, body: Data(saved.body.utf8))
        }
    }
}
