import Booking
import SQLKit

/// Invoices and receipts as issued, and who issues them. A document's number comes from its
/// property's sequence of its kind, moved on in the transaction that stores the document: the update
/// takes the property row's lock on PostgreSQL (SQLite writes one transaction at a time), and a
/// transaction that fails gives its number back, so the numbers have no gaps.
public struct DocumentRepository: Sendable {
    let store: Store

    init(store: Store) {
        self.store = store
    }

    public func updateIssuer(_ issuer: Issuer, propertyID: Int, by userID: Int?) async throws -> Property {
        try await store.write { sql in
            guard let before = try await PropertyRepository.property(id: propertyID, in: sql) else {
                throw DomainError(.notFound, "no property \(propertyID)")
            }
            try await sql.raw(
                """
                UPDATE properties SET issuer_name = \(bind: issuer.name), issuer_address = \(bind: issuer.address),
                  issuer_tax_id = \(bind: issuer.taxID), issuer_branch = \(bind: issuer.branch)
                WHERE id = \(bind: propertyID)
                """
            ).run()
            try await Journal.record(
                in: sql, at: store.clock.nowMillis, propertyID: propertyID, userID: userID, entity: "property",
                entityID: propertyID,
                action: "issuer", before: IssuerRecord(before.issuer), after: IssuerRecord(issuer))
            var after = before
            after.issuer = issuer
            return after
        }
    }

    /// Writes a property's taxes, with its audit row and event.
    public func updateTaxes(_ taxes: [Tax], propertyID: Int, by userID: Int?) async throws -> Property {
        try await updateList(column: "taxes", action: "taxes", propertyID: propertyID, by: userID) {
            $0.taxes.map(TaxRecord.init)
        } change: {
            $0.taxes = taxes
        }
    }

    /// Writes a property's rate plans (checked by `RatePlan.validate`, their ids given), with its audit
    /// row and event.
    public func updateRatePlans(_ plans: [RatePlan], propertyID: Int, by userID: Int?) async throws -> Property {
        try await updateList(column: "rate_plans", action: "rate-plans", propertyID: propertyID, by: userID) {
            $0.ratePlans.map(RatePlanRecord.init)
        } change: {
            $0.ratePlans = plans
        }
    }

    /// Writes one of a property's lists kept as JSON in `column` (its taxes, its rate plans) as `change`
    /// leaves it, journalled as `action` with the list's `records` before and after. The guest site's
    /// prices follow at once.
    private func updateList<Record: Codable & Sendable>(
        column: String, action: String, propertyID: Int, by userID: Int?,
        records: @escaping @Sendable (Property) -> [Record], change: @escaping @Sendable (inout Property) -> Void
    ) async throws -> Property {
        try await store.write { sql in
            guard let before = try await PropertyRepository.property(id: propertyID, in: sql) else {
                throw DomainError(.notFound, "no property \(propertyID)")
            }
            var after = before
            change(&after)
            try await sql.raw(
                """
                UPDATE properties SET \(unsafeRaw: column) = \(bind: try JSONText.encode(records(after)))
                WHERE id = \(bind: propertyID)
                """
            ).run()
            try await PropertyRepository.moveInventoryOn(in: sql)
            try await Journal.record(
                in: sql, at: store.clock.nowMillis, propertyID: propertyID, userID: userID, entity: "property",
                entityID: propertyID,
                action: action, before: records(before), after: records(after))
            return after
        }
    }

    public func issue(
        stayID: Int, by userID: Int?, _ draft: @escaping @Sendable (Folio) throws -> FolioDocument
    ) async throws -> FolioDocument {
        try await store.write { sql in
            var document = try draft(try await FolioRepository.load(stayID: stayID, in: sql))
            let number = try await Self.nextNumber(
                of: "\(document.kind.rawValue)_seq", propertyID: document.propertyID, in: sql)
            document.number = number
            document.id = try await sql.insertReturningID(
                """
                INSERT INTO folio_documents (property_id, stay_id, kind, number, issued_on, issued_at, issued_by, body,
                  folio)
                VALUES (\(bind: document.propertyID), \(bind: document.stayID), \(bind: document.kind.rawValue),
                  \(bind: number), \(bind: document.issuedOn.number), \(bind: store.clock.nowMillis), \(bind: userID),
                  \(bind: try JSONText.encode(DocumentBody(document))), \(bind: document.folio))
                RETURNING id
                """
            )
            try await Journal.record(
                in: sql, at: store.clock.nowMillis, propertyID: document.propertyID, userID: userID, entity: "document",
                entityID: document.id,
                action: "issue", before: nil as IssuedRecord?, after: IssuedRecord(document))
            return document
        }
    }

