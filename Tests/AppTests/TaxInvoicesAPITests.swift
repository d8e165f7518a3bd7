import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StorageTesting
import Testing

@testable import App

/// A Chiang Mai hotel's tax invoices, as Thailand's Revenue Code asks: a service charge then VAT on both,
/// an abbreviated tax invoice at check-out naming the seller's tax ID and branch, then on the guest's
/// request a full one to their company (a wrong check digit refused, then corrected) that refers to the
/// abbreviated one it replaces; each numbered in its place of business's own sequence.
@Suite(.closesItsStores, .serialized)
struct TaxInvoicesAPITests {
    typealias Document = Components.Schemas.FolioDocument

    /// A Thai tax ID's check digit by the Revenue Department's rule, worked out here: each of the first
    /// twelve digits weighed 13 down to 2, the sum's remainder by 11 taken from 11, its last digit.
    static func withCheckDigit(_ twelve: String) -> String {
        let sum = twelve.enumerated().reduce(0) { $0 + Int(String($1.element))! * (13 - $1.offset) }
        return twelve + String((11 - sum % 11) % 10)
    }

    static func issue(_ client: SignedInClient, stay: Int, _ json: String) async throws -> TestResponse {
        try await client.execute(uri: "/api/v1/stays/\(stay)/documents", method: .post, body: ByteBuffer(string: json))
    }

    @Test(arguments: TestDatabase.available)
    func anAbbreviatedTaxInvoiceThenAFullOneOnRequestReplacingIt(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        try await fixture.test(as: .manager) { client in
            let taxes = """
                {"taxes": [
                  {"name": "Service charge", "basis": "share", "basisPoints": 1000},
                  {"name": "VAT", "basis": "share", "basisPoints": 700, "compounds": true}
                ]}
                """
            let taxesPath = "/api/v1/properties/\(fixture.property.id)/taxes"
            #expect(
                try await client.execute(uri: taxesPath, method: .put, body: ByteBuffer(string: taxes)).status == .ok)
            let seller = Self.withCheckDigit("050556100123")
            let issuerPath = "/api/v1/properties/\(fixture.property.id)/issuer"
            let issuer = { (branch: String) in
                #"{"name": "Baan Suan Co., Ltd.", "address": "1 Nimman Rd\nChiang Mai", "taxId": "\#(seller)", "branch": "\#(branch)"}"#
            }
            let badBranch = try await client.execute(
                uri: issuerPath, method: .put, body: ByteBuffer(string: issuer("1")))
            #expect(badBranch.status == .badRequest && badBranch.error?.error.field == "branch")
            #expect(
                try await client.execute(uri: issuerPath, method: .put, body: ByteBuffer(string: issuer("00001")))
                    .status
                    == .ok)
            let property = try await client.execute(uri: "/api/v1/properties/\(fixture.property.id)", method: .get) {
                try StayActionsAPITests.decode(Components.Schemas.Property.self, $0)
            }
            #expect(property.documentKinds == [.invoice, .receipt, .abbreviatedTaxInvoice, .taxInvoice])

            let today = fixture.today
            let json = fixture.stayJSON(arrival: today.iso, departure: today.adding(days: 1).iso)
            let stay = try StayActionsAPITests.decode(
                Components.Schemas.Stay.self,
                try await client.execute(uri: fixture.staysPath, method: .post, body: ByteBuffer(string: json)))
            #expect(try await client.execute(uri: "/api/v1/stays/\(stay.id)/check-in", method: .post).status == .ok)
            let room = try #require(
                try await NightAuditAPITests.folio(client, stay.id).entries.first { $0.category == .room }?.amount
                    .amount)
            let service = room * 1_000 / 10_000
            let vat = (room + service) * 700 / 10_000

            let abbreviated = try StayActionsAPITests.decode(
                Document.self, try await Self.issue(client, stay: stay.id, #"{"kind": "abbreviated_tax_invoice"}"#))
            #expect(abbreviated.reference == "ABB-00001-000001")
            #expect(abbreviated.issuer.taxId == seller && abbreviated.issuer.branch == "00001")
            #expect(abbreviated.totalCharges.amount == room + service + vat && abbreviated.buyer == nil)

            // The guest's company asks for a full one: its tax ID typed with a wrong last digit first.
            let company = Self.withCheckDigit("010555600001")
            let wrongDigit = String(company.dropLast()) + String((Int(String(company.last!))! + 1) % 10)
            let buyer = { (taxID: String) in
                #"{"kind": "tax_invoice", "buyer": {"name": "Lanna Trading Co., Ltd.", "address": "9 Tha Phae Rd\nChiang Mai", "taxId": "\#(taxID)", "branch": "00000"}}"#
            }
            let refused = try await Self.issue(client, stay: stay.id, buyer(wrongDigit))
            #expect(refused.status == .badRequest && refused.error?.error.field == "buyer.taxId")
            let noBuyer = try await Self.issue(client, stay: stay.id, #"{"kind": "tax_invoice"}"#)
            #expect(noBuyer.status == .badRequest && noBuyer.error?.error.field == "buyer.name")
            let full = try StayActionsAPITests.decode(
                Document.self, try await Self.issue(client, stay: stay.id, buyer(company)))
            // A refused issue takes no number: the first full tax invoice of the branch is 1.
            #expect(full.reference == "TAX-00001-000001" && full.replaces == abbreviated.reference)
            #expect(full.buyer?.taxId == company && full.buyer?.branch == "00000")
            #expect(full.buyer?.name == "Lanna Trading Co., Ltd." && full.totalCharges == abbreviated.totalCharges)
            // Read back as issued; a second full one replaces nothing more.
            let read = try await client.execute(uri: "/api/v1/documents/\(full.id)", method: .get) {
                try StayActionsAPITests.decode(Document.self, $0)
            }
            #expect(read.buyer == full.buyer && read.replaces == full.replaces)
            let again = try StayActionsAPITests.decode(
                Document.self, try await Self.issue(client, stay: stay.id, buyer(company)))
            #expect(again.reference == "TAX-00001-000002" && again.replaces == nil)
        }
    }
}

