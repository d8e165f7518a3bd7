import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PropertyBased
import Storage
import StorageTesting
import Testing

@testable import App

/// Random sequences of two stays' bills split between payers through the API, on each database (folios
/// added and taken away, another guest's or a company's; kinds of charge routed; extras charged, paid on a
/// folio, reversed, moved between folios; nights added and given up; the hotel's spa charging a sale to the
/// room and refunding one), after which, for each stay:
/// - every line is on exactly one of its folios, and a reversal on the folio of what it reverses;
/// - its folios' totals are their lines', and they add up to the stay's;
/// - each folio bears VAT on its own charges, 7 % rounded once for the folio (none on the spa's lines);
/// - its spa lines standing are the spa's sales charged to it and not refunded, each once;
/// - an invoice of a folio bills what that folio holds;
/// and the day's ledger is the sum of the folios' lines, whatever moved where. No request is answered
/// with a server error.
@Suite(.closesItsStores)
struct FolioSplitPropertyTests {
    typealias Folio = Components.Schemas.Folio

    struct Step: Sendable, CustomStringConvertible {
        var kind: Int
        var a: Int
        var b: Int

        var description: String {
            ["split", "charge", "pay", "reverse", "move", "nights", "spa", "spaRefund"][kind] + "(\(a), \(b))"
        }
    }

    /// Splits and moves more often than the rest, so that lines land on many folios.
    static let kinds = [0, 0, 0, 1, 1, 2, 3, 4, 4, 4, 5, 6, 6, 7]

    static let steps = zip(Gen.int(in: 0...(kinds.count - 1)), Gen.int(in: 0...999), Gen.int(in: 0...999))
        .map { Step(kind: kinds[$0], a: $1, b: $2) }
        .array(of: 4...16)

    static let routable = ["room", "minibar", "laundry", "food", "salon"]

