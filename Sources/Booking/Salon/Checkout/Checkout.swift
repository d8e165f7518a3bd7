import Foundation

/// The salon's checkout (お会計): a customer's visit priced by the salon's rules, paid, and receipted
/// from the property's gap-free numbering; a refund as the reversal of a whole sale; the products the
/// salon sells. Callable without HTTP; access and every rule are decided here.
public struct Checkout<Storage: CheckoutStorage>: Sendable {
    public let storage: Storage
    public let now: @Sendable () -> Date

    public init(storage: Storage, now: @escaping @Sendable () -> Date) {
        self.storage = storage
        self.now = now
    }

    /// The products the salon sells, and those it no longer does, for those whose role reads money.
    public func products(propertyID: Int, by staff: Staff) async throws -> [Product] {
        let salon = try await storage.salon(propertyID, by: staff.doing(.accounts))
        return try await storage.products(propertyID: salon.id)
    }

    /// Sets the products the salon sells (a manager's change). A product keeps its id (a new one, without,
    /// is given the next); one taken off the list is kept inactive, so the sales that sold it keep its name.
    public func setProducts(_ products: [Product], propertyID: Int, by staff: Staff) async throws -> [Product] {
        try staff.requireManager("change the products the salon sells", at: propertyID)
        let salon = try await storage.salon(propertyID, by: staff)
        let current = try await storage.products(propertyID: salon.id)
        try Product.validate(products, currency: salon.currency)
        let kept = products.kept(against: current)
        try Product.validate(kept, currency: salon.currency)
        return try await storage.updateProducts(kept, propertyID: salon.id, by: staff.user.id)
    }

    /// The order priced as checking it out would: what the desk shows while the customer pays.
    public func quote(_ order: SaleOrder, by staff: Staff) async throws -> SaleQuote {
        let priced = try await priced(order, by: staff)
        var quote = priced.quote
        // A QR payment at a salon paid by a code: the code for its amount, referenced by its first visit.
        let reference = order.appointmentIDs.first.map { "VISIT-\($0)" } ?? ""
        quote.payCodes = quote.payments.map { payment in
            guard payment.method.drawsCode else { return nil }
            return PaymentCode.due(payment.amount, at: priced.salon, confirmationCode: reference)
        }
        return quote
    }

    /// Checks a visit out: prices the order, refuses it unless the payments come to the total exactly
    /// (`.saleUnpaid`), and stores the sale with its receipt's number, on the salon's open day, in one
    /// transaction that also completes its appointments. An appointment already in a sale not refunded
    /// is refused (`.saleCheckedOut`).
    public func checkOut(_ order: SaleOrder, by staff: Staff) async throws -> Sale {
        let priced = try await priced(order, by: staff)
        try Self.checkPaid(priced.quote)
        var completed: [Appointment] = []
        for var appointment in priced.appointments where appointment.state != .completed {
            try appointment.transition(to: .completed)
            completed.append(appointment)
        }
        return try await storage.insertSale(
            priced.quote, salon: priced.salon, customerName: priced.customerName, changing: completed,
            action: "checkout", by: staff.user.id)
    }

    /// Refuses a quote unless its payments come to its total exactly (`.saleUnpaid`, with what is due).
    static func checkPaid(_ quote: SaleQuote) throws(DomainError) {
        let due = quote.totals.due
        guard due.amount == 0 else {
            throw .invalid(
                "payments",
                due.amount > 0 ? "\(due) is still to pay" : "\(due.negated) more is paid than the total",
                reason: .saleUnpaid, params: ["due": String(due.amount), "currency": due.currency.code])
        }
    }

