import API
import Booking
import Foundation
import Testing

/// The refusal codes are one catalogue (`Refusal`), which the API document lists and the web app words
/// in each of its five languages: a code added in one place and not the others fails here.
struct RefusalCatalogueTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theCatalogueListsEveryCodeItDeclaresOnce() throws {
        let source = try Self.text("Sources/Booking/Values/Refusal.swift")
        let declared = Set(
            source.matches(of: /static let \w+ = Refusal\("([a-z][A-Za-z]*\.[A-Za-z]+)"\)/).map { String($0.1) })
        let listed = Refusal.all.map(\.code)
        #expect(!declared.isEmpty)
        #expect(Set(listed) == declared)
        #expect(Set(listed).count == listed.count, "a code is listed twice in Refusal.all")
    }

    @Test func theAPIDocumentListsExactlyTheCatalogue() {
        let documented = Set(Components.Schemas.Refusal.allCases.map(\.rawValue))
        let catalogue = Set(Refusal.all.map(\.code))
        #expect(documented.subtracting(catalogue).isEmpty, "documented, not in the catalogue")
        #expect(catalogue.subtracting(documented).isEmpty, "in the catalogue, not documented")
    }

    @Test func theWebAppWordsEveryCodeInEachOfItsFiveLanguages() throws {
        for language in ["en", "th", "ja", "ko", "vi"] {
            let words = try Self.text("Web/common/refusals/\(language).js")
            for refusal in Refusal.all {
                #expect(words.contains("\"\(refusal.code)\": \""), "\(language) has no words for \(refusal.code)")
            }
        }
    }
}
