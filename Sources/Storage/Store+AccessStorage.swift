import Booking
import SQLKit

/// Each thing a change names keeps its property's id in its own row.
extension Store: AccessStorage {
    public func propertyID(of holder: AccessHolder, id: Int) async throws -> Int? {
        let table: SQLIdentifier =
            switch holder {
            case .property: SQLIdentifier("properties")
            case .stay: SQLIdentifier("stays")
            case .room: SQLIdentifier("rooms")
            case .roomType: SQLIdentifier("room_types")
            case .appointment: SQLIdentifier("appointments")
            case .sale: SQLIdentifier("sales")
            case .customer: SQLIdentifier("customers")
            case .document: SQLIdentifier("folio_documents")
            }
        let column: SQLIdentifier = holder == .property ? SQLIdentifier("id") : SQLIdentifier("property_id")
        return try await read { sql in
            try await sql.raw("SELECT \(column) AS property_id FROM \(table) WHERE id = \(bind: id)").first()?
                .decode(column: "property_id", as: Int.self)
        }
    }
}
