import Hummingbird
import Logging
import Storage

/// What the server needs to know to start.
public struct ServerConfiguration: Sendable {
    public var host: String
    public var port: Int

    public init(host: String = "127.0.0.1", port: Int = 8080) {
        self.host = host
        self.port = port
    }
}

/// Composes the application: its routes over a store, errors turned into JSON.
public func buildApplication(
    configuration: ServerConfiguration, store: Store, logger: Logger = Logger(label: "frontdesk")
) -> some ApplicationProtocol {
    Application(
        router: buildRouter(store: store),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "frontdesk"),
        logger: logger)
}

/// The routes alone, for tests through HummingbirdTesting's router framework.
public func buildRouter(store: Store) -> Router<BasicRequestContext> {
    let router = Router()
    router.add(middleware: ErrorMiddleware())
    router.get("healthz") { _, _ in HealthStatus(status: "ok", database: store.dialect.rawValue) }
    let api = router.group("api/v1")
    PropertyController(store: store).register(on: api)
    StayController(store: store).register(on: api)
    return router
}

struct HealthStatus: ResponseEncodable {
    var status: String
    var database: String
}
