import Foundation

/// One line of a sale: a service done at a visit (with the member who did it) or products sold, at its
/// price less its share of the discount; a fee for a visit not kept; a deposit (`Deposit`); or a ticket
/// book sold or drawn (`.prepaid`, `TicketBook`).
public struct SaleLine: Hashable, Sendable {
    /// `.service`, `.product`, `.fee` or `.deposit`.
    public var category: ChargeCategory
    public var description: String
    public var quantity: Int
    public var unitPrice: Money
    /// The line's share of the sale's discount (never more than its price).
    public var discount: Money
    /// What the line charges: quantity × unit price − discount.
    public var amount: Money
    public var appointmentID: Int?
    public var serviceID: Int?
    public var productID: Int?
    /// The member of staff the line is taken by (who did the service, or sold the product).
    public var staffID: Int?
    /// A `.prepaid` line's book: the one it sold (nil until the sale is stored) or drew.
    public var ticketBookID: Int?

    public init(
        category: ChargeCategory, description: String, quantity: Int = 1, unitPrice: Money, discount: Money? = nil,
        appointmentID: Int? = nil, serviceID: Int? = nil, productID: Int? = nil, staffID: Int? = nil,
        ticketBookID: Int? = nil
    ) {
        self.ticketBookID = ticketBookID
        self.category = category
        self.description = description
        self.quantity = quantity
        self.unitPrice = unitPrice
        self.discount = discount ?? .zero(unitPrice.currency)
        self.amount = Money(
            unitPrice.amount.multipliedSaturated(by: quantity).addingSaturated(-self.discount.amount),
            unitPrice.currency)
        self.appointmentID = appointmentID
        self.serviceID = serviceID
        self.productID = productID
        self.staffID = staffID
    }

    /// The price before the discount.
    public var gross: Money { Money(unitPrice.amount.multipliedSaturated(by: quantity), unitPrice.currency) }
}

/// How a sale was paid, in part or whole: by a method (never a card's number), with what a cash payer
/// handed over and a transfer's or a QR payment's reference.
public struct SalePayment: Hashable, Sendable {
    public var method: PaymentMethod
    public var amount: Money
    /// What the customer handed over, in cash: the change is what it exceeds the amount by.
    public var tendered: Money?
    /// A transfer's or a QR payment's reference, or a card terminal's slip number; "" when none.
    public var reference: String
    /// The stay whose bill a payment charged to a room (`PaymentMethod.room`) goes on; nil for the others.
    public var stayID: Int?

    public init(
        method: PaymentMethod, amount: Money, tendered: Money? = nil, reference: String = "", stayID: Int? = nil
    ) {
        self.stayID = stayID
        self.method = method
        self.amount = amount
        self.tendered = tendered
        self.reference = reference
    }

    /// What is handed back.
    public var change: Money {
        Money(max(0, (tendered?.amount ?? amount.amount).addingSaturated(-amount.amount)), amount.currency)
    }
}

/// A visit checked out (お会計), or products sold over the counter: its lines, taxes and payments as they
/// stood when the receipt was issued, with the receipt's number from the property's gap-free sequence.
/// A sale never changes; a refund reverses the whole of it on the day it is made, with a number of its
/// own, and a correction is a refund and a new sale.
public struct Sale: Hashable, Sendable, Identifiable {
    /// A sale refunded: the number of its refund's receipt, the day it counts on and why.
    public struct Refund: Hashable, Sendable {
        public var number: Int
        public var day: Day
        public var reason: String

        public init(number: Int, day: Day, reason: String) {
            self.number = number
            self.day = day
            self.reason = reason
        }

        public var reference: String { FolioDocument.reference(prefix: "RFD", number: number) }
    }

    /// Thailand's full tax invoice (ใบกำกับภาษีเต็มรูป) of the sale, issued on the buyer's request: its lines,
    /// taxes and payments are the sale's; it adds the buyer, is numbered in the place of business's tax
    /// invoices (`TAX-00000-000001`), and replaces the abbreviated one the receipt stood as.
    public struct TaxInvoice: Hashable, Sendable {
        public var number: Int
        public var day: Day
        /// The seller's place of business whose sequence numbered it (`00000`: the head office).
        public var branch: String
        public var buyer: Buyer

        public init(number: Int, day: Day, branch: String, buyer: Buyer) {
            self.number = number
            self.day = day
            self.branch = branch
            self.buyer = buyer
        }

        public var reference: String {
            FolioDocument.reference(prefix: "\(FolioDocumentKind.taxInvoice.prefix)-\(branch)", number: number)
        }
    }

