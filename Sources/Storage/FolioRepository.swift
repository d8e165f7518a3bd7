import Booking
import Foundation
import SQLKit

/// A stay's folio: charges, payments and reversals, never deleted.
public struct FolioRepository: Sendable {
    let store: Store

    init(store: Store) {
        self.store = store
    }

    /// A stay's folio in its property's currency.
    public func folio(stayID: Int) async throws -> Folio {
        try await store.read { sql in try await Self.load(stayID: stayID, in: sql) }
    }

    /// Posts entries to a stay's folio by the folio's rules (positive amounts in its currency; a
    /// reversal only of an entry not reversed yet), all or none, on the property's open business day
    /// (`BusinessDay.current`), then in the same transaction what `follow` answers for the folio after
    /// them, and returns the folio after both. A line moved from another folio keeps the salon's sale it
    /// charges for (`folio_entries.sale_id`), so that the sale's refund reverses it where it now stands.
    public func post(
        _ postings: [Posting], stayID: Int, by userID: Int? = nil,
        then follow: @escaping @Sendable (Folio) throws -> [Posting] = { _ in [] }
    ) async throws -> Folio {
        try await store.write { sql in
            let now = store.clock.now()
            let folio = try await Self.post(postings, stayID: stayID, userID: userID, now: now, in: sql)
            let following = try follow(folio)
            guard !following.isEmpty else { return folio }
            return try await Self.post(following, stayID: stayID, userID: userID, now: now, in: sql)
        }
    }

    static func post(
        _ postings: [Posting], stayID: Int, userID: Int?, now: Date, in sql: any SQLDatabase
    ) async throws -> Folio {
        guard !postings.isEmpty else { return try await Self.load(stayID: stayID, in: sql) }
        // The day first: on PostgreSQL it locks the property's row, so that the folio read next is the one
        // the lines join (another post to it waits for this one's commit).
        let (propertyID, day) = try await Self.openDay(ofStay: stayID, now: now, in: sql)
        var folio = try await Self.load(stayID: stayID, in: sql)
        for posting in postings {
            var amount = posting.amount
            if posting.kind == .reversal, let target = folio.entries.first(where: { $0.id == posting.reverses }) {
                amount = target.amount
            }
            let number = folio.destination(of: posting)
            let rowID = try await sql.insertReturningID(
                """
                INSERT INTO folio_entries (stay_id, kind, description, amount, currency, category, method, reverses,
                  night, posted_at, posted_by, business_day, taxes, folio, moved_from, sale_id)
                VALUES (\(bind: stayID), \(bind: posting.kind.rawValue), \(bind: posting.description),
                  \(bind: amount.amount), \(bind: amount.currency.code), \(bind: posting.category?.rawValue),
                  \(bind: posting.method?.rawValue), \(bind: posting.reverses), \(bind: posting.night?.number),
                  \(bind: now.millisSince1970), \(bind: userID), \(bind: day.number),
                  \(bind: try LineTaxesRecord.column(posting.taxes)), \(bind: number), \(bind: posting.movedFrom),
                  (SELECT m.sale_id FROM folio_entries m WHERE m.id = \(bind: posting.movedFrom)))
                RETURNING id
                """
            )
            let entry = FolioEntry(
                id: rowID, kind: posting.kind, description: posting.description,
                amount: amount, category: posting.category, method: posting.method, reverses: posting.reverses,
                night: posting.night, businessDay: day, taxes: posting.taxes, folio: number,
                movedFrom: posting.movedFrom)
            // The rules refuse before commit; the insert above then rolls back with the rest.
            try folio.post(entry)
            try await Journal.record(
                in: sql, at: now.millisSince1970, propertyID: propertyID, userID: userID, entity: "folio",
                entityID: stayID,
                action: posting.kind.rawValue, before: nil as FolioEntryRecord?, after: FolioEntryRecord(entry))
        }
        return folio
    }

