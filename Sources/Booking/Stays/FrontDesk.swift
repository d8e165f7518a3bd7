import Foundation

/// Everything the front desk or a guest does to a stay, one operation each, in the domain's words:
/// book (`FrontDesk+Book.swift`), change dates, guests or room (`+ChangeStay`), move from a night
/// (`+MoveRoom`), check in and out (`+CheckInOut`), cancel, no-show and reinstate (`+Cancel`), post
/// to the folio (`+Folio`). Each is the only code that applies its rules; the JSON API, the board,
/// the forms and the guest site all call it. It reads and writes through `StayStorage`, so it runs
/// without HTTP, on either database or in memory.
///
/// The rules every operation keeps, whatever the order of changes:
/// - a night before the property's today never changes room or price;
/// - the folio of a checked-in stay holds exactly one room charge per night of the stay
///   (`StayCharges`), corrected in the change's own transaction;
/// - every change is written with its audit row (who, what, before and after) by the storage;
/// - "today" is the property's day in its time zone (`now` read once per operation).
public struct FrontDesk<Storage: StayStorage>: Sendable {
    public let storage: Storage
    /// The instant it is now: the clock every "today" is read from (a test sets it).
    public let now: @Sendable () -> Date

    public init(storage: Storage, now: @escaping @Sendable () -> Date) {
        self.storage = storage
        self.now = now
    }

    /// A stay, the property it is at and the room type it was booked as: what most operations
    /// decide by. A stay at a property `staff` does not work at does not exist for them.
    public struct StayAtProperty: Sendable {
        public var stay: Stay
        public var property: Property
        public var roomType: RoomType
        /// The property's day now.
        public var today: Day
    }

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

    /// A property `staff` works at, or 404: another property does not exist for them.
    func property(_ id: Int, by staff: Staff) async throws -> Property {
        guard try staff.worksAt(id), let property = try await storage.property(id: id) else {
            throw DomainError(.notFound, "no property \(id)")
        }
        return property
    }

    func roomType(_ id: Int, of property: Property, field: String? = nil) async throws -> RoomType {
        guard let roomType = try await storage.roomTypes(propertyID: property.id).first(where: { $0.id == id }) else {
            throw DomainError(.notFound, "no room type \(id) at this property", field: field)
        }
        return roomType
    }

    /// A room of the property, or 404 naming `roomId`.
    func room(_ id: Int, of property: Property) async throws -> Room {
        guard let room = try await storage.room(id: id), room.propertyID == property.id else {
            throw DomainError(.notFound, "no room \(id) at this property", field: "roomId")
        }
        return room
    }

    /// Runs `change` on the stay in one transaction, refused when its version is not `version`.
    func change(
        _ stayID: Int, version: Int?, by staff: Staff?, action: String,
        _ change: @escaping @Sendable (inout Stay, Storage.Ledger) async throws -> Void
    ) async throws -> Stay {
        try await storage.change(
            stayID: stayID, expectedVersion: version, by: staff?.user.id, action: action, change)
    }
}
