import Booking
import Foundation
import SQLKit

/// A salon's sales and the products it sells. A sale's number comes from its property's receipt
/// sequence, moved on in the transaction that stores it (gap-free, as `DocumentRepository`'s); its lines
/// are posted on the property's open business day with the property row held (`FolioRepository.openDay`),
/// so a day is never closed between reading it and the sale's commit.
public struct SaleRepository: Sendable {
    let store: Store

    init(store: Store) {
        self.store = store
    }

    public func products(propertyID: Int) async throws -> [Product] {
        try await store.read { sql in try await Self.products(propertyID: propertyID, in: sql) }
    }

    static func products(propertyID: Int, in sql: any SQLDatabase) async throws -> [Product] {
        guard
            let row = try await sql.raw("SELECT currency, products FROM properties WHERE id = \(bind: propertyID)")
                .first()
        else { return [] }
        let currency = try Currency.named(try row.decode(column: "currency", as: String.self))
        return try JSONText.decode([ProductRecord].self, try row.decode(column: "products", as: String.self))
            .map { $0.product(currency: currency) }
    }

    public func updateProducts(_ products: [Product], propertyID: Int, by userID: Int?) async throws -> [Product] {
        try await store.write { sql in
            let before = try await Self.products(propertyID: propertyID, in: sql).map(ProductRecord.init)
            let after = products.map(ProductRecord.init)
            try await sql.raw(
                "UPDATE properties SET products = \(bind: try JSONText.encode(after)) WHERE id = \(bind: propertyID)"
            ).run()
            try await Journal.record(
                in: sql, at: store.clock.nowMillis, propertyID: propertyID, userID: userID, entity: "property",
                entityID: propertyID, action: "products", before: before, after: after)
            return products
        }
    }

    public func insert(
        _ quote: SaleQuote, salon: Property, customerName: String, changing: [Appointment], action: String,
        by userID: Int?
    ) async throws -> Sale {
        try await store.write { sql in
            let now = store.clock.now()
            let day = try await FolioRepository.openDay(of: salon, now: now, in: sql, locking: true)
            let appointments = quote.lines.filter { $0.category != .deposit }.compactMap(\.appointmentID)
            if !appointments.isEmpty,
                let taken = try await sql.raw(
                    """
                    SELECT s.number FROM sale_entries e JOIN sales s ON s.id = e.sale_id
                    WHERE e.appointment_id IN (\(binds: appointments)) AND e.kind = 'charge'
                      AND e.category <> 'deposit' AND s.refund_number IS NULL
                    """
                ).first()
            {
                throw DomainError.saleCheckedOut(
                    FolioDocument.reference(
                        prefix: FolioDocumentKind.receipt.prefix,
                        number: try taken.decode(column: "number", as: Int.self)))
            }
            // A deposit taken finds none held; one taken off (or kept) finds what was read before.
            let deposits = quote.lines.filter { $0.category == .deposit }
            if !deposits.isEmpty {
                let held = try await Self.depositsHeld(appointmentIDs: deposits.compactMap(\.appointmentID), in: sql)
                for line in deposits {
                    let standing = line.appointmentID.flatMap { held[$0]?.amount } ?? 0
                    guard line.amount.amount > 0 ? standing == 0 : standing == -line.amount.amount else {
                        throw line.amount.amount > 0
                            ? DomainError.depositTaken
                            : DomainError(.stale, "the deposit held has changed: look again", field: "appointmentIds")
                    }
                }
            }
            let number = try await DocumentRepository.nextNumber(of: "receipt_seq", propertyID: salon.id, in: sql)
            var issuer = salon.issuer
            if issuer.name.isEmpty { issuer.name = salon.name }
            let saleID = try await sql.insertReturningID(
                """
                INSERT INTO sales (property_id, customer_id, customer_name, currency, number, business_day, issued_at,
                  issued_by, issuer, taxes, included_taxes)
                VALUES (\(bind: salon.id), \(bind: quote.customerID), \(bind: customerName),
                  \(bind: quote.currency.code), \(bind: number), \(bind: day.number), \(bind: now.millisSince1970),
                  \(bind: userID), \(bind: try JSONText.encode(IssuerRecord(issuer))),
                  \(bind: try JSONText.encode(quote.taxes.map(DocumentBody.TaxTotal.init))),
                  \(bind: try JSONText.encode(quote.includedTaxes.map(DocumentBody.TaxTotal.init))))
                RETURNING id
                """
            )
            let payments = try await RoomChargeRepository.charge(
                quote.payments, saleID: saleID,
                reference: FolioDocument.reference(prefix: FolioDocumentKind.receipt.prefix, number: number),
                services: quote.lines.filter { !$0.category.isHeld }.map(\.description),
                salon: salon, now: now, by: userID, in: sql)
            var sold = try await TicketRepository.record(
                quote, saleID: saleID, propertyID: salon.id, day: day, today: salon.today(now: now), in: sql
            )[...]
            let entries =
                quote.lines.map { line in
                    var entry = SaleEntry(line)
                    // A book sold: the one just stored for it.
                    if line.category == .prepaid, line.ticketBookID == nil { entry.ticketBookID = sold.popFirst() }
                    return entry
                }
                + quote.taxes.map { SaleEntry(tax: $0) } + payments.map(SaleEntry.init)
            for entry in entries {
                _ = try await Self.post(
                    entry, saleID: saleID, propertyID: salon.id, day: day, at: store.clock.nowMillis, by: userID,
                    in: sql)
            }
            for appointment in changing {
                _ = try await AppointmentRepository.update(
                    id: appointment.id, expectedVersion: appointment.version, by: userID, action: action,
                    at: store.clock.nowMillis, in: sql
                ) { $0.state = appointment.state }
            }
            let sale = try await Self.sale(id: saleID, in: sql)!
            try await Journal.record(
                in: sql, at: store.clock.nowMillis, propertyID: salon.id, userID: userID, entity: "sale",
                entityID: saleID, action: ["checkout", "deposit", "ticketEnding"].contains(action) ? action : "fee",
                before: nil as SaleRecord?,
                after: SaleRecord(sale))
            return sale
        }
    }

