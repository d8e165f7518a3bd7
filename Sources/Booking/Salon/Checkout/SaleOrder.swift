import Foundation

/// What the desk asks to check out: a customer's appointments (their services at their prices), the
/// products added, a discount, and how it is paid. The server prices it (`SaleQuote`); the desk only
/// says which.
public struct SaleOrder: Sendable {
    /// Products added: which, how many, and who sold them (nil: no one in particular).
    public struct Item: Hashable, Sendable {
        public var productID: Int
        public var quantity: Int
        public var staffID: Int?

        public init(productID: Int, quantity: Int = 1, staffID: Int? = nil) {
            self.productID = productID
            self.quantity = quantity
            self.staffID = staffID
        }
    }

    /// Off the services and products: a share of each line, or an amount split over them by price.
    public enum Discount: Hashable, Sendable {
        /// 1000 is 10 % off.
        case share(basisPoints: Int)
        case amount(Money)
    }

    public var propertyID: Int
    public var appointmentIDs: [Int]
    public var items: [Item]
    public var discount: Discount?
    public var payments: [SalePayment]
    /// The customer of a sale without appointments (over the counter); nil: no one known. With
    /// appointments, the sale is their customer's.
    public var customerID: Int?
    /// The ticket books sold (`TicketOffer` ids), each to the sale's customer.
    public var tickets: [Int]
    /// The customer's books drawn (`TicketDraw.Request`).
    public var draws: [TicketDraw.Request]

    public init(
        propertyID: Int, appointmentIDs: [Int] = [], items: [Item] = [], discount: Discount? = nil,
        payments: [SalePayment] = [], customerID: Int? = nil, tickets: [Int] = [], draws: [TicketDraw.Request] = []
    ) {
        self.tickets = tickets
        self.draws = draws
        self.propertyID = propertyID
        self.appointmentIDs = appointmentIDs
        self.items = items
        self.discount = discount
        self.payments = payments
        self.customerID = customerID
    }

    /// The longest reference of a payment.
    public static let referenceLimit = 60

    /// Checks what the order's numbers and texts may be before any arithmetic touches them, each refusal
    /// naming its field (`items[1].quantity`, `payments[0].tendered.amount`).
    public func validate(currency: Currency) throws(DomainError) {
        func count(_ values: Int, _ field: String, _ limit: Int) throws(DomainError) {
            guard values <= limit else {
                throw .invalid(
                    field, "at most \(limit)", reason: .numberRange,
                    params: ["min": "0", "max": String(limit), "value": String(values)])
            }
        }
        try count(appointmentIDs.count, "appointmentIds", Sale.maxAppointments)
        guard Set(appointmentIDs).count == appointmentIDs.count else {
            throw .invalid("appointmentIds", "an appointment is named twice")
        }
        try count(items.count, "items", Sale.maxItems)
        try count(payments.count, "payments", Sale.maxPayments)
        try count(tickets.count, "tickets", Sale.maxTickets)
        try count(draws.count, "draws", Sale.maxDraws)
        try TicketDraw.Request.validate(draws, appointmentIDs: appointmentIDs)
        for (index, item) in items.enumerated() where !(1...Sale.maxQuantity).contains(item.quantity) {
            throw .invalid(
                "items[\(index)].quantity", "from 1 to \(Sale.maxQuantity)", reason: .numberRange,
                params: ["min": "1", "max": String(Sale.maxQuantity), "value": String(item.quantity)])
        }
        switch discount {
        case .share(let basisPoints):
            guard (1...10_000).contains(basisPoints) else {
                throw .invalid(
                    "discount.basisPoints", "from 1 (0.01 %) to 10000 (all of it)", reason: .numberRange,
                    params: ["min": "1", "max": "10000", "value": String(basisPoints)])
            }
        case .amount(let amount):
            try Self.validate(amount, field: "discount.amount", currency: currency)
        case nil: break
        }
        for (index, payment) in payments.enumerated() {
            let field = "payments[\(index)]"
            try Self.validate(payment.amount, field: "\(field).amount", currency: currency)
            if let tendered = payment.tendered {
                guard payment.method == .cash else {
                    throw .invalid("\(field).tendered", "only cash is handed over and given change")
                }
                try Self.validate(tendered, field: "\(field).tendered", currency: currency)
                guard tendered.amount >= payment.amount.amount else {
                    throw .invalid(
                        "\(field).tendered", "less than the amount paid in cash", reason: .saleTenderedShort,
                        params: ["amount": String(payment.amount.amount), "currency": currency.code])
                }
            }
            guard payment.method.chargesRoom == (payment.stayID != nil) else {
                throw payment.method.chargesRoom
                    ? .invalid("\(field).stayId", "say whose room it is charged to", reason: .textRequired)
                    : .invalid("\(field).stayId", "only a payment charged to a room names a stay")
            }
            try FreeText.validate(
                payment.reference, field: "\(field).reference", limit: Self.referenceLimit, lines: false)
            guard !Self.holdsCardNumber(payment.reference) else {
                throw .invalid(
                    "\(field).reference", "a reference must not be a card's number", reason: .saleCardNumber)
            }
        }
    }

