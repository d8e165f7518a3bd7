/// What reading a property whole needs of storage besides its rooms: every property, and a salon's staff
/// and services.
public protocol PropertyReadStorage: StayStorage {
    func properties() async throws -> [Property]
    func staff(propertyID: Int) async throws -> [StaffMember]
    func services(propertyID: Int) async throws -> [Service]
}

/// A property as its staff read it: what it sells, and the member's standing there.
public struct PropertyDetails: Sendable {
    public var property: Property
    public var roomTypes: [RoomType]
    public var rooms: [Room]
    /// A salon's staff and services (none at a hotel).
    public var staff: [StaffMember]
    public var services: [Service]
    /// The member's role there, which decides what they may do and whether they read money (rates,
    /// prices).
    public var role: StaffRole
}

/// The properties as their staff read them, each with the member's role there, and the settings the
/// accounts read (taxes, plans): the same access as every operation's, decided here.
extension PropertySettings where Storage: PropertyReadStorage {
    /// The properties `staff` works at (and may read), with their role at each.
    public func properties(by staff: Staff) async throws -> [(property: Property, role: StaffRole)] {
        try await storage.properties().compactMap { property in
            guard (try? staff.worksAt(property.id)) == true, let role = staff.roles(property.id) else { return nil }
            return (property, role)
        }
    }

    /// The property with its room types and rooms, and a salon's staff and services.
    public func details(propertyID: Int, by staff: Staff) async throws -> PropertyDetails {
        let property = try await property(propertyID, by: staff)
        guard let role = staff.roles(property.id) else { throw DomainError(.notFound, "no property \(propertyID)") }
        return PropertyDetails(
            property: property, roomTypes: try await storage.roomTypes(propertyID: property.id),
            rooms: try await storage.rooms(propertyID: property.id),
            staff: try await storage.staff(propertyID: property.id),
            services: try await storage.services(propertyID: property.id), role: role)
    }
}

extension PropertySettings {
    /// The property as its accounts' settings read it (its taxes, its rate plans): not housekeeping's.
    public func accountsSettings(propertyID: Int, by staff: Staff) async throws -> Property {
        try await property(propertyID, by: staff.doing(.accounts))
    }
}
