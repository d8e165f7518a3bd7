import App
import ArgumentParser
import Foundation
import Logging
import Storage

/// Where the data is: a SQLite file by default, PostgreSQL when `DATABASE_URL` or `--database` is a URL.
struct DatabaseOption: ParsableArguments {
    @Option(help: "A SQLite file path or a postgres:// URL (default: $DATABASE_URL, else frontdesk.sqlite).")
    var database: String?

    var location: String {
        database ?? ProcessInfo.processInfo.environment["DATABASE_URL"] ?? "frontdesk.sqlite"
    }
}

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve the API on a host and port.")

    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Option(help: "The port to listen on.") var port = 8080
    @Option(help: "The web app's folder, served at / (empty for none).") var web = "Web"
    @Option(help: "Requests a minute one address may make to the guest site's API.") var publicRateLimit = 120
    @Option(help: "Seconds a connection may take to send its first request head (then 408).")
    var requestHeadTimeout = 15
    @Option(help: "The most connections one client address may hold open (0: no limit; behind a proxy, raise it).")
    var connectionsPerAddress = 256
    @Flag(help: "The server is reached over HTTPS (a proxy ends TLS): Secure session cookies and HSTS.")
    var https = false
    @Option(help: "The bearer token /metrics asks for (default: $FRONTDESK_METRICS_TOKEN; none: /metrics is 404).")
    var metricsToken: String?
    @OptionGroup var database: DatabaseOption

    /// The token from the option, else from the environment (where it stays out of `ps`).
    var metricsTokenConfigured: String? {
        (metricsToken ?? ProcessInfo.processInfo.environment["FRONTDESK_METRICS_TOKEN"]).flatMap {
            $0.isEmpty ? nil : $0
        }
    }

    func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("--port must be 1...65535, got \(port).") }
        guard publicRateLimit >= 1 else { throw ValidationError("--public-rate-limit must be 1 or more.") }
        guard (1...3600).contains(requestHeadTimeout) else {
            throw ValidationError("--request-head-timeout must be 1...3600 seconds, got \(requestHeadTimeout).")
        }
        guard connectionsPerAddress >= 0 else { throw ValidationError("--connections-per-address must be 0 or more.") }
        if let token = metricsTokenConfigured, token.count < 16 {
            throw ValidationError("the metrics token must be 16 characters or more, got \(token.count).")
        }
    }

    func run() async throws {
        OpenFiles.raiseLimit()
        let store = try Store.open(database.location)
        let (host, port) = (host, port)
        let app = buildApplication(
            configuration: ServerConfiguration(
                host: host, port: port, https: https, metricsToken: metricsTokenConfigured,
                webRoot: web.isEmpty ? nil : web, publicRequestsPerMinute: publicRateLimit,
                requestHeadTimeout: .seconds(requestHeadTimeout), connectionsPerAddress: connectionsPerAddress),
            store: store
        ) {
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
        let store = try Store.open(database.location)
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
