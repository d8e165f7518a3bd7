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
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        // The board's layout engine: Swift standard library only, so it also builds with Embedded Swift.
        .target(name: "Timeline"),
        // C-ABI exports over Timeline. `scripts/build-wasm.sh` compiles it with Timeline for wasm32;
        // natively it builds as an ordinary module so its tests can call the exports directly.
        .target(name: "TimelineWasm", dependencies: ["Timeline"], exclude: ["Allocator", "README.md"]),
        .executableTarget(
            name: "frontdesk",
            dependencies: [
                "Timeline",
                "TimelineWasm",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "TimelineTests", dependencies: ["Timeline"]),
        .testTarget(name: "TimelineWasmTests", dependencies: ["TimelineWasm", "Timeline"]),
    ]
)
