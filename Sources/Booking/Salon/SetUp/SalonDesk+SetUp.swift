import Foundation

/// A salon set up by its manager: its opening hours, resources and booking window; each member's shifts;
/// how each service is booked (buffers, performers, resource, online). Each checked whole before anything
/// is stored, refusals naming their field.
extension SalonDesk {
    /// The most resources (kinds of chair, room or machine) one salon lists.
    public static var maxResources: Int { 20 }

    /// The salon's schedule as it stands, and its resources' names.
    public func schedule(of propertyID: Int, by staff: Staff?) async throws -> (SalonSchedule, [NamedResource]) {
        let salon = try await storage.salon(propertyID, by: staff)
        guard let found = try await storage.salonSchedule(propertyID: salon.id) else {
            throw DomainError(.notFound, "no salon \(propertyID)", field: "id")
        }
        return found
    }

    /// Sets the salon's opening hours, resources and booking window: a manager's.
    public func setUp(
        _ propertyID: Int, openingHours: WeeklyHours, resources: [NamedResource], window: BookingWindow,
        by staff: Staff?
    ) async throws {
        let salon = try await storage.salon(propertyID, by: staff)
        try staff?.requireManager("set the salon up", at: salon.id)
        try openingHours.validate(field: "openingHours")
        try window.validate(field: "window")
        guard resources.count <= Self.maxResources else {
            throw DomainError.outOfRange("resources", resources.count, 0...Self.maxResources)
        }
        var ids: Set<Int> = []
        for (index, named) in resources.enumerated() {
            let field = "resources[\(index)]"
            try named.resource.validate(field: field)
            guard ids.insert(named.resource.id).inserted else {
                throw DomainError.invalid("\(field).id", "resource \(named.resource.id) is listed twice")
            }
            guard !named.name.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw DomainError.invalid("\(field).name", "a resource needs a name", reason: .textRequired)
            }
            try FreeText.validate(named.name, field: "\(field).name", limit: NamedResource.nameLimit, lines: false)
        }
        try await storage.setSalonSettings(
            propertyID: salon.id, openingHours: openingHours, resources: resources, window: window,
            by: staff?.user.id)
    }

    /// The salon's fees for appointments not kept, for anyone who may see the salon (its booking page
    /// states them).
    public func terms(of propertyID: Int, by staff: Staff?) async throws -> VisitTerms {
        try await storage.visitTerms(propertyID: try await storage.salon(propertyID, by: staff).id)
    }

    /// States the salon's fees for a late cancellation and a no-show: a manager's. Appointments booked
    /// before keep no other terms: a fee is worked out when it is posted.
    public func setTerms(_ terms: VisitTerms, at propertyID: Int, by staff: Staff?) async throws {
        let salon = try await storage.salon(propertyID, by: staff)
        try staff?.requireManager("change the salon's cancellation terms", at: salon.id)
        try terms.validate(currency: salon.currency)
        try await storage.setVisitTerms(terms, propertyID: salon.id, by: staff?.user.id)
    }

    /// Sets a member's shifts (weekly hours with breaks, days off and one-off changes): a manager's.
    public func setShifts(_ shifts: WeeklyHours, of staffID: Int, at propertyID: Int, by staff: Staff?) async throws {
        let salon = try await storage.salon(propertyID, by: staff)
        try staff?.requireManager("change shifts", at: salon.id)
        let member = try await member(staffID, of: salon)
        try shifts.validate(field: "shifts")
        try await storage.setShifts(staffID: member.id, shifts, by: staff?.user.id)
    }

    /// Sets how a service is booked: its buffers, who performs it (members of the salon), the resource it
    /// needs (one the salon lists) and whether customers book it online: a manager's.
    public func setBooking(of service: BookableService, at propertyID: Int, by staff: Staff?) async throws {
        let salon = try await storage.salon(propertyID, by: staff)
        try staff?.requireManager("change how a service is booked", at: salon.id)
        guard let stored = try await storage.services(propertyID: salon.id).first(where: { $0.id == service.id }) else {
            throw DomainError(.notFound, "no service \(service.id) at this property", field: "id")
        }
        var service = service
        service.durationMinutes = stored.durationMinutes
        try service.validate()
        try service.terms?.validate(field: "terms", currency: salon.currency)
        let team = Set(try await storage.staff(propertyID: salon.id).map(\.id))
        if let stranger = service.performers.subtracting(team).min() {
            throw DomainError(.notFound, "no staff member \(stranger) at this property", field: "performers")
        }
        if let resourceID = service.resourceID {
            // The salon is read and checked above; only its resources are wanted here.
            let listed = try await storage.salonSchedule(propertyID: salon.id)?.0.resources ?? []
            guard listed.contains(where: { $0.id == resourceID }) else {
                throw DomainError(.notFound, "no resource \(resourceID) at this salon", field: "resourceId")
            }
        }
        try await storage.setBooking(of: service, by: staff?.user.id)
    }
}

/// A resource with the name the desk shows.
public struct NamedResource: Hashable, Sendable {
    /// The longest name of a resource, in characters (one line).
    public static let nameLimit = 200

    public var resource: SalonResource
    public var name: String

    public init(_ resource: SalonResource, name: String) {
        self.resource = resource
        self.name = name
    }
}
