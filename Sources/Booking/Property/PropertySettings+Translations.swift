import Foundation

/// What translating a property's own texts needs of storage besides stays: its services (a salon's
/// names), and writing the translations.
public protocol TranslationStorage: StayStorage {
    func services(propertyID: Int) async throws -> [Service]
    /// Writes the property's translations whole, with its audit row; returns the property after.
    func updateTranslations(_ translations: Translations, propertyID: Int, by userID: Int?) async throws -> Property
}

/// A property's texts as the settings page lists them: each text as stored, with its wordings.
public struct PropertyTexts: Sendable {
    public var property: Property
    public var texts: [TranslatableText]
}

/// A property's own words in the desk's and the guest site's languages: a manager words each of its
/// texts (summary, amenities, room types, fees, taxes, services); guests and staff reading another
/// language then see them so, and the text as stored where there is no wording.
extension PropertySettings where Storage: TranslationStorage {
    /// The property's translatable texts with the wordings they have.
    public func texts(propertyID: Int, by staff: Staff) async throws -> PropertyTexts {
        let property = try await property(propertyID, by: staff)
        return PropertyTexts(
            property: property,
            texts: property.translatableTexts(
                roomTypes: try await storage.roomTypes(propertyID: propertyID),
                services: try await storage.services(propertyID: propertyID)))
    }

    /// Replaces the property's wordings (a manager's change). Each must word one of its texts as they
    /// stand (`texts[i].source`), one line for a name and a paragraph for the summary; an empty wording
    /// is none. Wordings of texts since renamed or removed are dropped.
    public func setTranslations(
        _ wordings: [(source: String, wordings: [Language: String])], propertyID: Int, by staff: Staff
    )
        async throws -> PropertyTexts
    {
        try staff.requireManager("word the property's texts", at: propertyID)
        let current = try await texts(propertyID: propertyID, by: staff)
        let bySource = Dictionary(current.texts.map { ($0.source, $0) }, uniquingKeysWith: { first, _ in first })
        var translations: [String: [Language: String]] = [:]
        for (index, entry) in wordings.enumerated() {
            guard let text = bySource[entry.source] else {
                throw DomainError.invalid(
                    "texts[\(index)].source", "'\(entry.source.prefix(60))' is not one of the property's texts")
            }
            for (language, wording) in entry.wordings {
                let trimmed = wording.trimmingCharacters(in: .whitespacesAndNewlines)
                try text.validate(wording: trimmed, field: "texts[\(index)].\(language.rawValue)")
                if !trimmed.isEmpty { translations[text.source, default: [:]][language] = trimmed }
            }
        }
        let property = try await storage.updateTranslations(
            Translations(translations), propertyID: propertyID, by: staff.user.id)
        return PropertyTexts(property: property, texts: current.texts)
    }
}