    private static func validate(_ money: Money, field: String, currency: Currency) throws(DomainError) {
        guard money.currency == currency else {
            throw .invalid("\(field).currency", "the salon's prices are in \(currency.code)")
        }
        try Money.validate(amount: money.amount, field: "\(field).amount")
    }

    /// Whether a text holds what could be a payment card's number: a run of 13 to 19 digits (spaces and
    /// dashes between them allowed) that begins as cards do (2 to 6) and passes the Luhn check.
    /// Frontdesk never keeps one.
    public static func holdsCardNumber(_ text: String) -> Bool {
        var runs: [[Int]] = [[]]
        for character in text {
            if let digit = character.wholeNumberValue, character.isASCII {
                runs[runs.count - 1].append(digit)
            } else if character != " " && character != "-" {
                runs.append([])
            }
        }
        return runs.contains { run in
            (13...19).contains(run.count) && (2...6).contains(run[0]) && luhn(run[...])
        }
    }

    private static func luhn(_ digits: ArraySlice<Int>) -> Bool {
        var sum = 0
        for (offset, digit) in digits.reversed().enumerated() {
            let doubled = offset % 2 == 1 ? digit * 2 : digit
            sum += doubled > 9 ? doubled - 9 : doubled
        }
        return sum % 10 == 0
    }
}

/// A sale priced by the salon's rules before it is stored: what the desk shows while the customer pays
/// (the total, the taxes, what is still due and the change), and what checking out stores.
public struct SaleQuote: Hashable, Sendable {
    public var customerID: Int?
    public var lines: [SaleLine]
    public var taxes: [FolioDocument.TaxTotal]
    public var includedTaxes: [FolioDocument.TaxTotal]
    public var payments: [SalePayment]
    public var currency: Currency
    /// The code to pay each payment by, where its method draws one and the salon is paid by a code (a
    /// quote's, for the customer to scan at the counter); nil for the others.
    public var payCodes: [PaymentCode?] = []
    /// The customer's ticket books drawn (`TicketDraw`), and the books as they stand after the draws.
    public var ticketDraws: [TicketDraw] = []
    public var ticketBooks: [TicketBook] = []
    /// The books sold (not stored yet: their ids 0), one to each `.prepaid` line of a positive amount.
    public var ticketsSold: [TicketBook] = []

    /// The books drawn and sold, as they stand after the sale.
    public var tickets: [TicketBalance] { (ticketBooks + ticketsSold).map(TicketBalance.init) }

    public var totals: SaleTotals { SaleTotals(lines: lines, taxes: taxes, payments: payments, currency: currency) }