    /// Moves one of the property's document sequences on (`invoice_seq`, `receipt_seq`, `refund_seq`) and
    /// returns its new number: taken only if the transaction commits.
    static func nextNumber(of sequence: String, propertyID: Int, in sql: any SQLDatabase) async throws -> Int {
        guard
            let number = try await sql.raw(
                """
                UPDATE properties SET \(unsafeRaw: sequence) = \(unsafeRaw: sequence) + 1
                WHERE id = \(bind: propertyID) RETURNING \(unsafeRaw: sequence) AS number
                """
            ).first()?.decode(column: "number", as: Int.self)
        else { throw DomainError(.notFound, "no property \(propertyID)") }
        return number
    }

    public func documents(stayID: Int) async throws -> [FolioDocument] {
        try await store.read { sql in
            try await sql.raw("SELECT * FROM folio_documents WHERE stay_id = \(bind: stayID) ORDER BY id").all()
                .map(Self.document(from:))
        }
    }

    public func document(id: Int) async throws -> FolioDocument? {
        try await store.read { sql in
            try await sql.raw("SELECT * FROM folio_documents WHERE id = \(bind: id)").first().map(Self.document(from:))
        }
    }

    static func document(from row: any SQLRow) throws -> FolioDocument {
        let body = try JSONText.decode(DocumentBody.self, try row.decode(column: "body", as: String.self))
        var document = try body.document(
            id: try row.decode(column: "id", as: Int.self),
            propertyID: try row.decode(column: "property_id", as: Int.self),
            stayID: try row.decode(column: "stay_id", as: Int.self),
            kind: try FolioDocumentKind.named(try row.decode(column: "kind", as: String.self)),
            number: try row.decode(column: "number", as: Int.self),
            issuedOn: Day(try row.decode(column: "issued_on", as: Int.self)))
        document.folio = try row.decode(column: "folio", as: Int.self)
        return document
    }
}

/// The issuer as the audit log and the event stream record it.
struct IssuerRecord: Codable {
    var name: String
    var address: String
    var taxId: String
    /// Absent when none (outside Thailand), and on a document issued before issuers had branches.
    var branch: String?

    init(_ issuer: Issuer) {
        name = issuer.name
        address = issuer.address
        taxId = issuer.taxID
        branch = issuer.branch.isEmpty ? nil : issuer.branch
    }

    var issuer: Issuer { Issuer(name: name, address: address, taxID: taxId, branch: branch ?? "") }
}

/// A full tax invoice's buyer, as its document keeps it.
struct BuyerRecord: Codable {
    var name: String
    var address: String
    var taxId: String
    var branch: String

    init(_ buyer: Buyer) {
        name = buyer.name
        address = buyer.address
        taxId = buyer.taxID
        branch = buyer.branch
    }

    var buyer: Buyer { Buyer(name: name, address: address, taxID: taxId, branch: branch) }
}

/// A document as the audit log and the event stream record it: which one, for which stay.
struct IssuedRecord: Codable {
    var id: Int
    var stayId: Int
    var kind: String
    var number: Int
    var reference: String

    init(_ document: FolioDocument) {
        id = document.id
        stayId = document.stayID
        kind = document.kind.rawValue
        number = document.number
        reference = document.reference
    }
}

/// What a document says, kept whole as issued (the columns hold what it is looked up by).
struct DocumentBody: Codable {
    struct Line: Codable {
        var night: Int?
        var description: String
        var category: String?
        var method: String?
        var amount: Int
        /// Absent for a standard line, and on a document issued before lines had classes.
        var taxClass: String?
    }

    struct TaxTotal: Codable {
        var name: String
        /// Absent on a document issued before papers said how a tax is charged.
        var basis: String?
        var basisPoints: Int?
        var perNight: Int?
        var amount: Int
        /// Absent on a document issued before papers stated them.
        var base: Int?
        var units: Int?

        init(_ total: FolioDocument.TaxTotal) {
            name = total.name
            basis = total.basis?.rawValue
            basisPoints = total.basisPoints
            perNight = total.perNight?.amount
            amount = total.amount.amount
            base = total.base?.amount
            units = total.units
        }

