import FluentKit
import SQLKit

/// A property's ledger reads the folio lines of some days (`FolioRepository.ledger`): by the time they
/// were posted, not by a scan of every stay's folio.
struct LedgerIndex: AsyncMigration {
    var name: String { "frontdesk.ledger.v13" }

    func prepare(on database: any Database) async throws {
        try await (database as! any SQLDatabase).raw("CREATE INDEX folio_entries_by_time ON folio_entries (posted_at)")
            .run()
    }

    func revert(on database: any Database) async throws {
        try await (database as! any SQLDatabase).raw("DROP INDEX IF EXISTS folio_entries_by_time").run()
    }
}