    @Test(arguments: TestDatabase.available)
    func everyLineIsOnOneFolioAndTheFoliosAddUp(database: TestDatabase) async {
        await propertyCheck(count: 8, input: Self.steps) { steps in
            let fixture = try await APIFixture.make(database: database)
            try await fixture.test(as: .manager) { client in
                let base = "/api/v1/properties/\(fixture.property.id)"
                let taxes = #"{"taxes": [{"name": "VAT", "basis": "share", "basisPoints": 700}]}"#
                #expect(
                    try await client.execute(uri: base + "/taxes", method: .put, body: ByteBuffer(string: taxes))
                        .status == .ok)
                var companies: [Int] = []
                for name in ["Lanna Trading", "Doi Tours"] {
                    companies.append(
                        try await client.execute(
                            uri: base + "/companies", method: .post,
                            body: ByteBuffer(string: #"{"name": "\#(name)", "address": "Chiang Mai"}"#)
                        ) {
                            #expect($0.status == .created)
                            return try StayActionsAPITests.decode(Components.Schemas.Company.self, $0).id
                        })
                }
                var stays: [Int] = []
                for room in fixture.rooms {
                    let id = try await StayActionsAPITests.bookToday(client, fixture, room: room.id, nights: 2)
                    try await client.execute(
                        uri: "/api/v1/stays/\(id)/check-in", method: .post,
                        body: ByteBuffer(string: #"{"override": true}"#)
                    ) { #expect($0.status == .ok) }
                    stays.append(id)
                }
                let spa = try await Self.spa(fixture)
                /// The spa's sales charged to a stay: the sale, the stay, its total, and whether it is refunded.
                var spaSales: [(sale: Int, stay: Int, total: Int, refunded: Bool)] = []
                for step in steps {
                    let id = stays[step.a % stays.count]
                    switch step.kind {
                    case 6:
                        let sale = try await Self.chargeToRoom(spa, stay: id, quantity: 1 + step.b % 3, client, steps)
                        spaSales.append((sale.id, id, sale.total, false))
                    case 7:
                        let standing = spaSales.indices.filter { !spaSales[$0].refunded }
                        guard !standing.isEmpty else { continue }
                        let index = standing[step.b % standing.count]
                        let response = try await client.execute(
                            uri: "/api/v1/sales/\(spaSales[index].sale)/refund", method: .post,
                            body: ByteBuffer(string: #"{"reason": "Wrong"}"#))
                        #expect(response.status == .ok, "\(steps): \(String(buffer: response.body))")
                        spaSales[index].refunded = true
                    default:
                        try await Self.perform(step, stay: id, companies: companies, fixture, client)
                    }
                }
                var charged = 0
                var paid = 0
                for id in stays {
                    let folio = try await Self.folio(client, id)
                    Self.check(folio, after: steps)
                    let spaLines = folio.entries.filter { $0.category == .salon && $0.kind == .charge && !$0.reversed }
                    let owed = spaSales.filter { $0.stay == id && !$0.refunded }.map(\.total)
                    #expect(spaLines.map(\.amount.amount).sorted() == owed.sorted(), "\(steps): stay \(id)'s spa lines")
                    charged += folio.totalCharges.amount
                    paid += folio.totalPayments.amount
                    try await Self.checkInvoice(of: folio, stay: id, client, after: steps)
                }
                let day = fixture.today.iso
                let ledger = try await client.execute(uri: base + "/ledger?from=\(day)&to=\(day)", method: .get) {
                    try StayActionsAPITests.decode(Components.Schemas.Ledger.self, $0)
                }
                #expect(ledger.totalCharges.amount == charged, "\(steps)")
                #expect(ledger.totalPayments.amount == paid, "\(steps)")
            }
        }
    }

    static func folio(_ client: SignedInClient, _ id: Int) async throws -> Folio {
        try await client.execute(uri: "/api/v1/stays/\(id)/folio", method: .get) {
            try StayActionsAPITests.decode(Folio.self, $0)
        }
    }

    /// The hotel's spa, linked to charge its guests' rooms, selling one product (350.00 baht, its 7 % VAT added).
    static func spa(_ fixture: APIFixture) async throws -> (salon: Int, product: Int) {
        let salon = try await CheckoutAPITests.thaiSalon(in: fixture)
        _ = try await fixture.store.sales.updateProducts(
            [Product(id: 1, name: "Massage oil", price: .whole(350, .thb))], propertyID: salon.property.id, by: nil)
        _ = try await fixture.store.roomCharges.link(
            salonID: salon.property.id, hotelID: fixture.property.id, by: nil)
        return (salon.property.id, 1)
    }

    /// A sale of the spa's product charged to stay `id`'s room, for the total the spa quotes.
    static func chargeToRoom(
        _ spa: (salon: Int, product: Int), stay id: Int, quantity: Int, _ client: SignedInClient, _ steps: [Step]
    ) async throws -> (id: Int, total: Int) {
        let items = #"[{"productId": \#(spa.product), "quantity": \#(quantity)}]"#
        let quote = try await client.execute(
            uri: "/api/v1/properties/\(spa.salon)/sales/quote", method: .post,
            body: ByteBuffer(string: #"{"items": \#(items)}"#)
        ) { try StayActionsAPITests.decode(Components.Schemas.SaleQuote.self, $0) }
        return try await client.execute(
            uri: "/api/v1/properties/\(spa.salon)/sales", method: .post,
            body: ByteBuffer(
                string:
                    #"{"items": \#(items), "payments": [{"method": "room", "amount": {"amount": \#(quote.total.amount), "currency": "THB"}, "stayId": \#(id)}]}"#
            )
        ) { response in
            #expect(response.status == .created, "\(steps): \(String(buffer: response.body))")
            return (try CheckoutAPITests.sale(response).value2.id, quote.total.amount)
        }
    }

    static func perform(
        _ step: Step, stay id: Int, companies: [Int], _ fixture: APIFixture, _ client: SignedInClient
    ) async throws {
        let folio = try await folio(client, id)
        let numbers = (folio.folios ?? []).map(\.number)
        let standing = folio.entries.filter { $0.kind != .reversal && !$0.reversed && $0.category != .tax }
        var (method, path, body): (HTTPRequest.Method, String, String)
        switch step.kind {
        case 0:
            // Folios 2… up to 4, each another guest's or a company's; some kinds routed to one of them.
            let count = step.b % 4
            let folios = (0..<count).map { index in
                index % 2 == 0
                    ? #"{"number": \#(index + 2), "companyId": \#(companies[(step.a + index) % companies.count])}"#
                    : #"{"number": \#(index + 2), "name": "Guest \#(index + 2)"}"#
            }
            let routes = routable.enumerated().compactMap { index, kind in
                (step.a >> index) & 1 == 1 ? #""\#(kind)": \#(1 + (step.b + index) % (count + 1))"# : nil
            }
            (method, path, body) = (
                .put, "folio/split",
                #"{"folios": [\#(folios.joined(separator: ", "))], "routes": {\#(routes.joined(separator: ", "))}}"#
            )
            // A folio taken away that holds lines is refused, and only then.
            let kept = Set(2..<(count + 2)).union([1])
            let losesLines = folio.entries.contains { !kept.contains($0.folio ?? 1) }
            let response = try await client.execute(
                uri: "/api/v1/stays/\(id)/\(path)", method: method, body: .init(string: body))
            #expect(
                response.status == (losesLines ? .unprocessableContent : .ok),
                "\(step): \(String(buffer: response.body))")
            return
        case 1:
            let kind = ["minibar", "laundry", "food"][step.b % 3]
            (method, path, body) = (
                .post, "charges",
                #"{"description": "Extra", "category": "\#(kind)", "amount": {"amount": \#(100 + step.b * 37), "currency": "THB"}}"#
            )
        case 2:
            // Sometimes a folio the stay has not: refused, never a server error.
            let target = step.b % 5 == 4 ? 7 : numbers[step.b % numbers.count]
            (method, path, body) = (
                .post, "payments",
                #"{"method": "cash", "folio": \#(target), "amount": {"amount": \#(500 + step.b * 91), "currency": "THB"}}"#
            )
        case 3:
            guard !standing.isEmpty else { return }
            let line = standing[step.b % standing.count]
            (method, path, body) = (.post, "reversals", #"{"entryId": \#(line.id), "reason": "Wrong"}"#)
        case 4:
            guard !standing.isEmpty else { return }
            let first = standing[step.b % standing.count]
            let lines = Set([first.id, standing[step.a % standing.count].id])
            // Another folio than the first line's, when there is one (a line already there is refused).
            let others = numbers.filter { $0 != first.folio ?? 1 }
            let target = others.isEmpty ? 1 : others[(step.a + step.b) % others.count]
            (method, path, body) = (
                .post, "folio/moves",
                #"{"entryIds": [\#(lines.map(String.init).joined(separator: ", "))], "folio": \#(target)}"#
            )
        default:
            let stay = try await StayHistoryPropertyTests.History.stay(client, id)
            let departure = fixture.today.adding(days: 1 + step.b % 4)
            let response = try await client.execute(
                uri: "/api/v1/stays/\(id)", method: .patch, headers: [.ifMatch: "\"\(stay.version)\""],
                body: ByteBuffer(string: #"{"departure": "\#(departure.iso)"}"#))
            #expect(response.status.code < 500, "\(step): \(String(buffer: response.body))")
            return
        }
        let response = try await client.execute(
            uri: "/api/v1/stays/\(id)/\(path)", method: method, body: ByteBuffer(string: body))
        #expect(response.status.code < 500, "\(step): \(String(buffer: response.body))")
    }

    static func check(_ folio: Folio, after steps: [Step]) {
        let parts = folio.folios ?? []
        let numbers = Set(parts.map(\.number))
        let byID = Dictionary(uniqueKeysWithValues: folio.entries.map { ($0.id, $0) })
        for entry in folio.entries {
            #expect(numbers.contains(entry.folio ?? 1), "\(steps): line \(entry.id) on no folio")
            if let reversed = entry.reverses {
                #expect(byID[reversed]?.folio == entry.folio, "\(steps): reversal \(entry.id) on another folio")
            }
        }
        var balance = 0
        for part in parts {
            let lines = folio.entries.filter { ($0.folio ?? 1) == part.number && $0.kind != .reversal && !$0.reversed }
            let charges = lines.filter { $0.kind == .charge }
            let charged = charges.map(\.amount.amount).reduce(0, +)
            let payments = lines.filter { $0.kind == .payment }.map(\.amount.amount).reduce(0, +)
            #expect(part.totalCharges.amount == charged, "\(steps): folio \(part.number)")
            #expect(part.totalPayments.amount == payments, "\(steps): folio \(part.number)")
            #expect(part.balance.amount == charged - payments, "\(steps): folio \(part.number)")
            balance += part.balance.amount
            // VAT 7 % of the folio's own charges, rounded half up once for the folio.
            let taxable = charges.filter { $0.category != .tax && $0.category != .salon }.map(\.amount.amount)
                .reduce(0, +)
            let vat = charges.filter { $0.category == .tax }.map(\.amount.amount).reduce(0, +)
            #expect(vat == (taxable * 700 + 5_000) / 10_000, "\(steps): folio \(part.number)'s VAT")
        }
        #expect(balance == folio.balance.amount, "\(steps)")
    }

    /// An invoice of the fullest folio bills what it holds (and names the company that pays it).
    static func checkInvoice(of folio: Folio, stay id: Int, _ client: SignedInClient, after steps: [Step])
        async throws
    {
        guard let part = (folio.folios ?? []).max(by: { $0.totalCharges.amount < $1.totalCharges.amount }),
            part.totalCharges.amount > 0
        else { return }
        let document = try await client.execute(
            uri: "/api/v1/stays/\(id)/documents", method: .post,
            body: ByteBuffer(string: #"{"kind": "invoice", "folio": \#(part.number)}"#)
        ) {
            #expect($0.status == .created, "\(steps): \(String(buffer: $0.body))")
            return try StayActionsAPITests.decode(Components.Schemas.FolioDocument.self, $0)
        }
        #expect(document.folio == part.number && document.totalCharges.amount == part.totalCharges.amount, "\(steps)")
        #expect((document.buyer != nil) == (part.payer == .company), "\(steps)")
    }
}
