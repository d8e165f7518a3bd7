import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import Storage

/// Runs a creating request at most once per `Idempotency-Key`: the first answer (success or refusal)
/// is stored for 24 hours and sent again for a retry of the same request; the same key with another
/// body is refused (422). The key's record, the request's writes and its answer commit in one
/// transaction (`IdempotencyRepository.once`), so a server killed half-way leaves nothing a retry
/// cannot resolve; a retry while the first is still running waits for its answer.
struct Idempotency {
    let store: Store

    static let header = HTTPField.Name("Idempotency-Key")!

    /// What is stored for a replay.
    private struct Stored: Codable {
        var status: Int
        var headers: [String: String]
        var body: String
    }

    /// A JSON answer, encoded, so that it can be both sent and stored.
    struct Answer: Sendable {
        var status: HTTPResponse.Status
        var headers: [HTTPField.Name: String]
        var body: Data

        init(status: HTTPResponse.Status, headers: [HTTPField.Name: String] = [:], json value: some Encodable) throws {
            self.status = status
            self.headers = headers
            self.body = try JSONEncoder().encode(value)
        }

        init(status: HTTPResponse.Status, headers: [HTTPField.Name: String], body: Data) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        var response: Response {
            var response = ErrorMiddleware<AppRequestContext>.json(status, body: body)
            for (name, value) in headers { response.headers[name] = value }
            return response
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

    func run(
        _ request: Request, context: AppRequestContext, scope: String, required: Bool,
        _ handle: @escaping @Sendable (Request) async throws -> Answer
    ) async throws -> Response {
        guard let key = request.headers[Self.header] else {
            if required {
                throw APIError(
                    .badRequest, code: "invalid", "send an Idempotency-Key header so that a retry cannot book twice",
                    field: "Idempotency-Key")
            }
            return try await handle(request).response
        }
        guard (8...200).contains(key.count), key.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
            throw APIError(
                .badRequest, code: "invalid", "an Idempotency-Key is 8 to 200 visible ASCII characters",
                field: "Idempotency-Key")
        }
        // The body is read once here, hashed, and handed on.
        let body = try await request.collectBody()
        var request = request
        request.body = .init(buffer: body)
        let digest = SHA256.hash(data: Data("\(request.method) \(request.uri.path)\n".utf8) + Data(buffer: body))
        let hash = digest.map { String(format: "%02x", $0) }.joined()
        let repository = IdempotencyRepository(store: store)
        let outcome: IdempotencyRepository.Outcome<Answer>
        do {
            outcome = try await repository.once(scope: scope, key: key, requestHash: hash) { [request] in
                let answer = try await handle(request)
                return (answer, try answer.stored())
            }
        } catch {
            // Refusals are answers too: the same error body is stored and sent. A server error lets the key go.
            let (status, refusal) = ErrorMiddleware<AppRequestContext>.refusal(
                for: error, request: request, context: context)
            let refused = Answer(status: status, headers: [:], body: ErrorMiddleware<AppRequestContext>.encode(refusal))
            guard status.code < 500 else { return refused.response }
            // Unless the key was answered meanwhile, which then answers.
            let stored = try refused.stored()
            return try Self.respond(
                to: try await repository.once(scope: scope, key: key, requestHash: hash) { (refused, stored) })
        }
        return try Self.respond(to: outcome)
    }

    private static func respond(to outcome: IdempotencyRepository.Outcome<Answer>) throws -> Response {
        switch outcome {
        case .answered(let answer): return answer.response
        case .replay(_, let stored): return try Answer.replay(stored).response
        case .mismatch:
            throw APIError(
                .unprocessableContent, code: "idempotency_mismatch",
                "this Idempotency-Key was used for a different request", field: "Idempotency-Key")
        }
    }
}
