/// What a change names in its address (`/stays/{id}`), by which its property is found before anything
/// else of the request is read.
public enum AccessHolder: String, Sendable, CaseIterable {
    case property, stay, room, roomType, appointment, sale, customer, document
}

/// Where the property of each thing a change names is kept.
public protocol AccessStorage: Sendable {
    /// The property `holder` number `id` belongs to; nil when there is no such thing.
    func propertyID(of holder: AccessHolder, id: Int) async throws -> Int?
}

/// Who may make a change, decided from its address alone, before its body is read: another property's
/// staff find nothing there (404), and a member whose role does not allow the work is refused (403), so that
/// neither learns what the change would have needed. The operation itself then checks again, with every rule
/// that reads what was sent (a manager's option, the stay's state).
public struct WriteAccess<Storage: AccessStorage>: Sendable {
    let storage: Storage

    public init(storage: Storage) { self.storage = storage }

    /// Refuses `staff` a change of `work` to `holder` number `id`: not found where they do not work (or it
    /// does not exist), forbidden where their role does not allow the work.
    public func check(_ holder: AccessHolder, id: Int, work: StaffWork, by staff: Staff) async throws {
        let propertyID = holder == .property ? id : try await storage.propertyID(of: holder, id: id)
        guard let propertyID, staff.roles(propertyID) != nil else {
            throw DomainError(.notFound, "no \(holder.rawValue) \(id)")
        }
        // Managing is the manager's alone, and the refusal says so.
        if work == .managing {
            try staff.requireManager("make this change", at: propertyID)
        } else {
            _ = try staff.doing(work).worksAt(propertyID)
        }
    }
}
