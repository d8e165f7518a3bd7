import API
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import ServiceLifecycle
import Storage

/// What the server needs to know to start.
public struct ServerConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// Whether the server is reached over HTTPS (through a proxy that ends TLS): the session cookie is
    /// then `Secure`, and every answer asks browsers to use HTTPS only (`Strict-Transport-Security`).
    public var https: Bool
    /// The bearer token that `/metrics` asks for; nil serves no metrics (404), as they describe the
    /// installation to whoever reads them.
    public var metricsToken: String?
    /// The web app's folder, served at `/`; nil serves none.
    public var webRoot: String?
    /// Requests a minute one address may make to the public (guest) API, at most `maxRequestsPerMinute`.
    public var publicRequestsPerMinute: Int
    public static let maxRequestsPerMinute = 1_000_000_000
    /// How long a connection may take to send its first request head whole (then 408).
    public var requestHeadTimeout: Duration
    /// The most connections one client address may hold open; 0 for no limit. A trusted proxy's are not
    /// limited (it limits its clients itself).
    public var connectionsPerAddress: Int
    /// The addresses of the load balancers in front (`deploy/`), whose `X-Forwarded-For` names the
    /// client the rate limits count (`ClientAddressMiddleware`); none by default.
    public var trustedProxies: Set<String> = []
    /// How messages to guests and customers are sent; no SMTP server by default.
    public var messaging = MessagingSettings()
    /// How often the work done by the clock runs: messages due, waitlists, webhooks.
    public var background = BackgroundWork()
    /// How iCal feeds are fetched and webhooks called (public addresses only, unless
    /// `allowPrivateAddresses`; tests loosen it).
    var feeds = FeedFetcher()
    /// Let iCal feeds and webhooks reach private, loopback and link-local addresses: for an installation
    /// whose channel manager or receiver is on its own network (and for tests on loopback).
    public var allowPrivateAddresses: Bool {
        get { feeds.allowsAll }
        set {
            let anywhere: @Sendable (SocketAddress) -> Bool = { _ in true }
            feeds.allows = newValue ? anywhere : FeedFetcher.isPublic
            feeds.allowsAll = newValue
        }
    }

    public init(
        host: String = "127.0.0.1", port: Int = 8080, https: Bool = false, metricsToken: String? = nil,
        webRoot: String? = nil, publicRequestsPerMinute: Int = 120, requestHeadTimeout: Duration = .seconds(15),
        connectionsPerAddress: Int = 256, allowPrivateAddresses: Bool = false
    ) {
        self.host = host
        self.port = port
        self.https = https
        self.metricsToken = metricsToken
        self.webRoot = webRoot
        self.publicRequestsPerMinute = publicRequestsPerMinute
        self.requestHeadTimeout = requestHeadTimeout
        self.connectionsPerAddress = connectionsPerAddress
        self.allowPrivateAddresses = allowPrivateAddresses
    }
}

/// Composes the application: its routes over a store, errors turned into JSON, and the services it
/// runs in its group. They start in order and stop in reverse, so that on SIGTERM the server stops
/// taking requests and finishes those under way (live streams end), then the clean-up and the event
/// feed stop, and the store closes its databases last. The schema is brought up to date before the
/// server takes its first request; `onServerRunning` is told when it listens.
public func buildApplication(
    configuration: ServerConfiguration, store: Store, logger: Logger = Logger(label: "frontdesk"),
    onServerRunning: @escaping @Sendable () async -> Void = {}
) -> some ApplicationProtocol {
    let router = buildRouter(store: store, configuration: configuration)
    var app = Application(
        router: router,
        // WebSocket for the live event stream; the server pings every 30 seconds.
        server: .guardedHTTP1(
            router: router, headTimeout: configuration.requestHeadTimeout,
            connectionsPerAddress: configuration.connectionsPerAddress, unlimited: configuration.trustedProxies),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "frontdesk"),
        services: [store, store.events, Cleanup(store: store)]
            + deliveries(configuration: configuration, store: store, logger: logger),
        onServerRunning: { _ in await onServerRunning() },
        logger: logger)
    app.beforeServerStarts { try await store.migrate() }
    return app
}

