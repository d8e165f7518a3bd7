import Booking

/// Rooms' calendars exchanged with channel managers: the export link's token, the busy nights it
/// serves and the feeds imported into blocks.
extension Store {
    public func calendarExportToken(roomID: Int) async throws -> String {
        try await calendars.exportToken(roomID: roomID)
    }

    public func isCalendarExportToken(_ token: String, roomID: Int) async throws -> Bool {
        try await calendars.isExportToken(token, roomID: roomID)
    }

    /// The room's busy nights from `from` on, each with a stable uid, for its exported calendar.
    public func busyNights(roomID: Int, from: Day) async throws -> [(uid: String, nights: Nights)] {
        try await calendars.busyNights(roomID: roomID, from: from)
    }

    public func calendarImports(roomID: Int) async throws -> [ICalImport] {
        try await calendars.imports(roomID: roomID)
    }

    /// Replaces a feed's blocks on the room with `blocks` (added, kept, removed, and those in conflict).
    public func syncCalendar(roomID: Int, source: String, blocks: [ICalBlock], today: Day, by userID: Int?)
        async throws -> ICalSyncResult
    {
        try await calendars.sync(roomID: roomID, source: source, blocks: blocks, today: today, by: userID)
    }
}
