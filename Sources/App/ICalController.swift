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
/// - `GET /api/v1/rooms/{id}/ical`: the export link and the feeds imported so far;
/// - `POST /api/v1/rooms/{id}/ical-imports`: a feed's events become blocks on the room, from
///   `{"url": ...}` (fetched by the server) or an uploaded `text/calendar` body. Importing the same
///   source again brings the blocks in line with it.
struct ICalController {
    let store: Store
    /// How feeds are fetched by URL: public addresses only.
    let feeds: FeedFetcher

    func register(open router: Router<AppRequestContext>, signedIn group: RouterGroup<AppRequestContext>) {
        router.get("ical/rooms/{file}", use: export)
        group.get("rooms/{id}/ical", use: links)
        group.post("rooms/{id}/ical-imports", use: importCalendar)
    }

    @Sendable func export(_ request: Request, context: AppRequestContext) async throws -> Response {
        let file = try context.parameters.require("file")
        let token = request.uri.queryParameters.get("token") ?? ""
        let calendars = ICalRepository(store: store)
        // One answer for a wrong token and an unknown room: the link is the secret.
        guard file.hasSuffix(".ics"), let roomID = Int(file.dropLast(4)),
            try await calendars.isExportToken(token, roomID: roomID),
            let (property, room) = try await propertyAndRoom(roomID)
        else { throw DomainError(.notFound, "no such calendar", field: "token") }
        let blocks = try await calendars.busyNights(roomID: roomID, from: property.today().adding(days: -30))
        let text = ICalendar.busyCalendar(name: "\(property.name), room \(room.number)", blocks: blocks, stamp: Date())
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/calendar; charset=utf-8",
                .contentDisposition: "inline; filename=\"room-\(roomID).ics\"",
                .cacheControl: "no-store",
            ],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    struct Links: ResponseEncodable {
        struct Feed: Codable {
            var id: Int
            var source: String
            var importedAt: String
            var blocks: Int
        }

        var exportUrl: String
        var imports: [Feed]
    }

    @Sendable func links(_ request: Request, context: AppRequestContext) async throws -> Links {
        let roomID = try await room(context)
        let calendars = ICalRepository(store: store)
        let token = try await calendars.exportToken(roomID: roomID)
        return Links(
            exportUrl: "/ical/rooms/\(roomID).ics?token=\(token)",
            imports: try await calendars.imports(roomID: roomID).map {
                .init(id: $0.id, source: $0.source, importedAt: Self.instant($0.importedAtMillis), blocks: $0.blocks)
            })
    }

    struct ImportRequest: Decodable {
        var url: String
    }

    struct ImportResult: ResponseEncodable {
        struct Conflict: Encodable {
            var uid: String
            var arrival: String
            var departure: String
            var message: String
        }

        var importId: Int
        var source: String
        var added: Int
        var kept: Int
        var removed: Int
        var conflicts: [Conflict]
    }

    @Sendable func importCalendar(_ request: Request, context: AppRequestContext) async throws -> ImportResult {
        let user = try context.requireUser()
        let roomID = try await room(context)
        guard let (property, _) = try await propertyAndRoom(roomID) else {
            throw DomainError(.notFound, "no room \(roomID)", field: "id")
        }
        let source: String
        let text: String
        if request.headers[.contentType]?.lowercased().hasPrefix("text/calendar") == true {
            let body = try await request.collectBody("the calendar")
            (source, text) = ("upload", try Self.text(of: Data(buffer: body), field: "body"))
        } else {
            let url = try await request.decodeJSON(as: ImportRequest.self, context: context).url
            (source, text) = (url, try Self.text(of: try await feeds.fetch(url), field: "url"))
        }
        let blocks = try ICalendar.parse(text, timeZone: property.timeZone)
        let result = try await ICalRepository(store: store).sync(
            roomID: roomID, source: source, blocks: blocks, today: property.today(), by: user.id)
        return ImportResult(
            importId: result.importID, source: source, added: result.added, kept: result.kept,
            removed: result.removed,
            conflicts: result.conflicts.map {
                .init(
                    uid: $0.uid, arrival: $0.nights.arrival.iso, departure: $0.nights.departure.iso,
                    message: $0.message)
            })
    }

    /// A calendar's text: UTF-8 without NULs (no text the API stores may hold one).
    static func text(of data: Data, field: String) throws -> String {
        guard let text = String(data: data, encoding: .utf8) else {
            throw DomainError.invalid(field, "the calendar is not UTF-8 text")
        }
        guard !data.contains(0) else { throw DomainError.invalid(field, "the calendar holds a NUL character") }
        return text
    }

    private func room(_ context: AppRequestContext) async throws -> Int {
        let roomID = try context.parameters.requireID("id")
        guard let room = try await PropertyRepository(store: store).room(id: roomID) else {
            throw DomainError(.notFound, "no room \(roomID)", field: "id")
        }
        try context.requireAccess(to: room.propertyID)
        return roomID
    }

    private func propertyAndRoom(_ roomID: Int) async throws -> (Property, Room)? {
        let properties = PropertyRepository(store: store)
        guard let room = try await properties.room(id: roomID),
            let property = try await properties.property(id: room.propertyID)
        else { return nil }
        return (property, room)
    }

    private static func instant(_ millis: Int) -> String {
        Date(timeIntervalSince1970: Double(millis) / 1000).formatted(.iso8601)
    }
}
