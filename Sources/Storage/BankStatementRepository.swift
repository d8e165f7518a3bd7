import Booking
import Foundation
import SQLKit

/// Bank statements' formats and lines (`BankStatementSchema`). A line is kept in the transaction that
/// posts the payment it settles: a line already kept (the unique index on its fingerprint) posts nothing,
/// so an import run twice, or two at once, settles each line once.
struct BankStatementRepository: Sendable {
    let store: Store

    func formats(propertyID: Int) async throws -> [StatementFormat] {
        try await store.read { sql in
            try await sql.raw(
                "SELECT format FROM statement_formats WHERE property_id = \(bind: propertyID) ORDER BY bank"
            ).all().map {
                try JSONText.decode(StatementFormatRecord.self, try $0.decode(column: "format", as: String.self)).format
            }
        }
    }

    func save(_ format: StatementFormat, propertyID: Int, by userID: Int?) async throws {
        try await store.write { sql in
            let column = try JSONText.encode(StatementFormatRecord(format))
            try await sql.raw(
                """
                INSERT INTO statement_formats (property_id, bank, format)
                VALUES (\(bind: propertyID), \(bind: format.bank), \(bind: column))
                ON CONFLICT (property_id, bank) DO UPDATE SET format = \(bind: column)
                """
            ).run()
            try await Journal.record(
                in: sql, at: store.clock.nowMillis, propertyID: propertyID, userID: userID, entity: "property",
                entityID: propertyID, action: "statement-format", before: nil as StatementFormatRecord?,
                after: StatementFormatRecord(format))
        }
    }

    func keep(
        _ line: StatementLine, bank: String, settling: StatementSettlement?, unmatched: UnmatchedReason?,
        propertyID: Int, by userID: Int?
    ) async throws -> KeptStatementLine? {
        let now = store.clock.now()
        return try await store.write { sql -> KeptStatementLine? in
            let inserted = try await sql.raw(
                """
                INSERT INTO statement_lines (property_id, bank, fingerprint, line, day, amount, currency, text,
                  bank_reference, unmatched, imported_at, imported_by)
                VALUES (\(bind: propertyID), \(bind: bank), \(bind: line.fingerprint), \(bind: line.line),
                  \(bind: line.day.number), \(bind: line.amount.amount), \(bind: line.amount.currency.code),
                  \(bind: line.text), \(bind: line.bankReference), \(bind: unmatched?.rawValue),
                  \(bind: now.millisSince1970), \(bind: userID))
                ON CONFLICT (property_id, bank, fingerprint) DO NOTHING
                RETURNING id
                """
            ).first()
            guard let id = try inserted?.decode(column: "id", as: Int.self) else { return nil }
            var kept = KeptStatementLine(id: id, bank: bank, line: line, unmatched: unmatched)
            if let settling { kept = try await Self.settle(kept, by: settling, userID: userID, now: now, in: sql) }
            try await Journal.record(
                in: sql, at: now.millisSince1970, propertyID: propertyID, userID: userID, entity: "statement-line",
                entityID: id, action: "import", before: nil as StatementLineRecord?, after: StatementLineRecord(kept))
            return kept
        }
    }

    func waiting(propertyID: Int) async throws -> [KeptStatementLine] {
        try await store.read { sql in
            try await sql.raw(
                """
                SELECT * FROM statement_lines WHERE property_id = \(bind: propertyID) AND unmatched IS NOT NULL
                ORDER BY id LIMIT \(bind: BankStatement.lineLimit)
                """
            ).all().map(Self.kept)
        }
    }

    func settleWaiting(
        lineID: Int, propertyID: Int, userID: Int?,
        by settlement: @escaping @Sendable (KeptStatementLine) -> StatementSettlement
    ) async throws -> KeptStatementLine {
        let now = store.clock.now()
        return try await store.write { sql in
            guard
                let row = try await sql.raw(
                    """
                    SELECT * FROM statement_lines
                    WHERE id = \(bind: lineID) AND property_id = \(bind: propertyID) AND unmatched IS NOT NULL
                    """
                ).first()
            else {
                throw DomainError(
                    .notFound, "no line \(lineID) waits to be settled", field: "lineId",
                    reason: .statementSettled)
            }
            let before = try Self.kept(row)
            let after = try await Self.settle(before, by: settlement(before), userID: userID, now: now, in: sql)
            try await Journal.record(
                in: sql, at: now.millisSince1970, propertyID: propertyID, userID: userID, entity: "statement-line",
                entityID: lineID, action: "settle", before: StatementLineRecord(before),
                after: StatementLineRecord(after))
            return after
        }
    }

