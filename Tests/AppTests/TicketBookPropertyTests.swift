import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PropertyBased
import StorageTesting
import Testing

@testable import App
@testable import Storage

/// Random weeks of a salon selling ticket books through the API on a real database (books of visits and
/// balances sold to two customers, visits checked out paying with them, balances drawn by random amounts,
/// books ended at the customer's request with a random fee within the limit the server states, sales refunded,
/// weeks passing so that books run out of days), after which:
/// - no book has less than nothing left, nor more than it held;
/// - what each book has left is what it held less the draws of the sales standing;
/// - what the customers' books are worth unused is what the sales standing hold in them (sold less drawn),
///   and the ledger holds the same;
/// - every sale standing is paid exactly, an ending's paying back what it took off less its fee, and no
///   request is answered with a server error.
@Suite(.closesItsStores)
struct TicketBookPropertyTests {
    struct Step: Sendable, CustomStringConvertible {
        var kind: Int
        var a: Int
        var b: Int

        var description: String { ["sell", "visit", "balance", "refund", "wait", "end"][kind] + "(\(a), \(b))" }
    }

    static let steps = zip(Gen.int(in: 0...5), Gen.int(in: 0...99), Gen.int(in: 0...99))
        .map { Step(kind: $0, a: $1, b: $2) }
        .array(of: 4...14)

    static let offers =
        #"{"offers": [{"name": "Cut ×3", "kind": "visits", "serviceIds": [SERVICE], "units": 3, "price": {"amount": 17000, "currency": "JPY"}, "months": 1}, {"name": "Prepaid", "kind": "amount", "units": 10000, "price": {"amount": 9001, "currency": "JPY"}, "months": 2}]}"#

