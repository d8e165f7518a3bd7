import API
import Booking
import Foundation
import Storage

/// A stay's folio: reading it, posting charges and payments, reversing a mistake.
extension FrontdeskAPI {
    func getFolio(_ input: Operations.GetFolio.Input) async throws -> Operations.GetFolio.Output {
        let (folio, property, code) = try await accounts.folio(of: input.path.id, by: try staff)
        var body = try Components.Schemas.Folio(folio, taxes: property.taxes)
        body.payCode = try PaymentCode.due(on: folio, at: property, confirmationCode: code).map {
            try .init($0, label: $0.reference)
        }
        return .ok(.init(body: .json(body)))
    }

    /// A folio as the API answers it: each charge with the part of it the property's included taxes are.
    func folioBody(_ folio: Folio, _ propertyID: Int) async throws -> Components.Schemas.Folio {
        try .init(folio, taxes: try await frontDesk.property(propertyID, by: try staff).taxes)
    }

    /// The same, for the folio of the stay `stayID` just posted to.
    func folioBody(_ folio: Folio, stayID: Int) async throws -> Components.Schemas.Folio {
        try await folioBody(folio, try await frontDesk.requireStay(stayID, by: try staff).propertyID)
    }

    func postCharge(_ input: Operations.PostCharge.Input) async throws -> Operations.PostCharge.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let category = try body.category.map { try ChargeCategory.postable(named: $0.rawValue) } ?? .other
        let (folio, property) = try await accounts.postCharge(
            to: input.path.id, description: body.description, amount: try body.amount.money(), category: category,
            taxClass: body.taxClass.flatMap { TaxClass(rawValue: $0.rawValue) } ?? .standard, by: try staff)
        return .created(.init(body: .json(try .init(folio, taxes: property.taxes))))
    }

    func postPayment(_ input: Operations.PostPayment.Input) async throws -> Operations.PostPayment.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let folio = try await accounts.postPayment(
            to: input.path.id, amount: try body.amount.money(), method: try PaymentMethod.named(body.method.rawValue),
            description: body.description, by: try staff)
        return .created(.init(body: .json(try await folioBody(folio, stayID: input.path.id))))
    }

    func postReversal(_ input: Operations.PostReversal.Input) async throws -> Operations.PostReversal.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let folio = try await accounts.reverse(
            entry: body.entryId, of: input.path.id, reason: body.reason, by: try staff)
        return .created(.init(body: .json(try await folioBody(folio, stayID: input.path.id))))
    }
}

extension PaymentMethod {
    static func named(_ name: String) throws -> PaymentMethod {
        guard let method = PaymentMethod(rawValue: name) else {
            throw DomainError.invalid(
                "method", "'\(name)' is not a way to pay (\(allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return method
    }
}

extension Components.Schemas.Folio {
    init(_ folio: Folio, taxes: [Tax]) throws {
        self.init(
            currency: try documented(folio.currency.code), balance: try .init(folio.balance),
            totalCharges: try .init(folio.totalCharges), totalPayments: try .init(folio.totalPayments),
            entries: try folio.entries.map {
                .init(
                    id: $0.id, kind: try documented($0.kind.rawValue), description: $0.description,
                    amount: try .init($0.amount), category: try $0.category.map { try documented($0.rawValue) },
                    method: try $0.method.map { try documented($0.rawValue) }, reverses: $0.reverses,
                    night: $0.night?.iso, businessDay: $0.businessDay?.iso,
                    includedTaxes: try Self.included(in: $0, taxes: taxes),
                    taxClass: $0.kind == .charge && $0.category != .tax
                        ? try documented($0.taxes.taxClass.rawValue) : nil,
                    reversed: folio.isReversed($0.id), reversible: folio.mayReverse($0))
            })
    }

    /// A charge's included taxes; nil for other lines and where there are none.
    static func included(in entry: FolioEntry, taxes: [Tax]) throws -> [Components.Schemas.FolioDocumentTax]? {
        guard entry.kind == .charge, entry.category != .tax,
            (entry.taxes.included ?? taxes).contains(where: { $0.basis == .includedShare })
        else { return nil }
        let line = entry.taxes.line(
            entry.amount, kind: entry.category == .room ? .room : .charge,
            day: entry.night ?? entry.businessDay ?? Day(0))
        let parts = TaxEngine.assess([line], taxes: taxes, party: Party(adults: 1), currency: entry.amount.currency)
            .included
        guard !parts.isEmpty else { return nil }
        return try parts.map { try .init(FolioDocument.TaxTotal($0)) }
    }
}
