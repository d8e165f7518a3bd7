import Booking
import Hummingbird
import Storage

/// What the front desk does to a stay: change it, check it in and out, cancel it, mark a no-show,
/// move the guest. Each answers with the stay and its new version as `ETag`; `If-Match` is required
/// on PATCH (428 without, 412 when stale) and honoured on the actions.
struct StayActionsController {
    let store: Store

    func register(on group: RouterGroup<AppRequestContext>) {
        group.patch("stays/{id}", use: edit)
        group.post("stays/{id}/check-in", use: checkIn)
        group.post("stays/{id}/check-out", use: checkOut)
        group.post("stays/{id}/cancel", use: cancel)
        group.post("stays/{id}/no-show", use: noShow)
        group.post("stays/{id}/move", use: move)
    }

    struct EditRequest: Decodable {
        /// The guest's name and contact; a field left out stays as it is.
        struct Guest: Decodable {
            var name: String?
            var email: String?
            var phone: String?
        }

        var guest: Guest?
        var arrival: String?
        var departure: String?
        var roomId: Int?
        var adults: Int?
        var children: Int?
        var infants: Int?
        var notes: String?
    }

    struct CheckInRequest: Decodable {
        /// Check in although the room is not ready (dirty, out of service).
        var override: Bool?
    }

    struct CheckOutRequest: Decodable {
        /// Check out with an open balance: managers only.
        var force: Bool?
    }

    struct MoveRequest: Decodable {
        var roomId: Int
        var fromDate: String
    }

    @Sendable func edit(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let version = request.ifMatchVersion() else {
            throw APIError(
                .preconditionRequired, code: "precondition_required",
                "send If-Match with the stay's ETag, so that an edit never overwrites one made meanwhile",
                field: "If-Match")
        }
        let body = try await request.decodeJSON(as: EditRequest.self, context: context)
        let (stay, property) = try await stayAndProperty(context)
        let roomTypes = try await PropertyRepository(store: store).roomTypes(propertyID: property.id)
        if let roomID = body.roomId { try await requireRoom(roomID, of: property) }
        let arrival = try body.arrival.map { try Day.parse($0, field: "arrival") } ?? stay.arrival
        let departure = try body.departure.map { try Day.parse($0, field: "departure") } ?? stay.departure
        let nights = try Nights(arrival: arrival, departure: departure)
        let capacity = roomTypes.first { $0.id == stay.roomTypeID }?.capacity ?? 0
        let guest = body.guest == nil ? nil : try await StayRepository(store: store).guest(id: stay.guestID)
        return try await respond(
            request, context, stayID: stay.id, version: version, action: "edit"
        ) { stay, transaction in
            if nights != stay.nights || (body.roomId != nil && body.roomId != stay.currentRoomID) {
                try stay.reschedule(to: nights, roomID: body.roomId ?? stay.segments[0].roomID)
            }
            let adults = body.adults ?? stay.adults
            let children = body.children ?? stay.children
            let infants = body.infants ?? stay.infants
            try Stay.validateGuests(adults: adults, children: children, infants: infants, capacity: capacity)
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
        }
    }

    /// Checks the guest in and posts the stay's price to the folio: a line a night at the rate it was
    /// booked at, fees and taxes, from the same quote the guest site shows.
    @Sendable func checkIn(_ request: Request, context: AppRequestContext) async throws -> Response {
        let body = try await request.decodeJSONIfPresent(as: CheckInRequest.self, context: context)
        let (stay, property) = try await stayAndProperty(context)
        let today = property.today()
        let repository = PropertyRepository(store: store)
        let room = try await stay.roomID(on: today).asyncMap { try await repository.room(id: $0) } ?? nil
        guard
            let roomType = try await repository.roomTypes(propertyID: property.id).first(where: {
                $0.id == stay.roomTypeID
            })
        else { throw DomainError(.notFound, "the stay's room type is gone") }
        return try await respond(
            request, context, stayID: stay.id, version: request.ifMatchVersion(), action: "check-in"
        ) { stay, transaction in
            try stay.checkIn(today: today, room: room, override: body?.override ?? false)
            let price = try StayPrice.quote(
                roomType: roomType, nights: stay.nights, property: property,
                agreedRates: try await transaction.agreedRates(stayID: stay.id))
            var postings = price.nights.map {
                FolioRepository.Posting(
                    kind: .charge, description: $0.name, amount: $0.amount, category: .room, night: $0.night)
            }
            postings += price.fees.map {
                FolioRepository.Posting(kind: .charge, description: $0.name, amount: $0.amount, category: .fee)
            }
            postings += price.taxes.map {
                FolioRepository.Posting(kind: .charge, description: $0.name, amount: $0.amount, category: .tax)
            }
            // A free night or a zero fee is nothing to charge (and the folio takes no zero amounts).
            try await transaction.post(postings.filter { $0.amount.amount > 0 }, stayID: stay.id)
        }
    }

