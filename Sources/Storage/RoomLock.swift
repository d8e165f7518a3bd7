import SQLKit

/// On PostgreSQL, the lock a write holds on a room, until its transaction ends, while it checks the
/// room's nights: the checks of stays against blocks and of blocks against stays (the triggers of
/// `HousekeepingSchema` and `LighterWrites`) take it, and so does a new stay before it is written.
enum RoomLock {
    /// The advisory locks' first key: the second is the room's id.
    static let space = 7301

    /// Takes room `roomID`'s lock in the transaction of `sql`; nothing on SQLite, which has one writer.
    ///
    /// A new stay takes it first because two stays written into one room at once would deadlock on the
    /// guard against double booking: each inserts its nights, then waits for the other's to commit or go.
    /// Queued on the lock instead, the second finds the first's nights committed and is refused cleanly.
    static func take(_ roomID: Int, in sql: any SQLDatabase) async throws {
        guard sql.dialect.name == "postgresql" else { return }
        try await sql.raw("SELECT pg_advisory_xact_lock(\(unsafeRaw: String(space)), \(bind: roomID)::int)").run()
    }
}
