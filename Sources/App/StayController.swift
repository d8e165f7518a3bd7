import Booking
import HTTPTypes
import Hummingbird
import Storage

/// Hotel stays: booking one, reading it. Every response carries the stay's version as its `ETag`.
struct StayController {
    let store: Store

    func register(on group: RouterGroup<AppRequestContext>) {
        group.post("properties/{id}/stays", use: create)
        group.get("stays/{id}", use: show)
    }

    /// Books a stay; an `Idempotency-Key` makes a retry answer as the first try did.
    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scope = "user:\(try context.requireUser().id)"
        return try await Idempotency(store: store).run(request, context: context, scope: scope, required: false) {
            request in try await book(request, context: context)
        }
    }

    private func book(_ request: Request, context: AppRequestContext) async throws -> Idempotency.Answer {
        let propertyID = try context.parameters.requireID("id")
        try context.requireAccess(to: propertyID)
        let body = try await request.decodeJSON(as: CreateStayRequest.self, context: context)
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
        return try Idempotency.Answer(
            status: .created, headers: [.eTag: Self.eTag(of: stay), .location: "/api/v1/stays/\(stay.id)"],
            json: StayJSON(stay))
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.parameters.requireID("id")
        let stays = StayRepository(store: store)
        guard let stay = try await stays.stay(id: id) else {
            throw DomainError(.notFound, "no stay \(id)")
        }
        try context.requireAccess(to: stay.propertyID)
        let guest = try await stays.guest(id: stay.guestID)
        var response = try WithContactJSON(
            entity: StayJSON(stay), contactKey: "guest", contact: guest.map(GuestJSON.init)
        )
        .response(from: request, context: context)
        response.headers[.eTag] = Self.eTag(of: stay)
        return response
    }

    static func eTag(of stay: Stay) -> String { "\"\(stay.version)\"" }

    /// The room type a booking is for: given, or the room's.
    private func roomTypeID(of body: CreateStayRequest, propertyID: Int) async throws -> Int {
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

struct GuestJSON: Codable {
    var name: String
    var email: String
    var phone: String

    init(_ guest: Guest) {
        name = guest.name
        email = guest.email
        phone = guest.phone
    }
}

/// A stay or an appointment in its one JSON form, with its guest's (or customer's) contact beside it
/// under `contactKey`: `GET /api/v1/stays/{id}` and `GET /api/v1/appointments/{id}`.
struct WithContactJSON<Entity: Encodable>: ResponseEncodable {
    var entity: Entity
    var contactKey: String
    var contact: GuestJSON?

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        try entity.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encodeIfPresent(contact, forKey: Key(stringValue: contactKey))
    }
}
