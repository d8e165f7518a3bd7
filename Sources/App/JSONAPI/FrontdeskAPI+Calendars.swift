import API
import Booking
import Foundation
import Hummingbird
import Storage

/// A room's calendars for channel managers: the export link and the feeds imported so far, and
/// imports: a feed's events become blocks on the room, from `{"url": ...}` (fetched by the server,
/// public addresses only) or an uploaded `text/calendar` body. Importing the same source again
/// brings the blocks in line with it.
extension FrontdeskAPI {
    func getRoomCalendars(_ input: Operations.GetRoomCalendars.Input) async throws
        -> Operations.GetRoomCalendars.Output
    {
        let roomID = try await room(input.path.id)
        let token = try await store.calendarExportToken(roomID: roomID)
        return .ok(
            .init(
                body: .json(
                    .init(
                        exportUrl: "/ical/rooms/\(roomID).ics?token=\(token)",
                        imports: try await store.calendarImports(roomID: roomID).map {
                            .init(
                                id: $0.id, source: $0.source,
                                importedAt: Date(timeIntervalSince1970: Double($0.importedAtMillis) / 1000),
                                blocks: $0.blocks)
                        }))))
    }

    func importRoomCalendar(_ input: Operations.ImportRoomCalendar.Input) async throws
        -> Operations.ImportRoomCalendar.Output
    {
        let user = try context.requireUser()
        let roomID = try await room(input.path.id)
        guard let (property, _) = try await ICalController.propertyAndRoom(roomID, store: store) else {
            throw DomainError(.notFound, "no room \(roomID)", field: "id")
        }
        let source: String
        let text: String
        switch input.body {
        case .textCalendar(let body):
            let data = try await Data(collecting: body, upTo: Request.maximumJSONBytes)
            (source, text) = ("upload", try ICalController.text(of: data, field: "body"))
        case .json(let body):
            (source, text) = (
                body.url, try ICalController.text(of: try await configuration.feeds.fetch(body.url), field: "url")
            )
        }
        let today = store.clock.today(at: property)
        let blocks = try ICalendar.parse(text, timeZone: property.timeZone, today: today)
        let result = try await store.syncCalendar(
            roomID: roomID, source: source, blocks: blocks, today: today, by: user.id)
        return .ok(
            .init(
                body: .json(
                    .init(
                        importId: result.importID, source: source, added: result.added, kept: result.kept,
                        removed: result.removed,
                        conflicts: result.conflicts.map {
                            .init(
                                uid: $0.uid, arrival: $0.nights.arrival.iso, departure: $0.nights.departure.iso,
                                message: $0.message)
                        }))))
    }

    /// The room of the path, at a property the member of staff works at.
    private func room(_ roomID: Int) async throws -> Int {
        try await frontDesk.room(roomID, by: try staff, field: "id").id
    }
}
