import FluentKit
import SQLKit

/// A room type's restrictions night by night (`NightRestriction`): a row only for a night that has one.
struct RestrictionSchema: AsyncMigration {
    var name: String { "frontdesk.restrictions.v16" }

    func prepare(on database: any Database) async throws {
        try await (database as! any SQLDatabase).raw(
            """
            CREATE TABLE room_restrictions (room_type_id BIGINT NOT NULL REFERENCES room_types(id),
              night BIGINT NOT NULL, min_stay BIGINT, max_stay BIGINT, closed_to_arrival BOOLEAN NOT NULL,
              closed_to_departure BOOLEAN NOT NULL, stop_sell BOOLEAN NOT NULL, PRIMARY KEY (room_type_id, night))
            """
        ).run()
    }

    func revert(on database: any Database) async throws {
        try await (database as! any SQLDatabase).raw("DROP TABLE IF EXISTS room_restrictions").run()
    }
}