    /// Prices `order` at `salon`: each appointment's service at the service's price, done by the member
    /// the appointment is with; each product at its price; the discount taken off each line (a share)
    /// or split over the lines by their prices (an amount, the rest of the split on the first lines);
    /// then the customer's ticket books drawn (`draw(_:from:on:today:)`: their bonuses off the lines they
    /// pay); then the salon's taxes on the lines as the tax engine charges them, each rounded once. The
    /// books sold (`offers`, active, to a known customer) are priced after the taxes: not takings.
    public static func price(
        _ order: SaleOrder, appointments: [Appointment], services: [Service], products: [Product],
        customerID: Int?, salon: Property, today: Day, books: [TicketBook] = [], offers: [TicketOffer] = []
    ) throws(DomainError) -> SaleQuote {
        try order.validate(currency: salon.currency)
        var lines: [SaleLine] = []
        for appointment in appointments {
            guard let service = services.first(where: { $0.id == appointment.serviceID }) else {
                throw DomainError(.notFound, "no service \(appointment.serviceID)", field: "appointmentIds")
            }
            lines.append(
                SaleLine(
                    category: .service, description: service.name, unitPrice: service.price,
                    appointmentID: appointment.id, serviceID: service.id, staffID: appointment.staffID))
        }
        for (index, item) in order.items.enumerated() {
            guard let product = products.first(where: { $0.id == item.productID && $0.active }) else {
                throw DomainError(
                    .notFound, "no product \(item.productID) on sale here", field: "items[\(index)].productId")
            }
            lines.append(
                SaleLine(
                    category: .product, description: product.name, quantity: item.quantity, unitPrice: product.price,
                    productID: product.id, staffID: item.staffID))
        }
        guard !lines.isEmpty || !order.tickets.isEmpty else {
            throw DomainError.invalid("items", "nothing to check out: add a service or a product", reason: .saleEmpty)
        }
        let gross = lines.map(\.gross.amount).saturatedSum()
        guard gross <= Money.maxAmount else {
            throw DomainError.invalid(
                "items", "a sale comes to at most \(Money.maxAmount) in minor units", reason: .numberRange,
                params: ["min": "0", "max": String(Money.maxAmount), "value": String(gross)])
        }
        lines = try discounted(lines, by: order.discount, gross: gross, currency: salon.currency)
        let drawn = try draw(order.draws, from: books, on: &lines, today: today)
        var sold: [TicketBook] = []
        for (index, offerID) in order.tickets.enumerated() {
            guard let offer = offers.first(where: { $0.id == offerID && $0.active }) else {
                throw DomainError(
                    .notFound, "no ticket book \(offerID) on sale here", field: "tickets[\(index)].offerId")
            }
            guard let customerID else {
                throw DomainError.invalid(
                    "customerId", "a ticket book is sold to a customer: choose one", reason: .textRequired)
            }
            sold.append(offer.book(customerID: customerID, soldOn: today))
        }
        // A service is sold on its visit's day, a product today: the taxes that apply then.
        let days = Dictionary(
            appointments.map { ($0.id, Day.today(in: salon.timeZone, now: Date(minutesSince1970: $0.startMinute))) },
            uniquingKeysWith: { first, _ in first })
        let taxable = lines.map {
            TaxableLine(amount: $0.amount, day: $0.appointmentID.flatMap { days[$0] } ?? today)
        }
        let assessment = TaxEngine.assess(
            taxable, taxes: salon.taxes, party: Party(adults: 1), currency: salon.currency)
        let taxes = assessment.added.map(FolioDocument.TaxTotal.init)
        let included = assessment.included.map(FolioDocument.TaxTotal.init)
        return SaleQuote(
            customerID: customerID, lines: lines, taxes: taxes.filter { $0.amount.amount > 0 },
            includedTaxes: included.filter { $0.amount.amount > 0 }, payments: order.payments,
            currency: salon.currency, ticketDraws: drawn.draws,
            ticketBooks: drawn.books.values.sorted { $0.id < $1.id }, ticketsSold: sold)
    }

    private static func discounted(
        _ lines: [SaleLine], by discount: SaleOrder.Discount?, gross: Int, currency: Currency
    ) throws(DomainError) -> [SaleLine] {
        var lines = lines
        switch discount {
        case nil: break
        case .share(let basisPoints):
            for index in lines.indices {
                lines[index].setDiscount(lines[index].gross.share(basisPoints: basisPoints))
            }
        case .amount(let amount):
            guard amount.amount <= gross else {
                throw DomainError.invalid(
                    "discount.amount", "more than the services and products come to", reason: .saleDiscount,
                    params: ["total": String(gross), "currency": currency.code])
            }
            guard gross > 0 else { break }
            var left = amount.amount
            for index in lines.indices {
                let share = Int(Int128(amount.amount) * Int128(lines[index].gross.amount) / Int128(gross))
                lines[index].setDiscount(Money(share, currency))
                left -= share
            }
            // What the rounding down left: a minor unit more off each line that still has room, in order.
            // (`amount` is at most `gross`, so the lines have the room.)
            while left > 0 {
                for index in lines.indices where left > 0 && lines[index].amount.amount > 0 {
                    lines[index].setDiscount(Money(lines[index].discount.amount + 1, currency))
                    left -= 1
                }
            }
        }
        return lines
    }
}

extension SaleQuote {
    /// Takes the deposits held for the appointments checked out (`held`, by appointment) off the total,
    /// after the taxes: a line each (`Deposit.applied`), refused when they come to more than the total
    /// (`.saleDepositExceeds`: the deposit is refunded first).
    mutating func takeOff(deposits held: [Int: Money]) throws(DomainError) {
        let appointments = lines.filter { $0.category == .service }.compactMap(\.appointmentID)
        let taken = appointments.compactMap { id in held[id].map { (id, $0) } }
        guard !taken.isEmpty else { return }
        let total = totals.total
        let sum = taken.map(\.1.amount).saturatedSum()
        guard sum <= total.amount else {
            throw .invalid(
                "appointmentIds", "the deposit held is more than the total: refund the deposit first",
                reason: .saleDepositExceeds,
                params: ["held": String(sum), "total": String(total.amount), "currency": currency.code])
        }
        for (id, amount) in taken {
            let service = lines.first { $0.appointmentID == id && $0.category == .service }
            lines.append(
                SaleLine(
                    category: .deposit, description: Deposit.applied, unitPrice: amount.negated, appointmentID: id,
                    serviceID: service?.serviceID, staffID: service?.staffID))
        }
    }
}

extension SaleLine {
    mutating func setDiscount(_ discount: Money) {
        self.discount = Money(min(discount.amount, gross.amount), discount.currency)
        amount = Money(gross.amount - self.discount.amount, gross.currency)
    }
}