    public var id: Int
    public var propertyID: Int
    /// The salon's record of the customer; nil for a sale over the counter to no one known.
    public var customerID: Int?
    /// The customer's name as the receipt bears it ("" once their details are erased).
    public var customerName: String
    /// 1, 2, 3… with the property's other receipts, without gaps.
    public var number: Int
    /// The salon's day the sale counts on (`BusinessDay.current`).
    public var day: Day
    public var issuedAt: Date
    public var issuer: Issuer
    public var currency: Currency
    /// The services and products.
    public var lines: [SaleLine]
    /// The taxes added to the prices (`Tax.Basis.share`), each's total.
    public var taxes: [FolioDocument.TaxTotal]
    /// The taxes inside the prices (`Tax.Basis.includedShare`), each's total: not added.
    public var includedTaxes: [FolioDocument.TaxTotal]
    public var payments: [SalePayment]
    public var refund: Refund?
    public var taxInvoice: TaxInvoice?
    /// The ticket books it sold or drew, as they stood after it.
    public var tickets: [TicketBalance]

    public init(
        id: Int, propertyID: Int, customerID: Int?, customerName: String, number: Int, day: Day, issuedAt: Date,
        issuer: Issuer, currency: Currency, lines: [SaleLine], taxes: [FolioDocument.TaxTotal],
        includedTaxes: [FolioDocument.TaxTotal], payments: [SalePayment], refund: Refund? = nil,
        taxInvoice: TaxInvoice? = nil, tickets: [TicketBalance] = []
    ) {
        self.tickets = tickets
        self.id = id
        self.propertyID = propertyID
        self.customerID = customerID
        self.customerName = customerName
        self.number = number
        self.day = day
        self.issuedAt = issuedAt
        self.issuer = issuer
        self.currency = currency
        self.lines = lines
        self.taxes = taxes
        self.includedTaxes = includedTaxes
        self.payments = payments
        self.refund = refund
        self.taxInvoice = taxInvoice
    }

    /// `RCT-000042`: with the hotel's receipts, from one sequence.
    public var reference: String { FolioDocument.reference(prefix: FolioDocumentKind.receipt.prefix, number: number) }

    /// The appointments the sale checked out.
    public var appointmentIDs: [Int] { lines.compactMap(\.appointmentID) }

    public var totals: SaleTotals { SaleTotals(lines: lines, taxes: taxes, payments: payments, currency: currency) }

    /// The most a sale holds (a refund's reason is as long as a folio line's, `Posting.descriptionLimit`).
    public static let maxAppointments = 10
    public static let maxItems = 30
    public static let maxQuantity = 99
    public static let maxPayments = 4
    /// The most ticket books one sale sells, and draws.
    public static let maxTickets = 5
    public static let maxDraws = 11
}

/// What a sale's lines, taxes and payments add up to.
public struct SaleTotals: Hashable, Sendable {
    /// The services and products before the discount.
    public var gross: Money
    public var discount: Money
    /// The services and products after it.
    public var subtotal: Money
    /// The taxes added.
    public var tax: Money
    /// The deposit lines: a deposit taken; or, negative, one taken off a checkout or kept by a fee.
    public var deposits: Money
    /// The ticket books' lines: a book sold; or, negative, one drawn.
    public var prepaid: Money
    /// What the customer pays: the subtotal, the taxes added, the deposits and the books.
    public var total: Money
    public var paid: Money
    /// What is handed back of the cash given.
    public var change: Money

    public init(lines: [SaleLine], taxes: [FolioDocument.TaxTotal], payments: [SalePayment], currency: Currency) {
        func sum(_ amounts: [Money]) -> Money { Money(amounts.map(\.amount).saturatedSum(), currency) }
        let priced = lines.filter { $0.category != .deposit && $0.category != .prepaid }
        gross = sum(priced.map(\.gross))
        discount = sum(priced.map(\.discount))
        subtotal = sum(priced.map(\.amount))
        tax = sum(taxes.map(\.amount))
        deposits = sum(lines.filter { $0.category == .deposit }.map(\.amount))
        prepaid = sum(lines.filter { $0.category == .prepaid }.map(\.amount))
        total = sum([subtotal, tax, deposits, prepaid])
        paid = sum(payments.map(\.amount))
        change = sum(payments.map(\.change))
    }

    /// What is still to pay (negative: paid too much).
    public var due: Money { Money(total.amount.addingSaturated(-paid.amount), total.currency) }
}

extension FolioDocument {
    /// `RCT-000042`: a prefix and a number, six digits at least.
    public static func reference(prefix: String, number: Int) -> String {
        let digits = String(number)
        return "\(prefix)-\(String(repeating: "0", count: max(0, 6 - digits.count)))\(digits)"
    }
}

extension Sale {
    /// Whether its receipt stands as Thailand's abbreviated tax invoice (ใบกำกับภาษีอย่างย่อ), which a shop
    /// hands at its checkout: a salon pricing in baht whose issuer has a tax ID; the receipt then states the
    /// seller's branch and that VAT is included, numbered in the place of business's receipts.
    public var standsAsAbbreviatedTaxInvoice: Bool {
        FolioDocumentKind.offered(in: currency).contains(.abbreviatedTaxInvoice) && !issuer.taxID.isEmpty
    }

    /// Whether a full tax invoice may be issued of it now: its receipt stands as an abbreviated one, it is
    /// not refunded, and none was issued yet.
    public var offersTaxInvoice: Bool { standsAsAbbreviatedTaxInvoice && refund == nil && taxInvoice == nil }
}
