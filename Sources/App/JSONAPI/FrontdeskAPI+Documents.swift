import API
import Booking
import OpenAPIRuntime

/// Invoices and receipts: issuing one from a stay's folio, reading them, and who issues them. Each
/// decodes its input, calls its `Accounts` operation and encodes the answer.
extension FrontdeskAPI {
    func listDocuments(_ input: Operations.ListDocuments.Input) async throws -> Operations.ListDocuments.Output {
        let documents = try await accounts.documents(stayID: input.path.id, by: try context.staff(for: .accounts))
        return .ok(.init(body: .json(.init(documents: try documents.map(Components.Schemas.FolioDocument.init)))))
    }

    func issueDocument(_ input: Operations.IssueDocument.Input) async throws -> Operations.IssueDocument.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let buyer = body.buyer.map(Buyer.init)
        let document = try await accounts.issueDocument(
            try FolioDocumentKind.named(body.kind.rawValue), buyer: buyer, stayID: input.path.id,
            folio: body.folio ?? FolioSplit.guestsFolio, by: try staff)
        return .created(.init(body: .json(try .init(document))))
    }

    func getDocument(_ input: Operations.GetDocument.Input) async throws -> Operations.GetDocument.Output {
        .ok(
            .init(
                body: .json(
                    try .init(try await accounts.document(input.path.id, by: try context.staff(for: .accounts))))))
    }

    func setIssuer(_ input: Operations.SetIssuer.Input) async throws -> Operations.SetIssuer.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let property = try await accounts.setIssuer(
            Issuer(name: body.name, address: body.address, taxID: body.taxId, branch: body.branch ?? ""),
            propertyID: input.path.id,
            by: try staff)
        return .ok(.init(body: .json(.init(property.issuer))))
    }
}

extension Components.Schemas.Issuer {
    init(_ issuer: Issuer) {
        self.init(
            name: issuer.name, address: issuer.address, taxId: issuer.taxID,
            branch: issuer.branch.isEmpty ? nil : issuer.branch)
    }
}

extension Components.Schemas.FolioDocument {
    init(_ document: FolioDocument) throws {
        let line = { (line: FolioDocument.Line) throws in
            Components.Schemas.FolioDocumentLine(
                night: line.night?.iso, description: line.description, category: line.category?.rawValue,
                method: line.method?.rawValue, amount: try .init(line.amount),
                taxClass: line.category == nil || line.taxClass == .standard
                    ? nil : try documented(line.taxClass.rawValue))
        }
        self.init(
            id: document.id, propertyId: document.propertyID, stayId: document.stayID,
            kind: try documented(document.kind.rawValue), number: document.number, reference: document.reference,
            buyer: document.buyer.map(Components.Schemas.Buyer.init),
            folio: document.folio,
            replaces: document.replaces, eInvoice: VietnamEInvoice.applies(to: document) ? true : nil,
            issuedOn: document.issuedOn.iso,
            issuer: .init(document.issuer), guestName: document.guestName,
            confirmationCode: document.confirmationCode, arrival: document.nights.arrival.iso,
            departure: document.nights.departure.iso, rooms: document.rooms,
            currency: try documented(document.currency.code), charges: try document.charges.map(line),
            taxes: try document.taxes.map(Components.Schemas.FolioDocumentTax.init),
            includedTaxes: document.includedTaxes.isEmpty
                ? nil : try document.includedTaxes.map(Components.Schemas.FolioDocumentTax.init),
            payments: try document.payments.map(line),
            outsideTotal: document.outsideTotal.amount == 0 ? nil : try .init(document.outsideTotal),
            subtotal: try .init(document.subtotal),
            totalTax: try .init(document.totalTax), totalCharges: try .init(document.totalCharges),
            totalPayments: try .init(document.totalPayments), balance: try .init(document.balance))
    }
}

extension Components.Schemas.FolioDocumentTax {
    /// A tax's total as papers state it: by its rate, or by its amount a room or a guest a night.
    init(_ total: FolioDocument.TaxTotal) throws {
        self.init(
            name: total.name, basis: try total.basis.map { try documented($0.rawValue) },
            basisPoints: total.basisPoints, perNight: try total.perNight.map(Components.Schemas.Money.init),
            base: try total.base.map(Components.Schemas.Money.init), units: total.units, amount: try .init(total.amount)
        )
    }
}

/// Vietnam's e-invoices: the XML of a hotel's invoice or a salon's sale, for the provider named by its tax code.
extension FrontdeskAPI {
    func getEInvoice(_ input: Operations.GetEInvoice.Input) async throws -> Operations.GetEInvoice.Output {
        let provider = try PortalUpload(taxCode: input.query.provider)
        let (_, submission) = try await accounts.eInvoice(
            of: input.path.id, provider: provider, by: try context.staff(for: .accounts))
        return .ok(.init(body: .xml(try Self.upload(submission))))
    }

    func getSaleEInvoice(_ input: Operations.GetSaleEInvoice.Input) async throws
        -> Operations.GetSaleEInvoice.Output
    {
        let provider = try PortalUpload(taxCode: input.query.provider)
        let (_, submission) = try await checkout.eInvoice(
            of: input.path.id, provider: provider, by: try context.staff(for: .accounts))
        return .ok(.init(body: .xml(try Self.upload(submission))))
    }

    /// The XML to upload to a provider's portal, which signs and sends it.
    private static func upload(_ submission: EInvoiceSubmission) throws -> HTTPBody {
        guard case .awaitingUpload(let xml) = submission else {
            throw DomainError(.notAllowed, "the provider sent it already")
        }
        return HTTPBody(xml)
    }
}

extension Buyer {
    init(_ buyer: Components.Schemas.Buyer) {
        self.init(name: buyer.name, address: buyer.address, taxID: buyer.taxId, branch: buyer.branch)
    }
}

extension Components.Schemas.Buyer {
    init(_ buyer: Buyer) {
        self.init(name: buyer.name, address: buyer.address, taxId: buyer.taxID, branch: buyer.branch)
    }
}