    /// The stay's property and the business day a line posted to its folio now belongs to. On
    /// PostgreSQL the property's row stays locked until the transaction ends, so that a day is not
    /// closed between reading it and the line's commit (closing takes the same row first).
    static func openDay(ofStay stayID: Int, now: Date, in sql: any SQLDatabase) async throws -> (Int, Day) {
        let lock: SQLQueryString = sql.dialect.name == "postgresql" ? " FOR NO KEY UPDATE OF p" : ""
        guard
            let row = try await sql.raw(
                """
                SELECT p.id, p.time_zone, p.closed_through FROM stays s JOIN properties p ON p.id = s.property_id
                WHERE s.id = \(bind: stayID)\(lock)
                """
            ).first()
        else { throw DomainError(.notFound, "no stay \(stayID)") }
        let zone = TimeZone(identifier: try row.decode(column: "time_zone", as: String.self)) ?? .gmt
        let closed = try row.decode(column: "closed_through", as: Int?.self).map(Day.init)
        return (
            try row.decode(column: "id", as: Int.self),
            BusinessDay.current(today: Day.today(in: zone, now: now), closedThrough: closed)
        )
    }

    /// The business day a line posted now at `property` belongs to (an import's payments).
    /// With `locking`, the property's row stays locked until the transaction ends (PostgreSQL), as
    /// `openDay(ofStay:)` does: for lines posted from it.
    static func openDay(of property: Property, now: Date, in sql: any SQLDatabase, locking: Bool = false)
        async throws -> Day
    {
        let lock: SQLQueryString = locking && sql.dialect.name == "postgresql" ? " FOR NO KEY UPDATE" : ""
        let closed = try await sql.raw("SELECT closed_through FROM properties WHERE id = \(bind: property.id)\(lock)")
            .first()?.decode(column: "closed_through", as: Int?.self).map(Day.init)
        return BusinessDay.current(today: property.today(now: now), closedThrough: closed)
    }

    static func load(stayID: Int, in sql: any SQLDatabase) async throws -> Folio {
        guard
            let property = try await sql.raw(
                "SELECT p.currency FROM stays s JOIN properties p ON p.id = s.property_id WHERE s.id = \(bind: stayID)"
            ).first()
        else { throw DomainError(.notFound, "no stay \(stayID)") }
        let currency = try Currency.named(try property.decode(column: "currency", as: String.self))
        let entries = try await sql.raw("SELECT * FROM folio_entries WHERE stay_id = \(bind: stayID) ORDER BY id").all()
            .map(entry(from:))
        return Folio(currency: currency, entries: entries, split: try await split(stayID: stayID, in: sql))
    }

    /// How a stay's folio is split: its folios past the guest's, with their payers, and its routes.
    static func split(stayID: Int, in sql: any SQLDatabase) async throws -> FolioSplit {
        let bills = try await sql.raw(
            "SELECT number, payer_name, company_id FROM stay_folios WHERE stay_id = \(bind: stayID) ORDER BY number"
        ).all().map { row in
            FolioSplit.Bill(
                number: try row.decode(column: "number", as: Int.self),
                payer: try row.decode(column: "company_id", as: Int?.self).map { .company(id: $0) }
                    ?? .person(name: try row.decode(column: "payer_name", as: String?.self) ?? ""))
        }
        var routes: [ChargeCategory: Int] = [:]
        for row in try await sql.raw(
            "SELECT category, folio FROM stay_folio_routes WHERE stay_id = \(bind: stayID)"
        ).all() {
            guard let category = ChargeCategory(rawValue: try row.decode(column: "category", as: String.self)) else {
                continue
            }
            routes[category] = try row.decode(column: "folio", as: Int.self)
        }
        return FolioSplit(bills: bills, routes: routes)
    }