    /// A change to sale `saleID`, journalled as `action`: made on its property's open business day with the
    /// property's row held (`FolioRepository.openDay`), so that a refund, a payment or a tax invoice of the
    /// same sale waits for this one; `change` gets the sale as read with the row held (never refunded), its
    /// salon and the day. Answers the sale after.
    private func changing(
        saleID: Int, action: String, by userID: Int?,
        _ change:
            @escaping @Sendable (_ held: Sale, _ salon: Property, _ day: Day, _ sql: any SQLDatabase) async throws
            -> Void
    ) async throws -> Sale {
        try await store.write { sql in
            guard let sale = try await Self.sale(id: saleID, in: sql),
                let salon = try await PropertyRepository.property(id: sale.propertyID, in: sql)
            else { throw DomainError(.notFound, "no sale \(saleID)") }
            let day = try await FolioRepository.openDay(of: salon, now: store.clock.now(), in: sql, locking: true)
            guard let held = try await Self.sale(id: saleID, in: sql), held.refund == nil else {
                throw DomainError.saleRefunded(saleID)
            }
            try await change(held, salon, day, sql)
            let after = try await Self.sale(id: saleID, in: sql)!
            try await Journal.record(
                in: sql, at: store.clock.nowMillis, propertyID: salon.id, userID: userID, entity: "sale",
                entityID: saleID, action: action, before: SaleRecord(held), after: SaleRecord(after))
            return after
        }
    }

