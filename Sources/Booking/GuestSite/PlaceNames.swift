import Foundation

/// What cities and regions are called in the guest site's languages, and how a name typed in any of
/// them is matched: 치앙마이, เชียงใหม่ and chiang mai all mean Chiang Mai.
///
/// It lives in Booking, beside `Property`, because a place's name in the languages guests search in
/// is a fact about the places sold, not about HTTP or the demo: the search (which places a typed name
/// means) and the suggestions (what to offer while typing) must agree, and both the server and any
/// import or command can use it without reaching into `App`. Properties store their city and region in
/// English; this table translates those names, and a name it lacks reads the same in every language.
///
/// - Complexity: matching a query against a name is O(n) in their lengths, over the name's
///   translations.
public struct PlaceNames: Sendable {
    /// How well a query matches a name, best first.
    public enum Match: Int, Comparable, Sendable {
        /// The query is one of the name's forms.
        case whole
        /// A form of the name starts with the query.
        case start
        /// A word of a form starts with the query.
        case word
        /// The query is somewhere in a form.
        case anywhere

        public static func < (lhs: Match, rhs: Match) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Translations by the stored (English) name.
    public let translations: [String: [Language: String]]
    /// Every form of each name, folded for matching.
    private let folded: [String: [Form]]

    public init(translations: [String: [Language: String]]) {
        self.translations = translations
        folded = Dictionary(
            uniqueKeysWithValues: translations.map { ($0.key, Self.forms(of: [$0.key] + Array($0.value.values))) })
    }

    private init(translations: [String: [Language: String]], folded: [String: [Form]]) {
        self.translations = translations
        self.folded = folded
    }

    /// The table with the names it has no translations for folded too, once: for a caller that matches
    /// the same names search after search (the guest site's cities and regions, thousands on a large site).
    public func knowing(_ names: some Sequence<String>) -> PlaceNames {
        var folded = self.folded
        for name in names where folded[name] == nil { folded[name] = Self.forms(of: [name]) }
        return PlaceNames(translations: translations, folded: folded)
    }

    /// What a guest typed, folded once to be matched against many names.
    public struct Query: Sendable {
        fileprivate let scalars: [Unicode.Scalar]

        public init(_ text: String) {
            scalars = Array(PlaceNames.fold(text).unicodeScalars)
        }
    }

    /// The name in every language: the stored name where there is no translation.
    public func label(_ name: String) -> [Language: String] {
        let known = translations[name] ?? [:]
        return Dictionary(uniqueKeysWithValues: Language.allCases.map { ($0, known[$0] ?? name) })
    }

    /// The name in one language, or the stored name.
    public func name(_ name: String, in language: Language) -> String {
        translations[name]?[language] ?? name
    }

    /// How well `query` matches any language's form of `name` (the stored name included), or nil when
    /// it matches none. Case, Latin diacritics (Hà Nội, ha noi) and hiragana for katakana are ignored;
    /// names are compared by Unicode scalars, so that a Thai word typed up to its vowel sign matches.
    /// An empty query matches nothing.
    public func match(_ query: String, name: String) -> Match? {
        match(Query(query), name: name)
    }

    /// How well a query folded once matches `name`, as `match(_:name:)` says.
    public func match(_ query: Query, name: String) -> Match? {
        let query = query.scalars
        guard !query.isEmpty else { return nil }
        var best: Match?
        for form in folded[name] ?? Self.forms(of: [name]) {
            guard let match = form.match(query) else { continue }
            if best.map({ match < $0 }) ?? true { best = match }
        }
        return best
    }

    /// One form of a name, folded, as scalars, with where each of its words starts.
    private struct Form: Sendable {
        var scalars: [Unicode.Scalar]
        var wordStarts: [Int]

        init(_ folded: String) {
            let scalars = Array(folded.unicodeScalars)
            self.scalars = scalars
            wordStarts = scalars.indices.filter { index in
                !PlaceNames.separates(scalars[index]) && (index == 0 || PlaceNames.separates(scalars[index - 1]))
            }
        }

        func match(_ query: [Unicode.Scalar]) -> Match? {
            if scalars == query { return .whole }
            if scalars.starts(with: query) { return .start }
            if wordStarts.contains(where: { scalars[$0...].starts(with: query) }) { return .word }
            guard query.count <= scalars.count else { return nil }
            for start in 0...(scalars.count - query.count) where scalars[start...].starts(with: query) {
                return .anywhere
            }
            return nil
        }
    }

