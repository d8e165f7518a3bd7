import FluentKit
import SQLKit

/// A salon's visits on its hotel's guests' bills (`RoomCharge`): the hotel a salon charges
/// (`properties.charges_hotel_id`), the stay a visit is booked for (`appointments.stay_id`), the stay a sale's
/// payment charged (`sale_entries.stay_id`), and the sale a folio line charges for (`folio_entries.sale_id`),
/// which its refund reverses.
struct RoomChargeSchema: AsyncMigration {
    var name: String { "frontdesk.room-charges.v44" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        for statement in [
            "ALTER TABLE properties ADD COLUMN charges_hotel_id BIGINT REFERENCES properties(id)",
            "ALTER TABLE appointments ADD COLUMN stay_id BIGINT REFERENCES stays(id)",
            "ALTER TABLE sale_entries ADD COLUMN stay_id BIGINT REFERENCES stays(id)",
            "ALTER TABLE folio_entries ADD COLUMN sale_id BIGINT REFERENCES sales(id)",
            "CREATE INDEX folio_entries_by_sale ON folio_entries (sale_id)",
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        try await sql.raw("DROP INDEX folio_entries_by_sale").run()
        for (table, column) in [
            ("folio_entries", "sale_id"), ("sale_entries", "stay_id"), ("appointments", "stay_id"),
            ("properties", "charges_hotel_id"),
        ] {
            try await sql.raw("ALTER TABLE \(ident: table) DROP COLUMN \(ident: column)").run()
        }
    }
}