    /// Splits a stay's folio anew in one transaction, with its audit row: reads the folio (on PostgreSQL
    /// with its property's row locked, as a post does, so no line joins a folio being taken away), asks
    /// `change` for the split, and replaces the stay's folios and routes with it.
    public func split(
        stayID: Int, by userID: Int?, _ change: @escaping @Sendable (Folio) throws -> FolioSplit
    ) async throws -> Folio {
        try await store.write { sql in
            let now = store.clock.now()
            let (propertyID, _) = try await Self.openDay(ofStay: stayID, now: now, in: sql)
            var folio = try await Self.load(stayID: stayID, in: sql)
            let before = folio.split
            let split = try change(folio)
            try await sql.raw("DELETE FROM stay_folio_routes WHERE stay_id = \(bind: stayID)").run()
            try await sql.raw("DELETE FROM stay_folios WHERE stay_id = \(bind: stayID)").run()
            for bill in split.bills where bill.number != FolioSplit.guestsFolio {
                let name: String? = if case .person(let name) = bill.payer { name } else { nil }
                try await sql.raw(
                    """
                    INSERT INTO stay_folios (stay_id, number, payer_name, company_id)
                    VALUES (\(bind: stayID), \(bind: bill.number), \(bind: name), \(bind: bill.payer.companyID))
                    """
                ).run()
            }
            for (category, number) in split.routes.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                try await sql.raw(
                    """
                    INSERT INTO stay_folio_routes (stay_id, category, folio)
                    VALUES (\(bind: stayID), \(bind: category.rawValue), \(bind: number))
                    """
                ).run()
            }
            try await Journal.record(
                in: sql, at: now.millisSince1970, propertyID: propertyID, userID: userID, entity: "folio",
                entityID: stayID, action: "split", before: FolioSplitRecord(before), after: FolioSplitRecord(split))
            folio.split = split
            return folio
        }
    }

    /// The balances of several stays' folios in one currency, in one query: for lists of stays. A stay
    /// with no entries has none (zero).
    public func balances(stayIDs: [Int], currency: Currency) async throws -> [Int: Money] {
        guard !stayIDs.isEmpty else { return [:] }
        return try await store.read { sql in
            var entries: [Int: [FolioEntry]] = [:]
            for row in try await sql.raw(
                "SELECT * FROM folio_entries WHERE stay_id IN (\(binds: stayIDs)) ORDER BY id"
            ).all() {
                entries[try row.decode(column: "stay_id", as: Int.self), default: []].append(try Self.entry(from: row))
            }
            return entries.mapValues { Folio(currency: currency, entries: $0).balance }
        }
    }

    /// Every folio line of a property's stays of the business days from `first` to `last`, in the order
    /// posted, each with its day, its stay and guest, and for a reversal what it reverses
    /// (`folio_entries_by_day` finds the lines of those days, whatever the property holds).
    public func ledger(property: Property, first: Day, last: Day) async throws -> LedgerReport {
        try await store.read { sql in try await Self.ledger(property: property, first: first, last: last, in: sql) }
    }

    static func ledger(property: Property, first: Day, last: Day, in sql: any SQLDatabase) async throws
        -> LedgerReport
    {
        // A hotel's folio lines, or a salon's sale lines: a property is one or the other.
        let salon = property.kind == .salon
        let query: SQLQueryString =
            salon
            ? """
            SELECT e.id, e.kind, e.description, e.amount, e.category, e.method, e.business_day, e.sale_id,
              sa.number AS sale_number, r.kind AS reversed_kind, r.category AS reversed_category,
              r.method AS reversed_method, r.description AS reversed_description, sa.customer_name AS guest_name,
              e.staff_id, st.name AS staff_name, e.service_id
            FROM sale_entries e JOIN sales sa ON sa.id = e.sale_id
            LEFT JOIN sale_entries r ON r.id = e.reverses LEFT JOIN staff st ON st.id = e.staff_id
            WHERE e.property_id = \(bind: property.id) AND e.business_day >= \(bind: first.number)
              AND e.business_day <= \(bind: last.number) AND e.currency = \(bind: property.currency.code)
            ORDER BY e.business_day, e.posted_at, e.id
            """
            : """
            SELECT f.id, f.kind, f.description, f.amount, f.category, f.method, f.business_day, f.stay_id,
              f.taxes, f.night, r.kind AS reversed_kind, r.category AS reversed_category, r.method AS reversed_method,
              r.description AS reversed_description, r.taxes AS reversed_taxes, r.night AS reversed_night,
              s.confirmation_code, g.name AS guest_name
            FROM folio_entries f JOIN stays s ON s.id = f.stay_id JOIN guests g ON g.id = s.guest_id
            LEFT JOIN folio_entries r ON r.id = f.reverses
            WHERE f.business_day >= \(bind: first.number) AND f.business_day <= \(bind: last.number)
              AND s.property_id = \(bind: property.id) AND f.currency = \(bind: property.currency.code)
            ORDER BY f.business_day, f.posted_at, f.id
            """
        let lines = try await sql.raw(
            query
        ).all().map { row in
            let kind = FolioEntryKind(rawValue: try row.decode(column: "kind", as: String.self)) ?? .charge
            let reversed = kind == .reversal
            let text = { (column: String) in try row.decode(column: column, as: String?.self) }
            // A column only the other kind's query has is nil.
            let id = { (column: String, salons: Bool) in
                salon == salons ? try row.decode(column: column, as: Int?.self) : nil
            }
            return LedgerReport.Line(
                day: Day(try row.decode(column: "business_day", as: Int.self)),
                entryID: try row.decode(column: "id", as: Int.self),
                stayID: try id("stay_id", false), saleID: try id("sale_id", true),
                confirmationCode: salon
                    ? FolioDocument.reference(
                        prefix: FolioDocumentKind.receipt.prefix,
                        number: try row.decode(column: "sale_number", as: Int.self))
                    : try row.decode(column: "confirmation_code", as: String.self),
                guestName: try row.decode(column: "guest_name", as: String.self), kind: kind,
                description: try row.decode(column: "description", as: String.self),
                category: try text(reversed ? "reversed_category" : "category").flatMap(
                    ChargeCategory.init(rawValue:)),
                method: try text(reversed ? "reversed_method" : "method").flatMap(PaymentMethod.init(rawValue:)),
                reverses: reversed ? try text("reversed_kind").flatMap(FolioEntryKind.init(rawValue:)) : nil,
                reversedDescription: reversed ? try text("reversed_description") : nil,
                amount: Money(try row.decode(column: "amount", as: Int.self), property.currency),
                staffID: try id("staff_id", true), staffName: salon ? try text("staff_name") : nil,
                serviceID: try id("service_id", true),
                taxes: salon
                    ? nil
                    : try LineTaxesRecord.taxes(
                        try text(reversed ? "reversed_taxes" : "taxes"), currency: property.currency),
                night: try id(reversed ? "reversed_night" : "night", false).map(Day.init))
        }
        return LedgerReport(first: first, last: last, currency: property.currency, lines: lines)
    }

    static func entry(from row: any SQLRow) throws -> FolioEntry {
        let currency = try Currency.named(try row.decode(column: "currency", as: String.self))
        return FolioEntry(
            id: try row.decode(column: "id", as: Int.self),
            kind: FolioEntryKind(rawValue: try row.decode(column: "kind", as: String.self)) ?? .charge,
            description: try row.decode(column: "description", as: String.self),
            amount: Money(try row.decode(column: "amount", as: Int.self), currency),
            category: try row.decode(column: "category", as: String?.self).flatMap(ChargeCategory.init(rawValue:)),
            method: try row.decode(column: "method", as: String?.self).flatMap(PaymentMethod.init(rawValue:)),
            reverses: try row.decode(column: "reverses", as: Int?.self),
            night: try row.decode(column: "night", as: Int?.self).map(Day.init),
            businessDay: try row.decode(column: "business_day", as: Int?.self).map(Day.init),
            taxes: try LineTaxesRecord.taxes(try row.decode(column: "taxes", as: String?.self), currency: currency),
            folio: try row.decode(column: "folio", as: Int.self),
            movedFrom: try row.decode(column: "moved_from", as: Int?.self))
    }
}

