import Booking
import FluentKit
import SQLKit

/// A salon's fees for appointments not kept (`VisitTerms`): the salon's own on its property row
/// (`visit_terms`), a service's where it states its own (`services.terms`); each JSON, "" for none
/// stated (the salon's: free; a service's: the salon's).
struct VisitTermsSchema: AsyncMigration {
    var name: String { "frontdesk.visit-terms.v23" }

    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        try await sql.raw("ALTER TABLE properties ADD COLUMN visit_terms TEXT NOT NULL DEFAULT ''").run()
        try await sql.raw("ALTER TABLE services ADD COLUMN terms TEXT NOT NULL DEFAULT ''").run()
    }

    func revert(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        try await sql.raw("ALTER TABLE services DROP COLUMN terms").run()
        try await sql.raw("ALTER TABLE properties DROP COLUMN visit_terms").run()
    }
}

/// `VisitTerms` as its columns keep it: amounts in the salon's minor units, its currency the property's.
struct VisitTermsRecord: Codable, Equatable {
    struct Fee: Codable, Equatable {
        var basisPoints: Int?
        var amount: Int?

        init(_ fee: VisitTerms.Fee) {
            switch fee {
            case .share(let basisPoints): self.basisPoints = basisPoints
            case .amount(let amount): self.amount = amount.amount
            }
        }

        func fee(currency: Currency) throws -> VisitTerms.Fee {
            if let basisPoints { return .share(basisPoints: basisPoints) }
            guard let amount else { throw StoredTextError("a fee with neither a share nor an amount") }
            return .amount(Money(amount, currency))
        }
    }

    var lateCancellationMinutes: Int
    var lateCancellationFee: Fee?
    var noShowFee: Fee?
    /// Absent from terms stored before deposits were asked.
    var deposit: Fee?

    init(_ terms: VisitTerms) {
        lateCancellationMinutes = terms.lateCancellationMinutes
        lateCancellationFee = terms.lateCancellationFee.map(Fee.init)
        noShowFee = terms.noShowFee.map(Fee.init)
        deposit = terms.deposit.map(Fee.init)
    }

    func terms(currency: Currency) throws -> VisitTerms {
        VisitTerms(
            lateCancellationMinutes: lateCancellationMinutes,
            lateCancellationFee: try lateCancellationFee?.fee(currency: currency),
            noShowFee: try noShowFee?.fee(currency: currency), deposit: try deposit?.fee(currency: currency))
    }

    /// The column's text: "" for none.
    static func text(_ terms: VisitTerms?) throws -> String {
        try terms.map { try JSONText.encode(VisitTermsRecord($0)) } ?? ""
    }

    /// The terms a column's text holds; nil for "".
    static func terms(_ text: String, currency: Currency) throws -> VisitTerms? {
        text.isEmpty ? nil : try JSONText.decodeRemembered(VisitTermsRecord.self, text).terms(currency: currency)
    }
}