    /// Refunds a whole sale: each of its lines and payments reversed on the salon's open day, with a
    /// refund receipt's number of its own. Its appointments stay done; they may be checked out again. A
    /// deposit's sale is refused once its deposit was taken off a checkout or kept towards a fee
    /// (`.depositApplied`, checked by storage in the refund's transaction).
    public func refund(_ saleID: Int, reason: String, by staff: Staff) async throws -> Sale {
        let sale = try await sale(saleID, by: staff)
        guard !reason.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw DomainError.invalid("reason", "say why the sale is refunded", reason: .textRequired)
        }
        try FreeText.validate(reason, field: "reason", limit: Posting.descriptionLimit, lines: false)
        guard sale.refund == nil else {
            throw DomainError.saleRefunded(saleID)
        }
        return try await storage.refund(saleID: saleID, reason: reason, by: staff.user.id)
    }

    /// Issues Thailand's full tax invoice of a sale to `buyer` on their request (`Sale.TaxInvoice`), dated the
    /// salon's today: refused where the receipt does not stand as an abbreviated one (another country, no
    /// seller's tax ID), for a sale refunded or one that has its full tax invoice already, and for a buyer
    /// whose details do not pass (`Buyer.validate`, naming the field).
    public func issueTaxInvoice(of saleID: Int, to buyer: Buyer, by staff: Staff) async throws -> Sale {
        let sale = try await sale(saleID, by: staff)
        guard FolioDocumentKind.offered(in: sale.currency).contains(.taxInvoice) else {
            throw DomainError.invalid(
                "saleId", "tax invoices are Thailand's: the receipt is the paper", reason: .taxInvoiceCountry)
        }
        guard sale.standsAsAbbreviatedTaxInvoice else {
            throw DomainError(
                .notAllowed, "a tax invoice states the seller's tax ID: a manager sets it first", field: "saleId",
                reason: .taxInvoiceIssuer)
        }
        guard sale.refund == nil else { throw DomainError.saleRefunded(saleID) }
        if let issued = sale.taxInvoice { throw DomainError.taxInvoiceIssued(issued.reference) }
        let buyer = buyer.trimmed
        try buyer.validate()
        return try await storage.issueTaxInvoice(saleID: saleID, to: buyer, by: staff.user.id)
    }

    /// Takes payment of what a sale still owes (a fee for a visit not kept), in part or whole, on the
    /// salon's open day: refused for a sale refunded, or for more than is owed (`.saleOverpaid`).
    public func collect(_ saleID: Int, payments: [SalePayment], by staff: Staff) async throws -> Sale {
        let sale = try await sale(saleID, by: staff)
        guard !payments.isEmpty else {
            throw DomainError.invalid("payments", "say what is paid", reason: .textRequired)
        }
        try SaleOrder(propertyID: sale.propertyID, payments: payments).validate(currency: sale.currency)
        guard sale.refund == nil else { throw DomainError.saleRefunded(saleID) }
        try Self.checkOwed(sale, paying: payments)
        return try await storage.collect(saleID: saleID, payments: payments, by: staff.user.id)
    }

    /// Refuses paying `payments` towards `sale` when they come to more than it owes: checked by the
    /// operation, and again by storage in the transaction that posts them.
    public static func checkOwed(_ sale: Sale, paying payments: [SalePayment]) throws(DomainError) {
        let due = sale.totals.due
        let paying = payments.map(\.amount.amount).saturatedSum()
        guard paying <= due.amount else {
            throw .invalid(
                "payments", "more than the \(Money(max(due.amount, 0), due.currency)) owed",
                reason: .saleOverpaid, params: ["due": String(max(due.amount, 0)), "currency": due.currency.code])
        }
    }

    /// A sale and its receipt, for those whose role reads money.
    public func sale(_ id: Int, by staff: Staff) async throws -> Sale {
        guard let sale = try await storage.sale(id: id), try staff.worksAt(sale.propertyID) else {
            throw DomainError(.notFound, "no sale \(id)")
        }
        _ = try await storage.salon(sale.propertyID, by: staff.doing(.accounts))
        return sale
    }

    /// The appointments one お会計 checks out with appointment `id`, soonest first: it and its customer's
    /// others that day that follow one another with it (at most `Checkout.visitGapMinutes` from one's end to
    /// the next's start, as a visit of several services is booked, online or at the desk) and are still to
    /// pay (`AppointmentAction.pay`). Empty for a role that does not read money, or when `id` itself is not
    /// to pay. The desk opens its checkout with them.
    public func visit(of id: Int, by staff: Staff) async throws -> [Int] {
        guard let appointment = try await storage.appointment(id: id), try staff.worksAt(appointment.propertyID)
        else { throw DomainError(.notFound, "no appointment \(id)") }
        guard let role = staff.roles(appointment.propertyID), role.readsMoney else { return [] }
        let salon = try await storage.salon(appointment.propertyID, by: staff)
        let day = Day.today(in: salon.timeZone, now: Date(minutesSince1970: appointment.startMinute))
        let midnight = SalonDay.instant(day, 0, salon.timeZone)
        let theirs = try await storage.appointments(
            propertyID: salon.id, fromMinute: midnight,
            toMinute: SalonDay.instant(day.adding(days: 1), 0, salon.timeZone)
        ).filter { $0.customerID == appointment.customerID && $0.hasVisit }
        let sales = try await storage.sales(appointmentIDs: theirs.map(\.id))
        let toPay = theirs.filter { candidate in
            candidate.actions(for: role, sales: sales.filter { $0.lines.contains { $0.appointmentID == candidate.id } })
                .contains(.pay)
        }.sorted { ($0.startMinute, $0.id) < ($1.startMinute, $1.id) }
        guard let index = toPay.firstIndex(where: { $0.id == id }) else { return [] }
        // Out from it, both ways, while each next one follows the last.
        var (first, last) = (index, index)
        while first > 0, toPay[first].startMinute - toPay[first - 1].endMinute <= Self.visitGapMinutes {
            first -= 1
        }
        while last + 1 < toPay.count, toPay[last + 1].startMinute - toPay[last].endMinute <= Self.visitGapMinutes {
            last += 1
        }
        return toPay[first...last].map(\.id)
    }

    /// The most minutes between one service's end and the next's start for both to be one visit.
    public static var visitGapMinutes: Int { 60 }

    /// The sales that checked an appointment out (one standing at most; those refunded before it).
    public func sales(appointmentID: Int, by staff: Staff) async throws -> [Sale] {
        guard let appointment = try await storage.appointment(id: appointmentID),
            try staff.worksAt(appointment.propertyID)
        else { throw DomainError(.notFound, "no appointment \(appointmentID)") }
        guard staff.roles(appointment.propertyID)?.readsMoney == true else { return [] }
        return try await storage.sales(appointmentIDs: [appointmentID])
    }

    private struct Priced {
        var salon: Property
        var appointments: [Appointment]
        var customerName: String
        var quote: SaleQuote
    }

    /// The order's salon, appointments and customer, checked, and the order priced.
    private func priced(_ order: SaleOrder, by staff: Staff) async throws -> Priced {
        let salon = try await storage.salon(order.propertyID, by: staff)
        try order.validate(currency: salon.currency)
        var appointments: [Appointment] = []
        for id in order.appointmentIDs {
            guard let appointment = try await storage.appointment(id: id), appointment.propertyID == salon.id else {
                throw DomainError(.notFound, "no appointment \(id) at this salon", field: "appointmentIds")
            }
            guard appointment.hasVisit else {
                throw DomainError(
                    .notAllowed, "appointment \(id) is \(appointment.state.rawValue): there is nothing to check out",
                    field: "appointmentIds", reason: .saleNotPerformed)
            }
            appointments.append(appointment)
        }
        // Refused here for the quote too; storing a sale checks again in its transaction.
        if let paid = try await storage.sales(appointmentIDs: order.appointmentIDs).first(where: {
            $0.refund == nil && !$0.isDeposit
        }) {
            throw DomainError.saleCheckedOut(paid.reference)
        }
        let customers = Set(appointments.map(\.customerID))
        guard customers.count <= 1 else {
            throw DomainError.invalid(
                "appointmentIds", "the appointments are different customers'", reason: .saleCustomers)
        }
        var customer: Customer?
        if let id = customers.first ?? order.customerID {
            guard let found = try await storage.customer(id: id), found.propertyID == salon.id else {
                throw DomainError(.notFound, "no customer \(id) at this salon", field: "customerId")
            }
            customer = found
        }
        var books: [TicketBook] = []
        if let customer, !order.draws.isEmpty { books = try await storage.ticketBooks(customerID: customer.id) }
        var quote = try SaleQuote.price(
            order, appointments: appointments, services: try await storage.allServices(propertyID: salon.id),
            products: try await storage.products(propertyID: salon.id), customerID: customer?.id, salon: salon,
            today: salon.today(now: now()),
            books: books,
            offers: order.tickets.isEmpty ? [] : try await storage.ticketOffers(propertyID: salon.id))
        try quote.takeOff(deposits: try await storage.depositsHeld(appointmentIDs: order.appointmentIDs))
        try quote.settleTickets()
        return Priced(
            salon: salon, appointments: appointments, customerName: customer.map { $0.erased ? "" : $0.name } ?? "",
            quote: quote)
    }
}

