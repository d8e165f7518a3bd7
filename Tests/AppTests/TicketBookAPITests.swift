import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import StorageTesting
import Testing

@testable import App
@testable import Storage

/// A salon's ticket books (回数券) and prepaid balances through the API on both databases, as its manager
/// and desk use them, on a fixed clock in Tokyo: offers set, a book of ten sold at the checkout (held, not
/// takings), visits paid with it (each its share of the price), a refund giving a visit back, a book with
/// visits drawn refused a refund, a balance paying part of a visit with its bonus, a book past its last
/// day refused, and the salon's unused value on the law's reference date.
@Suite(.closesItsStores)
struct TicketBookAPITests {
    typealias Salon = AppointmentAPITests.Salon

    static let offers =
        #"{"offers": [{"name": "Blow-dry ×10", "kind": "visits", "serviceIds": [SERVICE], "units": 10, "price": {"amount": 55000, "currency": "JPY"}, "months": 12}, {"name": "Prepaid 11,000", "kind": "amount", "units": 11000, "price": {"amount": 10000, "currency": "JPY"}, "months": 6}]}"#

    static func post(_ client: SignedInClient, _ salon: Salon, _ order: String, quote: Bool = false) async throws
        -> TestResponse
    {
        try await client.execute(
            uri: "/api/v1/properties/\(salon.property.id)/sales\(quote ? "/quote" : "")", method: .post,
            body: ByteBuffer(string: order))
    }

    static func books(_ client: SignedInClient, _ customer: Int) async throws -> [Components.Schemas.TicketBook] {
        try await client.execute(uri: "/api/v1/customers/\(customer)/ticket-books", method: .get) { response in
            #expect(response.status == .ok, "\(String(buffer: response.body))")
            return try APIFixture.decoder.decode(
                Components.Schemas.TicketBookList.self, from: Data(buffer: response.body)
            )
            .ticketBooks
        }
    }

    static func cash(_ amount: Int) -> String {
        #"{"method": "cash", "amount": {"amount": \#(amount), "currency": "JPY"}}"#
    }

    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    /// Moves the fixture's clock to 10:00 in Tokyo on `day`.
    static func at(_ day: Day, _ fixture: APIFixture) {
        fixture.store.clock.set(day.instant(atMinute: 10 * 60, in: tokyo))
    }

