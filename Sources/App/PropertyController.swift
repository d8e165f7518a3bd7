import Booking
import Hummingbird
import Storage

/// Properties and what they sell.
struct PropertyController {
    let store: Store

    func register(on group: RouterGroup<AppRequestContext>) {
        group.get("properties", use: list)
        group.get("properties/{id}", use: show)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> PropertyList {
        PropertyList(
            properties: try await PropertyRepository(store: store).properties()
                .filter { (try? context.requireAccess(to: $0.id)) != nil }.map { PropertyJSON($0) })
    }

    /// A property with its room types and rooms, and a salon's staff and services.
    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> PropertyJSON {
        let id = try context.parameters.requireID("id")
        try context.requireAccess(to: id)
        let repository = PropertyRepository(store: store)
        guard let property = try await repository.property(id: id) else {
            throw DomainError(.notFound, "no property \(id)")
        }
        return PropertyJSON(
            property, roomTypes: try await repository.roomTypes(propertyID: id),
            rooms: try await repository.rooms(propertyID: id), staff: try await repository.staff(propertyID: id),
            services: try await repository.services(propertyID: id))
    }
}

extension Parameters {
    /// A path parameter that must be a positive whole number (an id).
    func requireID(_ name: String) throws -> Int {
        guard let text = self.get(name), let id = Int(text), id > 0 else {
            throw DomainError(.invalid, "'\(self.get(name) ?? "")' is not an id", field: name)
        }
        return id
    }
}
