/// The languages the desk and the guest site are written in: English, Thai, Japanese, Korean,
/// Vietnamese.
public enum Language: String, Sendable, CaseIterable, Codable {
    case en, th, ja, ko, vi

    /// The language a client asks for by its code (`lang=th`), or a refusal naming the field.
    public static func named(_ code: String, field: String = "lang") throws(DomainError) -> Language {
        guard let language = Language(rawValue: code) else {
            throw .invalid(field, "'\(code)' is not one of \(allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return language
    }
}

/// A property's own words in the other languages: its summary, amenities, room types, fees, taxes and
/// services, as a manager enters them. Each is kept by the text as stored (in whatever language the
/// property writes), so a text renamed leaves its old wordings behind rather than mislabelling the new
/// one; a text without a wording in a language reads as stored.
public struct Translations: Hashable, Sendable {
    /// Wordings by the stored text, then by language.
    public private(set) var wordings: [String: [Language: String]]

    public init(_ wordings: [String: [Language: String]] = [:]) {
        self.wordings = wordings.compactMapValues { languages in
            let kept = languages.filter { !$0.value.isEmpty }
            return kept.isEmpty ? nil : kept
        }
    }

    public var isEmpty: Bool { wordings.isEmpty }

    /// `text` in `language`, or as stored when it has no wording there (or no language is asked for).
    public func word(_ text: String, in language: Language?) -> String {
        guard let language else { return text }
        return wordings[text]?[language] ?? text
    }
}

/// A text of a property that a manager can word in other languages.
public struct TranslatableText: Hashable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case summary
        case amenity
        case roomType = "room_type"
        case fee
        case tax
        case ratePlan = "rate_plan"
        case service
    }

    public var kind: Kind
    /// The text as stored.
    public var source: String

    public init(kind: Kind, source: String) {
        self.kind = kind
        self.source = source
    }

    /// The longest wording: a summary is a paragraph, the others are names.
    public var limit: Int { kind == .summary ? Self.summaryLimit : Self.nameLimit }
    public static let summaryLimit = 2_000
    public static let nameLimit = 120

    /// Checks a wording as a manager enters it: a summary may have line breaks; a name is one line.
    public func validate(wording: String, field: String) throws(DomainError) {
        try FreeText.validate(wording, field: field, limit: limit, lines: kind == .summary)
    }
}

extension Property {
    /// The property's texts a manager can word in other languages, each once, in the order a settings
    /// page lists them: summary, amenities, room types, fees, taxes, rate plans (and what they add),
    /// services.
    public func translatableTexts(roomTypes: [RoomType], services: [Service]) -> [TranslatableText] {
        var seen: Set<String> = []
        var texts: [TranslatableText] = []
        func add(_ kind: TranslatableText.Kind, _ source: String) {
            guard !source.isEmpty, seen.insert(source).inserted else { return }
            texts.append(TranslatableText(kind: kind, source: source))
        }
        add(.summary, summary)
        amenities.forEach { add(.amenity, $0) }
        roomTypes.forEach { add(.roomType, $0.name) }
        fees.forEach { add(.fee, $0.name) }
        taxes.forEach { add(.tax, $0.name) }
        for plan in ratePlans where plan.active {
            add(.ratePlan, plan.name)
            if plan.extraPerGuestNight != nil { add(.ratePlan, plan.extraName) }
        }
        services.forEach { add(.service, $0.name) }
        return texts
    }

    /// The property's description as a guest reading `language` sees it: its summary and amenities in
    /// that language where the manager has worded them. (Fee and tax names reach a guest in a price:
    /// `StayPrice.worded`.)
    public func worded(in language: Language?) -> Property {
        guard language != nil, !translations.isEmpty else { return self }
        var worded = self
        worded.summary = translations.word(summary, in: language)
        worded.amenities = amenities.map { translations.word($0, in: language) }
        return worded
    }
}

extension StayPrice {
    /// The price as a guest reading `language` sees it: its fees and taxes named in that language where
    /// the property's manager has worded them (nights are named by their dates).
    public func worded(_ translations: Translations, in language: Language?) -> StayPrice {
        guard language != nil, !translations.isEmpty else { return self }
        let word = { (line: Line) in
            Line(name: translations.word(line.name, in: language), amount: line.amount, night: line.night)
        }
        var worded = self
        worded.fees = fees.map(word)
        worded.taxes = taxes.map(word)
        return worded
    }
}