    /// The fixture's Tokyo salon (6,600 a cut, tax inside), its offers set.
    static func salon(_ fixture: APIFixture, _ client: SignedInClient) async throws -> (Salon, [Int]) {
        let salon = try await CheckoutAPITests.salon(in: fixture)
        let path = "/api/v1/properties/\(salon.property.id)/ticket-offers"
        try await client.execute(
            uri: path, method: .put,
            body: ByteBuffer(string: Self.offers.replacingOccurrences(of: "SERVICE", with: "999"))
        ) { response in
            #expect(response.status == .notFound && response.error?.error.field == "offers[0].serviceIds")
        }
        try await client.execute(
            uri: path, method: .put,
            body: ByteBuffer(
                string: Self.offers.replacingOccurrences(of: "SERVICE", with: "\(salon.service.id)")
                    .replacingOccurrences(of: #""units": 11000"#, with: #""units": 9000"#))
        ) { response in
            #expect(response.status == .badRequest && response.error?.error.field == "offers[1].price.amount")
        }
        let ids = try await client.execute(
            uri: path, method: .put,
            body: ByteBuffer(string: Self.offers.replacingOccurrences(of: "SERVICE", with: "\(salon.service.id)"))
        ) { response in
            #expect(response.status == .ok, "\(String(buffer: response.body))")
            return try APIFixture.decoder.decode(
                Components.Schemas.TicketOfferList.self, from: Data(buffer: response.body)
            )
            .offers.map(\.id)
        }
        return (salon, ids)
    }

    @Test(arguments: TestDatabase.available)
    func aBookOfTenIsHeldUntilDrawnEachVisitTakesItsShareAndARefundGivesAVisitBack(database: TestDatabase)
        async throws
    {
        let fixture = try await APIFixture.make(database: database)
        Self.at(Day(year: 2027, month: 1, day: 15), fixture)
        try await fixture.test(as: .manager) { client in
            var client = client
            let (salon, offers) = try await Self.salon(fixture, client)
            let customer = try await CustomerAPITests.add(client, salon, #"{"name": "田中 花子"}"#)

            // Sold to a customer only; then a line outside the taxes, its cooling-off date stated.
            let anonymous = try await Self.post(
                client, salon, #"{"tickets": [{"offerId": \#(offers[0])}], "payments": [\#(Self.cash(55_000))]}"#)
            #expect(anonymous.status == .badRequest && anonymous.error?.error.field == "customerId")
            let sold = try await Self.post(
                client, salon,
                #"{"customerId": \#(customer), "tickets": [{"offerId": \#(offers[0])}], "payments": [\#(Self.cash(55_000))]}"#
            )
            #expect(sold.status == .created, "\(String(buffer: sold.body))")
            let soldSale = try CheckoutAPITests.sale(sold)
            #expect(soldSale.value1.lines.map(\.category) == [.prepaid])
            #expect(soldSale.value1.prepaid.amount == 55_000 && soldSale.value1.subtotal.amount == 0)
            #expect(soldSale.value1.includedTaxes.isEmpty)
            let book = try #require(soldSale.value1.tickets.first)
            #expect(book.remaining == 10 && book.lastDay == "2028-01-14" && book.coolingOffUntil == "2027-01-22")
            let bookID = try #require(book.ticketBookId)
            #expect(soldSale.value1.lines.first?.ticketBookId == bookID)

            // Each visit paid with it: the cut's price comes down to the book's share, nothing to pay.
            var visits: [Int] = []
            for _ in 0..<3 {
                let visit = try await CustomerAPITests.book(
                    client, salon, customer: customer, days: 0, fixture: fixture)
                let order =
                    #"{"appointmentIds": [\#(visit)], "draws": [{"ticketBookId": \#(bookID), "appointmentId": \#(visit)}]}"#
                let response = try await Self.post(client, salon, order)
                #expect(response.status == .created, "\(String(buffer: response.body))")
                let sale = try CheckoutAPITests.sale(response)
                #expect(sale.value1.lines.map(\.category) == [.service, .prepaid])
                #expect(sale.value1.lines.map(\.amount.amount) == [5_500, -5_500])
                #expect(sale.value1.lines.first?.discount.amount == 1_100 && sale.value1.total.amount == 0)
                #expect(sale.value1.includedTaxes.first?.amount.amount == 500)
                #expect(sale.value1.tickets.map(\.remaining) == [9 - visits.count])
                visits.append(sale.value2.id)
                // The same visit is not paid twice.
                let again = try await Self.post(client, salon, order)
                #expect(again.status == .conflict && again.error?.error.reason?.rawValue == "sale.checkedOut")
            }
            var listed = try await Self.books(client, customer)
            #expect(listed.map(\.remaining) == [7] && listed.map(\.unused.amount) == [38_500])
            #expect(listed.first?.usable == true && listed.first?.instrument == true)

            // Its own sale is not refunded while visits paid with it stand; a visit's refund gives it back.
            let refused = try await client.execute(
                uri: "/api/v1/sales/\(soldSale.value2.id)/refund", method: .post,
                body: ByteBuffer(string: #"{"reason": "Moved away"}"#)
            ) { $0 }
            #expect(refused.status == .conflict && refused.error?.error.reason?.rawValue == "ticket.drawn")
            try await client.execute(
                uri: "/api/v1/sales/\(visits[2])/refund", method: .post,
                body: ByteBuffer(string: #"{"reason": "Wrong book"}"#)
            ) { #expect($0.status == .ok, "\(String(buffer: $0.body))") }
            listed = try await Self.books(client, customer)
            #expect(listed.map(\.remaining) == [8])

            // A balance of 11,000 bought for 10,000 pays 6,600 of a visit: 600 of it is its bonus.
            let balance = try await Self.post(
                client, salon,
                #"{"customerId": \#(customer), "tickets": [{"offerId": \#(offers[1])}], "payments": [\#(Self.cash(10_000))]}"#
            )
            #expect(balance.status == .created, "\(String(buffer: balance.body))")
            let balanceID = try #require(try CheckoutAPITests.sale(balance).value1.tickets.first?.ticketBookId)
            let visit = try await CustomerAPITests.book(client, salon, customer: customer, days: 0, fixture: fixture)
            let paid = try await Self.post(
                client, salon,
                #"{"appointmentIds": [\#(visit)], "draws": [{"ticketBookId": \#(balanceID), "units": 6600}]}"#)
            #expect(paid.status == .created, "\(String(buffer: paid.body))")
            let paidSale = try CheckoutAPITests.sale(paid)
            #expect(paidSale.value1.lines.map(\.amount.amount) == [6_000, -6_000])
            #expect(paidSale.value1.tickets.map(\.remaining) == [4_400])
            let next = try await CustomerAPITests.book(client, salon, customer: customer, days: 0, fixture: fixture)
            let short = try await Self.post(
                client, salon,
                #"{"appointmentIds": [\#(next)], "draws": [{"ticketBookId": \#(balanceID), "units": 6600}]}"#,
                quote: true)
            #expect(short.status == .unprocessableContent && short.error?.error.reason?.rawValue == "ticket.remaining")
            #expect(short.error?.error.field == "draws[0].units")
            // The rest of the balance, and cash for what it does not cover.
            let rest = try await Self.post(
                client, salon,
                #"{"appointmentIds": [\#(next)], "draws": [{"ticketBookId": \#(balanceID), "units": 4400}], "payments": [\#(Self.cash(2_200))]}"#
            )
            #expect(rest.status == .created, "\(String(buffer: rest.body))")
            #expect(try CheckoutAPITests.sale(rest).value1.lines.map(\.amount.amount) == [6_200, -4_000])

            // The day closed: the visits' shares are its takings, the books sold less drawn are held apart.
            let figures = try await CheckoutAPITests.closeDay(client, salon, "2027-01-15")
            #expect(figures.takings.amount == 5_500 * 2 + 6_000 + 6_200)
            #expect(figures.prepaid?.amount == 55_000 - 5_500 * 2 + 10_000 - 6_000 - 4_000)

            // On 1 April the desk reads the balance of 31 March: the book of ten runs beyond six months and
            // counts; the balance runs six and does not.
            Self.at(Day(year: 2027, month: 4, day: 1), fixture)
            client = try await client.signedIn(as: .manager)
            try await client.execute(
                uri: "/api/v1/properties/\(salon.property.id)/ticket-balances", method: .get
            ) { response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                let balances = try APIFixture.decoder.decode(
                    Components.Schemas.TicketBalances.self, from: Data(buffer: response.body))
                #expect(balances.date == "2027-04-01" && balances.threshold?.amount == 10_000_000)
                #expect(balances.unused.amount == 44_000 && balances.books == 2)
                #expect(
                    balances.referenceDates.map(\.date) == ["2027-03-31", "2026-09-30", "2026-03-31", "2025-09-30"])
                #expect(balances.referenceDates.first?.unused.amount == 44_000)
                #expect(
                    balances.referenceDates.first?.books == 1 && balances.referenceDates.first?.overThreshold == false)
                #expect(balances.referenceDates.dropFirst().allSatisfy { $0.books == 0 })
                // The next, 30 September, as the books stand: the book of ten still valid then.
                #expect(balances.nextReferenceDate?.date == "2027-09-30")
                #expect(balances.nextReferenceDate?.unused.amount == 44_000 && balances.nextReferenceDate?.books == 1)
            }

            // A year and a day after its sale, the book of ten is past its last day.
            Self.at(Day(year: 2028, month: 1, day: 15), fixture)
            client = try await client.signedIn(as: .manager)
            let late = try await CustomerAPITests.book(client, salon, customer: customer, days: 0, fixture: fixture)
            let expired = try await Self.post(
                client, salon,
                #"{"appointmentIds": [\#(late)], "draws": [{"ticketBookId": \#(bookID), "appointmentId": \#(late)}]}"#,
                quote: true)
            #expect(
                expired.status == .unprocessableContent && expired.error?.error.reason?.rawValue == "ticket.expired")
            #expect(expired.error?.error.params?.additionalProperties["lastDay"] == "2028-01-14")
            #expect(try await Self.books(client, customer).map(\.usable) == [false, false])
        }
    }

    static func end(_ client: SignedInClient, customer: Int, book: Int, _ body: String) async throws -> TestResponse {
        try await client.execute(
            uri: "/api/v1/customers/\(customer)/ticket-books/\(book)/ending", method: .post,
            body: ByteBuffer(string: body)
        ) { $0 }
    }

    static func ending(fee: Int, method: String = "cash", reason: String = "Moving to Osaka") -> String {
        #"{"fee": {"amount": \#(fee), "currency": "JPY"}, "method": "\#(method)", "reason": "\#(reason)"}"#
    }

    @Test(arguments: TestDatabase.available)
    func aCourseEndedAfterItsCoolingOffPaysBackWhatWasNotUsedLessAFeeTheLawCaps(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        Self.at(Day(year: 2027, month: 1, day: 15), fixture)
        try await fixture.test(as: .manager) { client in
            var client = client
            let (salon, offers) = try await Self.salon(fixture, client)
            let customer = try await CustomerAPITests.add(client, salon, #"{"name": "田中 花子"}"#)
            let other = try await CustomerAPITests.add(client, salon, #"{"name": "佐藤 一郎"}"#)
            let sold = try await Self.post(
                client, salon,
                #"{"customerId": \#(customer), "tickets": [{"offerId": \#(offers[0])}, {"offerId": \#(offers[1])}], "payments": [\#(Self.cash(65_000))]}"#
            )
            #expect(sold.status == .created, "\(String(buffer: sold.body))")
            let books = try CheckoutAPITests.sale(sold).value1.tickets.compactMap(\.ticketBookId)
            let (course, balance) = (books[0], books[1])
            var visits: [Int] = []
            for _ in 0..<3 {
                let visit = try await CustomerAPITests.book(
                    client, salon, customer: customer, days: 0, fixture: fixture)
                let paid = try await Self.post(
                    client, salon,
                    #"{"appointmentIds": [\#(visit)], "draws": [{"ticketBookId": \#(course), "appointmentId": \#(visit)}]}"#
                )
                #expect(paid.status == .created, "\(String(buffer: paid.body))")
                visits.append(try CheckoutAPITests.sale(paid).value2.id)
            }

            // Within the eight days of cooling-off the salon keeps nothing.
            var listed = try await Self.books(client, customer)
            #expect(listed.map(\.endingFeeLimit?.amount) == [10_000, 0])
            var refused = try await Self.end(client, customer: customer, book: course, Self.ending(fee: 1))
            #expect(refused.status == .unprocessableContent, "\(String(buffer: refused.body))")
            #expect(refused.error?.error.reason?.rawValue == "ticket.feeOverLimit")
            #expect(refused.error?.error.params?.additionalProperties["limit"] == "0")

            // After them, a tenth of the 38,500 not used: 3,850 (under ¥20,000).
            Self.at(Day(year: 2027, month: 2, day: 1), fixture)
            client = try await client.signedIn(as: .manager)
            listed = try await Self.books(client, customer)
            #expect(listed.last?.endingFeeLimit?.amount == 3_850 && listed.last?.unused.amount == 38_500)
            refused = try await Self.end(client, customer: customer, book: course, Self.ending(fee: 3_851))
            #expect(refused.error?.error.reason?.rawValue == "ticket.feeOverLimit")
            #expect(refused.error?.error.field == "fee.amount")
            #expect(refused.error?.error.params?.additionalProperties["limit"] == "3850")
            refused = try await Self.end(client, customer: customer, book: course, Self.ending(fee: 0, method: "qr"))
            #expect(refused.status == .badRequest && refused.error?.error.field == "method")
            refused = try await Self.end(client, customer: customer, book: course, Self.ending(fee: 0, reason: " "))
            #expect(refused.status == .badRequest && refused.error?.error.field == "reason")
            refused = try await Self.end(client, customer: other, book: course, Self.ending(fee: 0))
            #expect(refused.status == .notFound)

            let ended = try await Self.end(client, customer: customer, book: course, Self.ending(fee: 3_850))
            #expect(ended.status == .created, "\(String(buffer: ended.body))")
            let endingSale = try CheckoutAPITests.sale(ended)
            #expect(endingSale.value1.lines.map(\.category) == [.prepaid, .fee])
            #expect(endingSale.value1.lines.map(\.amount.amount) == [-38_500, 3_850])
            #expect(endingSale.value1.lines.first?.ticketBookId == course)
            #expect(endingSale.value1.payments.map(\.value1.method) == [.cash])
            #expect(endingSale.value1.payments.map(\.value1.amount.amount) == [-34_650])
            #expect(endingSale.value1.total.amount == -34_650 && endingSale.value1.due.amount == 0)
            #expect(endingSale.value1.includedTaxes.isEmpty)
            #expect(endingSale.value1.tickets.map(\.remaining) == [0])
            #expect(endingSale.value1.tickets.map(\.endedOn) == ["2027-02-01"])
            listed = try await Self.books(client, customer)
            #expect(listed.last?.remaining == 0 && listed.last?.unused.amount == 0 && listed.last?.usable == false)
            #expect(listed.last?.ending?.day == "2027-02-01" && listed.last?.ending?.reason == "Moving to Osaka")
            #expect(listed.last?.endingFeeLimit == nil && listed.last?.ending?.saleId == endingSale.value2.id)

            // Ended once; and no visit is paid with it after.
            refused = try await Self.end(client, customer: customer, book: course, Self.ending(fee: 0))
            #expect(refused.error?.error.reason?.rawValue == "ticket.ended")
            #expect(refused.error?.error.params?.additionalProperties["day"] == "2027-02-01")
            let visit = try await CustomerAPITests.book(client, salon, customer: customer, days: 0, fixture: fixture)
            refused = try await Self.post(
                client, salon,
                #"{"appointmentIds": [\#(visit)], "draws": [{"ticketBookId": \#(course), "appointmentId": \#(visit)}]}"#,
                quote: true)
            #expect(refused.error?.error.reason?.rawValue == "ticket.ended")

            // The balance, no instrument nor course: the salon's terms, all of it at most; paid back by transfer.
            let transfer = try await Self.end(
                client, customer: customer, book: balance, Self.ending(fee: 0, method: "transfer"))
            #expect(transfer.status == .created, "\(String(buffer: transfer.body))")
            #expect(try CheckoutAPITests.sale(transfer).value1.payments.map(\.value1.amount.amount) == [-10_000])

            // The day's ledger: cash and transfers out, the fee its takings, the books no longer held.
            let ledger = try await CheckoutAPITests.ledger(client, salon, "2027-02-01")
            #expect(ledger.payments.first { $0.method == .cash }?.amount.amount == -34_650)
            #expect(ledger.payments.first { $0.method == .transfer }?.amount.amount == -10_000)
            let figures = try await CheckoutAPITests.closeDay(client, salon, "2027-02-01")
            #expect(figures.fees.amount == 3_850 && figures.takings.amount == 3_850)
            #expect(figures.prepaid?.amount == -38_500 - 10_000)
            #expect(figures.receipts == 2)

            // The salon's balance: nothing held of either.
            try await client.execute(uri: "/api/v1/properties/\(salon.property.id)/ticket-balances", method: .get) {
                let balances = try APIFixture.decoder.decode(
                    Components.Schemas.TicketBalances.self, from: Data(buffer: $0.body))
                #expect(balances.unused.amount == 0 && balances.books == 0)
                #expect(balances.nextReferenceDate?.books == 0)
            }

            // The ending's refund undoes it: the book is as it was, to end again. Not a visit's first: what the
            // ending paid back was the book as the visits left it.
            Self.at(Day(year: 2027, month: 2, day: 2), fixture)
            client = try await client.signedIn(as: .manager)
            try await client.execute(
                uri: "/api/v1/sales/\(visits[0])/refund", method: .post,
                body: ByteBuffer(string: #"{"reason": "Wrong book"}"#)
            ) { response in
                #expect(response.status == .conflict && response.error?.error.reason?.rawValue == "ticket.ended")
                #expect(response.error?.error.params?.additionalProperties["day"] == "2027-02-01")
            }
            try await client.execute(
                uri: "/api/v1/sales/\(endingSale.value2.id)/refund", method: .post,
                body: ByteBuffer(string: #"{"reason": "Ended by mistake"}"#)
            ) { #expect($0.status == .ok, "\(String(buffer: $0.body))") }
            listed = try await Self.books(client, customer)
            #expect(listed.last?.remaining == 7 && listed.last?.unused.amount == 38_500 && listed.last?.ending == nil)
            #expect(listed.last?.usable == true && listed.last?.endingFeeLimit?.amount == 3_850)
        }
    }
}
