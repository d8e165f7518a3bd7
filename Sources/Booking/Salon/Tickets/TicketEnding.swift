import Foundation

/// A ticket book ended before its last day at its customer's request (中途解約): what they paid for and
/// have not drawn (`TicketBook.unusedValue`) given back, less a fee the salon keeps, within what the law
/// lets it keep (`feeLimit(of:today:)`). Stored as a sale of its own on the salon's open day, with a receipt:
/// a `.prepaid` line taking the unused value off what the salon holds, the fee (outside the taxes, as a
/// fee for a visit not kept is), and the refund paid out (a negative payment) in cash, on the card or by
/// transfer. Its sale's refund undoes it, as a draw's does.
public struct TicketEnding: Hashable, Sendable {
    /// How the refund is paid out: the methods that can pay money back (a code to scan cannot, nor a room).
    public static let methods: [PaymentMethod] = [.cash, .cardTerminal, .transfer]

    public var ticketBookID: Int
    /// The visits, or minor units, left when it ended.
    public var units: Int
    /// What was left of the price: the salon no longer holds it.
    public var unused: Money
    /// What the salon keeps of it.
    public var fee: Money
    public var method: PaymentMethod
    public var reason: String

    /// What is paid back.
    public var refund: Money { Money(unused.amount - fee.amount, unused.currency) }

    /// The most the salon may keep when `book` is ended on `today`: for a course under Japan's law
    /// (`PrepaidInstruments.coolingOffUntil`) nothing within its cooling-off, then
    /// `PrepaidInstruments.courseEndingFee`; for any other book, up to all of its unused value (the salon's
    /// own terms). Refused for a book ended already (`.ticketEnded`), past its last day (`.ticketExpired`:
    /// its unused value stays held), with nothing unused (`.ticketRemaining`), and for a prepaid payment
    /// instrument that is no course (`.ticketNotRefundable`: 資金決済法 art. 20 lets one be refunded only when
    /// the salon stops issuing it), each naming `field`.
    public static func feeLimit(of book: TicketBook, today: Day, field: String = "ticketBookId") throws(DomainError)
        -> Money
    {
        try book.checkOpen(on: today, field: field)
        guard book.unusedValue.amount > 0 else {
            throw DomainError(
                .notAllowed, "\(book.name) has nothing left", field: field, reason: .ticketRemaining,
                params: ["remaining": "0"])
        }
        guard book.price.currency == .jpy else { return book.unusedValue }
        if let coolingOff = PrepaidInstruments.coolingOffUntil(book) {
            return PrepaidInstruments.courseEndingFee(unused: book.unusedValue, coolingOffUntil: coolingOff, on: today)
        }
        guard !PrepaidInstruments.isInstrument(book) else {
            throw DomainError(
                .notAllowed, "a prepaid payment instrument is refunded only when the salon stops issuing it",
                field: field, reason: .ticketNotRefundable)
        }
        return book.unusedValue
    }

    /// Ends `book` on the salon's `today`, keeping `fee` and paying the rest back by `method`, for `reason`:
    /// each refused naming its field (`fee.amount` over the limit `.ticketFeeOverLimit` with `limit`;
    /// `method`; `reason` required, one line of at most `Posting.descriptionLimit`), before any arithmetic.
    public static func end(
        _ book: inout TicketBook, fee: Money, method: PaymentMethod, reason: String, today: Day
    ) throws(DomainError) -> TicketEnding {
        let reason = reason.trimmingCharacters(in: .whitespaces)
        guard !reason.isEmpty else {
            throw DomainError.invalid("reason", "say why the book is ended", reason: .textRequired)
        }
        try FreeText.validate(reason, field: "reason", limit: Posting.descriptionLimit, lines: false)
        guard fee.currency == book.price.currency else {
            throw .invalid("fee.currency", "the salon prices in \(book.price.currency.code), not \(fee.currency.code)")
        }
        try Money.validate(amount: fee.amount, field: "fee.amount", in: 0...Money.maxAmount)
        guard methods.contains(method) else {
            throw .invalid("method", "a refund is paid in cash, on the card or by transfer")
        }
        let limit = try feeLimit(of: book, today: today)
        guard fee.amount <= limit.amount else {
            throw DomainError(
                .notAllowed, "the fee may be at most \(limit)", field: "fee.amount", reason: .ticketFeeOverLimit,
                params: ["limit": String(limit.amount), "currency": limit.currency.code])
        }
        let ended = book.end(on: today, reason: reason)
        return TicketEnding(
            ticketBookID: book.id, units: ended.units, unused: ended.unused, fee: fee, method: method, reason: reason)
    }

    /// The description of the fee's line: the desk and the receipt word it in the salon's language.
    public static let feeDescription = "Ending fee"

    /// The sale that stores it for `customerID`: the unused value off the book (a `.prepaid` line of the
    /// book's `name`), the fee kept, the refund paid out, and the draw that ends the book.
    public func quote(customerID: Int, name: String) -> SaleQuote {
        var lines = [
            SaleLine(category: .prepaid, description: name, unitPrice: unused.negated, ticketBookID: ticketBookID)
        ]
        if fee.amount > 0 { lines.append(SaleLine(category: .fee, description: Self.feeDescription, unitPrice: fee)) }
        var quote = SaleQuote(
            customerID: customerID, lines: lines, taxes: [], includedTaxes: [],
            payments: refund.amount > 0 ? [SalePayment(method: method, amount: refund.negated)] : [],
            currency: unused.currency)
        quote.ticketDraws = [
            TicketDraw(ticketBookID: ticketBookID, appointmentID: nil, units: units, takings: unused, ending: reason)
        ]
        return quote
    }
}
