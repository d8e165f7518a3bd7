import AsyncKit
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OpenAPIRuntime
import Testing

@testable import App

/// What a client is told when the database could not give a request a connection in time.
struct ErrorMiddlewareTests {
    /// A request that waited out its time for a database connection (a burst of bookings on a busy machine)
    /// is told the server is busy and when to come back, not that something broke; whether a handler threw it
    /// or the generated code wrapped it.
    @Test func aRequestThatGotNoDatabaseConnectionInTimeIsToldToComeBack() async throws {
        let router = Router()
        router.add(middleware: ErrorMiddleware())
        router.get("/busy") { _, _ -> String in throw ConnectionPoolTimeoutError.connectionRequestTimeout }
        router.get("/wrapped") { _, _ -> String in
            throw ServerError(
                operationID: "listStays", request: HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/"),
                requestBody: nil,
                requestMetadata: .init(), causeDescription: "handler threw",
                underlyingError: ConnectionPoolTimeoutError.connectionRequestTimeout)
        }
        router.get("/broken") { _, _ -> String in throw CancellationError() }
        try await Application(router: router).test(.router) { client in
            for path in ["/busy", "/wrapped"] {
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .serviceUnavailable)
                    #expect(response.headers[.retryAfter] == "5")
                    let body = try JSONDecoder().decode(ErrorBody.self, from: Data(buffer: response.body))
                    #expect(body.error.code == "busy")
                }
            }
            try await client.execute(uri: "/broken", method: .get) { response in
                #expect(response.status == .internalServerError && response.headers[.retryAfter] == nil)
            }
        }
    }
}
