import Booking
import Foundation
import Hummingbird
import Storage

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Room calendars for channel managers (Airbnb, Booking.com and the like), which exchange busy
/// nights as iCalendar feeds:
/// - `GET /ical/rooms/{roomId}.ics?token=`: the room's busy nights as all-day events, no session (the
///   channel fetches it), the secret token instead;
/// - the export link and the feeds imported so far, and imports, are operations
///   (`FrontdeskAPI+Calendars.swift`).
struct ICalController {
    let store: Store

    /// The feed is served by hand: it is not JSON, and its token is a query parameter a channel
    /// manager adds as it is, not an operation's input.
    func register(on router: Router<AppRequestContext>) {
        router.get("ical/rooms/{file}", use: export)
    }

    @Sendable func export(_ request: Request, context: AppRequestContext) async throws -> Response {
        let file = try context.parameters.require("file")
        try ParameterCheckMiddleware.check("exportRoomCalendar", path: { _ in file }, query: request.uri.description)
        let token = request.uri.queryParameters.get("token") ?? ""
        // One answer for a wrong token and an unknown room: the link is the secret.
        guard file.hasSuffix(".ics"), let roomID = Int(file.dropLast(4)),
            try await store.isCalendarExportToken(token, roomID: roomID),
            let (property, room) = try await Self.propertyAndRoom(roomID, store: store)
        else { throw DomainError(.notFound, "no such calendar", field: "token") }
        let blocks = try await store.busyNights(
            roomID: roomID, from: store.clock.today(at: property).adding(days: -30))
        let text = ICalendar.busyCalendar(
            name: "\(property.name), room \(room.number)", blocks: blocks, stamp: store.clock.now())
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/calendar; charset=utf-8",
                .contentDisposition: "inline; filename=\"room-\(roomID).ics\"",
                .cacheControl: "no-store",
            ],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// A calendar's text: UTF-8 without NULs (no text the API stores may hold one).
    static func text(of data: Data, field: String) throws -> String {
        guard let text = String(data: data, encoding: .utf8) else {
            throw DomainError.invalid(field, "the calendar is not UTF-8 text")
        }
        guard !data.contains(0) else { throw DomainError.invalid(field, "the calendar holds a NUL character") }
        return text
    }

    static func propertyAndRoom(_ roomID: Int, store: Store) async throws -> (Property, Room)? {
        guard let room = try await store.room(id: roomID),
            let property = try await store.property(id: room.propertyID)
        else { return nil }
        return (property, room)
    }
}