    public func refund(saleID: Int, reason: String, by userID: Int?) async throws -> Sale {
        try await changing(saleID: saleID, action: "refund", by: userID) { sale, salon, day, sql in
            try await Self.checkHeld(sale, in: sql)
            // Set first, so that a refund racing this one finds it taken and rolls back.
            let number = try await DocumentRepository.nextNumber(of: "refund_seq", propertyID: salon.id, in: sql)
            guard
                try await sql.raw(
                    """
                    UPDATE sales SET refund_number = \(bind: number), refund_day = \(bind: day.number),
                      refund_reason = \(bind: reason), refunded_at = \(bind: store.clock.nowMillis),
                      refunded_by = \(bind: userID)
                    WHERE id = \(bind: saleID) AND refund_number IS NULL RETURNING id
                    """
                ).first() != nil
            else { throw DomainError.saleRefunded(saleID) }
            try await TicketRepository.checkRefundable(saleID: saleID, in: sql)
            let standing = try await sql.raw(
                "SELECT * FROM sale_entries WHERE sale_id = \(bind: saleID) AND kind <> 'reversal' ORDER BY id"
            ).all()
            for row in standing {
                var entry = try SaleEntry(row: row)
                entry.reverses = try row.decode(column: "id", as: Int.self)
                entry.kind = .reversal
                entry.description = reason
                _ = try await Self.post(
                    entry, saleID: saleID, propertyID: salon.id, day: day, at: store.clock.nowMillis, by: userID,
                    in: sql)
            }
            try await RoomChargeRepository.reverse(
                saleID: saleID, reason: reason, now: store.clock.now(), by: userID, in: sql)
        }
    }

    public func issueTaxInvoice(saleID: Int, to buyer: Buyer, by userID: Int?) async throws -> Sale {
        try await changing(saleID: saleID, action: "taxInvoice", by: userID) { sale, salon, day, sql in
            if let issued = sale.taxInvoice { throw DomainError.taxInvoiceIssued(issued.reference) }
            let number = try await DocumentRepository.nextNumber(of: "tax_invoice_seq", propertyID: salon.id, in: sql)
            let branch = sale.issuer.branch.isEmpty ? Issuer.headOffice : sale.issuer.branch
            let record = SaleTaxInvoiceRecord(branch: branch, buyer: BuyerRecord(buyer))
            try await sql.raw(
                """
                UPDATE sales SET tax_invoice_number = \(bind: number), tax_invoice_day = \(bind: day.number),
                  tax_invoice = \(bind: try JSONText.encode(record))
                WHERE id = \(bind: saleID) AND tax_invoice_number IS NULL
                """
            ).run()
        }
    }

    /// Which of its property's sales of its calendar year that sold something (not a deposit's own) `sale` is.
    public func eInvoiceNumberInYear(of sale: Sale) async throws -> Int {
        let year = Int(sale.day.iso.prefix(4)) ?? 1970
        let (first, next) = (Day(year: year, month: 1, day: 1), Day(year: year + 1, month: 1, day: 1))
        return try await store.read { sql in
            try await sql.raw(
                """
                SELECT COUNT(*) AS number FROM sales s
                WHERE s.property_id = \(bind: sale.propertyID) AND s.business_day >= \(bind: first.number)
                  AND s.business_day < \(bind: next.number) AND s.number <= \(bind: sale.number)
                  AND EXISTS (
                    SELECT 1 FROM sale_entries e WHERE e.sale_id = s.id AND e.kind = 'charge'
                      AND e.category NOT IN ('deposit', 'prepaid', 'tax'))
                """
            ).first()?.decode(column: "number", as: Int.self) ?? 0
        }
    }

    public func collect(saleID: Int, payments: [SalePayment], by userID: Int?) async throws -> Sale {
        try await changing(saleID: saleID, action: "payment", by: userID) { sale, salon, day, sql in
            try Checkout<Store>.checkOwed(sale, paying: payments)
            let charged = try await RoomChargeRepository.charge(
                payments, saleID: saleID, reference: sale.reference, services: sale.lines.map(\.description),
                salon: salon, now: store.clock.now(), by: userID, in: sql)
            for payment in charged {
                _ = try await Self.post(
                    SaleEntry(payment), saleID: saleID, propertyID: salon.id, day: day, at: store.clock.nowMillis,
                    by: userID, in: sql)
            }
        }
    }

