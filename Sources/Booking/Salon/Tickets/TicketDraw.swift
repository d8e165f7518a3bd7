/// A ticket book drawn at a checkout: a visit of a service it covers, or an amount of a prepaid balance
/// paid with; priced by the book (`TicketBook.takings(drawing:)`) and stored with the sale, whose refund
/// puts the units back.
public struct TicketDraw: Hashable, Sendable {
    /// What the desk asks: a book of visits paying an appointment of the sale, or `units` (minor units) of a
    /// prepaid balance.
    public struct Request: Hashable, Sendable {
        public var ticketBookID: Int
        public var appointmentID: Int?
        public var units: Int?

        public init(ticketBookID: Int, appointmentID: Int? = nil, units: Int? = nil) {
            self.ticketBookID = ticketBookID
            self.appointmentID = appointmentID
            self.units = units
        }

        /// Checks a sale's draws before anything is read: each names an appointment of the sale or an
        /// amount, not both; an appointment is paid by one book, and a balance drawn once.
        static func validate(_ draws: [Request], appointmentIDs: [Int]) throws(DomainError) {
            var paid: Set<Int> = []
            var balances: Set<Int> = []
            for (index, draw) in draws.enumerated() {
                let field = "draws[\(index)]"
                switch (draw.appointmentID, draw.units) {
                case (let appointment?, nil):
                    guard appointmentIDs.contains(appointment) else {
                        throw .invalid("\(field).appointmentId", "not an appointment this sale checks out")
                    }
                    guard paid.insert(appointment).inserted else {
                        throw .invalid("\(field).appointmentId", "the appointment is paid by one book")
                    }
                case (nil, let units?):
                    try Money.validate(amount: units, field: "\(field).units", in: 1...Money.maxAmount)
                    guard balances.insert(draw.ticketBookID).inserted else {
                        throw .invalid("\(field).ticketBookId", "a balance is drawn once a sale")
                    }
                default:
                    throw .invalid("\(field).units", "an appointment a book of visits pays, or the amount of a balance")
                }
            }
        }
    }

    public var ticketBookID: Int
    public var appointmentID: Int?
    /// Visits, or minor units.
    public var units: Int
    /// The share of the book's price it turns into takings; for an ending, the unused value it gives back
    /// or keeps as the fee (`TicketEnding`), which is not takings.
    public var takings: Money
    /// Why the book is ended, for the draw that ends it (`TicketEnding`): all that was left of it; nil for
    /// a draw paying a visit or an amount.
    public var ending: String?

    public init(ticketBookID: Int, appointmentID: Int?, units: Int, takings: Money, ending: String? = nil) {
        self.ending = ending
        self.ticketBookID = ticketBookID
        self.appointmentID = appointmentID
        self.units = units
        self.takings = takings
    }
}

/// A ticket book as a receipt and the customer's record state it: what is left of it, to which day, and
/// the last day its course may be cancelled under the law (`PrepaidInstruments.coolingOffUntil`).
public struct TicketBalance: Hashable, Sendable {
    /// Nil for a book a quote would sell.
    public var ticketBookID: Int?
    public var name: String
    public var kind: TicketBook.Kind
    public var units: Int
    public var remaining: Int
    public var lastDay: Day
    public var coolingOffUntil: Day?
    /// The day it was ended (`TicketEnding`), while that stands.
    public var endedOn: Day?

    public init(_ book: TicketBook) {
        endedOn = book.ending?.day
        ticketBookID = book.id == 0 ? nil : book.id
        name = book.name
        kind = book.kind
        units = book.units
        remaining = book.remaining
        lastDay = book.lastDay
        coolingOffUntil = PrepaidInstruments.coolingOffUntil(book)
    }
}

