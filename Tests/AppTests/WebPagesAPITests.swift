import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import StorageTesting
import Testing

@testable import App

/// A page names each of its files with the file's version and asks for its whole module graph at once; a
/// versioned file is kept for a year, anything else is asked again.
@Suite(.closesItsStores)
struct WebPagesAPITests {
    /// A small web app in a folder of its own: a page, a stylesheet and one it applies later, modules importing
    /// modules, a folder of pages loaded later, a module and an engine named by `import.meta.resolve`, and a
    /// module no page loads.
    static let files: [String: String] = [
        "index.html": """
        <!doctype html>
        <html><head>
          <link rel="stylesheet" href="style.css">
          <link rel="stylesheet" data-href="later.css">
          <link rel="icon" href="data:,">
          <script src="early.js" data-inline></script>
          <link rel="modulepreload" href="/app.js">
          <script type="module" src="app.js"></script>
        </head><body></body></html>
        """,
        "style.css": "body { margin: 0 }",
        "later.css": "main { margin: 1em }",
        "early.js": "globalThis.early = document.querySelector('#frontdesk-imports');\n",
        "app.js": """
        import { a } from "./a.js";
        import {
          b,
        } from "./lib/b.js";
        const list = Array.from("from 'x'");
        export const page = (name) => import(`./pages/${name}.js`);
        export const screen = import.meta.resolve("./screens/s.js");
        """,
        "a.js": #"import "./lib/c.js"; export const a = 1;"#,
        "lib/b.js": #"export { c as b } from "../lib/c.js";"#,
        "lib/c.js": "export const c = 3;",
        "pages/first.js": #"""
        import { d } from "../later/d.js";
        export default d;
        fetch(import.meta.resolve("../engine.wasm"));
        """#,
        "engine.wasm": "\0asm",
        "screens/s.js": #"import { c } from "../lib/c.js"; export const s = c;"#,
        "later/d.js": "export const d = 4;",
        "other/unused.js": "export const unused = 5;",
    ]

    static func site() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("web-pages-\(UUID().uuidString)")
        for (path, text) in files {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return root.path
    }

    /// The test's own version of a file: the first 12 hexadecimal digits of its SHA-256.
    static func version(of text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined().prefix(12).description
    }

    static func versioned(_ path: String) -> String {
        "\(path)?v=\(version(of: files[String(path.dropFirst())]!))"
    }

    /// The text between `<script type="importmap">` and `</script>`.
    static func importMap(in html: String) -> String? {
        guard let start = html.range(of: #"<script type="importmap">"#)?.upperBound,
            let end = html.range(of: "</script>", range: start..<html.endIndex)?.lowerBound
        else { return nil }
        return String(html[start..<end])
    }

    @Test func aPageNamesItsFilesVersionsMapsEveryModuleItMayLoadAndPreloadsWhatItImports() async throws {
        let root = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fixture = try await APIFixture.make()
        try await fixture.test(configuration: ServerConfiguration(webRoot: root)) { client in
            let page = try await client.execute(uri: "/", method: .get) { $0 }
            #expect(page.status == .ok)
            let html = String(buffer: page.body)
            #expect(html.contains(#"<link rel="stylesheet" href="\#(Self.versioned("/style.css"))">"#))
            // A stylesheet the page asks for later is named with its version all the same.
            #expect(html.contains(#"<link rel="stylesheet" data-href="\#(Self.versioned("/later.css"))">"#))
            #expect(html.contains(#"<script type="module" src="\#(Self.versioned("/app.js"))">"#))
            #expect(html.contains(#"href="data:,""#), "another scheme's URL is left as it is")
            // Everything app.js imports before it runs, at any depth, is asked for with the page.
            for module in ["/app.js", "/a.js", "/lib/b.js", "/lib/c.js"] {
                let preload = #"<link rel="modulepreload" href="\#(Self.versioned(module))">"#
                #expect(html.components(separatedBy: preload).count == 2, "\(module) preloaded once")
            }
            #expect(!html.contains(#"modulepreload" href="/pages/"#), "a page loaded later is not preloaded")
            #expect(!html.contains(#"modulepreload" href="/screens/"#), "nor a module named to be loaded later")
            // The import map names every module the page may load, the later pages' imports among them.
            let map = try #require(Self.importMap(in: html))
            let imports = try #require(
                (try JSONSerialization.jsonObject(with: Data(map.utf8)) as? [String: [String: String]])?["imports"])
            #expect(
                imports
                    == Dictionary(
                        uniqueKeysWithValues: [
                            "/app.js", "/a.js", "/lib/b.js", "/lib/c.js", "/pages/first.js", "/later/d.js",
                            "/screens/s.js", "/engine.wasm",
                        ]
                        .map { ($0, Self.versioned($0)) }))
            #expect(html.range(of: "importmap")!.lowerBound < html.range(of: "modulepreload")!.lowerBound)
            // The script marked to be inline is written into the page, after the import map it may read.
            let early = try #require(Self.files["early.js"])
            #expect(html.contains("<script>\(early)</script>"))
            #expect(html.range(of: "importmap")!.lowerBound < html.range(of: "<script>")!.lowerBound)
            #expect(!html.contains("early.js"))
            // The policy allows those inline scripts by their hashes, and no other.
            let hash = { (script: String) in Data(SHA256.hash(data: Data(script.utf8))).base64EncodedString() }
            let policy = page.headers[.contentSecurityPolicy] ?? ""
            let allowed = "script-src 'self' 'wasm-unsafe-eval' 'sha256-\(hash(map))' 'sha256-\(hash(early))';"
            #expect(policy.contains(allowed))
            let scripts = policy.split(separator: ";").first { $0.contains("script-src") } ?? ""
            #expect(!scripts.contains("unsafe-inline"))
        }
    }

    @Test func aPageNamesTheImportsOfEachModuleItLoadsLaterSoThatOneCanBeAskedForWithAllItNeeds() async throws {
        let root = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fixture = try await APIFixture.make()
        try await fixture.test(configuration: ServerConfiguration(webRoot: root)) { client in
            let html = String(buffer: try await client.execute(uri: "/", method: .get) { $0 }.body)
            let open = #"<script type="application/json" id="frontdesk-imports">"#
            let start = try #require(html.range(of: open)?.upperBound)
            let end = try #require(html.range(of: "</script>", range: start..<html.endIndex)?.lowerBound)
            let later = try JSONSerialization.jsonObject(with: Data(html[start..<end].utf8)) as? [String: [String]]
            // The later page, what it imports and the file it fetches as it runs; nothing the page preloads,
            // nothing that imports nothing.
            #expect(later == ["/pages/first.js": ["/later/d.js", "/engine.wasm"]])
            #expect(html.range(of: open)!.lowerBound < html.range(of: "modulepreload")!.lowerBound)
        }
    }

    @Test func aVersionedFileIsKeptForAYearAndAnyOtherIsAskedForAgain() async throws {
        let root = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fixture = try await APIFixture.make()
        try await fixture.test(configuration: ServerConfiguration(webRoot: root)) { client in
            for path in ["/a.js", "/style.css", "/pages/first.js"] {
                let current = try await client.execute(uri: Self.versioned(path), method: .get) { $0 }
                #expect(current.status == .ok, "\(path)")
                #expect(String(buffer: current.body) == Self.files[String(path.dropFirst())], "\(path)")
                #expect(current.headers[.cacheControl] == "public, max-age=31536000, immutable", "\(path)")
                let plain = try await client.execute(uri: path, method: .get) { $0 }
                #expect(plain.status == .ok, "\(path)")
                #expect(plain.headers[.cacheControl] == "no-cache", "\(path)")
                let other = try await client.execute(uri: "\(path)?v=0123456789ab", method: .get) { $0 }
                #expect(other.status == .notFound, "\(path): a version this server does not have")
                #expect(other.headers[.cacheControl] == "no-store", "\(path)")
            }
            try await client.execute(uri: "/nowhere.js?v=0123456789ab", method: .get) {
                #expect($0.status == .notFound)
            }
        }
    }

    @Test func aPageIsAnswered304WhileNothingChangedAndNamesTheNewVersionOnceAFileChanges() async throws {
        let root = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fixture = try await APIFixture.make()
        try await fixture.test(configuration: ServerConfiguration(webRoot: root)) { client in
            let first = try await client.execute(uri: "/index.html", method: .get) { $0 }
            #expect(first.headers[.cacheControl] == "no-cache")
            let tag = try #require(first.headers[.eTag])
            try await client.execute(uri: "/", method: .get, headers: [.ifNoneMatch: tag]) { response in
                #expect(response.status == .notModified)
                #expect(response.body.readableBytes == 0)
            }
            // A developer edits a module while the server runs; the page is read again a second later.
            let edited = "export const c = 33;"
            try Data(edited.utf8).write(to: URL(fileURLWithPath: root).appendingPathComponent("lib/c.js"))
            try await Task.sleep(for: .milliseconds(1_100))
            let second = try await client.execute(uri: "/", method: .get, headers: [.ifNoneMatch: tag]) { $0 }
            #expect(second.status == .ok)
            #expect(second.headers[.eTag] != tag)
            let html = String(buffer: second.body)
            #expect(html.contains("/lib/c.js?v=\(Self.version(of: edited))"))
            try await client.execute(uri: "/lib/c.js?v=\(Self.version(of: edited))", method: .get) {
                #expect($0.status == .ok)
                #expect(String(buffer: $0.body) == edited)
            }
        }
    }

    @Test func everyFileTheAppsPagesNameIsVersionedAndKeptForAYear() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test(configuration: ServerConfiguration(webRoot: SecurityHeadersAPITests.webRoot)) {
            client in
            for page in ["/", "/desk/", "/board-demo.html"] {
                let html = try await client.execute(uri: page, method: .get) { String(buffer: $0.body) }
                let map = try #require(Self.importMap(in: html), "\(page)")
                let imports = try #require(
                    (try JSONSerialization.jsonObject(with: Data(map.utf8)) as? [String: [String: String]])?["imports"])
                var named = Array(imports.values)
                for attribute in [#" src=""#, #" href=""#] {
                    for part in html.components(separatedBy: attribute).dropFirst() {
                        let url = String(part.prefix { $0 != "\"" })
                        // The data a page reads first is asked for with it (`preload`): not a file.
                        if !url.contains(":"), !url.hasPrefix("/api/") { named.append(url) }
                    }
                }
                #expect(named.count > 5, "\(page)")
                for url in named {
                    #expect(url.hasPrefix("/") && url.contains("?v="), "\(page) names \(url) without its version")
                    try await client.execute(uri: url, method: .get) { response in
                        #expect(response.status == .ok, "\(page): \(url)")
                        #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable", "\(url)")
                    }
                }
            }
        }
    }

    @Test func importsAreFoundAsABrowserResolvesThem() {
        #expect(URLPath.resolve("./a.js", against: "/desk/app.js") == "/desk/a.js")
        #expect(URLPath.resolve("../common/x.js?retry=1", against: "/desk/board/s.js") == "/desk/common/x.js")
        #expect(URLPath.resolve("../../x.js", against: "/desk/board/s.js") == "/x.js")
        #expect(URLPath.resolve("../../../x.js", against: "/desk/board/s.js") == nil)
        #expect(URLPath.resolve("/site/b.js", against: "/desk/app.js") == "/site/b.js")
        #expect(URLPath.resolve("desk.css", against: "/desk/index.html") == "/desk/desk.css")
        #expect(URLPath.resolve("./messages/", against: "/desk/app.js") == "/desk/messages/")
        #expect(URLPath.resolve("https://tile.openstreetmap.org/a.png", against: "/") == nil)
        #expect(URLPath.resolve("data:,", against: "/") == nil)
        #expect(
            ModuleGraph.staticSpecifiers(in: Self.files["app.js"]!).sorted() == ["./a.js", "./lib/b.js"],
            "Array.from(\"from 'x'\") is no import")
        #expect(ModuleGraph.dynamicPrefixes(in: Self.files["app.js"]!) == ["./pages/"])
        #expect(ModuleGraph.resolvedSpecifiers(in: Self.files["app.js"]!) == ["./screens/s.js"])
    }
}