        func total(currency: Currency) -> FolioDocument.TaxTotal {
            let basis = basis.flatMap(Tax.Basis.init(rawValue:))
            var total = FolioDocument.TaxTotal(
                name: name, basis: basis, basisPoints: basis == nil && basisPoints == 0 ? nil : basisPoints,
                perNight: perNight.map { Money($0, currency) }, amount: Money(amount, currency))
            total.base = base.map { Money($0, currency) }
            total.units = units
            return total
        }
    }

    var issuer: IssuerRecord
    var guestName: String
    var confirmationCode: String
    var arrival: Int
    var departure: Int
    var rooms: [String]
    var currency: String
    var charges: [Line]
    var taxes: [TaxTotal]
    /// Absent on a document issued before taxes could be inside prices.
    var includedTaxes: [TaxTotal]?
    var payments: [Line]
    /// A full tax invoice's: its buyer, and the abbreviated one it replaces.
    var buyer: BuyerRecord?
    var replaces: String?

    init(_ document: FolioDocument) {
        buyer = document.buyer.map(BuyerRecord.init)
        replaces = document.replaces
        issuer = IssuerRecord(document.issuer)
        guestName = document.guestName
        confirmationCode = document.confirmationCode
        arrival = document.nights.arrival.number
        departure = document.nights.departure.number
        rooms = document.rooms
        currency = document.currency.code
        let line = { (line: FolioDocument.Line) in
            Line(
                night: line.night?.number, description: line.description, category: line.category?.rawValue,
                method: line.method?.rawValue, amount: line.amount.amount,
                taxClass: line.taxClass == .standard ? nil : line.taxClass.rawValue)
        }
        charges = document.charges.map(line)
        taxes = document.taxes.map(TaxTotal.init)
        includedTaxes = document.includedTaxes.map(TaxTotal.init)
        payments = document.payments.map(line)
    }

    func document(id: Int, propertyID: Int, stayID: Int, kind: FolioDocumentKind, number: Int, issuedOn: Day) throws
        -> FolioDocument
    {
        let currency = try Currency.named(currency)
        let line = { (line: Line) in
            FolioDocument.Line(
                night: line.night.map(Day.init), description: line.description,
                category: line.category.flatMap(ChargeCategory.init(rawValue:)),
                method: line.method.flatMap(PaymentMethod.init(rawValue:)), amount: Money(line.amount, currency),
                taxClass: line.taxClass.flatMap(TaxClass.init(rawValue:)) ?? .standard)
        }
        return FolioDocument(
            id: id, propertyID: propertyID, stayID: stayID, kind: kind, number: number, issuedOn: issuedOn,
            issuer: issuer.issuer, guestName: guestName,
            confirmationCode: confirmationCode,
            nights: try Nights(arrival: Day(arrival), departure: Day(departure)), rooms: rooms, currency: currency,
            charges: charges.map(line),
            taxes: taxes.map { $0.total(currency: currency) },
            includedTaxes: (includedTaxes ?? []).map { $0.total(currency: currency) }, payments: payments.map(line),
            buyer: buyer?.buyer, replaces: replaces)
    }
}

extension Store: EInvoiceStorage {
    public func invoiceNumberInYear(of document: FolioDocument) async throws -> Int {
        let year = Int(document.issuedOn.iso.prefix(4)) ?? 1970
        let (first, next) = (Day(year: year, month: 1, day: 1), Day(year: year + 1, month: 1, day: 1))
        return try await read { sql in
            // A company's month's invoices take numbers of the same sequence (`CompanyInvoice`).
            let companies: SQLQueryString =
                document.kind == .invoice
                ? """
                 + (SELECT COUNT(*) FROM company_invoices WHERE property_id = \(bind: document.propertyID)
                  AND issued_on >= \(bind: first.number) AND issued_on < \(bind: next.number)
                  AND number <= \(bind: document.number))
                """ : ""
            return try await sql.raw(
                """
                SELECT (SELECT COUNT(*) FROM folio_documents
                WHERE property_id = \(bind: document.propertyID) AND kind = \(bind: document.kind.rawValue)
                  AND issued_on >= \(bind: first.number) AND issued_on < \(bind: next.number)
                  AND number <= \(bind: document.number))\(companies) AS number
                """
            ).first()?.decode(column: "number", as: Int.self) ?? 0
        }
    }
}
