import Booking
import SQLKit

extension PropertyRepository {
    /// Writes the property's translations whole (checked by `PropertySettings.setTranslations`), with an audit
    /// row; the guest site's inventory moves on, as it shows them. Returns the property after.
    public func updateTranslations(_ translations: Translations, propertyID: Int, by userID: Int?) async throws
        -> Property
    {
        try await store.write { sql in
            guard let before = try await Self.property(id: propertyID, in: sql) else {
                throw DomainError(.notFound, "no property \(propertyID)")
            }
            let stored = try TranslationsRecord.encode(translations)
            try await sql.raw("UPDATE properties SET translations = \(bind: stored) WHERE id = \(bind: propertyID)")
                .run()
            try await Self.moveInventoryOn(in: sql)
            try await Journal.record(
                in: sql, at: store.clock.nowMillis, propertyID: propertyID, userID: userID, entity: "property",
                entityID: propertyID,
                action: "translations", before: try TranslationsRecord.encode(before.translations), after: stored)
            var after = before
            after.translations = translations
            return after
        }
    }
}