    /// Only a fee's sale is stored owing (a checkout is paid in full), so only those are read.
    public func owing(customerID: Int) async throws -> [Sale] {
        try await store.read { sql in
            var sales: [Sale] = []
            for row in try await sql.raw(
                """
                SELECT DISTINCT s.id FROM sales s JOIN sale_entries e ON e.sale_id = s.id
                WHERE s.customer_id = \(bind: customerID) AND s.refund_number IS NULL AND e.category = 'fee'
                ORDER BY s.id
                """
            ).all() {
                if let sale = try await Self.sale(id: try row.decode(column: "id", as: Int.self), in: sql),
                    sale.totals.due.amount > 0
                {
                    sales.append(sale)
                }
            }
            return sales
        }
    }

    public func sale(id: Int) async throws -> Sale? {
        try await store.read { sql in try await Self.sale(id: id, in: sql) }
    }

    public func depositsHeld(appointmentIDs: [Int]) async throws -> [Int: Money] {
        guard !appointmentIDs.isEmpty else { return [:] }
        return try await store.read { sql in try await Self.depositsHeld(appointmentIDs: appointmentIDs, in: sql) }
    }

    /// Refuses refunding a deposit's sale once its deposit is no longer held whole (taken off a checkout
    /// or kept towards a fee): that sale is refunded first.
    static func checkHeld(_ sale: Sale, in sql: any SQLDatabase) async throws {
        guard sale.isDeposit, sale.refund == nil else { return }
        let held = try await depositsHeld(appointmentIDs: sale.appointmentIDs, in: sql)
        for line in sale.lines where (line.appointmentID.flatMap { held[$0]?.amount } ?? 0) < line.amount.amount {
            throw DomainError.depositApplied
        }
    }

    /// The deposit lines of the sales standing, net by appointment (taken, less taken off or kept).
    static func depositsHeld(appointmentIDs: [Int], in sql: any SQLDatabase) async throws -> [Int: Money] {
        var held: [Int: Money] = [:]
        for row in try await sql.raw(
            """
            SELECT e.appointment_id, e.currency, CAST(SUM(e.amount) AS BIGINT) AS held FROM sale_entries e
            JOIN sales s ON s.id = e.sale_id
            WHERE e.appointment_id IN (\(binds: appointmentIDs)) AND e.kind = 'charge' AND e.category = 'deposit'
              AND s.refund_number IS NULL
            GROUP BY e.appointment_id, e.currency
            """
        ).all() {
            let amount = try row.decode(column: "held", as: Int.self)
            guard amount != 0 else { continue }
            held[try row.decode(column: "appointment_id", as: Int.self)] = Money(
                amount, try Currency.named(try row.decode(column: "currency", as: String.self)))
        }
        return held
    }

    public func sales(appointmentIDs: [Int]) async throws -> [Sale] {
        guard !appointmentIDs.isEmpty else { return [] }
        return try await store.read { sql in
            var sales: [Sale] = []
            for row in try await sql.raw(
                """
                SELECT DISTINCT sale_id FROM sale_entries WHERE appointment_id IN (\(binds: appointmentIDs))
                ORDER BY sale_id
                """
            ).all() {
                if let sale = try await Self.sale(id: try row.decode(column: "sale_id", as: Int.self), in: sql) {
                    sales.append(sale)
                }
            }
            return sales
        }
    }