    @Test(arguments: TestDatabase.available)
    func ticketBalancesNeverGoBelowZeroAndTheSalesHoldWhatTheBooksAreWorth(database: TestDatabase) async {
        await propertyCheck(count: 8, input: Self.steps) { steps in
            let fixture = try await APIFixture.make(database: database)
            TicketBookAPITests.at(Day(year: 2027, month: 1, day: 15), fixture)
            let salon = try await CheckoutAPITests.salon(in: fixture)
            try await fixture.test(as: .manager) { client in
                var client = client
                try await client.execute(
                    uri: "/api/v1/properties/\(salon.property.id)/ticket-offers", method: .put,
                    body: ByteBuffer(
                        string: Self.offers.replacingOccurrences(of: "SERVICE", with: "\(salon.service.id)"))
                ) { #expect($0.status == .ok, "\(String(buffer: $0.body))") }
                var customers: [Int] = []
                for name in ["Ann", "Bo"] {
                    customers.append(try await CustomerAPITests.add(client, salon, #"{"name": "\#(name)"}"#))
                }
                var sales: [Int] = []
                var day = Day(year: 2027, month: 1, day: 15)
                for step in steps {
                    let customer = customers[step.a % customers.count]
                    let books = try await TicketBookAPITests.books(client, customer)
                    switch step.kind {
                    case 0:
                        let response = try await TicketBookAPITests.post(
                            client, salon,
                            #"{"customerId": \#(customer), "tickets": [{"offerId": \#(1 + step.b % 2)}], "payments": [\#(TicketBookAPITests.cash(step.b % 2 == 0 ? 17_000 : 9_001))]}"#
                        )
                        #expect(response.status == .created, "\(String(buffer: response.body)) \(steps)")
                        sales.append(try CheckoutAPITests.sale(response).value2.id)
                    case 1, 2:
                        let visit = try await CustomerAPITests.book(
                            client, salon, customer: customer, days: 0, fixture: fixture)
                        let wanted = books.filter { ($0.kind == .visits) == (step.kind == 1) }
                        guard let book = wanted.isEmpty ? nil : wanted[step.b % wanted.count] else { continue }
                        let draw =
                            step.kind == 1
                            ? #"{"ticketBookId": \#(book.id), "appointmentId": \#(visit)}"#
                            : #"{"ticketBookId": \#(book.id), "units": \#(1 + step.b * 97)}"#
                        let order = #"{"appointmentIds": [\#(visit)], "draws": [\#(draw)]"#
                        let quote = try await TicketBookAPITests.post(client, salon, order + "}", quote: true)
                        guard quote.status == .ok else {
                            // Refused only for a book past its day, one short of the draw, or a draw of more than
                            // the visit costs.
                            #expect(quote.status == .unprocessableContent, "\(String(buffer: quote.body)) \(steps)")
                            #expect(
                                ["ticket.expired", "ticket.remaining", "ticket.exceedsDue", "ticket.ended"].contains(
                                    quote.error?.error.reason?.rawValue),
                                "\(String(buffer: quote.body)) \(steps)")
                            continue
                        }
                        let due = try APIFixture.decoder.decode(
                            Components.Schemas.SaleQuote.self, from: Data(buffer: quote.body)
                        ).total.amount
                        let payments = due > 0 ? #", "payments": [\#(TicketBookAPITests.cash(due))]"# : ""
                        let response = try await TicketBookAPITests.post(client, salon, order + payments + "}")
                        #expect(response.status == .created, "\(String(buffer: response.body)) \(steps)")
                        sales.append(try CheckoutAPITests.sale(response).value2.id)
                    case 3:
                        guard !sales.isEmpty else { continue }
                        let response = try await client.execute(
                            uri: "/api/v1/sales/\(sales[step.b % sales.count])/refund", method: .post,
                            body: ByteBuffer(string: #"{"reason": "Changed mind"}"#)
                        ) { $0 }
                        // Refused only once refunded, for a book whose visits stand, or a visit of a book ended.
                        #expect(
                            response.status == .ok
                                || ["sale.refunded", "ticket.drawn", "ticket.ended"].contains(
                                    response.error?.error.reason?.rawValue),
                            "\(String(buffer: response.body)) \(steps)")
                    case 5:
                        guard let book = books.first(where: { $0.endingFeeLimit != nil }),
                            let limit = book.endingFeeLimit?.amount
                        else { continue }
                        let response = try await TicketBookAPITests.end(
                            client, customer: customer, book: book.id,
                            TicketBookAPITests.ending(
                                fee: limit * step.b / 99, method: step.b % 2 == 0 ? "cash" : "transfer"))
                        #expect(response.status == .created, "\(String(buffer: response.body)) \(steps)")
                        sales.append(try CheckoutAPITests.sale(response).value2.id)
                    default:
                        day = day.adding(days: 7 + step.b % 21)
                        TicketBookAPITests.at(day, fixture)
                        client = try await client.signedIn(as: .manager)
                    }
                }
                try await Self.expectTheBooksAgree(salon, fixture, client, customers, sales, steps)
            }
        }
    }

    static func expectTheBooksAgree(
        _ salon: AppointmentAPITests.Salon, _ fixture: APIFixture, _ client: SignedInClient, _ customers: [Int],
        _ ids: [Int], _ steps: [Step]
    ) async throws {
        var books: [Components.Schemas.TicketBook] = []
        for customer in customers { books += try await TicketBookAPITests.books(client, customer) }
        for book in books {
            #expect((0...book.units).contains(book.remaining), "\(book.name) has \(book.remaining) left: \(steps)")
        }
        var standing: [Components.Schemas.Sale] = []
        for id in ids {
            let sale = try await client.execute(uri: "/api/v1/sales/\(id)", method: .get) {
                try CheckoutAPITests.sale($0)
            }
            #expect(sale.value1.due.amount == 0, "\(steps)")
            // An ending pays back what it takes off the book less its fee; any other sale is paid for.
            let fee = sale.value1.lines.filter { $0.category == .fee }.map(\.amount.amount).reduce(0, +)
            let prepaid = sale.value1.prepaid.amount
            #expect(sale.value1.total.amount >= 0 || sale.value1.total.amount == prepaid + fee, "\(steps)")
            if sale.value2.refund == nil { standing.append(sale) }
        }
        let lines = standing.flatMap(\.value1.lines).filter { $0.category == .prepaid }
        for book in books {
            let drawn = standing.flatMap(\.value1.lines).filter {
                $0.category == .prepaid && $0.ticketBookId == book.id && $0.amount.amount < 0
            }
            let held = lines.filter { $0.ticketBookId == book.id }.map(\.amount.amount).reduce(0, +)
            #expect(held == book.unused.amount, "\(book.name) #\(book.id) holds \(held), not \(book.unused): \(steps)")
            if book.ending != nil {
                #expect(book.remaining == 0 && book.unused.amount == 0, "\(book.name) #\(book.id): \(steps)")
            } else if book.kind == .visits {
                #expect(book.units - book.remaining == drawn.count, "\(book.name) #\(book.id): \(steps)")
            }
        }
        // Books refunded are gone from the customers' lists and from the sales standing alike.
        #expect(
            lines.map(\.amount.amount).reduce(0, +) == books.map(\.unused.amount).reduce(0, +),
            "the sales hold what the books are worth: \(steps)")
        let first = Day(year: 2027, month: 1, day: 15).iso
        let ledger = try await client.execute(
            uri: "/api/v1/properties/\(salon.property.id)/ledger?from=\(first)&to=\(fixture.today.iso)", method: .get
        ) { response in
            #expect(response.status == .ok, "\(String(buffer: response.body))")
            return try APIFixture.decoder.decode(Components.Schemas.Ledger.self, from: Data(buffer: response.body))
        }
        let prepaid = ledger.lines.filter { $0.category == .prepaid }.map {
            $0.kind == .reversal ? -$0.amount.amount : $0.amount.amount
        }
        #expect(prepaid.reduce(0, +) == books.map(\.unused.amount).reduce(0, +), "the ledger holds the books: \(steps)")
    }
}
