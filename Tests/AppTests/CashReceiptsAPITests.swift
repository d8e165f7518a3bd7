import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StorageTesting
import Testing

@testable import App

/// A Seoul salon's cash receipts (현금영수증): ₩120,000 paid in cash by a customer who gives no number is
/// listed as an anonymous receipt due within 5 days; a card payment and a cash one under ₩100,000 are not;
/// a mistyped approval number is refused, the right one recorded once, and the list is empty after.
@Suite(.closesItsStores, .serialized)
struct CashReceiptsAPITests {
    @Test(arguments: TestDatabase.available)
    func cashOfAHundredThousandWonOrMoreIsListedUntilItsReceiptIsRecorded(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let salon = try await fixture.store.properties.insert(
            Property(
                id: 0, name: "Salon Dain", kind: .salon, region: "Seoul", city: "Seongsu", latitude: 37.54,
                longitude: 127.05, timeZoneID: "Asia/Seoul", currency: .krw))
        try await fixture.staff(salon.id)
        try await fixture.test(as: .manager) { client in
            let base = "/api/v1/properties/\(salon.id)"
            let products =
                #"{"products": [{"name": "Treatment set", "price": {"amount": 120000, "currency": "KRW"}}, {"name": "Oil", "price": {"amount": 50000, "currency": "KRW"}}]}"#
            let list = try StayActionsAPITests.decode(
                Components.Schemas.ProductList.self,
                try await client.execute(uri: "\(base)/products", method: .put, body: ByteBuffer(string: products)))
            let (set, oil) = (list.products[0].id, list.products[1].id)
            for (product, method, amount) in [
                (set, "cash", 120_000), (set, "card_terminal", 120_000), (oil, "cash", 50_000),
            ] {
                let order =
                    #"{"appointmentIds": [], "items": [{"productId": \#(product)}], "payments": [{"method": "\#(method)", "amount": {"amount": \#(amount), "currency": "KRW"}}]}"#
                let sold = try await client.execute(
                    uri: "\(base)/sales", method: .post, body: ByteBuffer(string: order))
                #expect(sold.status == .created, "\(String(buffer: sold.body))")
                // The sale says so of its payment.
                let said = String(buffer: sold.body).contains(#""cashReceiptDue":true"#)
                #expect(said == (method == "cash" && amount == 120_000), "\(method) \(amount)")
            }
            let due = try await client.execute(uri: "\(base)/cash-receipts", method: .get) {
                try StayActionsAPITests.decode(Components.Schemas.CashReceiptsDue.self, $0)
            }
            #expect(due.applies && due.anonymousNumber == "010-000-1234")
            let payment = try #require(due.payments.first)
            #expect(due.payments.count == 1 && payment.amount.amount == 120_000 && payment.method == .cash)
            let today = try #require(Day(iso: due.today))
            #expect(payment.receivedOn == today.iso && payment.dueBy == today.adding(days: 5).iso)
            #expect(payment.reference == "RCT-000001" && payment.approvalNumber == nil)

            let record = { (json: String) in
                try await client.execute(uri: "\(base)/cash-receipts", method: .post, body: ByteBuffer(string: json))
            }
            let entry = #""source": "sale", "entryId": \#(payment.entryId)"#
            for (json, field) in [
                (#"{\#(entry), "approvalNumber": "8201-16333"}"#, "approvalNumber"),
                (#"{\#(entry), "approvalNumber": "820116333", "identifier": "010-12"}"#, "identifier"),
            ] {
                let refused = try await record(json)
                #expect(refused.status == .badRequest && refused.error?.error.field == field)
            }
            let recorded = try StayActionsAPITests.decode(
                Components.Schemas.CashPayment.self, try await record(#"{\#(entry), "approvalNumber": "820116333"}"#))
            #expect(recorded.approvalNumber == "820116333" && recorded.issuedTo == "010-000-1234")
            let after = try await client.execute(uri: "\(base)/cash-receipts", method: .get) {
                try StayActionsAPITests.decode(Components.Schemas.CashReceiptsDue.self, $0)
            }
            #expect(after.payments.isEmpty)
            let twice = try await record(#"{\#(entry), "approvalNumber": "820116334"}"#)
            #expect(twice.status == .notFound && twice.error?.error.field == "entryId")

            // A Thai hotel owes none.
            let thai = try await client.execute(
                uri: "/api/v1/properties/\(fixture.property.id)/cash-receipts", method: .get
            ) {
                try StayActionsAPITests.decode(Components.Schemas.CashReceiptsDue.self, $0)
            }
            #expect(!thai.applies && thai.payments.isEmpty)
        }
    }
}
