import Foundation

/// What every operation type over a property's stays shares: the storage it reads and writes through,
/// the clock every "today" is read from, and the lookups each operation begins with. The types are one
/// per subject, each in its folder: `FrontDesk` (a stay's life), `GuestsBookings` (the guest site),
/// `Accounts` and `NightAuditDesk` (folios, documents, the day's close), `HousekeepingDesk`,
/// `PropertySettings` (taxes, plans, texts) and `StaffManagement`.
///
/// Access is decided here, once: a stay, room or property at a property `staff` does not work at does
/// not exist for them (404), and one where their role does not allow the work is refused (403,
/// `Staff.worksAt`).
public protocol StayOperations: Sendable {
    associatedtype Storage: StayStorage
    var storage: Storage { get }
    /// The instant it is now: the clock every "today" is read from (a test sets it).
    var now: @Sendable () -> Date { get }

    init(storage: Storage, now: @escaping @Sendable () -> Date)
}

/// A stay, the property it is at and the room type it was booked as: what most operations decide by.
public struct StayAtProperty: Sendable {
    public var stay: Stay
    public var property: Property
    public var roomType: RoomType
    /// The property's day now.
    public var today: Day
}

extension StayOperations {
    /// The operations of another subject over the same storage and clock.
    public func operations<Other: StayOperations>(_: Other.Type = Other.self) -> Other where Other.Storage == Storage {
        Other(storage: storage, now: now)
    }

    /// What the operations' changes tell guests, written in their transactions (`Notices`).
    var notices: Notices<Storage> { Notices(storage: storage) }

    /// The stay with `id` and its property, as `staff` may see it.
    public func stay(_ id: Int, by staff: Staff?) async throws -> StayAtProperty {
        let stay = try await requireStay(id, by: staff)
        guard let property = try await storage.property(id: stay.propertyID) else {
            throw DomainError(.notFound, "no property \(stay.propertyID)")
        }
        return StayAtProperty(
            stay: stay, property: property, roomType: try await roomType(stay.roomTypeID, of: property),
            today: property.today(now: now()))
    }

    /// The stay alone, for operations that need nothing of its property.
    public func requireStay(_ id: Int, by staff: Staff?) async throws -> Stay {
        guard let stay = try await storage.stay(id: id), try staff?.worksAt(stay.propertyID) ?? true else {
            throw DomainError(.notFound, "no stay \(id)")
        }
        return stay
    }

    /// A property `staff` works at, or 404 (naming `field`): another property does not exist for them.
    public func property(_ id: Int, by staff: Staff, field: String? = nil) async throws -> Property {
        guard try staff.worksAt(id), let property = try await storage.property(id: id) else {
            throw DomainError(.notFound, "no property \(id)", field: field)
        }
        return property
    }

    func roomType(_ id: Int, of property: Property, field: String? = nil) async throws -> RoomType {
        guard let roomType = try await storage.roomTypes(propertyID: property.id).first(where: { $0.id == id }) else {
            throw DomainError(.notFound, "no room type \(id) at this property", field: field)
        }
        return roomType
    }

    /// A room of a property `staff` works at, or 404 naming `field`.
    public func room(_ id: Int, by staff: Staff, field: String = "roomId") async throws -> Room {
        guard let room = try await storage.room(id: id), try staff.worksAt(room.propertyID) else {
            throw DomainError(.notFound, "no room \(id)", field: field)
        }
        return room
    }

    /// A room of the property, or 404 naming `roomId`.
    func room(_ id: Int, of property: Property) async throws -> Room {
        guard let room = try await storage.room(id: id), room.propertyID == property.id else {
            throw DomainError(.notFound, "no room \(id) at this property", field: "roomId")
        }
        return room
    }
}