extension TaxInvoicesAPITests {
    /// A Bangkok spa's sale: its receipt stands as the abbreviated tax invoice; the customer's company asks
    /// for a full one (a wrong check digit refused, taking no number), which is numbered in the branch's tax
    /// invoices, names the receipt it replaces, and is issued once; a refunded sale and a yen salon's are
    /// refused theirs.
    @Test(arguments: TestDatabase.available)
    func aSalonsSaleGetsItsFullTaxInvoiceOnRequestOnce(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let salon = try await CheckoutAPITests.thaiSalon(in: fixture)
        let property = salon.property
        let yen = try await AppointmentAPITests.salon(in: fixture)
        try await fixture.test(as: .manager) { client in
            let seller = Self.withCheckDigit("010556100777")
            let issuer =
                #"{"name": "Baan Spa Co., Ltd.", "address": "5 Sukhumvit Rd\nBangkok", "taxId": "\#(seller)", "branch": "00002"}"#
            #expect(
                try await client.execute(
                    uri: "/api/v1/properties/\(property.id)/issuer", method: .put, body: ByteBuffer(string: issuer)
                ).status == .ok)
            // Checks a visit out, paid in cash to the quote's total; answers the sale.
            func sale() async throws -> Components.Schemas.Sale {
                let customer = try await CustomerAPITests.add(client, salon, #"{"name": "Somchai"}"#)
                let visit = try await CustomerAPITests.book(
                    client, salon, customer: customer, days: 0, fixture: fixture)
                let quote = try await CheckoutAPITests.quote(client, salon, #"{"appointmentIds": [\#(visit)]}"#)
                let body =
                    #"{"appointmentIds": [\#(visit)], "payments": [{"method": "cash", "amount": {"amount": \#(quote.total.amount), "currency": "THB"}}]}"#
                return try CheckoutAPITests.sale(
                    try await client.execute(
                        uri: "/api/v1/properties/\(property.id)/sales", method: .post, body: ByteBuffer(string: body)))
            }
            func ask(_ saleID: Int, _ taxID: String) async throws -> TestResponse {
                let body =
                    #"{"buyer": {"name": "Siam Trading Co., Ltd.", "address": "9 Silom Rd\nBangkok", "taxId": "\#(taxID)", "branch": "00000"}}"#
                return try await client.execute(
                    uri: "/api/v1/sales/\(saleID)/tax-invoice", method: .post, body: ByteBuffer(string: body))
            }
            let first = try await sale()
            #expect(first.value2.abbreviatedTaxInvoice == true && first.value2.taxInvoiceOffered == true)
            // 1,200.00 and 7 % VAT on it: 1,284.00.
            #expect(first.value1.total.amount == 128_400)

            let company = Self.withCheckDigit("010555600001")
            let wrongDigit = String(company.dropLast()) + String((Int(String(company.last!))! + 1) % 10)
            let refused = try await ask(first.value2.id, wrongDigit)
            #expect(refused.status == .badRequest && refused.error?.error.field == "buyer.taxId")
            let issued = try CheckoutAPITests.sale(try await ask(first.value2.id, company))
            let invoice = try #require(issued.value2.taxInvoice)
            #expect(invoice.reference == "TAX-00002-000001" && invoice.replaces == first.value2.reference)
            #expect(invoice.buyer.taxId == company && invoice.buyer.name == "Siam Trading Co., Ltd.")
            #expect(invoice.date == CustomerAPITests.dayOf(0, fixture, salon) && issued.value2.taxInvoiceOffered == nil)
            #expect(issued.value1.total == first.value1.total && issued.value1.taxes == first.value1.taxes)

            let again = try await ask(first.value2.id, company)
            #expect(again.status == .conflict && again.error?.error.reason?.rawValue == "taxInvoice.issued")
            let read = try CheckoutAPITests.sale(
                try await client.execute(uri: "/api/v1/sales/\(first.value2.id)", method: .get))
            #expect(read.value2.taxInvoice == invoice)

            let second = try await sale()
            try await client.execute(
                uri: "/api/v1/sales/\(second.value2.id)/refund", method: .post,
                body: ByteBuffer(string: #"{"reason": "Wrong customer"}"#)
            ) { #expect($0.status == .ok) }
            let refunded = try await ask(second.value2.id, company)
            #expect(refunded.status == .conflict && refunded.error?.error.reason?.rawValue == "sale.refunded")

            let customer = try await CustomerAPITests.add(client, yen, #"{"name": "Aoi"}"#)
            let visit = try await CustomerAPITests.book(client, yen, customer: customer, days: 0, fixture: fixture)
            let yenSale = try await CheckoutAPITests.checkOut(client, salon: yen, appointments: [visit])
            let elsewhere = try await ask(yenSale, company)
            #expect(elsewhere.status == .badRequest && elsewhere.error?.error.reason?.rawValue == "taxInvoice.country")
        }
    }
}
