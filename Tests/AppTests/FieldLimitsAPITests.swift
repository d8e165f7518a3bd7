import API
import Booking
import Foundation
import HummingbirdTesting
import Testing

/// The pages put on their fields the bounds the server serves (`GET /api/v1/public/limits`), each the
/// domain's own constant (`FieldLimits`), and write none of their own.
@Suite(.closesItsStores)
struct FieldLimitsAPITests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every script of the desk and the guest site, by its path under `Web/`.
    static func scripts() throws -> [(path: String, text: String)] {
        let web = repository.appendingPathComponent("Web")
        let files = FileManager.default.enumerator(at: web, includingPropertiesForKeys: nil)
        var found: [(String, String)] = []
        while let url = files?.nextObject() as? URL {
            guard ["js", "html"].contains(url.pathExtension) else { continue }
            let path = String(url.path.dropFirst(web.path.count + 1))
            found.append((path, try String(contentsOf: url, encoding: .utf8)))
        }
        return found.sorted { $0.0 < $1.0 }
    }

    @Test func everyFieldsBoundIsServedAsTheDomainStatesIt() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test(as: nil) { client in
            try await client.execute(uri: "/api/v1/public/limits", method: .get) { response in
                #expect(response.status == .ok)
                let served = try APIFixture.decoder.decode(
                    Components.Schemas.FieldLimits.self, from: Data(buffer: response.body)
                ).fields.additionalProperties
                #expect(Set(served.keys) == Set(FieldLimits.all.keys))
                for (name, bound) in FieldLimits.all {
                    #expect(served[name]?.min == bound.min, "\(name)")
                    #expect(served[name]?.max == bound.max, "\(name)")
                    #expect(served[name]?.choices == bound.choices, "\(name)")
                }
                #expect(served["stay.adults"]?.max == Stay.maxGuests)
                #expect(served["sale.payments"]?.max == Sale.maxPayments)
            }
        }
    }

    /// A number written as a field's bound (`max: "16"`, `maxlength: 60`, a `MAX_…` constant, a `min`
    /// other than nothing at all) duplicates a rule of the domain: the page asks `common/limits.js`.
    @Test func noPageWritesAFieldsBoundOfItsOwn() throws {
        let attribute = /\b(max|maxlength|maxLength|minlength|minLength|min)\s*[:=]\s*["']?(-?[0-9][0-9_.]*)/
        let constant = /\b(?:const|let)\s+((?:MAX|MIN)_[A-Z_]+)\s*=\s*[0-9]/
        // The pages' own measures, which no rule of the domain states: the map's projection and zoom, a
        // bar's least width in pixels, the result pages a search shows.
        let presentation: Set<String> = ["MAX_LATITUDE", "MIN_ZOOM", "MAX_ZOOM", "MIN_BAR_WIDTH", "MAX_PAGES"]
        var written: [String] = []
        for (path, text) in try Self.scripts() where !path.hasPrefix("vendor/") {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for match in line.matches(of: attribute) where !(match.1 == "min" && Double(match.2) == 0) {
                    written.append("\(path):\(number + 1): \(match.0)")
                }
                if let match = line.firstMatch(of: constant), !presentation.contains(String(match.1)) {
                    written.append("\(path):\(number + 1): \(line)")
                }
            }
        }
        #expect(
            written.isEmpty,
            "bounds written in the web instead of asked of the server:\n\(written.joined(separator: "\n"))")
    }

    /// Every field a page asks for is one the server serves: a misspelt name would leave a field unbounded.
    @Test func everyFieldAPageAsksForIsServed() throws {
        let asked = /\b(?:bound|numberRange|textLength)\(\s*["`]([a-zA-Z.]+)(\$\{[^}]*\})?["`]/
        var names: Set<String> = []
        for (path, text) in try Self.scripts() {
            for match in text.matches(of: asked) {
                let name = String(match.1)
                if match.2 != nil {
                    // A name built from a variable (`buyer.${key}`): each field of that subject is served.
                    #expect(FieldLimits.all.keys.contains { $0.hasPrefix(name) }, "\(path): \(name)…")
                } else {
                    names.insert(name)
                    #expect(FieldLimits.all[name] != nil, "\(path) asks for \(name), which the server does not serve")
                }
            }
        }
        #expect(names.count >= 30, "\(names.sorted())")
    }
}
