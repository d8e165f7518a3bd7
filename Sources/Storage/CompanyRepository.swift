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