/// The messages due by the clock are written whatever the senders; they are sent when a channel has one.
/// Webhooks are sent whatever the senders.
private func deliveries(configuration: ServerConfiguration, store: Store, logger: Logger) -> [any ServiceLifecycle
    .Service]
{
    let (messaging, background) = (configuration.messaging, configuration.background)
    let scheduler = MessageScheduler(store: store, interval: background.scheduleInterval, logger: logger)
    let waitlists = WaitlistRounds(store: store, interval: background.waitlistInterval, logger: logger)
    let webhooks = WebhookDispatcher(
        store: store, fetcher: configuration.feeds, retries: background.webhookRetries,
        pollInterval: background.webhookInterval, logger: logger)
    let senders = messaging.senders
    guard !senders.isEmpty else { return [scheduler, waitlists, webhooks] }
    return [
        scheduler, waitlists, webhooks,
        MessageDelivery(store: store, settings: messaging, senders: senders, logger: logger),
    ]
}

/// The routes alone, for tests through HummingbirdTesting's router framework. Everything under
/// `/api/v1/` needs a session, but signing in.
public func buildRouter(store: Store, configuration: ServerConfiguration = ServerConfiguration())
    -> Router<AppRequestContext>
{
    let router = Router(context: AppRequestContext.self)
    let metrics = ServerMetrics(store: store)
    router.add(middleware: MetricsMiddleware(metrics: metrics))
    if !configuration.trustedProxies.isEmpty {
        router.add(middleware: ClientAddressMiddleware(trustedProxies: configuration.trustedProxies))
    }
    router.add(middleware: CompressionMiddleware())
    router.add(middleware: SecurityHeadersMiddleware(https: configuration.https))
    router.add(middleware: ErrorMiddleware())
    router.add(middleware: QueryMiddleware())
    router.add(middleware: SameOriginMiddleware())
    if let webRoot = configuration.webRoot {
        router.add(middleware: WebPagesMiddleware(site: WebSite(root: webRoot)))
        router.add(middleware: FileMiddleware(webRoot, searchForIndexHtml: true))
    }
    router.get("metrics") { request, _ in
        try MetricsAccess.require(request, token: configuration.metricsToken)
        return metrics.exposition()
    }
    router.get("openapi.json") { _, _ in
        Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: APIDocument.json)))
    }
    router.get("openapi.yaml") { _, _ in
        Response(
            status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: APIDocument.yaml)))
    }
    router.get("photos/{name}") { request, context in
        let name = try context.parameters.require("name")
        try ParameterCheckMiddleware.check("getPhoto", path: { _ in name }, query: request.uri.description)
        return try DemoPhoto.response(named: name)
    }
    let limiter = RateLimiter(perMinute: configuration.publicRequestsPerMinute, store: store)
    let session = SessionMiddleware(store: store)
    let guestSite = PublicController(store: store)
    // The JSON operations, through the handler protocol generated from openapi.yaml.
    do {
        try FrontdeskAPI(store: store, configuration: configuration, guestSite: guestSite).register(
            guests: router.group().add(middleware: RateLimitMiddleware(limiter: limiter)),
            open: router.group(), signedIn: router.group().add(middleware: session))
    } catch {
        preconditionFailure("the document's operations could not be registered: \(error)")
    }
    // What is served by hand, each for its reason: the board's and search's compact JSON, the event
    // WebSocket, the iCal feed and the SVGs (see where each registers).
    let guests = router.group("api/v1/public").add(middleware: RateLimitMiddleware(limiter: limiter))
    guestSite.register(on: guests)
    let signedIn = router.group("api/v1").add(middleware: session)
    BoardController(store: store).register(on: signedIn)
    EventsController(store: store).register(on: signedIn)
    ICalController(store: store).register(on: router)
    return router
}

/// Runs the application until SIGTERM or SIGINT. Shutting down lets requests under way finish, but
/// for at most 10 seconds: then what is left (a live event stream, a client that stopped sending)
/// is cancelled, so that a stop always stops.
public func runUntilStopped(_ app: some ApplicationProtocol, logger: Logger = Logger(label: "frontdesk")) async throws {
    var configuration = ServiceGroupConfiguration(
        services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
    configuration.maximumGracefulShutdownDuration = .seconds(10)
    configuration.maximumCancellationDuration = .seconds(5)
    try await ServiceGroup(configuration: configuration).run()
}
