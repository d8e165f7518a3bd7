import API
import Booking

/// The taxes a property owes: its staff who read money read them, a manager sets them.
extension FrontdeskAPI {
    func getTaxes(_ input: Operations.GetTaxes.Input) async throws -> Operations.GetTaxes.Output {
        let property = try await settings.accountsSettings(propertyID: input.path.id, by: try staff)
        return .ok(.init(body: .json(try .init(property))))
    }

    func setTaxes(_ input: Operations.SetTaxes.Input) async throws -> Operations.SetTaxes.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let taxes = try body.taxes.enumerated().map { index, tax in
            let field = "taxes[\(index)]"
            return Tax(
                id: tax.id ?? 0, name: tax.name, basis: try Tax.Basis(documented: tax.basis.rawValue),
                basisPoints: tax.basisPoints ?? 0, amount: try tax.amount?.money(field: "\(field).amount"),
                exemptChildren: tax.exemptChildren ?? false, exemptInfants: tax.exemptInfants ?? false,
                maxNights: tax.maxNights, compounds: tax.compounds ?? false,
                appliesTo: tax.appliesTo.flatMap { TaxClass(rawValue: $0.rawValue) } ?? .standard,
                bands: try (tax.bands ?? []).enumerated().map { number, band in
                    let bandField = "\(field).bands[\(number)]"
                    return Tax.Band(
                        from: try band.from.money(field: "\(bandField).from"),
                        amount: try band.amount.money(field: "\(bandField).amount"))
                },
                from: try tax.from.map { try Day.parse($0, field: "\(field).from") },
                through: try tax.through.map { try Day.parse($0, field: "\(field).through") },
                rounding: tax.rounding.flatMap { TaxRounding(rawValue: $0.rawValue) } ?? .halfUp)
        }
        let property = try await settings.setTaxes(taxes, propertyID: input.path.id, by: try staff)
        return .ok(.init(body: .json(try .init(property))))
    }
}

extension Tax.Basis {
    /// The basis the document names: the generated enum has only these.
    init(documented name: String) throws {
        guard let basis = Tax.Basis(rawValue: name) else { throw DomainError.invalid("basis", "unknown basis") }
        self = basis
    }
}

extension Components.Schemas.PropertyTax {
    init(_ tax: Tax) throws {
        self.init(
            id: tax.id, compounds: tax.isShare ? tax.compounds : nil,
            appliesTo: tax.isShare ? try documented(tax.appliesTo.rawValue) : nil,
            bands: tax.bands.isEmpty
                ? nil : try tax.bands.map { .init(from: try .init($0.from), amount: try .init($0.amount)) },
            from: tax.from?.iso, through: tax.through?.iso,
            rounding: tax.isShare ? try documented(tax.rounding.rawValue) : nil,
            name: tax.name, basis: try documented(tax.basis.rawValue),
            basisPoints: tax.isShare ? tax.basisPoints : nil,
            amount: try tax.amount.map { .init(amount: $0.amount, currency: try documented($0.currency.code)) },
            exemptChildren: tax.basis == .perPersonNight ? tax.exemptChildren : nil,
            exemptInfants: tax.basis == .perPersonNight ? tax.exemptInfants : nil, maxNights: tax.maxNights)
    }
}

extension Components.Schemas.TaxList {
    /// The property's taxes, with the kinds of tax it may have.
    init(_ property: Property) throws {
        self.init(
            taxes: try property.taxes.map(Components.Schemas.PropertyTax.init),
            bases: try Tax.bases(for: property.kind).map { try documented($0.rawValue) })
    }
}
