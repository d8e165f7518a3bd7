import API
import Booking
import Foundation
import Storage

/// Hotel stays: booking one, finding and reading it and its history, and changing it (PATCH). Each
/// answers with the stay and its version as `ETag`; `If-Match` is required on PATCH (428 without, 412
/// when stale). The desk's one-step actions are in `FrontdeskAPI+StayActions.swift`.
extension FrontdeskAPI {
    /// Books a stay; an `Idempotency-Key` makes a retry answer as the first try did (`IdempotencyMiddleware`).
    func createStay(_ input: Operations.CreateStay.Input) async throws -> Operations.CreateStay.Output {
        let propertyID = input.path.id
        try context.requireAccess(to: propertyID)
        let body =
            switch input.body {
            case .json(let body): body
            }
        let nights = try Nights(
            arrival: try Day.parse(body.arrival, field: "arrival"),
            departure: try Day.parse(body.departure, field: "departure"))
        let stay = try await frontDesk.book(
            NewStay(
                propertyID: propertyID, roomTypeID: body.roomTypeId, roomID: body.roomId, nights: nights,
                adults: body.adults, children: body.children ?? 0, infants: body.infants ?? 0,
                guestName: body.guest.name, guestEmail: body.guest.email ?? "",
                guestPhone: body.guest.phone ?? "", source: .frontDesk, notes: body.notes ?? "",
                ratePlanID: body.ratePlanId),
            by: try staff)
        return .created(
            .init(
                headers: .init(eTag: Self.eTag(of: stay), location: "/api/v1/stays/\(stay.id)"),
                body: .json(try .init(stay))))
    }

    /// The property's bookings whose guest or confirmation code matches, on any dates and in any state.
    func findStays(_ input: Operations.FindStays.Input) async throws -> Operations.FindStays.Output {
        let propertyID = input.path.id
        try context.requireAccess(to: propertyID)
        let text = input.query.q.trimmingCharacters(in: .whitespaces)
        guard (2...100).contains(text.count) else {
            throw DomainError.invalid("q", "2 to 100 characters of a name, an email, a phone or a confirmation code")
        }
        let found = try await store.stays.find(text, propertyID: propertyID)
        return .ok(
            .init(body: .json(.init(results: try found.map { .init(stay: try .init($0.0), guest: .init($0.1)) }))))
    }

    func getStay(_ input: Operations.GetStay.Input) async throws -> Operations.GetStay.Output {
        let stays = store.stays
        let id = input.path.id
        guard let stay = try await stays.stay(id: id) else { throw DomainError(.notFound, "no stay \(id)") }
        try context.requireAccess(to: stay.propertyID)
        let guest = try await stays.guest(id: stay.guestID)
        let property = try await property(stay.propertyID)
        let money = try context.readsMoney(at: property.id)
        let deposit = money ? try await frontDesk.deposits(of: [stay], at: property)[stay.id] : nil
        // Only a booked stay has one: the others skip the domain's second read of the stay.
        let cancellationFee =
            money && stay.state == .booked ? try await frontDesk.cancellationFee(stay.id, by: try staff) : nil
        return .ok(
            .init(
                headers: .init(eTag: Self.eTag(of: stay)),
                body: .json(
                    .init(
                        value1: try .init(stay),
                        value2: .init(
                            guest: guest.map(Components.Schemas.Contact.init),
                            ratePlanName: property.ratePlan(stay.ratePlanID)?.name,
                            deposit: try deposit.map(Components.Schemas.Deposit.init),
                            cancellationFee: try cancellationFee.map(Components.Schemas.Money.init),
                            actions: try Components.Schemas.StayAction.list(
                                stay, role: try context.roles[property.id], today: store.clock.today(at: property)))))
            ))
    }

    func getStayHistory(_ input: Operations.GetStayHistory.Input) async throws -> Operations.GetStayHistory.Output {
        let stay = try await frontDesk.requireStay(input.path.id, by: try staff)
        var history = try await store.stays.history(stayID: stay.id)
        // The folio's lines are money: a role that reads none sees the stay's own changes.
        if try !context.readsMoney(at: stay.propertyID) { history.removeAll { $0.line != nil } }
        return .ok(
            .init(
                body: .json(
                    .init(
                        entries: try history.map { entry in
                            .init(
                                at: Date(timeIntervalSince1970: Double(entry.atMillis) / 1000), by: entry.userName,
                                action: entry.action, stay: try entry.stay.map { try .init(reading: $0) },
                                line: try entry.line.map {
                                    .init(
                                        kind: try documented($0.kind.rawValue), description: $0.description,
                                        amount: try .init($0.amount))
                                })
                        }))))
    }

    func editStay(_ input: Operations.EditStay.Input) async throws -> Operations.EditStay.Output {
        let version = try IfMatch(input.headers.ifMatch).requiredForEdit(of: "stay")
        let body =
            switch input.body {
            case .json(let body): body
            }
        return .ok(
            try .changed(
                try await frontDesk.changeStay(
                    input.path.id, version: version,
                    StayChange(
                        arrival: try body.arrival.map { try Day.parse($0, field: "arrival") },
                        departure: try body.departure.map { try Day.parse($0, field: "departure") },
                        roomID: body.roomId, adults: body.adults, children: body.children, infants: body.infants,
                        notes: body.notes, guestName: body.guest?.name, guestEmail: body.guest?.email,
                        guestPhone: body.guest?.phone, guestNationality: body.guest?.nationality,
                        guestDocumentNumber: body.guest?.documentNumber,
                        guestBirthDate: try body.guest?.birthDate.map { text in
                            text.isEmpty ? nil : try Day.parse(text, field: "guest.birthDate")
                        }),
                    by: try staff)))
    }

    static func eTag(of stay: Stay) -> String { "\"\(stay.version)\"" }
}

extension Components.Schemas.Stay {
    init(_ stay: Stay) throws {
        self.init(
            id: stay.id, propertyId: stay.propertyID, roomTypeId: stay.roomTypeID, roomId: stay.currentRoomID,
            guestId: stay.guestID, arrival: stay.arrival.iso, departure: stay.departure.iso,
            nights: stay.nights.count,
            segments: stay.segments.map {
                .init(roomId: $0.roomID, arrival: $0.nights.arrival.iso, departure: $0.nights.departure.iso)
            },
            adults: stay.adults, children: stay.children, infants: stay.infants,
            source: try documented(stay.source.rawValue), state: try documented(stay.state.rawValue),
            version: stay.version, confirmationCode: stay.confirmationCode, notes: stay.notes,
            ratePlanId: stay.ratePlanID)
    }
}

extension Components.Schemas.StayAction {
    /// What a member of staff with `role` (none: nothing) may do to `stay` on the property's `today`.
    static func list(_ stay: Stay, role: StaffRole?, today: Day) throws -> [Self] {
        try (role.map { stay.actions(for: $0, today: today) } ?? []).map { try documented($0.rawValue) }
    }
}

extension Components.Schemas.Contact {
    init(_ guest: Guest) {
        self.init(
            name: guest.name, email: guest.email, phone: guest.phone,
            nationality: guest.nationality.isEmpty ? nil : guest.nationality,
            documentNumber: guest.documentNumber.isEmpty ? nil : guest.documentNumber, birthDate: guest.birthDate?.iso)
    }
}