    @Sendable func checkOut(_ request: Request, context: AppRequestContext) async throws -> Response {
        let body = try await request.decodeJSONIfPresent(as: CheckOutRequest.self, context: context)
        let user = try context.requireUser()
        let force = body?.force ?? false
        if force && user.role != .manager {
            throw APIError(
                .forbidden, code: "forbidden", "only a manager can check out with an open balance", field: "force")
        }
        let (stay, _) = try await stayAndProperty(context)
        return try await respond(
            request, context, stayID: stay.id, version: request.ifMatchVersion(), action: "check-out"
        ) { stay, transaction in
            try stay.checkOut(balance: try await transaction.folio(stayID: stay.id).balance, forcedByManager: force)
        }
    }

    @Sendable func cancel(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (stay, _) = try await stayAndProperty(context)
        return try await respond(
            request, context, stayID: stay.id, version: request.ifMatchVersion(), action: "cancel"
        ) {
            stay, _ in try stay.cancel()
        }
    }

    @Sendable func noShow(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (stay, property) = try await stayAndProperty(context)
        let today = property.today()
        return try await respond(
            request, context, stayID: stay.id, version: request.ifMatchVersion(), action: "no-show"
        ) {
            stay, _ in try stay.markNoShow(today: today)
        }
    }

    /// Moves the guest to another room from a night on (the air conditioning broke).
    @Sendable func move(_ request: Request, context: AppRequestContext) async throws -> Response {
        let body = try await request.decodeJSON(as: MoveRequest.self, context: context)
        let night = try Day.parse(body.fromDate, field: "fromDate")
        let (stay, property) = try await stayAndProperty(context)
        try await requireRoom(body.roomId, of: property)
        return try await respond(
            request, context, stayID: stay.id, version: request.ifMatchVersion(), action: "move"
        ) {
            stay, _ in try stay.move(toRoom: body.roomId, fromNight: night)
        }
    }

    // MARK: - Helpers

    private func respond(
        _ request: Request, _ context: AppRequestContext, stayID: Int, version: Int?, action: String,
        _ change: @escaping @Sendable (inout Stay, StayTransaction) async throws -> Void
    ) async throws -> Response {
        let stay = try await StayRepository(store: store).update(
            stayID: stayID, expectedVersion: version, by: try context.requireUser().id, action: action, change)
        var response = try StayJSON(stay).response(from: request, context: context)
        response.headers[.eTag] = StayController.eTag(of: stay)
        return response
    }

    private func stayAndProperty(_ context: AppRequestContext) async throws -> (Stay, Property) {
        let id = try context.parameters.requireID("id")
        guard let stay = try await StayRepository(store: store).stay(id: id) else {
            throw DomainError(.notFound, "no stay \(id)")
        }
        try context.requireAccess(to: stay.propertyID)
        guard let property = try await PropertyRepository(store: store).property(id: stay.propertyID) else {
            throw DomainError(.notFound, "no property \(stay.propertyID)")
        }
        return (stay, property)
    }

    private func requireRoom(_ roomID: Int, of property: Property) async throws {
        guard let room = try await PropertyRepository(store: store).room(id: roomID), room.propertyID == property.id
        else {
            throw DomainError(.notFound, "no room \(roomID) at this property", field: "roomId")
        }
    }
}

extension Optional {
    func asyncMap<Result>(_ transform: (Wrapped) async throws -> Result) async rethrows -> Result? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
