import Booking
import SQLKit

/// The companies a property bills (`Company`), and each one's folios across stays.
public struct CompanyRepository: Sendable {
    let store: Store

    init(store: Store) {
        self.store = store
    }

    public func companies(propertyID: Int) async throws -> [Company] {
        try await store.read { sql in
            try await sql.raw("SELECT * FROM companies WHERE property_id = \(bind: propertyID) ORDER BY id").all()
                .map(Self.company(from:))
        }
    }

    public func company(id: Int) async throws -> Company? {
        try await store.read { sql in
            try await sql.raw("SELECT * FROM companies WHERE id = \(bind: id)").first().map(Self.company(from:))
        }
    }

    /// Stores a new company (id 0), refused past `Company.maxPerProperty`, or writes one's details; with
    /// its audit row.
    public func save(_ company: Company, by userID: Int?) async throws -> Company {
        try await store.write { sql in
            var company = company
            let before = company.id == 0 ? nil : try await Self.company(id: company.id, in: sql)
            if company.id == 0 {
                let count =
                    try await sql.raw(
                        "SELECT COUNT(*) AS n FROM companies WHERE property_id = \(bind: company.propertyID)"
                    ).first()?.decode(column: "n", as: Int.self) ?? 0
                guard count < Company.maxPerProperty else {
                    throw DomainError(
                        .notAllowed, "a property bills at most \(Company.maxPerProperty) companies", field: "name")
                }
                company.id = try await sql.insertReturningID(
                    """
                    INSERT INTO companies (property_id, name, address, tax_id, branch, email)
                    VALUES (\(bind: company.propertyID), \(bind: company.name), \(bind: company.address),
                      \(bind: company.taxID), \(bind: company.branch), \(bind: company.email))
                    RETURNING id
                    """
                )
            } else {
                try await sql.raw(
                    """
                    UPDATE companies SET name = \(bind: company.name), address = \(bind: company.address),
                      tax_id = \(bind: company.taxID), branch = \(bind: company.branch), email = \(bind: company.email)
                    WHERE id = \(bind: company.id) AND property_id = \(bind: company.propertyID)
                    """
                ).run()
            }
            try await Journal.record(
                in: sql, at: store.clock.nowMillis, propertyID: company.propertyID, userID: userID, entity: "company",
                entityID: company.id, action: before == nil ? "create" : "update",
                before: before.map(CompanyRecord.init),
                after: CompanyRecord(company))
            return company
        }
    }

    static func company(id: Int, in sql: any SQLDatabase) async throws -> Company? {
        try await sql.raw("SELECT * FROM companies WHERE id = \(bind: id)").first().map(company(from:))
    }

    static func company(from row: any SQLRow) throws -> Company {
        Company(
            id: try row.decode(column: "id", as: Int.self),
            propertyID: try row.decode(column: "property_id", as: Int.self),
            name: try row.decode(column: "name", as: String.self),
            address: try row.decode(column: "address", as: String.self),
            taxID: try row.decode(column: "tax_id", as: String.self),
            branch: try row.decode(column: "branch", as: String.self),
            email: try row.decode(column: "email", as: String.self))
    }
}

/// A company as the audit log records it.
struct CompanyRecord: Codable {
    var name: String
    var address: String
    var taxId: String
    var branch: String
    var email: String

    init(_ company: Company) {
        (name, address, taxId, branch, email) = (
            company.name, company.address, company.taxID, company.branch, company.email
        )
    }
}

/// A company's months: the folios it pays, and the invoices issued for them.
extension CompanyRepository {
    /// The folios `companyID` pays of stays leaving on one of `days`, each with its stay and guest: at most
    /// one more than `CompanyInvoice.maxStays`, so that a month past it is refused, not read whole.
    public func billed(companyID: Int, departing days: ClosedRange<Day>) async throws -> [CompanyInvoice.Billed] {
        try await store.read { sql in try await Self.billed(companyID: companyID, departing: days, in: sql) }
    }

    static func billed(companyID: Int, departing days: ClosedRange<Day>, in sql: any SQLDatabase) async throws
        -> [CompanyInvoice.Billed]
    {
        let rows = try await sql.raw(
            """
            SELECT f.stay_id, f.number, g.name AS guest_name FROM stay_folios f JOIN stays s ON s.id = f.stay_id
            JOIN guests g ON g.id = s.guest_id
            WHERE f.company_id = \(bind: companyID) AND s.departure >= \(bind: days.lowerBound.number)
              AND s.departure <= \(bind: days.upperBound.number)
            ORDER BY s.departure, s.id, f.number LIMIT \(bind: CompanyInvoice.maxStays + 1)
            """
        ).all()
        var billed: [CompanyInvoice.Billed] = []
        for row in rows {
            let stayID = try row.decode(column: "stay_id", as: Int.self)
            guard let stay = try await StayRepository.load(id: stayID, in: sql) else { continue }
            billed.append(
                CompanyInvoice.Billed(
                    stay: stay, guestName: try row.decode(column: "guest_name", as: String.self),
                    folio: try await FolioRepository.load(stayID: stayID, in: sql),
                    number: try row.decode(column: "number", as: Int.self)))
        }
        return billed
    }

