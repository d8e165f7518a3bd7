import Booking
import FluentKit
import SQLKit

/// Where a property is paid by a code (`ReceivingAccount`), as JSON in `properties.receiving_account`;
/// NULL until a manager sets one.
struct ReceivingAccountSchema: AsyncMigration {
    var name: String { "frontdesk.receiving-account.v35" }

    func prepare(on database: any Database) async throws {
        try await (database as! any SQLDatabase).raw("ALTER TABLE properties ADD COLUMN receiving_account TEXT").run()
    }

    func revert(on database: any Database) async throws {
        try await (database as! any SQLDatabase).raw("ALTER TABLE properties DROP COLUMN receiving_account").run()
    }
}

/// `ReceivingAccount` as stored, and as the audit log records it.
struct ReceivingAccountRecord: Codable {
    var kind: String
    var number: String
    var bankBin: String
    var holder: String

    init(_ account: ReceivingAccount) {
        kind = account.kind.rawValue
        number = account.number
        bankBin = account.bankBIN
        holder = account.holder
    }

    /// The account a column holds; nil for none, or for a kind this code no longer knows.
    static func account(_ column: String?) throws -> ReceivingAccount? {
        guard let column else { return nil }
        let record = try JSONText.decodeRemembered(ReceivingAccountRecord.self, column)
        return ReceivingAccount.Kind(rawValue: record.kind).map {
            ReceivingAccount(kind: $0, number: record.number, bankBIN: record.bankBin, holder: record.holder)
        }
    }
}

extension DocumentRepository {
    /// Writes where a property is paid by a code (nil: nowhere), with its audit row.
    public func updateReceivingAccount(_ account: ReceivingAccount?, propertyID: Int, by userID: Int?) async throws
        -> Booking.Property
    {
        try await store.write { sql in
            guard let before = try await PropertyRepository.property(id: propertyID, in: sql) else {
                throw DomainError(.notFound, "no property \(propertyID)")
            }
            try await sql.raw(
                """
                UPDATE properties SET receiving_account = \(bind: try account.map { try JSONText.encode(ReceivingAccountRecord($0)) })
                WHERE id = \(bind: propertyID)
                """
            ).run()
            try await Journal.record(
                in: sql, at: store.clock.nowMillis, propertyID: propertyID, userID: userID, entity: "property",
                entityID: propertyID, action: "receiving-account",
                before: before.receivingAccount.map(ReceivingAccountRecord.init),
                after: account.map(ReceivingAccountRecord.init))
            var after = before
            after.receivingAccount = account
            return after
        }
    }
}
