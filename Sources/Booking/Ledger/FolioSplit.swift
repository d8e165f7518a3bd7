/// Who pays one of a stay's folios.
public enum FolioPayer: Hashable, Sendable {
    /// The stay's own guest: folio 1's payer, always.
    case guest
    /// Another guest, by name (a couple splitting the stay, a friend paying the extras).
    case person(name: String)
    /// A company of the property's accounts (`Company`), billed for its folios once a month.
    case company(id: Int)

    public var companyID: Int? {
        guard case .company(let id) = self else { return nil }
        return id
    }
}

/// How a stay's account is split between payers: its folios, numbered from 1 (the guest's own), each
/// with its payer, and the routes that send kinds of charge to a folio (rooms to the company, the rest
/// to the guest). A charge goes where its kind is routed, else to folio 1; a payment to the folio it
/// pays; a reversal to the folio of the line it reverses; the taxes added on a folio's charges to that
/// folio, each folio being its own invoice (`StayCharges`). Changing the routes moves nothing already
/// posted: a line moves by hand (`Accounts.move`), as its reversal and the same line on the other folio.
public struct FolioSplit: Hashable, Sendable {
    /// One folio and who pays it.
    public struct Bill: Hashable, Sendable {
        public var number: Int
        public var payer: FolioPayer

        public init(number: Int, payer: FolioPayer) {
            self.number = number
            self.payer = payer
        }
    }

    /// The folios, by number; the first is always 1, the guest's.
    public private(set) var bills: [Bill]
    /// Where each kind of charge goes; a kind not routed goes to folio 1.
    public private(set) var routes: [ChargeCategory: Int]

    /// The guest's own folio, which every stay has.
    public static let guestsFolio = 1
    /// The most folios one stay is split into.
    public static let maxFolios = 8
    /// The longest name of a person paying a folio.
    public static let nameLimit = 120

    /// A split of `bills` (folio 1 added as the guest's when missing) and `routes`, sorted by number.
    /// Not checked: `validate` does.
    public init(bills: [Bill] = [], routes: [ChargeCategory: Int] = [:]) {
        var bills = bills.sorted { $0.number < $1.number }
        if bills.first?.number != Self.guestsFolio {
            bills.insert(Bill(number: Self.guestsFolio, payer: .guest), at: 0)
        }
        self.bills = bills
        self.routes = routes
    }

    /// The kinds of charge a route may name, in the order the desk offers them: a tax line follows the charges
    /// it is on, and a salon's deposits and products are a salon's own (its visits charged to a room are not).
    public static let routable: [ChargeCategory] = [.room, .fee, .minibar, .laundry, .food, .service, .salon, .other]

    /// Checks the split as staff set it, naming the field (a folio's by its number, `folios.2.name`): folios numbered 1 to `maxFolios` once each,
    /// folio 1 the guest's and only folio 1, a person's name of one line, each route to a folio there is.
    public func validate() throws(DomainError) {
        guard bills.count <= Self.maxFolios else {
            throw .invalid(
                "folios", "a stay is split into at most \(Self.maxFolios) folios", reason: .folioTooMany,
                params: ["limit": String(Self.maxFolios)])
        }
        var seen: Set<Int> = []
        for bill in bills {
            // Each folio's fields are named by its number: `folios.2.name`.
            let field = "folios.\(bill.number)"
            guard (1...Self.maxFolios).contains(bill.number), seen.insert(bill.number).inserted else {
                throw .invalid("\(field).number", "folios are numbered 1 to \(Self.maxFolios), each once")
            }
            switch bill.payer {
            case .guest:
                guard bill.number == Self.guestsFolio else {
                    throw .invalid("\(field).payer", "the guest pays folio 1: another folio has another payer")
                }
            case .person(let name):
                guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw .invalid("\(field).name", "name who pays this folio", reason: .textRequired)
                }
                try FreeText.validate(name, field: "\(field).name", limit: Self.nameLimit, lines: false)
            case .company(let id):
                guard id > 0 else { throw .invalid("\(field).companyId", "no company \(id)") }
            }
            guard bill.number != Self.guestsFolio || bill.payer == .guest else {
                throw .invalid("\(field).payer", "folio 1 is the guest's own")
            }
        }
        for category in routes.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            guard Self.routable.contains(category) else {
                throw .invalid(
                    "routes.\(category.rawValue)", "taxes follow the charges they are on, deposits stay with the visit")
            }
            guard seen.contains(routes[category]!) else {
                throw .invalid("routes.\(category.rawValue)", "there is no folio \(routes[category]!)")
            }
        }
    }

    public var numbers: [Int] { bills.map(\.number) }

    public func payer(of number: Int) -> FolioPayer? {
        bills.first { $0.number == number }?.payer
    }

    /// The folio a charge of `category` goes to.
    public func folio(for category: ChargeCategory?) -> Int {
        category.flatMap { routes[$0] } ?? Self.guestsFolio
    }

    /// The folios a company pays, which check-out leaves open for the company's monthly invoice.
    public var companyFolios: [Int] {
        bills.filter { $0.payer.companyID != nil }.map(\.number)
    }
}
