import Crypto
import Foundation

/// The web app's files as the server found them: each one's version (the start of its content's SHA-256),
/// the modules each JavaScript file imports, and its pages written for this set of versions
/// (`PageWriter`).
///
/// A file asked for with its current version (`/site/app.js?v=3f2a9c1b0d4e`) is the same bytes for as long
/// as that URL exists, so a browser keeps it for a year without asking again; a page names only current
/// versions, so a page never runs new modules beside old ones kept from before a deploy.
struct WebAssets: Sendable {
    /// The folder served, as `frontdesk serve --web` names it.
    let root: String
    /// Each file's URL path (`/site/app.js`) and version.
    let versions: [String: String]
    /// The pages, by every path that serves one (`/`, `/index.html`, `/desk/`, `/desk/index.html`).
    let pages: [String: WrittenPage]
    /// What the files were when read (their paths, sizes and modification times), to notice a change.
    let stamp: [String: FileStamp]

    /// The characters of a version: 12 hexadecimal digits of SHA-256, 48 bits.
    static let versionLength = 12

    /// Reads every file under `root`. A file that cannot be read is left out, and served as the file
    /// server finds it.
    static func load(root: String) -> WebAssets {
        let files = Self.files(under: root)
        var versions: [String: String] = [:]
        var sources: [String: String] = [:]
        var htmlPaths: [String] = []
        for (path, file) in files {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            versions[path] = Self.version(of: data)
            if path.hasSuffix(".js") || path.hasSuffix(".html") {
                sources[path] = String(decoding: data, as: UTF8.self)
            }
            if path.hasSuffix(".html") { htmlPaths.append(path) }
        }
        let graph = ModuleGraph(sources: sources.filter { $0.key.hasSuffix(".js") })
        var pages: [String: WrittenPage] = [:]
        for path in htmlPaths {
            guard let html = sources[path] else { continue }
            let page = PageWriter(path: path, versions: versions, graph: graph, sources: sources).write(html)
            pages[path] = page
            if path.hasSuffix("/index.html") { pages[String(path.dropLast("index.html".count))] = page }
        }
        return WebAssets(root: root, versions: versions, pages: pages, stamp: Self.stamp(of: files))
    }

    /// The version a URL path's file has now, if the file is served.
    func version(of path: String) -> String? { versions[path] }

    /// Whether a file has changed, come or gone since these were read.
    func isStale() -> Bool { Self.stamp(of: Self.files(under: root)) != stamp }

    static func version(of data: Data) -> String {
        SHA256.hash(data: data).prefix(versionLength / 2).map { byte in
            let hex = String(byte, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
    }

    /// Every regular file under `root`, by URL path (`/desk/app.js`), but hidden ones (`.DS_Store`).
    private static func files(under root: String) -> [(path: String, file: String)] {
        let base = URL(fileURLWithPath: root, isDirectory: true).standardizedFileURL
        guard
            let walker = FileManager.default.enumerator(
                at: base, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var found: [(String, String)] = []
        let prefix = base.path.hasSuffix("/") ? base.path : base.path + "/"
        for case let url as URL in walker {
            let file = url.standardizedFileURL.path
            guard file.hasPrefix(prefix),
                (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
            else { continue }
            found.append(("/" + file.dropFirst(prefix.count), file))
        }
        return found.sorted { $0.0 < $1.0 }
    }

    private static func stamp(of files: [(path: String, file: String)]) -> [String: FileStamp] {
        var stamps: [String: FileStamp] = [:]
        for (path, file) in files {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: file) else { continue }
            stamps[path] = FileStamp(
                size: (attributes[.size] as? NSNumber)?.int64Value ?? -1,
                modified: (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)
        }
        return stamps
    }
}

/// A file's size and modification time.
struct FileStamp: Equatable, Sendable {
    let size: Int64
    let modified: Double
}