/// A folio entry as JSON, for the audit log and the event stream.
struct FolioEntryRecord: Codable {
    var id: Int
    var kind: String
    var description: String
    var amount: Int
    var currency: String
    var reverses: Int?
    /// Omitted for the guest's own folio, as every line was before folios were split.
    var folio: Int?
    var movedFrom: Int?

    init(_ entry: FolioEntry) {
        id = entry.id
        kind = entry.kind.rawValue
        description = entry.description
        amount = entry.amount.amount
        currency = entry.amount.currency.code
        reverses = entry.reverses
        folio = entry.folio == FolioSplit.guestsFolio ? nil : entry.folio
        movedFrom = entry.movedFrom
    }
}

/// A stay's split as JSON, for the audit log: its folios past the guest's and its routes.
struct FolioSplitRecord: Codable {
    struct Bill: Codable {
        var number: Int
        var name: String?
        var companyId: Int?
    }
    var folios: [Bill]
    var routes: [String: Int]

    init(_ split: FolioSplit) {
        folios = split.bills.filter { $0.number != FolioSplit.guestsFolio }.map { bill in
            let name: String? = if case .person(let name) = bill.payer { name } else { nil }
            return Bill(number: bill.number, name: name, companyId: bill.payer.companyID)
        }
        routes = Dictionary(uniqueKeysWithValues: split.routes.map { ($0.key.rawValue, $0.value) })
    }
}