    private static func forms(of names: [String]) -> [Form] {
        var seen: Set<String> = []
        return names.map(fold).filter { !$0.isEmpty && seen.insert($0).inserted }.sorted().map(Form.init)
    }

    static func separates(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || "-/,.()·'".unicodeScalars.contains(scalar)
    }

    /// A name or query as compared: lowercased, trimmed, single-spaced, without the accents of Latin
    /// letters (đ as d), and with hiragana as katakana.
    public static func fold(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var space = false
        for scalar in text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.value {
            case 0x0300...0x036F: continue  // combining accents of Latin letters
            case 0x0111: scalars.append("d")  // đ
            case 0x3041...0x3096: scalars.append(Unicode.Scalar(scalar.value + 0x60)!)  // hiragana to katakana
            default:
                if scalar.properties.isWhitespace {
                    space = !scalars.isEmpty
                    continue
                }
                if space { scalars.append(" ") }
                space = false
                scalars.append(scalar)
            }
        }
        return String(scalars).precomposedStringWithCanonicalMapping
    }

    /// The demo's cities and regions (Sources/Demo/DemoCatalog.swift) in the guest site's languages.
    public static let standard = PlaceNames(translations: [
        "Bangkok": [.en: "Bangkok", .th: "กรุงเทพมหานคร", .ja: "バンコク", .ko: "방콕", .vi: "Băng Cốc"],
        "Central Thailand": [
            .en: "Central Thailand", .th: "ภาคกลาง", .ja: "タイ中部", .ko: "태국 중부", .vi: "Miền Trung Thái Lan",
        ],
        "Chiang Mai": [.en: "Chiang Mai", .th: "เชียงใหม่", .ja: "チェンマイ", .ko: "치앙마이", .vi: "Chiang Mai"],
        "Northern Thailand": [
            .en: "Northern Thailand", .th: "ภาคเหนือ", .ja: "タイ北部", .ko: "태국 북부", .vi: "Miền Bắc Thái Lan",
        ],
        "Seoul": [.en: "Seoul", .th: "โซล", .ja: "ソウル", .ko: "서울", .vi: "Seoul"],
        "Seoul Capital Area": [
            .en: "Seoul Capital Area", .th: "เขตเมืองหลวงโซล", .ja: "ソウル首都圏", .ko: "수도권", .vi: "Vùng thủ đô Seoul",
        ],
        "Busan": [.en: "Busan", .th: "ปูซาน", .ja: "釜山", .ko: "부산", .vi: "Busan"],
        "Yeongnam": [.en: "Yeongnam", .th: "ยองนัม", .ja: "嶺南", .ko: "영남", .vi: "Yeongnam"],
        "Tokyo": [.en: "Tokyo", .th: "โตเกียว", .ja: "東京", .ko: "도쿄", .vi: "Tokyo"],
        "Kanto": [.en: "Kanto", .th: "คันโต", .ja: "関東", .ko: "간토", .vi: "Kanto"],
        "Kyoto": [.en: "Kyoto", .th: "เกียวโต", .ja: "京都", .ko: "교토", .vi: "Kyoto"],
        "Kansai": [.en: "Kansai", .th: "คันไซ", .ja: "関西", .ko: "간사이", .vi: "Kansai"],
        "Hanoi": [.en: "Hanoi", .th: "ฮานอย", .ja: "ハノイ", .ko: "하노이", .vi: "Hà Nội"],
        "Red River Delta": [
            .en: "Red River Delta", .th: "สามเหลี่ยมปากแม่น้ำแดง", .ja: "紅河デルタ", .ko: "홍강 삼각주",
            .vi: "Đồng bằng sông Hồng",
        ],
        "Da Nang": [.en: "Da Nang", .th: "ดานัง", .ja: "ダナン", .ko: "다낭", .vi: "Đà Nẵng"],
        "South Central Coast": [
            .en: "South Central Coast", .th: "ชายฝั่งตอนกลางตอนใต้", .ja: "南中部沿岸", .ko: "남중부 해안",
            .vi: "Duyên hải Nam Trung Bộ",
        ],
    ])
}
