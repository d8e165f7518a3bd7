import Booking
import SQLKit

/// What guests and customers said of a property's messages on each channel (`MessageConsent`).
extension MessageRepository {
    /// What was said at `address` (as `MessageConsent.normalized` writes it) on `channel`; nil when nothing.
    public func consent(propertyID: Int, channel: MessageChannel, address: String) async throws -> MessageConsent? {
        try await store.read { sql in
            try await sql.raw(
                """
                SELECT granted, changed_at FROM message_consents
                WHERE property_id = \(bind: propertyID) AND channel = \(bind: channel.rawValue)
                  AND address = \(bind: address)
                """
            ).first().map {
                MessageConsent(
                    channel: channel, address: address, granted: try $0.decode(column: "granted", as: Bool.self),
                    changedAt: try $0.decode(column: "changed_at", as: Int.self))
            }
        }
    }

    /// Keeps what was said, over what was said before, with its audit row.
    public func record(_ consent: MessageConsent, propertyID: Int, by userID: Int?) async throws -> MessageConsent {
        try await store.write { sql in
            let now = store.clock.nowMillis
            let before = try await self.consent(
                propertyID: propertyID, channel: consent.channel, address: consent.address)
            try await sql.raw(
                """
                INSERT INTO message_consents (property_id, channel, address, granted, changed_at)
                VALUES (\(bind: propertyID), \(bind: consent.channel.rawValue), \(bind: consent.address),
                  \(bind: consent.granted), \(bind: now))
                ON CONFLICT (property_id, channel, address)
                DO UPDATE SET granted = excluded.granted, changed_at = excluded.changed_at
                """
            ).run()
            try await Journal.record(
                in: sql, at: now, propertyID: propertyID, userID: userID, entity: "property", entityID: propertyID,
                action: "message-consent", before: before.map { [$0.channel.rawValue, $0.address, "\($0.granted)"] },
                after: [consent.channel.rawValue, consent.address, "\(consent.granted)"])
            var kept = consent
            kept.changedAt = now
            return kept
        }
    }
}