extension DomainError {
    /// A visit already in a sale standing (`reference`, its receipt): refused by the quote, and again by
    /// storage in the transaction that would store a second sale.
    public static func saleCheckedOut(_ reference: String) -> DomainError {
        DomainError(
            .conflict, "already checked out (\(reference)): refund that sale first", field: "appointmentIds",
            reason: .saleCheckedOut, params: ["reference": reference])
    }

    /// A sale refunded already: refused before, and again by storage should two refunds race.
    public static func saleRefunded(_ saleID: Int) -> DomainError {
        DomainError(.conflict, "sale \(saleID) is already refunded", reason: .saleRefunded)
    }

    /// A sale's full tax invoice, issued once: `reference` is the one it has.
    public static func taxInvoiceIssued(_ reference: String) -> DomainError {
        DomainError(
            .conflict, "the sale has its full tax invoice already: \(reference)", reason: .taxInvoiceIssued,
            params: ["reference": reference])
    }
}

/// What the checkout needs of storage.
public protocol CheckoutStorage: SalonStorage, TicketStorage {
    /// The salon's products, those taken off its list among them (inactive), in their order.
    func products(propertyID: Int) async throws -> [Product]
    /// Writes the salon's products (checked by `Product.validate`, ids given), with its audit row and event.
    func updateProducts(_ products: [Product], propertyID: Int, by userID: Int?) async throws -> [Product]
    /// Every service the salon has had, those retired among them (an appointment keeps its service).
    func allServices(propertyID: Int) async throws -> [Service]
    /// Stores a priced sale in one transaction: refused with `.saleCheckedOut` when one of its
    /// appointments is already in a sale not refunded; numbers its receipt from the property's receipt
    /// sequence; posts its lines on the property's open day (`BusinessDay.current`); and stores the
    /// new state of `changing` (appointments completed, or called off with a fee), each journaled as
    /// `action`, `.stale` when one is no longer at its version.
    func insertSale(
        _ quote: SaleQuote, salon: Property, customerName: String, changing: [Appointment], action: String,
        by userID: Int?
    ) async throws -> Sale
    func sale(id: Int) async throws -> Sale?
    /// The sales of some appointments, oldest first.
    func sales(appointmentIDs: [Int]) async throws -> [Sale]
    /// Reverses a sale's lines and payments on the open day and numbers its refund, in one transaction;
    /// `.saleRefunded` when it already is.
    func refund(saleID: Int, reason: String, by userID: Int?) async throws -> Sale
    /// Gives the sale its full tax invoice to `buyer`, numbered in its property's tax invoices, dated the
    /// salon's open day; refused (`.taxInvoiceIssued`) when one was issued meanwhile, (`.saleRefunded`) when
    /// it was refunded.
    func issueTaxInvoice(saleID: Int, to buyer: Buyer, by userID: Int?) async throws -> Sale
    /// Posts payments towards what a sale owes on the open day, in one transaction that checks again
    /// that it is not refunded and owes that much (`Checkout.checkOwed`).
    func collect(saleID: Int, payments: [SalePayment], by userID: Int?) async throws -> Sale
}
