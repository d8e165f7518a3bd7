import Booking
import FluentKit
import SQLKit

/// Each folio line keeps the taxes it was posted with (`LineTaxes`, as JSON in `folio_entries.taxes`): a
/// charge's class and the shares inside its price, a tax line's charge. Lines posted before keep none
/// (NULL), and are read with the property's taxes as they are.
struct LineTaxesSchema: AsyncMigration {
    var name: String { "frontdesk.line-taxes.v34" }

    func prepare(on database: any Database) async throws {
        try await (database as! any SQLDatabase).raw("ALTER TABLE folio_entries ADD COLUMN taxes TEXT").run()
    }

    func revert(on database: any Database) async throws {
        try await (database as! any SQLDatabase).raw("ALTER TABLE folio_entries DROP COLUMN taxes").run()
    }
}

/// `LineTaxes` as stored.
struct LineTaxesRecord: Codable {
    struct Charge: Codable {
        var tax: TaxRecord
        var base: Int
        var amount: Int
        var units: Int?
        var unit: Int?
    }

    var taxClass: String?
    var included: [TaxRecord]?
    var charge: Charge?

    init(_ taxes: LineTaxes) {
        taxClass = taxes.taxClass == .standard ? nil : taxes.taxClass.rawValue
        included = taxes.included?.map(TaxRecord.init)
        charge = taxes.charge.map {
            Charge(
                tax: TaxRecord($0.tax), base: $0.base.amount, amount: $0.amount.amount,
                units: $0.units == 0 ? nil : $0.units, unit: $0.unitAmount?.amount)
        }
    }

    func taxes(currency: Currency) -> LineTaxes {
        LineTaxes(
            taxClass: taxClass.flatMap(TaxClass.init(rawValue:)) ?? .standard,
            included: included?.map { $0.tax(currency: currency) },
            charge: charge.map {
                TaxCharge(
                    tax: $0.tax.tax(currency: currency), base: Money($0.base, currency),
                    amount: Money($0.amount, currency), units: $0.units ?? 0,
                    unitAmount: $0.unit.map { Money($0, currency) })
            })
    }

    /// What a line's column holds: NULL for a line that says nothing of its taxes (a payment, a reversal).
    static func column(_ taxes: LineTaxes) throws -> String? {
        taxes == LineTaxes() ? nil : try JSONText.encode(LineTaxesRecord(taxes))
    }

    static func taxes(_ column: String?, currency: Currency) throws -> LineTaxes {
        try column.map { try JSONText.decodeRemembered(LineTaxesRecord.self, $0).taxes(currency: currency) }
            ?? LineTaxes()
    }
}
