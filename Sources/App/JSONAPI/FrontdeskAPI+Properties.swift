import API
import Booking
import Storage

extension Components.Schemas.Property {
    /// The signed-in member of staff's standing at the property, as the server decides it: their role,
    /// whether it reads money, and the kinds of work it may do there (the desk's screens follow these).
    mutating func describe(member role: StaffRole?) throws {
        self.role = try role.map { try documented($0.rawValue) }
        readsMoney = role?.readsMoney ?? false
        may = try (role?.work ?? []).map { try documented($0.rawValue) }
    }

    /// A property as a list of them shows it to a member of staff with `role` there.
    init(_ property: Booking.Property, member role: StaffRole) throws {
        try self.init(property)
        try describe(member: role)
    }
}

/// Properties and what they sell, and the forms the web app renders.
extension FrontdeskAPI {
    func listProperties(_ input: Operations.ListProperties.Input) async throws -> Operations.ListProperties.Output {
        let properties = try await settings.properties(by: try staff)
        return .ok(
            .init(
                body: .json(
                    .init(
                        properties: try properties.map { try .init($0.property, member: $0.role) }))))
    }

    /// A property with its room types and rooms, and a salon's staff and services.
    func getProperty(_ input: Operations.GetProperty.Input) async throws -> Operations.GetProperty.Output {
        let details = try await settings.details(propertyID: input.path.id, by: try staff)
        let property = details.property
        // Rates and prices only for a role that reads money.
        let money = details.role.readsMoney
        var answer = try Components.Schemas.Property(property)
        answer.roomTypes = try details.roomTypes.map {
            .init(id: $0.id, name: $0.name, capacity: $0.capacity, baseRate: money ? try .init($0.baseRate) : nil)
        }
        answer.rooms = try details.rooms.map(Components.Schemas.Room.init)
        // Each member's row as the board draws it, with what the salon's set-up edits of them.
        let members = Dictionary(uniqueKeysWithValues: details.staff.map { ($0.id, $0) })
        answer.staff = SalonBoardJSON.roster(details.staff) { [$0.workingHours] }.staff.map { row in
            let member = members[row.id]
            return Components.Schemas.SalonStaff(
                id: row.id, rowId: row.rowId, teamRowId: row.teamRowId, name: row.name, workStart: row.workStart,
                workEnd: row.workEnd, team: member?.team, colour: member?.colour,
                bookableOnline: member?.bookableOnline)
        }
        answer.services = try details.services.map {
            .init(
                id: $0.id, name: $0.name, durationMinutes: $0.durationMinutes, price: money ? try .init($0.price) : nil)
        }
        answer.translations = .init(additionalProperties: property.translations.wordings.mapValues { .init($0) })
        answer.documentKinds = try FolioDocumentKind.offered(in: property.currency).map { try documented($0.rawValue) }
        answer.chargesHotelId = property.chargesHotelID
        answer.paymentMethods = try PaymentMethod.offered(at: property).map {
            .init(
                method: try documented($0.method.rawValue), takesHandedOver: $0.takesHandedOver,
                takesReference: $0.takesReference, drawsCode: $0.drawsCode, chargesRoom: $0.chargesRoom)
        }
        try answer.describe(member: details.role)
        return .ok(.init(body: .json(answer)))
    }

    func listForms(_ input: Operations.ListForms.Input) async throws -> Operations.ListForms.Output {
        .ok(.init(body: .json(.init(forms: FormCatalog.all.map(\.name)))))
    }

    func getForm(_ input: Operations.GetForm.Input) async throws -> Operations.GetForm.Output {
        let name = input.path.name
        guard let form = FormCatalog.form(named: name) else {
            throw DomainError(
                .notFound, "no form '\(name)' (\(FormCatalog.all.map(\.name).joined(separator: ", ")))", field: "name")
        }
        return .ok(.init(body: .json(try .init(reading: form))))
    }
}

extension Components.Schemas.Property {
    /// A property as listed: without what it sells, which `getProperty` adds.
    init(_ property: Property) throws {
        self.init(
            id: property.id, name: property.name, kind: try documented(property.kind.rawValue),
            region: property.region, city: property.city, latitude: property.latitude,
            longitude: property.longitude, timeZone: property.timeZoneID,
            currency: try documented(property.currency.code), checkIn: clockTime(property.checkInMinute),
            checkOut: clockTime(property.checkOutMinute), summary: property.summary,
            amenities: property.amenities, photos: property.photos, issuer: .init(property.issuer))
    }
}
