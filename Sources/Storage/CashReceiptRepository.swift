import Booking
import SQLKit

/// Korea's cash receipts (`CashReceiptSchema`): the payments that need one, read from the sales' and the
/// folios' payments, and each receipt recorded once (the unique index).
struct CashReceiptRepository: Sendable {
    let store: Store

    func payments(propertyID: Int, atLeast: Money, methods: [PaymentMethod]) async throws -> [CashPayment] {
        let methods = methods.map(\.rawValue)
        return try await store.read { sql in
            let sales = try await sql.raw(
                """
                SELECT e.id, e.amount, e.currency, e.method, e.business_day, s.customer_name AS payer, s.number
                FROM sale_entries e JOIN sales s ON s.id = e.sale_id
                WHERE e.property_id = \(bind: propertyID) AND e.kind = 'payment' AND s.refund_number IS NULL
                  AND e.method IN (\(binds: methods)) AND e.currency = \(bind: atLeast.currency.code)
                  AND e.amount >= \(bind: atLeast.amount)
                  AND NOT EXISTS (SELECT 1 FROM cash_receipts c WHERE c.source = 'sale' AND c.entry_id = e.id)
                ORDER BY e.business_day, e.id
                """
            ).all().map { row in
                try Self.payment(
                    row, source: .sale,
                    reference: FolioDocument.reference(
                        prefix: FolioDocumentKind.receipt.prefix, number: try row.decode(column: "number", as: Int.self)
                    ))
            }
            let folios = try await sql.raw(
                """
                SELECT f.id, f.amount, f.currency, f.method, f.business_day, g.name AS payer, st.confirmation_code
                FROM folio_entries f JOIN stays st ON st.id = f.stay_id JOIN guests g ON g.id = st.guest_id
                WHERE st.property_id = \(bind: propertyID) AND f.kind = 'payment'
                  AND f.method IN (\(binds: methods)) AND f.currency = \(bind: atLeast.currency.code)
                  AND f.amount >= \(bind: atLeast.amount)
                  AND NOT EXISTS (SELECT 1 FROM folio_entries r WHERE r.kind = 'reversal' AND r.reverses = f.id)
                  AND NOT EXISTS (SELECT 1 FROM cash_receipts c WHERE c.source = 'folio' AND c.entry_id = f.id)
                ORDER BY f.business_day, f.id
                """
            ).all().map { row in
                try Self.payment(
                    row, source: .folio, reference: try row.decode(column: "confirmation_code", as: String.self))
            }
            return (sales + folios).sorted { ($0.receivedOn, $0.entryID) < ($1.receivedOn, $1.entryID) }
        }
    }

    func record(_ payment: CashPayment, propertyID: Int, by userID: Int?) async throws {
        guard let receipt = payment.receipt else { return }
        try await store.write { sql in
            let kept = try await sql.raw(
                """
                INSERT INTO cash_receipts (property_id, source, entry_id, approval_number, identifier, issued_on,
                  recorded_at, recorded_by)
                VALUES (\(bind: propertyID), \(bind: payment.source.rawValue), \(bind: payment.entryID),
                  \(bind: receipt.approvalNumber), \(bind: receipt.identifier), \(bind: receipt.issuedOn.number),
                  \(bind: store.clock.nowMillis), \(bind: userID))
                ON CONFLICT (source, entry_id) DO NOTHING
                RETURNING id
                """
            ).first()
            guard let id = try kept?.decode(column: "id", as: Int.self) else {
                throw DomainError(
                    .conflict, "a cash receipt is recorded for this payment already", field: "entryId",
                    reason: .cashReceiptNotDue)
            }
            try await Journal.record(
                in: sql, at: store.clock.nowMillis, propertyID: propertyID, userID: userID, entity: "cash-receipt",
                entityID: id, action: "record", before: nil as CashReceiptRecord?, after: CashReceiptRecord(payment))
        }
    }

    private static func payment(_ row: any SQLRow, source: CashPayment.Source, reference: String) throws -> CashPayment
    {
        let currency = try Currency.named(try row.decode(column: "currency", as: String.self))
        return CashPayment(
            source: source, entryID: try row.decode(column: "id", as: Int.self),
            receivedOn: Day(try row.decode(column: "business_day", as: Int.self)),
            amount: Money(try row.decode(column: "amount", as: Int.self), currency),
            method: PaymentMethod(rawValue: try row.decode(column: "method", as: String.self)) ?? .cash,
            payer: try row.decode(column: "payer", as: String.self), reference: reference)
    }
}

/// A recorded cash receipt as the audit log keeps it.
struct CashReceiptRecord: Codable {
    var source: String
    var entryId: Int
    var amount: Int
    var approvalNumber: String
    var identifier: String

    init(_ payment: CashPayment) {
        source = payment.source.rawValue
        entryId = payment.entryID
        amount = payment.amount.amount
        approvalNumber = payment.receipt?.approvalNumber ?? ""
        identifier = payment.receipt?.identifier ?? ""
    }
}

extension Store: CashReceiptStorage {
    public func cashPayments(propertyID: Int, atLeast: Money, methods: [PaymentMethod]) async throws -> [CashPayment] {
        try await CashReceiptRepository(store: self).payments(
            propertyID: propertyID, atLeast: atLeast, methods: methods)
    }

    public func recordCashReceipt(_ payment: CashPayment, propertyID: Int, by userID: Int?) async throws {
        try await CashReceiptRepository(store: self).record(payment, propertyID: propertyID, by: userID)
    }
}
