import FluentKit
import SQLKit

/// Bookings of several rooms (`BookingGroup`): each group's name and the code it goes by (its first stay's),
/// and each stay's group (`stays.group_id`, NULL for a stay booked alone).
struct BookingGroupSchema: AsyncMigration {
    let dialect: Store.Dialect

    var name: String { "frontdesk.booking-groups.v43" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for statement in [
            """
            CREATE TABLE booking_groups (\(dialect.autoNumberedID),
              property_id BIGINT NOT NULL REFERENCES properties(id), code TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
              created_at BIGINT NOT NULL)
            """,
            "ALTER TABLE stays ADD COLUMN group_id BIGINT REFERENCES booking_groups(id)",
            "CREATE INDEX stays_by_group ON stays (group_id)",
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        try await sql.raw("DROP INDEX stays_by_group").run()
        try await sql.raw("ALTER TABLE stays DROP COLUMN group_id").run()
        try await sql.raw("DROP TABLE booking_groups").run()
    }
}

/// The stays booked together, found by property and departure among the few there are: what a board marks
/// (`GroupRepository.boardGroups`).
struct BoardGroupsSchema: AsyncMigration {
    var name: String { "frontdesk.board-groups.v45" }

    func prepare(on database: any Database) async throws {
        try await (database as! any SQLDatabase).raw(
            "CREATE INDEX stays_in_groups ON stays (property_id, departure) WHERE group_id IS NOT NULL"
        ).run()
    }

    func revert(on database: any Database) async throws {
        try await (database as! any SQLDatabase).raw("DROP INDEX stays_in_groups").run()
    }
}
