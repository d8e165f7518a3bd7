import Crypto
import Foundation

/// A page of the web app as the server sends it: its HTML, the entity tag of those bytes, and the hashes
/// of its inline scripts for the `Content-Security-Policy` (the pages allow no other inline script).
struct WrittenPage: Sendable {
    let html: String
    let entityTag: String
    let scriptHashes: [String]
}

/// Writes a page for the files' current versions, so that it asks for everything its first screen needs
/// at once and for nothing a browser may have kept from another version:
/// - each of its own stylesheets, scripts and links is named with its version (`/desk/desk.css?v=…`), a
///   stylesheet the page applies later (`data-href`) too;
/// - an import map names every module the page may load, now or later, and every file its modules name
///   with `import.meta.resolve` (the board's engine), with its version, so that the modules' own relative
///   imports ask for versions too;
/// - every module its scripts import before they run, at any depth, is a `modulepreload` link, so that
///   the browser asks for the whole graph with the page instead of one level of imports after another;
/// - the imports of each module it may load later are written beside the import map
///   (`<script type="application/json" id="frontdesk-imports">`), so that the page can ask for such a
///   module and all it needs as one list when it knows it will (`common/early.js`);
/// - a classic script marked `data-inline` (`<script src="early.js" data-inline></script>`) is written
///   into the page, so that what it starts starts with the page rather than one round trip later.
struct PageWriter {
    /// The page's URL path (`/desk/index.html`).
    let path: String
    let versions: [String: String]
    let graph: ModuleGraph
    /// The scripts' sources, by URL path, for those the page writes inline.
    let sources: [String: String]

