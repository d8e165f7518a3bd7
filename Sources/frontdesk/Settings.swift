import ArgumentParser
import Configuration
import Foundation
import Logging
import Synchronization
import SystemPackage

/// The settings every command shares: where the database is, and a file of further settings.
struct DatabaseOption: ParsableArguments {
    @Option(
        help: "A SQLite file path or a postgres:// URL (else $DATABASE_URL, the file's database.url, frontdesk.sqlite)."
    )
    var database: String?
    @Option(help: "A JSON file of settings (else $FRONTDESK_CONFIG); see docs/operating.md.")
    var config: String?

    /// The one reader of settings, for `given`, the values on this command's line.
    func settings(given: [ConfigKey: ConfigValue] = [:]) async throws -> Settings {
        var commandLine = given
        if let database { commandLine[Settings.databaseURL] = ConfigValue(.string(database), isSecret: true) }
        return try await Settings(
            commandLine: commandLine, file: config ?? ProcessInfo.processInfo.environment["FRONTDESK_CONFIG"])
    }

    /// Where the database is, with logging started at the configured level.
    func location() async throws -> String {
        let settings = try await settings()
        try await settings.startLogging()
        return try await settings.databaseLocation()
    }
}

/// Frontdesk's settings through one reader (swift-configuration). The first source that has a setting
/// wins: the command line, then the environment, then the JSON file, then the setting's default. A
/// setting's key is dotted (`frontdesk.port`); in the environment it is upper case with underscores
/// (`FRONTDESK_PORT`, `DATABASE_URL`), in the file it is nested (`{"frontdesk": {"port": 8080}}`).
/// A value of the wrong kind or out of its bounds stops the command with a message naming the key;
/// it never falls back to the default silently.
struct Settings {
    static let databaseURL: ConfigKey = "database.url"
    static let logLevel: ConfigKey = "frontdesk.log-level"

    private let reader: ConfigReader

    init(commandLine: [ConfigKey: ConfigValue], file: String?) async throws {
        var providers: [any ConfigProvider] = [
            InMemoryProvider(
                name: "command line",
                values: Dictionary(uniqueKeysWithValues: commandLine.map { (AbsoluteConfigKey($0.key), $0.value) })),
            EnvironmentVariablesProvider(
                secretsSpecifier: .specific(["DATABASE_URL", "FRONTDESK_METRICS_TOKEN", "FRONTDESK_SMTP_PASSWORD"])),
        ]
        if let file {
            do {
                providers.append(try await FileProvider<JSONSnapshot>(filePath: FilePath(file)))
            } catch {
                throw SettingsError("the settings file \(file) could not be read as JSON: \(error)")
            }
        }
        reader = ConfigReader(providers: providers)
    }

    /// A SQLite file path or a PostgreSQL URL.
    func databaseLocation() async throws -> String {
        try await string(Self.databaseURL, default: "frontdesk.sqlite")
    }

    /// Sends the process's logs to standard error at the configured level (`info` unless set). Once
    /// per process: the first call decides.
    func startLogging() async throws {
        let name = try await string(Self.logLevel, default: Logger.Level.info.rawValue)
        guard let level = Logger.Level(rawValue: name) else {
            let levels = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
            throw SettingsError("\(Self.logLevel) must be one of \(levels), got \"\(name)\".")
        }
        Self.bootstrap.withLock { started in
            guard !started else { return }
            started = true
            LoggingSystem.bootstrap { label in
                var handler = StreamLogHandler.standardError(label: label)
                handler.logLevel = level
                return handler
            }
        }
    }

    private static let bootstrap = Mutex(false)

    func string(_ key: ConfigKey, secret: Bool = false, default fallback: String) async throws -> String {
        try await read(key) { try await reader.fetchString(forKey: key, isSecret: secret, default: fallback) }
    }

    func optionalString(_ key: ConfigKey, secret: Bool = false) async throws -> String? {
        try await read(key) { try await reader.fetchString(forKey: key, isSecret: secret) }
    }

    func int(_ key: ConfigKey, default fallback: Int, in bounds: ClosedRange<Int>) async throws -> Int {
        let value = try await read(key) { try await reader.fetchInt(forKey: key, default: fallback) }
        guard bounds.contains(value) else {
            throw SettingsError("\(key) must be \(bounds.lowerBound)...\(bounds.upperBound), got \(value).")
        }
        return value
    }

    func bool(_ key: ConfigKey, default fallback: Bool) async throws -> Bool {
        try await read(key) { try await reader.fetchBool(forKey: key, default: fallback) }
    }

    private func read<Value>(_ key: ConfigKey, _ fetch: () async throws -> Value) async throws -> Value {
        do {
            return try await fetch()
        } catch {
            throw SettingsError("\(key) could not be read: \(error)")
        }
    }
}

/// A setting that cannot be used; the command stops with its message and exit code 1.
struct SettingsError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
