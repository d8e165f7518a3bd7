import Booking
import SQLKit

/// The nightly rates a stay was booked at, kept beside it from its booking on: what its price holds to
/// at check-in and on the guest's "manage my booking" page, whatever the room type's rates do later.
/// Stays imported in bulk (demo data, other systems) have none and are priced at the current rates.
extension StayRepository {
    /// The rates agreed for a stay's nights; empty when none were kept.
    public func agreedRates(stayID: Int) async throws -> [Day: Money] {
        try await store.read { sql in try await Self.agreedRates(stayID: stayID, in: sql) }
    }

    static func agreedRates(stayID: Int, in sql: any SQLDatabase) async throws -> [Day: Money] {
        var rates: [Day: Money] = [:]
        for row in try await sql.raw(
            "SELECT night, amount, currency FROM stay_rates WHERE stay_id = \(bind: stayID)"
        ).all() {
            let currency = try Currency.named(try row.decode(column: "currency", as: String.self))
            rates[Day(try row.decode(column: "night", as: Int.self))] = Money(
                try row.decode(column: "amount", as: Int.self), currency)
        }
        return rates
    }

    /// Keeps a new stay's agreed rates, in one statement.
    static func recordAgreedRates(_ rates: [Day: Money], stayID: Int, in sql: any SQLDatabase) async throws {
        guard !rates.isEmpty else { return }
        var insert = sql.insert(into: "stay_rates").columns("stay_id", "night", "amount", "currency")
        for (night, rate) in rates.sorted(by: { $0.key < $1.key }) {
            insert = insert.values(
                SQLBind(stayID), SQLBind(night.number), SQLBind(rate.amount), SQLBind(rate.currency.code))
        }
        try await insert.run()
    }
}

extension StayTransaction {
    /// The rates agreed for a stay's nights, as read in this transaction.
    public func agreedRates(stayID: Int) async throws -> [Day: Money] {
        try await StayRepository.agreedRates(stayID: stayID, in: sql)
    }
}
