import Booking
import Foundation
import SQLKit

/// Each property's `MessageSettings`, kept on its row.
extension MessageRepository {
    public func settings(propertyID: Int) async throws -> MessageSettings {
        try await store.read { sql in try await Self.settings(propertyID: propertyID, in: sql) }
    }

    static func settings(propertyID: Int, in sql: any SQLDatabase) async throws -> MessageSettings {
        guard
            let row = try await sql.raw(
                """
                SELECT message_confirmation, message_cancellation, reminder_hours, pre_arrival_days, message_notes
                FROM properties WHERE id = \(bind: propertyID)
                """
            ).first()
        else { throw DomainError(.notFound, "no property \(propertyID)", field: "id") }
        return try settings(from: row)
    }

    static func settings(from row: any SQLRow) throws -> MessageSettings {
        let notes = try JSONText.decode([String: String].self, try row.decode(column: "message_notes", as: String.self))
        return MessageSettings(
            confirmation: try row.decode(column: "message_confirmation", as: Bool.self),
            cancellation: try row.decode(column: "message_cancellation", as: Bool.self),
            reminderHours: try row.decode(column: "reminder_hours", as: Int?.self),
            preArrivalDays: try row.decode(column: "pre_arrival_days", as: Int?.self),
            notes: Dictionary(
                uniqueKeysWithValues: notes.compactMap { key, text in Language(rawValue: key).map { ($0, text) } }))
    }

    /// Writes a property's settings (checked by `MessageSettings.validate`), with its audit row and event.
    public func updateSettings(_ settings: MessageSettings, propertyID: Int, by userID: Int?) async throws
        -> MessageSettings
    {
        try settings.validate()
        return try await store.write { sql in
            let before = SettingsRecord(try await Self.settings(propertyID: propertyID, in: sql))
            let notes = Dictionary(uniqueKeysWithValues: settings.notes.map { ($0.key.rawValue, $0.value) })
            try await sql.raw(
                """
                UPDATE properties SET message_confirmation = \(bind: settings.confirmation),
                  message_cancellation = \(bind: settings.cancellation), reminder_hours = \(bind: settings.reminderHours),
                  pre_arrival_days = \(bind: settings.preArrivalDays), message_notes = \(bind: try JSONText.encode(notes))
                WHERE id = \(bind: propertyID)
                """
            ).run()
            try await Journal.record(
                in: sql, at: store.clock.nowMillis, propertyID: propertyID, userID: userID, entity: "property",
                entityID: propertyID, action: "messages", before: before, after: SettingsRecord(settings))
            return settings
        }
    }

    /// The settings as the audit log keeps them.
    struct SettingsRecord: Codable {
        var confirmation: Bool
        var cancellation: Bool
        var reminderHours: Int?
        var preArrivalDays: Int?
        var notes: [String: String]

        init(_ settings: MessageSettings) {
            confirmation = settings.confirmation
            cancellation = settings.cancellation
            reminderHours = settings.reminderHours
            preArrivalDays = settings.preArrivalDays
            notes = Dictionary(uniqueKeysWithValues: settings.notes.map { ($0.key.rawValue, $0.value) })
        }
    }
}