extension SaleQuote {
    /// Draws the customer's `books` as `order` asks, on the salon's `today`, before the taxes: a book of
    /// visits pays its appointment's service line, whose price comes down to the visit's share of the book
    /// (the book's bonus is a discount); a balance's bonus on the units drawn comes off the lines it pays,
    /// split by their amounts. Answers the draws priced and the books after them; each book is refused
    /// (naming `draws[i]`) for a service it does not cover, after its last day and beyond what remains.
    static func draw(
        _ requests: [TicketDraw.Request], from books: [TicketBook], on lines: inout [SaleLine], today: Day
    ) throws(DomainError) -> (draws: [TicketDraw], books: [Int: TicketBook]) {
        var drawn: [Int: TicketBook] = [:]
        var draws: [TicketDraw] = []
        var byVisit: Set<Int> = []
        for (index, request) in requests.enumerated() {
            let field = "draws[\(index)]"
            guard var book = drawn[request.ticketBookID] ?? books.first(where: { $0.id == request.ticketBookID })
            else {
                throw DomainError(
                    .notFound, "no ticket book \(request.ticketBookID) of the customer", field: "\(field).ticketBookId")
            }
            if let appointment = request.appointmentID {
                guard let line = lines.firstIndex(where: { $0.appointmentID == appointment && $0.category == .service })
                else { throw .invalid("\(field).appointmentId", "not an appointment this sale checks out") }
                let takings = try book.draw(1, of: lines[line].serviceID, today: today, field: field)
                lines[line].setDiscount(Money(max(0, lines[line].gross.amount - takings.amount), takings.currency))
                byVisit.insert(line)
                draws.append(TicketDraw(ticketBookID: book.id, appointmentID: appointment, units: 1, takings: takings))
            } else if let units = request.units {
                let takings = try book.draw(units, of: nil, today: today, field: field)
                try spread(bonus: units - takings.amount, over: &lines, sparing: byVisit, field: field)
                draws.append(TicketDraw(ticketBookID: book.id, appointmentID: nil, units: units, takings: takings))
            }
            drawn[book.id] = book
        }
        return (draws, drawn)
    }

    /// Takes `bonus` off the lines not paid by a book of visits, split by their amounts (the rest of the
    /// split a minor unit at a time on the first lines): refused when they come to less.
    private static func spread(bonus: Int, over lines: inout [SaleLine], sparing: Set<Int>, field: String)
        throws(DomainError)
    {
        guard bonus > 0 else { return }
        let payable = lines.indices.filter { !sparing.contains($0) && lines[$0].category != .prepaid }
        let total = payable.map { lines[$0].amount.amount }.saturatedSum()
        guard total >= bonus else {
            throw DomainError(
                .notAllowed, "the balance pays more than is due", field: "\(field).units", reason: .ticketExceedsDue)
        }
        var left = bonus
        for index in payable {
            let share = Int(Int128(bonus) * Int128(lines[index].amount.amount) / Int128(total))
            lines[index].setDiscount(Money(lines[index].discount.amount + share, lines[index].amount.currency))
            left -= share
        }
        while left > 0 {
            for index in payable where left > 0 && lines[index].amount.amount > 0 {
                lines[index].setDiscount(Money(lines[index].discount.amount + 1, lines[index].amount.currency))
                left -= 1
            }
        }
    }

    /// Adds the lines of the draws (negative, after the taxes and the deposits), refused when they come to
    /// more than is due; then those of the books sold (outside the taxes: a book is not takings).
    mutating func settleTickets() throws(DomainError) {
        for draw in ticketDraws {
            let book = ticketBooks.first { $0.id == draw.ticketBookID }
            let service = draw.appointmentID.flatMap { id in
                lines.first { $0.appointmentID == id && $0.category == .service }
            }
            lines.append(
                SaleLine(
                    category: .prepaid, description: book?.name ?? "", unitPrice: draw.takings.negated,
                    appointmentID: draw.appointmentID, serviceID: service?.serviceID, staffID: service?.staffID,
                    ticketBookID: draw.ticketBookID))
        }
        let due = totals.total
        guard due.amount >= 0 else {
            throw DomainError(
                .notAllowed, "the books pay \(due.negated) more than is due", field: "draws", reason: .ticketExceedsDue)
        }
        for book in ticketsSold {
            lines.append(SaleLine(category: .prepaid, description: book.name, unitPrice: book.price))
        }
    }
}