    /// Settles the line, in the caller's transaction: a stay's payment posted to its folio (a booking of
    /// several rooms: each room's share to its own), or a visit's deposits taken (their sales written by `take`, which joins the transaction); the line marked settled.
    private static func settle(
        _ kept: KeptStatementLine, by settlement: StatementSettlement, userID: Int?, now: Date, in sql: any SQLDatabase
    ) async throws -> KeptStatementLine {
        var settled = kept
        settled.unmatched = nil
        let payments: [(id: Int, posting: Posting)]
        switch settlement {
        case .stay(let id, let payment): payments = [(id, payment)]
        case .stays(let shares): payments = shares
        case .visit(let code, let take):
            try await take()
            try await sql.raw(
                "UPDATE statement_lines SET visit_code = \(bind: code), unmatched = NULL WHERE id = \(bind: kept.id)"
            ).run()
            settled.confirmationCode = code
            return settled
        }
        guard let stayID = payments.first?.id else { throw DomainError.invalid("confirmationCode", "nothing owed") }
        var entryID: Int?
        for (id, posting) in payments {
            let folio = try await FolioRepository.post([posting], stayID: id, userID: userID, now: now, in: sql)
            // The line names its first room's payment; the others are its shares on the rooms' folios.
            if id == stayID { entryID = folio.entries.last?.id }
        }
        try await sql.raw(
            """
            UPDATE statement_lines SET stay_id = \(bind: stayID), entry_id = \(bind: entryID), unmatched = NULL
            WHERE id = \(bind: kept.id)
            """
        ).run()
        let code = try await sql.raw("SELECT confirmation_code FROM stays WHERE id = \(bind: stayID)").first()
        settled.stayID = stayID
        settled.confirmationCode = try code?.decode(column: "confirmation_code", as: String.self)
        return settled
    }

    private static func kept(_ row: any SQLRow) throws -> KeptStatementLine {
        let currency = try Currency.named(try row.decode(column: "currency", as: String.self))
        let line = StatementLine(
            line: try row.decode(column: "line", as: Int.self), day: Day(try row.decode(column: "day", as: Int.self)),
            amount: Money(try row.decode(column: "amount", as: Int.self), currency),
            text: try row.decode(column: "text", as: String.self),
            bankReference: try row.decode(column: "bank_reference", as: String.self),
            fingerprint: try row.decode(column: "fingerprint", as: String.self))
        return KeptStatementLine(
            id: try row.decode(column: "id", as: Int.self), bank: try row.decode(column: "bank", as: String.self),
            line: line, stayID: try row.decode(column: "stay_id", as: Int?.self),
            confirmationCode: try row.decode(column: "visit_code", as: String?.self),
            unmatched: (try row.decode(column: "unmatched", as: String?.self)).flatMap(UnmatchedReason.init(rawValue:)))
    }
}

extension Store {
    var statements: BankStatementRepository { BankStatementRepository(store: self) }
}

extension Store: BankStatementStorage {
    public func statementFormats(propertyID: Int) async throws -> [StatementFormat] {
        try await statements.formats(propertyID: propertyID)
    }

    public func saveStatementFormat(_ format: StatementFormat, propertyID: Int, by userID: Int?) async throws {
        try await statements.save(format, propertyID: propertyID, by: userID)
    }

    public func keep(
        _ line: StatementLine, bank: String, settling: StatementSettlement?, unmatched: UnmatchedReason?,
        propertyID: Int, by userID: Int?
    ) async throws -> KeptStatementLine? {
        try await statements.keep(
            line, bank: bank, settling: settling, unmatched: unmatched, propertyID: propertyID, by: userID)
    }

    public func waitingStatementLines(propertyID: Int) async throws -> [KeptStatementLine] {
        try await statements.waiting(propertyID: propertyID)
    }

    public func settleWaiting(
        lineID: Int, propertyID: Int, userID: Int?,
        by settlement: @escaping @Sendable (KeptStatementLine) -> StatementSettlement
    ) async throws -> KeptStatementLine {
        try await statements.settleWaiting(lineID: lineID, propertyID: propertyID, userID: userID, by: settlement)
    }
}
