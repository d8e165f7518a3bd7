import Foundation

/// What a hotel's exports read of storage: its stays in the import's form, and its guests.
public protocol ExportStorage: StayStorage {
    /// The property's rooms and room types as a file of stays names them (`.invalid` for a salon).
    func importForm(propertyID: Int) async throws -> StayImport
    /// Every stay of the property as a file's rows, handed to `body` a page at a time; returns how many.
    func exportStays(propertyID: Int, _ body: @Sendable ([StayImport.Row]) async throws -> Void) async throws -> Int
    /// Each guest who stayed at the property, with their stays' count and span.
    func guestList(propertyID: Int) async throws -> [GuestList.Entry]
}

/// A hotel's records as files it can take elsewhere: every stay, in the form `frontdesk import` reads,
/// and its guest list. Both are the accounts' reading (not the desk's nor housekeeping's).
public struct Exports<Storage: ExportStorage>: StayOperations {
    public let storage: Storage
    public let now: @Sendable () -> Date

    public init(storage: Storage, now: @escaping @Sendable () -> Date) {
        self.storage = storage
        self.now = now
    }

    /// Every stay of the property as a CSV file, its header first.
    public func stays(propertyID: Int, by staff: Staff) async throws -> String {
        let property = try await property(propertyID, by: staff.doing(.accounts))
        let form = try await storage.importForm(propertyID: property.id)
        let text = TextBox(StayImport.header)
        _ = try await storage.exportStays(propertyID: property.id) { rows in
            for row in rows { text.append(form.line(for: row)) }
        }
        return text.value
    }

    /// The property's guests as a CSV file, its header first.
    public func guests(propertyID: Int, by staff: Staff) async throws -> String {
        let property = try await property(propertyID, by: staff.doing(.accounts))
        let entries = try await storage.guestList(propertyID: property.id)
        return GuestList.header + entries.map(GuestList.line(for:)).joined()
    }
}

/// Text gathered by a `@Sendable` closure called page by page, one page at a time.
private final class TextBox: @unchecked Sendable {
    private(set) var value: String

    init(_ value: String) { self.value = value }

    func append(_ text: String) { value += text }
}
