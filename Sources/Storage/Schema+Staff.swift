import FluentKit
import SQLKit

/// Staff per property: a member of staff works at the properties they belong to, with a role at each
/// (`StaffRole`). Every account there was keeps its role at every property there was, as before.
struct StaffMemberships: AsyncMigration {
    var name: String { "frontdesk.staff-memberships.v12" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for statement in [
            """
            CREATE TABLE staff_memberships (user_id BIGINT NOT NULL REFERENCES users(id),
              property_id BIGINT NOT NULL REFERENCES properties(id), role TEXT NOT NULL,
              PRIMARY KEY (user_id, property_id))
            """,
            "CREATE INDEX staff_memberships_by_property ON staff_memberships (property_id, user_id)",
            """
            INSERT INTO staff_memberships (user_id, property_id, role)
            SELECT u.id, p.id, u.role FROM users u CROSS JOIN properties p
            """,
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    func revert(on database: any Database) async throws {
        try await (database as! any SQLDatabase).raw("DROP TABLE IF EXISTS staff_memberships").run()
    }
}
