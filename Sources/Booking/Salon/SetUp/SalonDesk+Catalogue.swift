import Foundation

/// What a salon sells and who does it, as its manager keeps them: services (name, length, price) and the
/// members of staff who are the rows of its board (name, team, colour, bookable online). A service or a
/// member with appointments still to come cannot be removed; one removed stays on the appointments it had.
extension SalonDesk {
    /// Adds a service; `.invalid` naming the field for a name, length or price the rules never allow.
    public func addService(to propertyID: Int, _ draft: ServiceDraft, by staff: Staff?) async throws -> Service {
        let salon = try await storage.salon(propertyID, by: staff)
        try staff?.requireManager("change the salon's services", at: salon.id)
        guard let name = draft.name, let duration = draft.durationMinutes, let price = draft.price else {
            throw DomainError.invalid(
                draft.name == nil ? "name" : draft.durationMinutes == nil ? "durationMinutes" : "price",
                "a new service needs a name, a length and a price", reason: .textRequired)
        }
        let service = Service(id: 0, propertyID: salon.id, name: name, durationMinutes: duration, price: price)
        try Self.validate(service, of: salon)
        return try await storage.insert(service, by: staff?.user.id)
    }

    /// Renames a service, or changes its length or price (appointments booked keep theirs).
    public func changeService(_ serviceID: Int, at propertyID: Int, _ draft: ServiceDraft, by staff: Staff?)
        async throws -> Service
    {
        let salon = try await storage.salon(propertyID, by: staff)
        try staff?.requireManager("change the salon's services", at: salon.id)
        guard var service = try await storage.services(propertyID: salon.id).first(where: { $0.id == serviceID })
        else { throw DomainError(.notFound, "no service \(serviceID) at this salon", field: "serviceId") }
        service.name = draft.name ?? service.name
        service.durationMinutes = draft.durationMinutes ?? service.durationMinutes
        service.price = draft.price ?? service.price
        try Self.validate(service, of: salon)
        try await storage.update(service, by: staff?.user.id)
        return service
    }

    /// Takes a service off the salon's menu: refused (`.conflict`) while appointments of it are to come.
    public func removeService(_ serviceID: Int, at propertyID: Int, by staff: Staff?) async throws {
        let salon = try await storage.salon(propertyID, by: staff)
        try staff?.requireManager("change the salon's services", at: salon.id)
        guard try await storage.services(propertyID: salon.id).contains(where: { $0.id == serviceID }) else {
            throw DomainError(.notFound, "no service \(serviceID) at this salon", field: "serviceId")
        }
        let coming = try await storage.appointmentsToCome(
            propertyID: salon.id, from: Int(now().timeIntervalSince1970) / 60, staffID: nil, serviceID: serviceID)
        guard coming == 0 else {
            throw DomainError(
                .conflict, "\(coming) appointments of this service are still to come: move or cancel them first",
                field: "serviceId", reason: .salonStillBooked, params: ["count": String(coming)])
        }
        try await storage.retire(serviceID: serviceID, by: staff?.user.id)
    }

    /// Adds a member of staff, a row of the board, who works whenever the salon is open until their shifts
    /// are set.
    public func addMember(to propertyID: Int, _ draft: MemberDraft, by staff: Staff?) async throws -> StaffMember {
        let salon = try await storage.salon(propertyID, by: staff)
        try staff?.requireManager("change the salon's staff", at: salon.id)
        guard let name = draft.name else {
            throw DomainError.invalid("name", "a member of staff needs a name", reason: .textRequired)
        }
        let member = StaffMember(
            id: 0, propertyID: salon.id, name: name, team: draft.team ?? "", workingHours: 0..<1440,
            bookableOnline: draft.bookableOnline ?? true, colour: draft.colour ?? "")
        try Self.validate(member)
        return try await storage.insert(
            member, shifts: try await schedule(of: salon).openingHours, by: staff?.user.id)
    }

    /// Renames a member, moves them to another team, gives them a colour or lets customers choose them.
    public func changeMember(_ staffID: Int, at propertyID: Int, _ draft: MemberDraft, by staff: Staff?)
        async throws -> StaffMember
    {
        let salon = try await storage.salon(propertyID, by: staff)
        try staff?.requireManager("change the salon's staff", at: salon.id)
        var member = try await member(staffID, of: salon)
        member.name = draft.name ?? member.name
        member.team = draft.team ?? member.team
        member.colour = draft.colour ?? member.colour
        member.bookableOnline = draft.bookableOnline ?? member.bookableOnline
        try Self.validate(member)
        try await storage.update(member, by: staff?.user.id)
        return member
    }

    /// Takes a member off the board: refused (`.conflict`) while appointments of theirs are to come.
    public func removeMember(_ staffID: Int, at propertyID: Int, by staff: Staff?) async throws {
        let salon = try await storage.salon(propertyID, by: staff)
        try staff?.requireManager("change the salon's staff", at: salon.id)
        let member = try await member(staffID, of: salon)
        let coming = try await storage.appointmentsToCome(
            propertyID: salon.id, from: Int(now().timeIntervalSince1970) / 60, staffID: member.id, serviceID: nil)
        guard coming == 0 else {
            throw DomainError(
                .conflict, "\(member.name) has \(coming) appointments still to come: move or cancel them first",
                field: "staffId", reason: .salonStillBooked, params: ["count": String(coming)])
        }
        try await storage.retire(staffID: member.id, by: staff?.user.id)
    }

    static func validate(_ service: Service, of salon: Property) throws(DomainError) {
        try Self.validate(name: service.name, field: "name", limit: Service.nameLimit)
        guard BookableService.durations.contains(service.durationMinutes) else {
            throw .outOfRange("durationMinutes", service.durationMinutes, BookableService.durations)
        }
        guard service.price.currency == salon.currency else {
            throw .invalid("price.currency", "prices are in \(salon.currency.code), the salon's currency")
        }
        try Money.validate(amount: service.price.amount, field: "price.amount", in: 0...Money.maxAmount)
    }

    static func validate(_ member: StaffMember) throws(DomainError) {
        try Self.validate(name: member.name, field: "name", limit: StaffMember.nameLimit)
        try FreeText.validate(member.team, field: "team", limit: StaffMember.teamLimit, lines: false)
        guard member.colour.isEmpty || StaffMember.isColour(member.colour) else {
            throw .invalid("colour", "a colour is #RRGGBB, like #3366CC", reason: .salonColour)
        }
    }

    static func validate(name: String, field: String, limit: Int) throws(DomainError) {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw .invalid(field, "a name cannot be blank", reason: .textRequired)
        }
        try FreeText.validate(name, field: field, limit: limit, lines: false)
    }
}

/// A service as the manager enters it: nil leaves a part as it is.
public struct ServiceDraft: Sendable {
    public var name: String?
    public var durationMinutes: Int?
    public var price: Money?

    public init(name: String? = nil, durationMinutes: Int? = nil, price: Money? = nil) {
        self.name = name
        self.durationMinutes = durationMinutes
        self.price = price
    }
}

/// A member of staff as the manager enters them: nil leaves a part as it is.
public struct MemberDraft: Sendable {
    public var name: String?
    public var team: String?
    public var colour: String?
    public var bookableOnline: Bool?

    public init(name: String? = nil, team: String? = nil, colour: String? = nil, bookableOnline: Bool? = nil) {
        self.name = name
        self.team = team
        self.colour = colour
        self.bookableOnline = bookableOnline
    }
}
