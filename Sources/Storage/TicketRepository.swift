import Booking
import Foundation
import SQLKit

/// A salon's ticket books: the offers it sells (`properties.ticket_offers`), the books sold and their draws.
/// A book is sold, and drawn, only by a sale, in the sale's transaction with the salon's row held
/// (`SaleRepository.insert`): two checkouts drawing one book take turns, and the second finds what the first
/// left. A draw stands while its sale does: the sale's refund puts its units back.
public struct TicketRepository: Sendable {
    let store: Store

    init(store: Store) {
        self.store = store
    }

    public func offers(propertyID: Int) async throws -> [TicketOffer] {
        try await store.read { sql in try await Self.offers(propertyID: propertyID, in: sql) }
    }

    static func offers(propertyID: Int, in sql: any SQLDatabase) async throws -> [TicketOffer] {
        guard
            let row = try await sql.raw(
                "SELECT currency, ticket_offers FROM properties WHERE id = \(bind: propertyID)"
            ).first()
        else { return [] }
        let currency = try Currency.named(try row.decode(column: "currency", as: String.self))
        return try JSONText.decode([TicketOfferRecord].self, try row.decode(column: "ticket_offers", as: String.self))
            .map { try $0.offer(currency: currency) }
    }

    public func updateOffers(_ offers: [TicketOffer], propertyID: Int, by userID: Int?) async throws
        -> [TicketOffer]
    {
        try await store.write { sql in
            let before = try await Self.offers(propertyID: propertyID, in: sql).map(TicketOfferRecord.init)
            let after = offers.map(TicketOfferRecord.init)
            try await sql.raw(
                "UPDATE properties SET ticket_offers = \(bind: try JSONText.encode(after)) WHERE id = \(bind: propertyID)"
            ).run()
            try await Journal.record(
                in: sql, at: store.clock.nowMillis, propertyID: propertyID, userID: userID, entity: "property",
                entityID: propertyID, action: "ticketOffers", before: before, after: after)
            return offers
        }
    }

    public func books(customerID: Int) async throws -> [TicketBook] {
        try await store.read { sql in
            try await Self.books(where: "b.customer_id = \(bind: customerID)", asOf: nil, in: sql).reversed()
        }
    }

    public func books(propertyID: Int, asOf day: Day) async throws -> [TicketBook] {
        try await store.read { sql in
            try await Self.books(
                where: "b.property_id = \(bind: propertyID) AND b.sold_on <= \(bind: day.number)", asOf: day, in: sql)
        }
    }

    /// The books `condition` picks whose sale stands (at the end of `day`, or now when nil), oldest first,
    /// each drawn by the draws standing then.
    static func books(where condition: SQLQueryString, asOf day: Day?, in sql: any SQLDatabase) async throws
        -> [TicketBook]
    {
        // A sale stands at the end of `day` (or now) when it was not refunded by then.
        let standing = { (sale: String) -> SQLQueryString in
            if let day {
                "(\(unsafeRaw: sale).refund_number IS NULL OR \(unsafeRaw: sale).refund_day > \(bind: day.number))"
            } else {
                "\(unsafeRaw: sale).refund_number IS NULL"
            }
        }
        let drawnBy: SQLQueryString = if let day { "AND d.business_day <= \(bind: day.number)" } else { "" }
        // Each book's standing draws summed once: the units drawn and what they took.
        // …and the standing draw that ended it, if one did.
        let rows = try await sql.raw(
            """
            SELECT b.*, CAST(COALESCE(SUM(d.units), 0) AS BIGINT) AS drawn,
              CAST(COALESCE(SUM(d.amount), 0) AS BIGINT) AS taken, \(unsafeRaw: endingColumns)
            FROM ticket_books b JOIN sales s ON s.id = b.sale_id
            LEFT JOIN (ticket_draws d JOIN sales ds ON ds.id = d.sale_id AND \(standing("ds")) \(drawnBy))
              ON d.book_id = b.id
            WHERE \(condition) AND \(standing("s"))
            GROUP BY \(unsafeRaw: bookColumns)
            ORDER BY b.id
            """
        ).all()
        return try rows.map {
            try book(
                row: $0, drawn: try $0.decode(column: "drawn", as: Int.self),
                taken: try $0.decode(column: "taken", as: Int.self))
        }
    }

