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
                ratePlanID: body.ratePlanId), by: try staff,
            confirmingIn: try body.language.map { try Language.named($0.rawValue, field: "language") })
        return .created(
            .init(
                headers: .init(eTag: Self.eTag(of: stay), location: "/api/v1/stays/\(stay.id)"),
                body: .json(try .init(stay))))
    }

    /// The property's bookings whose guest or confirmation code matches, on any dates and in any state.
    func findStays(_ input: Operations.FindStays.Input) async throws -> Operations.FindStays.Output {
        let found = try await frontDesk.find(input.query.q, propertyID: input.path.id, by: try staff)
        return .ok(
            .init(body: .json(.init(results: try found.map { .init(stay: try .init($0.0), guest: .init($0.1)) }))))
    }

    func getStay(_ input: Operations.GetStay.Input) async throws -> Operations.GetStay.Output {
        let details = try await frontDesk.details(input.path.id, by: try staff)
        let stay = details.stay
        return .ok(
            .init(
                headers: .init(eTag: Self.eTag(of: stay)),
                body: .json(
                    .init(
                        value1: try .init(stay),
                        value2: .init(
                            guest: details.guest.map(Components.Schemas.Contact.init),
                            ratePlanName: details.property.ratePlan(stay.ratePlanID)?.name,
                            deposit: try details.deposit.map(Components.Schemas.Deposit.init),
                            onlineCheckIn: details.onlineCheckIn.map(Components.Schemas.OnlineCheckIn.init),
                            cancellationFee: try details.cancellationFee.map(Components.Schemas.Money.init),
                            actions: try details.actions.map { try documented($0.rawValue) }))
                )))
    }

    func getStayHistory(_ input: Operations.GetStayHistory.Input) async throws -> Operations.GetStayHistory.Output {
        let history = try await frontDesk.history(input.path.id, by: try staff)
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
            ratePlanId: stay.ratePlanID, checkedInOnline: stay.checkedInOnline ? true : nil, groupId: stay.groupID)
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

/// Bookings of several rooms at the desk.
extension FrontdeskAPI {
    func createGroup(_ input: Operations.CreateGroup.Input) async throws -> Operations.CreateGroup.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let rooms = try body.rooms.enumerated().map { index, room in
            do {
                return NewStay(
                    propertyID: input.path.id, roomTypeID: room.roomTypeId, roomID: room.roomId,
                    nights: try Nights(
                        arrival: try Day.parse(room.arrival, field: "arrival"),
                        departure: try Day.parse(room.departure, field: "departure")),
                    adults: room.adults, children: room.children ?? 0, infants: room.infants ?? 0,
                    guestName: body.guest.name, guestEmail: body.guest.email ?? "", guestPhone: body.guest.phone ?? "",
                    source: .frontDesk, ratePlanID: room.ratePlanId)
            } catch let error as DomainError {
                throw error.under("rooms[\(index)]")
            }
        }
        let (group, stays) = try await frontDesk.bookGroup(rooms, name: body.name ?? "", by: try staff)
        return .created(.init(body: .json(try .init(group, stays: stays))))
    }

    func getGroup(_ input: Operations.GetGroup.Input) async throws -> Operations.GetGroup.Output {
        let (group, stays) = try await frontDesk.group(input.path.id, by: try staff)
        return .ok(.init(body: .json(try .init(group, stays: stays))))
    }
}

extension Components.Schemas.Group {
    init(_ group: BookingGroup, stays: [Stay]) throws {
        self.init(
            id: group.id, propertyId: group.propertyID, code: group.code, name: group.name,
            stays: try stays.map(Components.Schemas.Stay.init))
    }
}
