import Foundation
import Synchronization

/// JSON kept in a TEXT column (lists and settings that are read and written whole).
enum JSONText {
    static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }

    /// `decode`, remembering what a text decoded to: for a setting read on every request and seldom
    /// changed (a property's fees and plans, a salon's hours, each member's shifts), which Foundation's
    /// decoder otherwise parses again each time (a salon's free times spent a fifth of their time so).
    /// The same text always decodes to the same value, so a changed setting is simply a new text.
    static func decodeRemembered<T: Decodable & Sendable>(_ type: T.Type, _ text: String) throws -> T {
        guard text.utf8.count <= Remembered.longestText else { return try decode(type, text) }
        let key = Remembered.Key(type: ObjectIdentifier(type), text: text)
        if let known = Remembered.values.withLock({ $0[key] }) as? T { return known }
        let value = try decode(type, text)
        Remembered.values.withLock { values in
            // Bounded: when full, start again (the settings in use come back at once).
            if values.count >= Remembered.capacity { values.removeAll(keepingCapacity: true) }
            values[key] = value
        }
        return value
    }

    private enum Remembered {
        struct Key: Hashable {
            let type: ObjectIdentifier
            let text: String
        }

        static let values = Mutex<[Key: any Sendable]>([:])
        /// At most 4,096 texts of at most 16 KiB: 64 MiB at the very worst.
        static let capacity = 4096
        static let longestText = 16 * 1024
    }
}
