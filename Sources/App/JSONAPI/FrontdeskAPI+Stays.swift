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
        let roomTypeID = try await roomTypeID(of: body, propertyID: propertyID)
        let stay = try await StayRepository(store: store).create(
            NewStay(
                propertyID: propertyID, roomTypeID: roomTypeID, roomID: body.roomId, nights: nights,
                adults: body.adults, children: body.children ?? 0, infants: body.infants ?? 0,
                guestName: body.guest.name, guestEmail: body.guest.email ?? "",
                guestPhone: body.guest.phone ?? "", source: .frontDesk, notes: body.notes ?? ""))
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
        let found = try await StayRepository(store: store).find(text, propertyID: propertyID)
        return .ok(
            .init(body: .json(.init(results: try found.map { .init(stay: try .init($0.0), guest: .init($0.1)) }))))
    }

    func getStay(_ input: Operations.GetStay.Input) async throws -> Operations.GetStay.Output {
        let stays = StayRepository(store: store)
        let id = input.path.id
        guard let stay = try await stays.stay(id: id) else { throw DomainError(.notFound, "no stay \(id)") }
        try context.requireAccess(to: stay.propertyID)
        let guest = try await stays.guest(id: stay.guestID)
        return .ok(
            .init(
                headers: .init(eTag: Self.eTag(of: stay)),
                body: .json(
                    .init(value1: try .init(stay), value2: .init(guest: guest.map(Components.Schemas.Contact.init))))
            ))
    }

    func getStayHistory(_ input: Operations.GetStayHistory.Input) async throws -> Operations.GetStayHistory.Output {
        let (stay, _) = try await stayAndProperty(input.path.id)
        let history = try await StayRepository(store: store).history(stayID: stay.id)
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
        let (stay, property) = try await stayAndProperty(input.path.id)
        let roomTypes = try await PropertyRepository(store: store).roomTypes(propertyID: property.id)
        if let roomID = body.roomId { try await requireRoom(roomID, of: property) }
        let arrival = try body.arrival.map { try Day.parse($0, field: "arrival") } ?? stay.arrival
        let departure = try body.departure.map { try Day.parse($0, field: "departure") } ?? stay.departure
        let nights = try Nights(arrival: arrival, departure: departure)
        guard let roomType = roomTypes.first(where: { $0.id == stay.roomTypeID }) else {
            throw DomainError(.notFound, "the stay's room type is gone")
        }
        let today = property.today()
        let guest = body.guest == nil ? nil : try await StayRepository(store: store).guest(id: stay.guestID)
        return .ok(
            try await changeStay(stay.id, version: version, action: "edit") { stay, transaction in
                if stay.state == .checkedIn {
                    // The guest is in: the nights slept stay as they were, in their rooms and on the folio.
                    guard nights.arrival == stay.arrival else {
                        throw DomainError.invalid("arrival", "the guest arrived on \(stay.arrival): that cannot change")
                    }
                    if nights.departure != stay.departure {
                        try stay.changeDeparture(to: nights.departure, today: today)
                        try await transaction.correctCharges(of: stay, roomType: roomType, property: property)
                    }
                    if let roomID = body.roomId, roomID != (stay.roomID(on: today) ?? stay.currentRoomID) {
                        try stay.move(toRoom: roomID, fromNight: max(today, stay.arrival))
                    }
                } else if nights != stay.nights || (body.roomId != nil && body.roomId != stay.currentRoomID) {
                    try stay.reschedule(to: nights, roomID: body.roomId ?? stay.segments[0].roomID)
                }
                let adults = body.adults ?? stay.adults
                let children = body.children ?? stay.children
                let infants = body.infants ?? stay.infants
                try Stay.validateGuests(
                    adults: adults, children: children, infants: infants, capacity: roomType.capacity)
                stay.adults = adults
                stay.children = children
                stay.infants = infants
                if let notes = body.notes {
                    try Stay.validate(notes: notes)
                    stay.notes = notes
                }
                if let edit = body.guest, let guest = guest {
                    try await transaction.updateGuest(
                        id: guest.id, name: edit.name ?? guest.name, email: edit.email ?? guest.email,
                        phone: edit.phone ?? guest.phone)
                }
            })
    }

    static func eTag(of stay: Stay) -> String { "\"\(stay.version)\"" }

    // MARK: - Helpers

    /// A changed stay, as every action answers it: the stay with its version as `ETag`. Each action's
    /// `Ok` is the same shape, one generated type each.
    func changeStay<Answer: ChangedStayAnswer>(
        _ stayID: Int, version: Int?, action: String,
        _ change: @escaping @Sendable (inout Stay, StayTransaction) async throws -> Void
    ) async throws -> Answer {
        let stay = try await StayRepository(store: store).update(
            stayID: stayID, expectedVersion: version, by: try context.requireUser().id, action: action, change)
        return Answer(eTag: Self.eTag(of: stay), stay: try .init(stay))
    }

    /// The stay of the path, at a property the member of staff works at, with its property.
    func stayAndProperty(_ id: Int) async throws -> (Stay, Property) {
        guard let stay = try await StayRepository(store: store).stay(id: id) else {
            throw DomainError(.notFound, "no stay \(id)")
        }
        try context.requireAccess(to: stay.propertyID)
        guard let property = try await PropertyRepository(store: store).property(id: stay.propertyID) else {
            throw DomainError(.notFound, "no property \(stay.propertyID)")
        }
        return (stay, property)
    }

    func requireRoom(_ roomID: Int, of property: Property) async throws {
        guard let room = try await PropertyRepository(store: store).room(id: roomID), room.propertyID == property.id
        else {
            throw DomainError(.notFound, "no room \(roomID) at this property", field: "roomId")
        }
    }

    /// The room type a booking is for: given, or the room's.
    private func roomTypeID(of body: Components.Schemas.CreateStayRequest, propertyID: Int) async throws -> Int {
        if let roomTypeID = body.roomTypeId { return roomTypeID }
        guard let roomID = body.roomId else {
            throw DomainError(.invalid, "give a roomId or a roomTypeId", field: "roomTypeId")
        }
        guard let room = try await PropertyRepository(store: store).room(id: roomID), room.propertyID == propertyID
        else {
            throw DomainError(.notFound, "no room \(roomID) at this property", field: "roomId")
        }
        return room.roomTypeID
    }
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
            version: stay.version, confirmationCode: stay.confirmationCode, notes: stay.notes)
    }
}

extension Components.Schemas.Contact {
    init(_ guest: Guest) {
        self.init(name: guest.name, email: guest.email, phone: guest.phone)
    }
}

extension Optional {
    func asyncMap<Result>(_ transform: (Wrapped) async throws -> Result) async rethrows -> Result? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
