/// A salon's own figures of a closed day, frozen with its ledger (`DayClose.salon`): its takings by the
/// member who did the work or sold the product and by service, its products sold, and its appointments.
public struct SalonDayFigures: Hashable, Sendable {
    /// What one member, or one service, took that day: its lines charged, less their refunds, without
    /// the taxes added.
    public struct Takings: Hashable, Sendable {
        /// The member's or the service's id; nil for products sold by no one in particular.
        public var id: Int?
        public var name: String
        public var amount: Money

        public init(id: Int?, name: String, amount: Money) {
            self.id = id
            self.name = name
            self.amount = amount
        }
    }

    public var byStylist: [Takings]
    public var byService: [Takings]
    /// The products sold, less those refunded.
    public var products: Money
    /// The fees charged for appointments not kept (late cancellations, no-shows), less those refunded:
    /// charged, whether paid yet or not.
    public var fees: Money
    /// The deposits taken that day, less those taken off a checkout, kept towards a fee or refunded:
    /// what the salon holds for visits to come moved by so much. Not takings.
    public var deposits: Money
    /// The ticket books sold that day, less those drawn or refunded: what the salon holds for its customers
    /// in them moved by so much. Not takings (the visits the draws paid are).
    public var prepaid: Money
    /// The receipts issued that day.
    public var receipts: Int
    /// The appointments of that day, by how they ended: those booked (not called off), completed,
    /// no-shows, called off, and still open (booked or arrived, neither completed nor marked).
    public var appointments: Int
    public var completed: Int
    public var noShows: Int
    public var cancelled: Int
    public var open: Int

    public init(
        byStylist: [Takings], byService: [Takings], products: Money, fees: Money? = nil, deposits: Money? = nil,
        prepaid: Money? = nil, receipts: Int, appointments: Int, completed: Int, noShows: Int, cancelled: Int, open: Int
    ) {
        self.fees = fees ?? .zero(products.currency)
        self.deposits = deposits ?? .zero(products.currency)
        self.prepaid = prepaid ?? .zero(products.currency)
        self.byStylist = byStylist
        self.byService = byService
        self.products = products
        self.receipts = receipts
        self.appointments = appointments
        self.completed = completed
        self.noShows = noShows
        self.cancelled = cancelled
        self.open = open
    }

    /// The figures of a day from its ledger (`ledger`, a salon's sale lines) and its appointments; each
    /// list by amount, largest first.
    public init(ledger: LedgerReport, appointments: [Appointment]) {
        var byStylist: [Int?: Takings] = [:]
        var byService: [Int: Takings] = [:]
        var products = 0
        var fees = 0
        var receipts: Set<Int> = []
        var deposits = 0
        var prepaid = 0
        for line in ledger.lines where line.category == .fee || line.category?.isHeld == true {
            if line.kind == .charge, let sale = line.saleID { receipts.insert(sale) }
            switch line.category {
            case .fee: fees += line.charged.amount
            case .deposit: deposits += line.charged.amount
            default: prepaid += line.charged.amount
            }
        }
        for line in ledger.lines where line.category == .service || line.category == .product {
            let amount = line.charged.amount
            if line.kind == .charge, let sale = line.saleID { receipts.insert(sale) }
            byStylist[
                line.staffID,
                default: Takings(id: line.staffID, name: line.staffName ?? "", amount: .zero(ledger.currency))
            ]
            .amount.amount += amount
            if line.category == .product {
                products += amount
            } else if let service = line.serviceID {
                let name = line.kind == .reversal ? line.reversedDescription ?? line.description : line.description
                byService[service, default: Takings(id: service, name: name, amount: .zero(ledger.currency))]
                    .amount.amount += amount
            }
        }
        let order = { (a: Takings, b: Takings) in
            a.amount.amount != b.amount.amount ? a.amount.amount > b.amount.amount : a.name < b.name
        }
        self.init(
            byStylist: byStylist.values.sorted(by: order), byService: byService.values.sorted(by: order),
            products: Money(products, ledger.currency), fees: Money(fees, ledger.currency),
            deposits: Money(deposits, ledger.currency), prepaid: Money(prepaid, ledger.currency),
            receipts: receipts.count,
            appointments: appointments.count { $0.state != .cancelled },
            completed: appointments.count { $0.state == .completed },
            noShows: appointments.count { $0.state == .noShow },
            cancelled: appointments.count { $0.state == .cancelled },
            open: appointments.count { $0.state == .booked || $0.state == .checkedIn })
    }

    /// All the takings by member together and the fees: what the day's receipts charged before the
    /// taxes added.
    public var takings: Money {
        Money((byStylist.map(\.amount.amount) + [fees.amount]).saturatedSum(), products.currency)
    }
}
