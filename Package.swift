// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Frontdesk",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "frontdesk", targets: ["frontdesk"]),
        .library(name: "Timeline", targets: ["Timeline"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.3"),
        .package(url: "https://github.com/apple/swift-system", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.9.0"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.0.0"),
        .package(url: "https://github.com/vapor/async-kit", from: "1.22.0"),
        .package(url: "https://github.com/vapor/fluent-kit", from: "1.57.0"),
        .package(url: "https://github.com/vapor/fluent-sqlite-driver", from: "4.9.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver", from: "2.14.0"),
        .package(url: "https://github.com/vapor/sql-kit", from: "3.36.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird", from: "2.1.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
    ],
    targets: [
        // The board's layout engine: Swift standard library only, so it also builds with Embedded Swift.
        .target(name: "Timeline"),
        // C-ABI exports over Timeline. `scripts/build-wasm.sh` compiles it with Timeline for wasm32;
        // natively it builds as an ordinary module so its tests can call the exports directly.
        .target(name: "TimelineWasm", dependencies: ["Timeline"], exclude: ["Allocator", "README.md"]),
        // The booking domain: values and rules, no HTTP and no database.
        .target(name: "Booking", dependencies: ["Timeline", "EmailSyntax", "PayCode"]),
        // What an email address may be: the one rule the domain and the SMTP client share.
        .target(name: "EmailSyntax"),
        // Codes to pay: EMVCo merchant-presented payloads (PromptPay, VietQR) and a QR encoder drawing SVG;
        // Swift standard library only, no network.
        .target(name: "PayCode"),
        // Persistence for the domain on SQLite or PostgreSQL through fluent-kit and SQLKit.
        .target(
            name: "Storage",
            dependencies: [
                "Booking",
                .product(name: "AsyncKit", package: "async-kit"),
                .product(name: "FluentKit", package: "fluent-kit"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // The API's OpenAPI document, openapi.yaml: the one description of the API.
        .target(
            name: "API",
            dependencies: [
                .product(name: "Yams", package: "Yams"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            resources: [.copy("openapi.yaml")],
            // The generated code's unused public imports warn before Swift 6.4, where it silences them.
            swiftSettings: [.unsafeFlags(["-suppress-warnings"])],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        // Mail: messages as MIME, sent by SMTP (STARTTLS, AUTH) on SwiftNIO.
        .target(
            name: "Mail",
            dependencies: [
                "EmailSyntax",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // The HTTP server: routes, sessions, the web app's files.
        .target(
            name: "App",
            dependencies: [
                "API",
                "Booking",
                "Mail",
                "PayCode",
                "Storage",
                "Timeline",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "CompressNIO", package: "compress-nio"),
            ],
            // The messages' templates and their words in each language.
            resources: [.copy("Messages/Templates")]
        ),
        // The demo's hotels and salons, written straight into a new database as a seed (it alone, with the
        // command line's administration, writes through Storage's repositories rather than the domain).
        .target(name: "Demo", dependencies: ["Booking", "Storage", "Timeline"]),
        .executableTarget(
            name: "frontdesk",
            dependencies: [
                "App",
                "Demo",
                "Booking",
                "Mail",
                "Storage",
                "Timeline",
                "TimelineWasm",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
            ]
        ),
        .testTarget(name: "TimelineTests", dependencies: ["Timeline"]),
        // A real SMTP server for tests: aiosmtpd, started from Tests/support/smtp_sink.py, and what it received;
        // and the programs tests run (ChildProcess: posix_spawn, not Foundation's Process).
        .target(name: "MailTesting", dependencies: ["Mail"]),
        .testTarget(
            name: "MailTests",
            dependencies: [
                "Mail",
                "MailTesting",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .testTarget(name: "TimelineWasmTests", dependencies: ["TimelineWasm", "Timeline"]),
        // Decodes every code drawn with Debian's zbarimg (zbar-tools), after rsvg-convert (librsvg2-bin).
        .testTarget(name: "PayCodeTests", dependencies: ["PayCode", "MailTesting"]),
        .testTarget(
            name: "BookingTests",
            dependencies: ["Booking", "Timeline", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        // Fresh databases for tests: a SQLite file, or a PostgreSQL schema when one is running.
        .target(
            name: "StorageTesting",
            dependencies: ["Storage", .product(name: "SQLKit", package: "sql-kit")]
        ),
        .testTarget(name: "StorageTests", dependencies: ["Storage", "Booking", "StorageTesting"]),
        .testTarget(
            name: "AppTests",
            dependencies: [
                "API", "App", "Demo", "Storage", "Booking", "StorageTesting", "Mail", "MailTesting",
                .product(name: "AsyncKit", package: "async-kit"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "CompressNIO", package: "compress-nio"),
            ]
        ),
    ]
)