    private static func post(
        _ entry: SaleEntry, saleID: Int, propertyID: Int, day: Day, at now: Int, by userID: Int?,
        in sql: any SQLDatabase
    ) async throws -> Int {
        try await sql.insertReturningID(
            """
            INSERT INTO sale_entries (sale_id, property_id, kind, category, description, quantity, unit_amount,
              discount, amount, currency, method, tendered, reference, appointment_id, service_id, product_id,
              staff_id, reverses, business_day, posted_at, posted_by, stay_id, ticket_book_id)
            VALUES (\(bind: saleID), \(bind: propertyID), \(bind: entry.kind.rawValue), \(bind: entry.category?.rawValue),
              \(bind: entry.description), \(bind: entry.quantity), \(bind: entry.unitAmount), \(bind: entry.discount),
              \(bind: entry.amount), \(bind: entry.currency.code), \(bind: entry.method?.rawValue),
              \(bind: entry.tendered), \(bind: entry.reference), \(bind: entry.appointmentID),
              \(bind: entry.serviceID), \(bind: entry.productID), \(bind: entry.staffID), \(bind: entry.reverses),
              \(bind: day.number), \(bind: now), \(bind: userID), \(bind: entry.stayID), \(bind: entry.ticketBookID))
            RETURNING id
            """
        )
    }

    static func sale(id: Int, in sql: any SQLDatabase) async throws -> Sale? {
        guard let row = try await sql.raw("SELECT * FROM sales WHERE id = \(bind: id)").first() else { return nil }
        let currency = try Currency.named(try row.decode(column: "currency", as: String.self))
        let entries = try await sql.raw(
            "SELECT * FROM sale_entries WHERE sale_id = \(bind: id) AND kind <> 'reversal' ORDER BY id"
        ).all().map(SaleEntry.init(row:))
        let issuer = try JSONText.decode(IssuerRecord.self, try row.decode(column: "issuer", as: String.self))
        let taxes = { (column: String) in
            try JSONText.decode([DocumentBody.TaxTotal].self, try row.decode(column: column, as: String.self))
                .map { $0.total(currency: currency) }
        }
        let refund = try row.decode(column: "refund_number", as: Int?.self).map { number in
            Sale.Refund(
                number: number, day: Day(try row.decode(column: "refund_day", as: Int.self)),
                reason: try row.decode(column: "refund_reason", as: String.self))
        }
        let taxInvoice = try row.decode(column: "tax_invoice_number", as: Int?.self).map { number in
            let record = try JSONText.decode(
                SaleTaxInvoiceRecord.self, try row.decode(column: "tax_invoice", as: String.self))
            return Sale.TaxInvoice(
                number: number, day: Day(try row.decode(column: "tax_invoice_day", as: Int.self)),
                branch: record.branch, buyer: record.buyer.buyer)
        }
        return Sale(
            id: id, propertyID: try row.decode(column: "property_id", as: Int.self),
            customerID: try row.decode(column: "customer_id", as: Int?.self),
            customerName: try row.decode(column: "customer_name", as: String.self),
            number: try row.decode(column: "number", as: Int.self),
            day: Day(try row.decode(column: "business_day", as: Int.self)),
            issuedAt: Date(timeIntervalSince1970: Double(try row.decode(column: "issued_at", as: Int.self)) / 1000),
            issuer: Issuer(
                name: issuer.name, address: issuer.address, taxID: issuer.taxId,
                branch: issuer.branch ?? Issuer.headOffice),
            currency: currency, lines: entries.compactMap(\.line), taxes: try taxes("taxes"),
            includedTaxes: try taxes("included_taxes"), payments: entries.compactMap(\.payment), refund: refund,
            taxInvoice: taxInvoice, tickets: try await TicketRepository.balances(saleID: id, in: sql))
    }
}

/// One row of `sale_entries`: a line, a tax added, a payment, or a refund's reversal of one of them.
struct SaleEntry {
    var kind: FolioEntryKind
    var category: ChargeCategory?
    var description: String
    var quantity = 1
    var unitAmount: Int
    var discount = 0
    var amount: Int
    var currency: Currency
    var method: PaymentMethod?
    var tendered: Int?
    var reference = ""
    var appointmentID: Int?
    var serviceID: Int?
    var productID: Int?
    var staffID: Int?
    var reverses: Int?
    /// A payment charged to a room: the stay.
    var stayID: Int?
    /// A `.prepaid` line's book.
    var ticketBookID: Int?

