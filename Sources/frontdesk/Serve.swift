import App
import ArgumentParser
import Configuration
import Foundation
import Logging
import Storage

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the API on a host and port.",
        discussion: """
            Each setting also comes from the environment (FRONTDESK_PORT, FRONTDESK_LOG_LEVEL, DATABASE_URL, ...) \
            or a JSON file (--config); the command line wins, then the environment, then the file.
            """)

    @Option(help: "The address to listen on (default 127.0.0.1).") var host: String?
    @Option(help: "The port to listen on (default 8080).") var port: Int?
    @Option(help: "The web app's folder, served at / (empty for none; default Web).") var web: String?
    @Option(help: "Requests a minute one address may make to the guest site's API (default 120).")
    var publicRateLimit: Int?
    @Option(help: "Seconds a connection may take to send its first request head, then 408 (default 15).")
    var requestHeadTimeout: Int?
    @Option(help: "The most connections one client address may hold open (0: no limit; default 256).")
    var connectionsPerAddress: Int?
    @Option(
        help: """
            The load balancers' addresses, comma-separated, whose X-Forwarded-For names the client the rate \
            limits count (default none).
            """)
    var trustedProxies: String?
    @Flag(
        inversion: .prefixedNo,
        help: "The server is reached over HTTPS (a proxy ends TLS): Secure session cookies and HSTS (default off).")
    var https: Bool?
    @Option(help: "The bearer token /metrics asks for, better set as $FRONTDESK_METRICS_TOKEN (none: /metrics is 404).")
    var metricsToken: String?
    @Option(help: "How much the server logs: trace, debug, info, notice, warning, error or critical (default info).")
    var logLevel: String?
    @OptionGroup var database: DatabaseOption

    /// What was given on the command line, under the settings' keys.
    private var given: [ConfigKey: ConfigValue] {
        var values: [ConfigKey: ConfigValue] = [:]
        if let host { values[Key.host] = ConfigValue(.string(host), isSecret: false) }
        if let port { values[Key.port] = ConfigValue(.int(port), isSecret: false) }
        if let web { values[Key.web] = ConfigValue(.string(web), isSecret: false) }
        if let publicRateLimit { values[Key.publicRateLimit] = ConfigValue(.int(publicRateLimit), isSecret: false) }
        if let requestHeadTimeout {
            values[Key.requestHeadTimeout] = ConfigValue(.int(requestHeadTimeout), isSecret: false)
        }
        if let connectionsPerAddress {
            values[Key.connectionsPerAddress] = ConfigValue(.int(connectionsPerAddress), isSecret: false)
        }
        if let trustedProxies { values[Key.trustedProxies] = ConfigValue(.string(trustedProxies), isSecret: false) }
        if let https { values[Key.https] = ConfigValue(.bool(https), isSecret: false) }
        if let metricsToken { values[Key.metricsToken] = ConfigValue(.string(metricsToken), isSecret: true) }
        if let logLevel { values[Settings.logLevel] = ConfigValue(.string(logLevel), isSecret: false) }
        return values
    }

    /// The settings' keys, and each one's bounds where it is a number.
    enum Key {
        static let host: ConfigKey = "frontdesk.host"
        static let port: ConfigKey = "frontdesk.port"
        static let web: ConfigKey = "frontdesk.web"
        static let publicRateLimit: ConfigKey = "frontdesk.public-rate-limit"
        static let requestHeadTimeout: ConfigKey = "frontdesk.request-head-timeout"
        static let connectionsPerAddress: ConfigKey = "frontdesk.connections-per-address"
        static let https: ConfigKey = "frontdesk.https"
        static let trustedProxies: ConfigKey = "frontdesk.trusted-proxies"
        static let metricsToken: ConfigKey = "frontdesk.metrics-token"
        static let allowPrivateAddresses: ConfigKey = "frontdesk.allow-private-addresses"
    }

    /// The server's configuration from the settings, each checked against its bounds.
    static func serverConfiguration(_ settings: Settings) async throws -> ServerConfiguration {
        let token = try await settings.optionalString(Key.metricsToken, secret: true).flatMap { $0.isEmpty ? nil : $0 }
        if let token, token.count < 16 {
            throw SettingsError("\(Key.metricsToken) must be 16 characters or more, got \(token.count).")
        }
        let web = try await settings.string(Key.web, default: "Web")
        let proxies = try await settings.string(Key.trustedProxies, default: "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if let wrong = proxies.first(where: { !ServerConfiguration.isIPAddress($0) }) {
            throw SettingsError("\(Key.trustedProxies) must list IP addresses, got \"\(wrong)\".")
        }
        var configuration = ServerConfiguration(
            host: try await settings.string(Key.host, default: "127.0.0.1"),
            port: try await settings.int(Key.port, default: 8080, in: 1...65535),
            https: try await settings.bool(Key.https, default: false),
            metricsToken: token,
            webRoot: web.isEmpty ? nil : web,
            publicRequestsPerMinute: try await settings.int(
                Key.publicRateLimit, default: 120, in: 1...ServerConfiguration.maxRequestsPerMinute),
            requestHeadTimeout: .seconds(try await settings.int(Key.requestHeadTimeout, default: 15, in: 1...3600)),
            connectionsPerAddress: try await settings.int(Key.connectionsPerAddress, default: 256, in: 0...1_000_000),
            allowPrivateAddresses: try await settings.bool(Key.allowPrivateAddresses, default: false))
        configuration.trustedProxies = Set(proxies)
        return configuration
    }

    func run() async throws {
        let settings = try await database.settings(given: given)
        try await settings.startLogging()
        var configuration = try await Self.serverConfiguration(settings)
        configuration.messaging = try await settings.messaging(host: configuration.host, port: configuration.port)
        configuration.background = try await settings.background()
        if configuration.messaging.smtp == nil {
            FileHandle.standardOutput.write(
                Data(
                    """
                    frontdesk: no mail server set up: messages to guests are kept, not sent \
                    (set FRONTDESK_SMTP_HOST and the rest; see docs/operating.md, "Mail")\n
                    """.utf8))
        }
        OpenFiles.raiseLimit()
        let store = try Store.open(try await settings.databaseLocation())
        let (host, port) = (configuration.host, configuration.port)
        let app = buildApplication(configuration: configuration, store: store) {
            // Written unbuffered, so that `make run` shows it at once even through a pipe.
            FileHandle.standardOutput.write(
                Data(
                    "frontdesk: serving \(store.location) (\(store.dialect.rawValue)) on http://\(host):\(port)/\n".utf8
                ))
        }
        // The application's group opens and closes the store, runs its migrations and stops it on SIGTERM.
        try await runUntilStopped(app)
    }
}

struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Create or update the database's schema.")

    @OptionGroup var database: DatabaseOption

    func run() async throws {
        let store = try Store.open(try await database.location())
        try await store.migrate()
        print("frontdesk: \(store.location) (\(store.dialect.rawValue)) is up to date")
        await store.shutdown()
    }
}

/// The process's limit of open files (each connection is one): raised at start to the most the system
/// allows it, as a server expecting many clients should (the usual default is 1,024).
enum OpenFiles {
    static func raiseLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}