    /// A book as its row holds it, drawn `drawn` units by draws that took `taken` (nil: `TicketBook`'s share),
    /// and ended as its `ended_on`, `ending` and `ended_by` columns say, when the row has them.
    static func book(row: any SQLRow, drawn: Int, taken: Int? = nil) throws -> TicketBook {
        let ending =
            try row.contains(column: "ended_on")
            ? row.decode(column: "ended_on", as: Int?.self).map { day in
                TicketBook.Ending(
                    day: Day(day), reason: try row.decode(column: "ending", as: String?.self) ?? "",
                    saleID: try row.decode(column: "ended_by", as: Int?.self))
            } : nil
        let currency = try Currency.named(try row.decode(column: "currency", as: String.self))
        let word = try row.decode(column: "kind", as: String.self)
        let services = try JSONText.decode([Int].self, try row.decode(column: "service_ids", as: String.self))
        guard let kind = TicketBook.Kind(word: word, serviceIDs: services) else {
            throw DomainError(.invalid, "a ticket book of kind '\(word)' is not one this build knows")
        }
        return TicketBook(
            id: try row.decode(column: "id", as: Int.self),
            customerID: try row.decode(column: "customer_id", as: Int.self),
            name: try row.decode(column: "name", as: String.self), kind: kind,
            units: try row.decode(column: "units", as: Int.self),
            price: Money(try row.decode(column: "price", as: Int.self), currency),
            soldOn: Day(try row.decode(column: "sold_on", as: Int.self)),
            lastDay: Day(try row.decode(column: "last_day", as: Int.self)), drawn: drawn, taken: taken,
            ending: ending)
    }

    /// Stores the books a sale sells and its draws, in its transaction (the salon's row held): each draw
    /// priced again on the books as they stand now, refused as the quote would be, and `.stale` when its
    /// takings are no longer what the quote priced (another checkout drew the book meanwhile). Answers the
    /// ids of the books sold, in the order of `quote.ticketsSold`.
    static func record(
        _ quote: SaleQuote, saleID: Int, propertyID: Int, day: Day, today: Day, in sql: any SQLDatabase
    ) async throws -> [Int] {
        var books: [Int: TicketBook] = [:]
        for (index, draw) in quote.ticketDraws.enumerated() {
            let field = "draws[\(index)]"
            var stored = books[draw.ticketBookID]
            if stored == nil {
                stored = try await Self.books(where: "b.id = \(bind: draw.ticketBookID)", asOf: nil, in: sql).first
            }
            guard var book = stored, book.customerID == quote.customerID else {
                throw DomainError(
                    .notFound, "no ticket book \(draw.ticketBookID) of the customer", field: "\(field).ticketBookId")
            }
            let stale = DomainError(.stale, "the book has changed: look again", field: "\(field).ticketBookId")
            if let reason = draw.ending {
                _ = try TicketEnding.feeLimit(of: book, today: today, field: "\(field).ticketBookId")
                guard book.end(on: today, reason: reason) == (draw.units, draw.takings) else { throw stale }
            } else {
                let service = draw.appointmentID.flatMap { id in
                    quote.lines.first { $0.appointmentID == id && $0.category == .service }?.serviceID
                }
                guard try book.draw(draw.units, of: service, today: today, field: field) == draw.takings else {
                    throw stale
                }
            }
            books[book.id] = book
            try await sql.raw(
                """
                INSERT INTO ticket_draws (book_id, sale_id, appointment_id, units, amount, remaining, business_day,
                  ending)
                VALUES (\(bind: book.id), \(bind: saleID), \(bind: draw.appointmentID), \(bind: draw.units),
                  \(bind: draw.takings.amount), \(bind: book.remaining), \(bind: day.number), \(bind: draw.ending))
                """
            ).run()
        }
        var sold: [Int] = []
        for book in quote.ticketsSold {
            sold.append(
                try await sql.insertReturningID(
                    """
                    INSERT INTO ticket_books (property_id, customer_id, sale_id, name, kind, service_ids, units, price,
                      currency, sold_on, last_day)
                    VALUES (\(bind: propertyID), \(bind: book.customerID), \(bind: saleID), \(bind: book.name),
                      \(bind: book.kind.word), \(bind: try JSONText.encode(book.kind.serviceIDs)),
                      \(bind: book.units), \(bind: book.price.amount), \(bind: book.price.currency.code),
                      \(bind: book.soldOn.number), \(bind: book.lastDay.number))
                    RETURNING id
                    """))
        }
        return sold
    }