    /// Issues a company's invoice in one transaction: reads the folios it pays of the stays leaving on `days`,
    /// drafts the invoice from them (`draft` may refuse), gives it the next number of the property's
    /// invoices, and stores it with its audit row. A refused issue takes no number.
    public func issue(
        companyID: Int, departing days: ClosedRange<Day>, by userID: Int?,
        _ draft: @escaping @Sendable ([CompanyInvoice.Billed]) throws -> CompanyInvoice
    ) async throws -> CompanyInvoice {
        try await store.write { sql in
            var invoice = try draft(try await Self.billed(companyID: companyID, departing: days, in: sql))
            invoice.number = try await DocumentRepository.nextNumber(
                of: "\(FolioDocumentKind.invoice.rawValue)_seq", propertyID: invoice.propertyID, in: sql)
            invoice.id = try await sql.insertReturningID(
                """
                INSERT INTO company_invoices (property_id, company_id, month, number, issued_on, issued_at, issued_by,
                  body)
                VALUES (\(bind: invoice.propertyID), \(bind: invoice.companyID), \(bind: invoice.month.number),
                  \(bind: invoice.number), \(bind: invoice.issuedOn.number), \(bind: store.clock.nowMillis),
                  \(bind: userID), \(bind: try JSONText.encode(CompanyInvoiceBody(invoice))))
                RETURNING id
                """
            )
            try await Journal.record(
                in: sql, at: store.clock.nowMillis, propertyID: invoice.propertyID, userID: userID,
                entity: "company", entityID: companyID, action: "invoice", before: nil as CompanyInvoiceRecord?,
                after: CompanyInvoiceRecord(invoice))
            return invoice
        }
    }

    /// A company's invoices, the latest first.
    public func invoices(companyID: Int) async throws -> [CompanyInvoice] {
        try await store.read { sql in
            try await sql.raw(
                "SELECT * FROM company_invoices WHERE company_id = \(bind: companyID) ORDER BY id DESC LIMIT 240"
            ).all().map(Self.invoice(from:))
        }
    }

    public func invoice(id: Int) async throws -> CompanyInvoice? {
        try await store.read { sql in
            try await sql.raw("SELECT * FROM company_invoices WHERE id = \(bind: id)").first().map(Self.invoice(from:))
        }
    }

    static func invoice(from row: any SQLRow) throws -> CompanyInvoice {
        let body = try JSONText.decode(CompanyInvoiceBody.self, try row.decode(column: "body", as: String.self))
        let propertyID = try row.decode(column: "property_id", as: Int.self)
        let issuedOn = Day(try row.decode(column: "issued_on", as: Int.self))
        let currency = try Currency.named(body.currency)
        return CompanyInvoice(
            id: try row.decode(column: "id", as: Int.self), propertyID: propertyID,
            companyID: try row.decode(column: "company_id", as: Int.self),
            month: Day(try row.decode(column: "month", as: Int.self)),
            number: try row.decode(column: "number", as: Int.self), issuedOn: issuedOn, issuer: body.issuer.issuer,
            buyer: body.buyer.buyer, currency: currency,
            stays: try body.stays.map { stay in
                var document = try stay.body.document(
                    id: 0, propertyID: propertyID, stayID: stay.stayId, kind: .invoice, number: 0, issuedOn: issuedOn)
                document.folio = stay.folio
                return document
            })
    }
}

/// A company's invoice, kept whole as issued: each stay's folio as a stay's invoice keeps it.
struct CompanyInvoiceBody: Codable {
    struct Stay: Codable {
        var stayId: Int
        var folio: Int
        var body: DocumentBody
    }

    var issuer: IssuerRecord
    var buyer: BuyerRecord
    var currency: String
    var stays: [Stay]

    init(_ invoice: CompanyInvoice) {
        issuer = IssuerRecord(invoice.issuer)
        buyer = BuyerRecord(invoice.buyer)
        currency = invoice.currency.code
        stays = invoice.stays.map { Stay(stayId: $0.stayID, folio: $0.folio, body: DocumentBody($0)) }
    }
}

/// A company's invoice as the audit log records it.
struct CompanyInvoiceRecord: Codable {
    var id: Int
    var number: Int
    var month: String
    var stays: [Int]
    var total: Int

    init(_ invoice: CompanyInvoice) {
        id = invoice.id
        number = invoice.number
        month = String(invoice.month.iso.prefix(7))
        stays = invoice.stays.map(\.stayID)
        total = invoice.totalCharges.amount
    }
}