    func write(_ html: String) -> WrittenPage {
        var output = ""
        var rest = html[...]
        var roots: [String] = []
        var preloaded = Set<String>()
        // Where the import map and the preloads go, as offsets in the output's UTF-8.
        var firstModuleTag: Int?
        var entryScript: Int?
        var inlineHashes: [String] = []
        while let open = Self.nextTag(in: rest) {
            output += rest[..<open.lowerBound]
            guard let close = rest[open.lowerBound...].firstIndex(of: ">") else { break }
            var tag = String(rest[open.lowerBound...close])
            rest = rest[rest.index(after: close)...]
            guard let reference = Self.reference(in: tag), let file = URLPath.resolve(reference.value, against: path),
                let version = versions[file]
            else {
                output += tag
                continue
            }
            let closing = "</script>"
            if tag.hasPrefix("<script"), tag.contains(" data-inline"), !tag.contains(#"type="module""#),
                rest.hasPrefix(closing), let source = sources[file], !source.contains("</")
            {
                // The import map and the imports JSON go before the first script, so that an inline script
                // can read them.
                if firstModuleTag == nil { firstModuleTag = output.utf8.count }
                output += "<script>" + source + closing
                rest = rest.dropFirst(closing.count)
                inlineHashes.append(Self.hash(of: source))
                continue
            }
            tag.replaceSubrange(reference.range, with: "\(file)?v=\(version)")
            let isModuleScript = tag.hasPrefix("<script") && tag.contains(#"type="module""#)
            let isPreload = tag.hasPrefix("<link") && tag.contains(#"rel="modulepreload""#)
            if isModuleScript || isPreload {
                roots.append(file)
                preloaded.insert(file)
                if firstModuleTag == nil { firstModuleTag = output.utf8.count }
                if isModuleScript, entryScript == nil { entryScript = output.utf8.count }
            } else if tag.hasPrefix("<script"), firstModuleTag == nil {
                firstModuleTag = output.utf8.count
            }
            output += tag
        }
        output += rest
        guard !roots.isEmpty else {
            return WrittenPage(html: output, entityTag: Self.entityTag(of: output), scriptHashes: inlineHashes)
        }
        let closure = graph.closure(of: roots)
        let preloads = closure.filter { !preloaded.contains($0) }.compactMap { module in
            versions[module].map { #"<link rel="modulepreload" href="\#(module)?v=\#($0)">"# + "\n  " }
        }.joined()
        let reachable = reachableModules(from: roots)
        let importMap = importMapJSON(of: reachable)
        let later = laterImportsJSON(of: reachable, before: Set(closure))
        // The entry's own tag comes after its imports' preloads; the import map before any module.
        if let entryScript {
            output.insert(contentsOf: preloads, at: output.utf8.index(output.startIndex, offsetBy: entryScript))
        }
        output.insert(
            contentsOf: #"<script type="importmap">\#(importMap)</script>"# + "\n  "
                + #"<script type="application/json" id="frontdesk-imports">\#(later)</script>"# + "\n  ",
            at: output.utf8.index(output.startIndex, offsetBy: firstModuleTag ?? 0))
        return WrittenPage(
            html: output, entityTag: Self.entityTag(of: output), scriptHashes: [Self.hash(of: importMap)] + inlineHashes
        )
    }

    /// Every module the roots may load: what they import, what they name with `import.meta.resolve` (and
    /// the other files so named), and every module in a folder that any of those loads from with
    /// `import(…)`, and so on.
    private func reachableModules(from roots: [String]) -> Set<String> {
        var reachable = Set<String>()
        var queue = roots
        while let module = queue.popLast() {
            guard versions[module] != nil, reachable.insert(module).inserted else { continue }
            queue.append(contentsOf: graph.imports[module] ?? [])
            queue.append(contentsOf: graph.resolved[module] ?? [])
            for folder in graph.dynamicFolders[module] ?? [] {
                queue.append(
                    contentsOf: graph.imports.keys.filter {
                        $0.hasPrefix(folder) && !$0.dropFirst(folder.count).contains("/")
                    })
            }
        }
        return reachable
    }

    /// `{"imports": {…}}`: each module's URL path and its versioned URL.
    private func importMapJSON(of modules: Set<String>) -> String {
        let entries = modules.sorted().compactMap { module in
            versions[module].map { #""\#(module)":"\#(module)?v=\#($0)""# }
        }
        return #"{"imports":{"# + entries.joined(separator: ",") + "}}"
    }

    /// `{"/site/results-page.js": ["/site/price-slider.js", …], …}`: the static imports of each module
    /// the page may load later (not one of `before`, which the page has preloaded, nor among its imports),
    /// and the other files it fetches as it runs (`/timeline.wasm`), where it has any.
    private func laterImportsJSON(of modules: Set<String>, before: Set<String>) -> String {
        let entries = modules.subtracting(before).sorted().compactMap { module -> String? in
            let imports = ((graph.imports[module] ?? []) + graph.fetchedFiles(of: module)).filter {
                versions[$0] != nil && !before.contains($0)
            }
            guard !imports.isEmpty else { return nil }
            return #""\#(module)":["# + imports.map { #""\#($0)""# }.joined(separator: ",") + "]"
        }
        return "{" + entries.joined(separator: ",") + "}"
    }

    /// An inline script's hash as `Content-Security-Policy` names it (`sha256-…`).
    private static func hash(of script: String) -> String {
        "sha256-" + Data(SHA256.hash(data: Data(script.utf8))).base64EncodedString()
    }

    /// The next `<link` or `<script` tag.
    private static func nextTag(in text: Substring) -> Range<String.Index>? {
        [text.range(of: "<link"), text.range(of: "<script")].compactMap { $0 }.min { $0.lowerBound < $1.lowerBound }
    }

    /// The value of a tag's `href="…"`, `src="…"` or `data-href="…"` (a stylesheet the page asks for
    /// later, `desk/index.html`'s screens'), and where it stands in the tag.
    private static func reference(in tag: String) -> (value: String, range: Range<String.Index>)? {
        for attribute in [#" href=""#, #" src=""#, #" data-href=""#] {
            guard let start = tag.range(of: attribute)?.upperBound,
                let end = tag[start...].firstIndex(of: "\"")
            else { continue }
            return (String(tag[start..<end]), start..<end)
        }
        return nil
    }

    /// A weak entity tag (the answer may go out compressed) of the page's bytes.
    static func entityTag(of html: String) -> String {
        #"W/""# + WebAssets.version(of: Data(html.utf8)) + #"""#
    }
}
