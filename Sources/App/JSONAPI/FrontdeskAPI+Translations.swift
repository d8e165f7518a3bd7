import API
import Booking

/// A property's own texts in other languages: the settings page reads them and a manager words them.
extension FrontdeskAPI {
    func getPropertyTexts(_ input: Operations.GetPropertyTexts.Input) async throws
        -> Operations.GetPropertyTexts.Output
    {
        .ok(.init(body: .json(try .init(try await settings.texts(propertyID: input.path.id, by: try staff)))))
    }

    func setPropertyTexts(_ input: Operations.SetPropertyTexts.Input) async throws
        -> Operations.SetPropertyTexts.Output
    {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let texts = try await settings.setTranslations(
            body.texts.map { (source: $0.source, wordings: $0.wordings.byLanguage) }, propertyID: input.path.id,
            by: try staff)
        return .ok(.init(body: .json(try .init(texts))))
    }
}

extension Components.Schemas.Wordings {
    init(_ wordings: [Language: String]) {
        self.init(en: wordings[.en], th: wordings[.th], ja: wordings[.ja], ko: wordings[.ko], vi: wordings[.vi])
    }

    var byLanguage: [Language: String] {
        let pairs: [(Language, String?)] = [(.en, en), (.th, th), (.ja, ja), (.ko, ko), (.vi, vi)]
        return Dictionary(uniqueKeysWithValues: pairs.compactMap { language, text in text.map { (language, $0) } })
    }
}

extension Components.Schemas.PropertyTexts {
    init(_ texts: PropertyTexts) throws {
        let wordings = texts.property.translations.wordings
        self.init(
            texts: try texts.texts.map {
                .init(
                    kind: try documented($0.kind.rawValue), source: $0.source,
                    wordings: .init(wordings[$0.source] ?? [:]))
            })
    }
}
