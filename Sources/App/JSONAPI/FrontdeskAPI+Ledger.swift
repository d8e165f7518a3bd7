import API
import Booking
import Storage

/// The property's ledger: what its folios recorded over some days, for the desk's reports.
extension FrontdeskAPI {
    func getLedger(_ input: Operations.GetLedger.Input) async throws -> Operations.GetLedger.Output {
        let (ledger, property) = try await accounts.ledger(
            propertyID: input.path.id, from: try input.query.from.map { try Day.parse($0, field: "from") },
            to: try input.query.to.map { try Day.parse($0, field: "to") }, by: try staff)
        return .ok(
            .init(body: .json(try .init(ledger, taxes: property.taxes, included: ledger.includedTaxes(property.taxes))))
        )
    }
}

extension Components.Schemas.Ledger {
    /// `taxes` are the property's, which give each tax's rate by its name; `included`, the taxes inside
    /// the charges.
    init(_ ledger: LedgerReport, taxes: [Tax], included: [FolioDocument.TaxTotal]) throws {
        self.init(
            from: ledger.first.iso, to: ledger.last.iso, currency: ledger.currency.code,
            lines: try ledger.lines.map(Components.Schemas.LedgerLine.init),
            charges: try ledger.charges.map {
                .init(category: try documented($0.category.rawValue), amount: try .init($0.amount))
            },
            taxes: try ledger.taxes.map { tax in
                try Components.Schemas.FolioDocumentTax(
                    FolioDocument.TaxTotal(name: tax.name, as: taxes.first { $0.name == tax.name }, amount: tax.amount))
            },
            payments: try ledger.payments.map {
                .init(method: try $0.method.map { try documented($0.rawValue) }, amount: try .init($0.amount))
            },
            totalCharges: try .init(ledger.totalCharges), totalPayments: try .init(ledger.totalPayments),
            includedTaxes: included.isEmpty
                ? nil
                : try included.map(Components.Schemas.FolioDocumentTax.init))
    }
}

extension Components.Schemas.LedgerLine {
    init(_ line: LedgerReport.Line) throws {
        self.init(
            date: line.day.iso, entryId: line.entryID, stayId: line.stayID, saleId: line.saleID, staffId: line.staffID,
            staffName: line.staffName, serviceId: line.serviceID,
            confirmationCode: line.confirmationCode,
            guestName: line.guestName, kind: try documented(line.kind.rawValue), description: line.description,
            category: try line.category.map { try documented($0.rawValue) },
            method: try line.method.map { try documented($0.rawValue) },
            reverses: try line.reverses.map { try documented($0.rawValue) }, amount: try .init(line.amount))
    }
}