    init(_ line: SaleLine) {
        kind = .charge
        category = line.category
        description = line.description
        quantity = line.quantity
        unitAmount = line.unitPrice.amount
        discount = line.discount.amount
        amount = line.amount.amount
        currency = line.amount.currency
        appointmentID = line.appointmentID
        serviceID = line.serviceID
        productID = line.productID
        staffID = line.staffID
        ticketBookID = line.ticketBookID
    }

    init(tax: FolioDocument.TaxTotal) {
        kind = .charge
        category = .tax
        description = tax.name
        unitAmount = tax.amount.amount
        amount = tax.amount.amount
        currency = tax.amount.currency
    }

    init(_ payment: SalePayment) {
        kind = .payment
        description = payment.method.paymentDescription
        unitAmount = payment.amount.amount
        amount = payment.amount.amount
        currency = payment.amount.currency
        method = payment.method
        tendered = payment.tendered?.amount
        reference = payment.reference
        stayID = payment.stayID
    }

    init(row: any SQLRow) throws {
        kind = FolioEntryKind(rawValue: try row.decode(column: "kind", as: String.self)) ?? .charge
        category = try row.decode(column: "category", as: String?.self).flatMap(ChargeCategory.init(rawValue:))
        description = try row.decode(column: "description", as: String.self)
        quantity = try row.decode(column: "quantity", as: Int.self)
        unitAmount = try row.decode(column: "unit_amount", as: Int.self)
        discount = try row.decode(column: "discount", as: Int.self)
        amount = try row.decode(column: "amount", as: Int.self)
        currency = try Currency.named(try row.decode(column: "currency", as: String.self))
        method = try row.decode(column: "method", as: String?.self).flatMap(PaymentMethod.init(rawValue:))
        tendered = try row.decode(column: "tendered", as: Int?.self)
        reference = try row.decode(column: "reference", as: String.self)
        appointmentID = try row.decode(column: "appointment_id", as: Int?.self)
        serviceID = try row.decode(column: "service_id", as: Int?.self)
        productID = try row.decode(column: "product_id", as: Int?.self)
        staffID = try row.decode(column: "staff_id", as: Int?.self)
        reverses = try row.decode(column: "reverses", as: Int?.self)
        stayID = try row.decode(column: "stay_id", as: Int?.self)
        ticketBookID = try row.decode(column: "ticket_book_id", as: Int?.self)
    }

    /// A service's or a product's line.
    var line: SaleLine? {
        guard kind == .charge, let category, category != .tax else { return nil }
        return SaleLine(
            category: category, description: description, quantity: quantity,
            unitPrice: Money(unitAmount, currency), discount: Money(discount, currency), appointmentID: appointmentID,
            serviceID: serviceID, productID: productID, staffID: staffID, ticketBookID: ticketBookID)
    }

    var payment: SalePayment? {
        guard kind == .payment, let method else { return nil }
        return SalePayment(
            method: method, amount: Money(amount, currency), tendered: tendered.map { Money($0, currency) },
            reference: reference, stayID: stayID)
    }
}

/// A product as `properties.products` keeps it.
struct ProductRecord: Codable {
    var id: Int
    var name: String
    var price: Int
    var active: Bool

    init(_ product: Product) {
        id = product.id
        name = product.name
        price = product.price.amount
        active = product.active
    }

    func product(currency: Currency) -> Product {
        Product(id: id, name: name, price: Money(price, currency), active: active)
    }
}

/// A sale as the audit log and the event stream record it.
struct SaleRecord: Codable {
    var id: Int
    var number: Int
    var reference: String
    var customerId: Int?
    var appointmentIds: [Int]
    var total: Int
    var refunded: Bool
    /// Its full tax invoice's reference, once issued.
    var taxInvoice: String?

    init(_ sale: Sale) {
        id = sale.id
        number = sale.number
        reference = sale.reference
        customerId = sale.customerID
        appointmentIds = sale.appointmentIDs
        total = sale.totals.total.amount
        refunded = sale.refund != nil
        taxInvoice = sale.taxInvoice?.reference
    }
}