    /// Refuses refunding a sale that sold a book drawn by a sale standing (those visits are refunded first),
    /// or one that drew a book ended since by a sale standing (the ending is refunded first: what it paid
    /// back was the book as those draws left it).
    static func checkRefundable(saleID: Int, in sql: any SQLDatabase) async throws {
        if let ended = try await sql.raw(
            """
            SELECT e.business_day FROM ticket_draws d JOIN ticket_draws e ON e.book_id = d.book_id
            JOIN sales s ON s.id = e.sale_id
            WHERE d.sale_id = \(bind: saleID) AND d.ending IS NULL AND e.ending IS NOT NULL
              AND s.refund_number IS NULL
            """
        ).first() {
            let day = Day(try ended.decode(column: "business_day", as: Int.self))
            throw DomainError(
                .conflict, "the book this sale drew was ended on \(day): refund its ending first", field: "saleId",
                reason: .ticketEnded, params: ["day": day.iso])
        }
        if try await sql.raw(
            """
            SELECT d.id FROM ticket_draws d JOIN ticket_books b ON b.id = d.book_id JOIN sales s ON s.id = d.sale_id
            WHERE b.sale_id = \(bind: saleID) AND s.refund_number IS NULL
            """
        ).first() != nil {
            throw DomainError(
                .conflict, "visits were paid with a book this sale sold: refund them first", field: "saleId",
                reason: .ticketDrawn)
        }
    }

    /// The books a sale sold or drew, as they stood after it.
    static func balances(saleID: Int, in sql: any SQLDatabase) async throws -> [TicketBalance] {
        var balances: [TicketBalance] = []
        for row in try await sql.raw(
            """
            SELECT b.*, MIN(d.remaining) AS remaining, \(unsafeRaw: endingColumns)
            FROM ticket_books b JOIN ticket_draws d ON d.book_id = b.id
            WHERE d.sale_id = \(bind: saleID) GROUP BY \(unsafeRaw: bookColumns) ORDER BY b.id
            """
        ).all() {
            let units = try row.decode(column: "units", as: Int.self)
            balances.append(
                TicketBalance(try book(row: row, drawn: units - (try row.decode(column: "remaining", as: Int.self)))))
        }
        for row in try await sql.raw("SELECT b.* FROM ticket_books b WHERE b.sale_id = \(bind: saleID) ORDER BY b.id")
            .all()
        {
            balances.append(TicketBalance(try book(row: row, drawn: 0)))
        }
        return balances
    }

    /// Of a book's draws `d` (grouped), the one that ended it, which `book(row:drawn:taken:)` reads: its day, its
    /// reason and its sale. A standing ending takes all that was left, so there is at most one.
    private static let endingColumns = """
        MAX(CASE WHEN d.ending IS NOT NULL THEN d.business_day END) AS ended_on, MAX(d.ending) AS ending,
        MAX(CASE WHEN d.ending IS NOT NULL THEN d.sale_id END) AS ended_by
        """

    private static let bookColumns = [
        "id", "property_id", "customer_id", "sale_id", "name", "kind", "service_ids", "units", "price", "currency",
        "sold_on", "last_day",
    ].map { "b.\($0)" }.joined(separator: ", ")
}

/// An offer as `properties.ticket_offers` keeps it.
struct TicketOfferRecord: Codable {
    var id: Int
    var name: String
    /// "visits" or "amount".
    var kind: String
    var serviceIds: [Int]
    var units: Int
    var price: Int
    var months: Int
    var active: Bool

    init(_ offer: TicketOffer) {
        id = offer.id
        name = offer.name
        kind = offer.kind.word
        serviceIds = offer.kind.serviceIDs
        units = offer.units
        price = offer.price.amount
        months = offer.months
        active = offer.active
    }

    func offer(currency: Currency) throws -> TicketOffer {
        guard let kind = TicketBook.Kind(word: kind, serviceIDs: serviceIds) else {
            throw DomainError(.invalid, "a ticket offer of kind '\(kind)' is not one this build knows")
        }
        return TicketOffer(
            id: id, name: name, kind: kind, units: units, price: Money(price, currency), months: months, active: active)
    }
}
