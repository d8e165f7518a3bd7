/// The imports between the web app's JavaScript modules, read from their sources: which modules each one
/// needs before it runs (its static `import … from` and `export … from`), which folders it loads from
/// later (its `import(…)`) and which files it names by their versions (its `import.meta.resolve("…")`),
/// so that a page can ask for all of the first at once and map all of the others to their versions.
///
/// Only relative and root specifiers count (`./x.js`, `../common/x.js`, `/site/x.js`); the app imports
/// nothing else.
struct ModuleGraph: Sendable {
    /// Each module's URL path and the URL paths of the modules it imports statically.
    let imports: [String: [String]]
    /// Each module's URL path and the folders (`/desk/messages/`) its dynamic imports load from.
    let dynamicFolders: [String: [String]]
    /// Each module's URL path and the URL paths of the files it names with `import.meta.resolve("…")`, which
    /// the page's import map turns into their versioned URLs: a module it loads later (a screen, as its
    /// folder's `routes.js` names it), or another file it fetches as it runs (the board's `/timeline.wasm`).
    let resolved: [String: [String]]

    init(sources: [String: String]) {
        var imports: [String: [String]] = [:]
        var folders: [String: [String]] = [:]
        var resolved: [String: [String]] = [:]
        for (path, source) in sources {
            imports[path] = Self.staticSpecifiers(in: source).compactMap { URLPath.resolve($0, against: path) }
            folders[path] = Self.dynamicPrefixes(in: source).compactMap { prefix in
                URLPath.resolve(URLPath.folder(of: prefix), against: path)
            }
            resolved[path] = Self.resolvedSpecifiers(in: source).compactMap { URLPath.resolve($0, against: path) }
        }
        self.imports = imports
        self.dynamicFolders = folders
        self.resolved = resolved
    }

    /// The files other than modules that `module` names with `import.meta.resolve` and fetches as it runs:
    /// asked for with it when a page asks for it whole.
    func fetchedFiles(of module: String) -> [String] {
        (resolved[module] ?? []).filter { !$0.hasSuffix(".js") }
    }

    /// The modules `roots` need before they run, themselves included, in the order first met (breadth
    /// first, so that what is needed soonest is asked for first).
    func closure(of roots: [String]) -> [String] {
        var seen = Set<String>()
        var order: [String] = []
        var queue = roots[...]
        while let module = queue.popFirst() {
            guard imports[module] != nil, seen.insert(module).inserted else { continue }
            order.append(module)
            queue.append(contentsOf: imports[module] ?? [])
        }
        return order
    }

    /// The specifiers of `import … from "x"`, `import "x"` and `export … from "x"`.
    static func staticSpecifiers(in source: String) -> [String] {
        specifiers(in: source, after: ["from", "import"], quotes: ["\"", "'"])
    }

    /// The literal start of each `import(…)`'s specifier, up to its first `${`: `./messages/` of
    /// ``import(`./messages/${language}.js`)``.
    static func dynamicPrefixes(in source: String) -> [String] {
        specifiers(in: source, after: ["import("], quotes: ["\"", "'", "`"]).map { specifier in
            specifier.range(of: "${").map { String(specifier[..<$0.lowerBound]) } ?? specifier
        }
    }

    /// The specifiers of `import.meta.resolve("x")`.
    static func resolvedSpecifiers(in source: String) -> [String] {
        specifiers(in: source, after: ["import.meta.resolve("], quotes: ["\"", "'"])
    }

    /// Each quoted string that follows one of `keywords` (whole words, then optional spaces) and starts
    /// as a path does.
    private static func specifiers(in source: String, after keywords: [String], quotes: Set<Character>) -> [String] {
        var found: [String] = []
        for keyword in keywords {
            var searchStart = source.startIndex
            while let hit = source.range(of: keyword, range: searchStart..<source.endIndex) {
                searchStart = hit.upperBound
                if hit.lowerBound > source.startIndex {
                    let before = source[source.index(before: hit.lowerBound)]
                    if before.isLetter || before.isNumber || before == "_" || before == "$" || before == "." {
                        continue
                    }
                }
                var cursor = hit.upperBound
                while cursor < source.endIndex, source[cursor] == " " || source[cursor] == "\n" {
                    cursor = source.index(after: cursor)
                }
                guard cursor < source.endIndex, quotes.contains(source[cursor]) else { continue }
                let quote = source[cursor]
                let start = source.index(after: cursor)
                guard let end = source[start...].firstIndex(of: quote) else { continue }
                let specifier = String(source[start..<end])
                if specifier.hasPrefix("./") || specifier.hasPrefix("../") || specifier.hasPrefix("/") {
                    found.append(specifier)
                }
            }
        }
        return found
    }
}

/// URL paths of the served files, resolved as a browser resolves a relative URL.
enum URLPath {
    /// `reference` (`../common/x.js`, `./a.js`, `/site/b.js`, `c.css`) as seen from `base` (`/desk/app.js`),
    /// without its query or fragment; nil for another origin's or a `data:` URL, or one above the root.
    static func resolve(_ reference: String, against base: String) -> String? {
        let bare = String(reference.prefix { $0 != "?" && $0 != "#" })
        if bare.isEmpty || bare.hasPrefix("//") || bare.contains(":") { return nil }
        let absolute = bare.hasPrefix("/")
        var segments: [Substring] =
            absolute ? [""] : base.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        for segment in bare.dropFirst(absolute ? 1 : 0).split(separator: "/", omittingEmptySubsequences: false) {
            switch segment {
            case ".": continue
            case "..":
                guard segments.count > 1 else { return nil }
                segments.removeLast()
            default: segments.append(segment)
            }
        }
        if bare.hasSuffix("/.") || bare.hasSuffix("/..") || bare == "." || bare == ".." { segments.append("") }
        return segments.joined(separator: "/")
    }

    /// The folder part of a path (`./messages/` of `./messages/en.js`; `./` of `./a.js`).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "./" }
        return String(path[...slash])
    }
}
