import API
import App
import Booking
import Foundation
import Hummingbird
import HummingbirdTesting
import StorageTesting
import Testing

/// Cancelling at the desk applies the booking's terms, as the guest cancelling then would meet them, or
/// waives the fee for a reason the stay keeps: on a plan free until three days before arrival, then half
/// the stay, with the first night as deposit.
@Suite(.closesItsStores, .serialized)
struct DeskCancellationAPITests {
    typealias Folio = Components.Schemas.Folio

    /// A stay on the breakfast plan arriving `daysAhead` after the 1st, its deposit paid.
    static func bookPaid(_ client: SignedInClient, _ fixture: APIFixture, room: Int, daysAhead: Int) async throws -> Int
    {
        let arrival = NightAuditAPITests.first.adding(days: daysAhead)
        let json = fixture.stayJSON(room: room, arrival: arrival.iso, departure: arrival.adding(days: 2).iso)
            .replacingOccurrences(of: #""adults": 2,"#, with: #""adults": 2, "ratePlanId": 2,"#)
        let id = try await client.execute(uri: fixture.staysPath, method: .post, body: ByteBuffer(string: json)) {
            #expect($0.status == .created, "\(String(buffer: $0.body))")
            return try StayActionsAPITests.decode(Components.Schemas.Stay.self, $0).id
        }
        let deposit = try #require(try await detail(client, id).value2.deposit)
        try await client.execute(
            uri: "/api/v1/stays/\(id)/payments", method: .post,
            body: ByteBuffer(
                string: #"{"amount": {"amount": \#(deposit.amount.amount), "currency": "THB"}, "method": "transfer"}"#)
        ) { #expect($0.status == .created) }
        return id
    }

    static func detail(_ client: SignedInClient, _ id: Int) async throws -> Components.Schemas.StayDetail {
        try await client.execute(uri: "/api/v1/stays/\(id)", method: .get) {
            try StayActionsAPITests.decode(Components.Schemas.StayDetail.self, $0)
        }
    }

    static func cancel(_ client: SignedInClient, _ id: Int, _ body: String?) async throws -> TestResponse {
        try await client.execute(
            uri: "/api/v1/stays/\(id)/cancel", method: .post, body: body.map { ByteBuffer(string: $0) })
    }

    @Test(arguments: TestDatabase.available)
    func theDeskAppliesTheTermsOrWaivesTheFeeForAReason(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        NightAuditAPITests.at(NightAuditAPITests.first, 10 * 60, fixture)
        try await fixture.test(as: .manager) { client in
            #expect(try await RatePlansAPITests.put(client, fixture, RatePlansAPITests.plans).status == .ok)

            // Arriving tomorrow: past the free window, so cancelling now costs half the stay.
            let late = try await Self.bookPaid(client, fixture, room: fixture.rooms[0].id, daysAhead: 1)
            let before = try await NightAuditAPITests.folio(client, late)
            let fee = try #require(try await Self.detail(client, late).value2.cancellationFee)
            #expect(fee.amount > 0 && fee.currency == .thb)

            // Waiving needs a reason; refused, nothing changes.
            for body in [#"{"fee": "waive"}"#, #"{"fee": "waive", "reason": "  "}"#, #"{"reason": "why not"}"#] {
                let refused = try await Self.cancel(client, late, body)
                #expect(refused.status == .badRequest, "\(body)")
                #expect(refused.error?.error.field == "reason", "\(body)")
            }
            #expect(try await Self.detail(client, late).value1.state == .booked)

            let waived = try await Self.cancel(client, late, #"{"fee": "waive", "reason": "Flight cancelled"}"#)
            #expect(waived.status == .ok)
            let after = try await NightAuditAPITests.folio(client, late)
            #expect(after.entries == before.entries, "no fee, and the deposit stays for the desk to refund or keep")
            let notes = try await Self.detail(client, late).value1.notes
            #expect(notes.hasSuffix("Cancellation fee waived: Flight cancelled"))
            #expect(try await Self.detail(client, late).value2.cancellationFee == nil, "no fee once cancelled")

            // Applied (the default): the fee is charged and the deposit kept against it.
            let charged = try await Self.bookPaid(client, fixture, room: fixture.rooms[1].id, daysAhead: 1)
            let chargedFee = try #require(try await Self.detail(client, charged).value2.cancellationFee)
            #expect(try await Self.cancel(client, charged, nil).status == .ok)
            let folio = try await NightAuditAPITests.folio(client, charged)
            #expect(folio.entries.filter { $0.description == "Late cancellation fee" }.map(\.amount) == [chargedFee])
            #expect(folio.entries.filter { $0.kind == .reversal }.isEmpty)

            // In time: nothing charged, the deposit refunded.
            let early = try await Self.bookPaid(client, fixture, room: fixture.rooms[0].id, daysAhead: 10)
            #expect(try await Self.detail(client, early).value2.cancellationFee?.amount == 0)
            #expect(try await Self.cancel(client, early, #"{"fee": "apply"}"#).status == .ok)
            let refunded = try await NightAuditAPITests.folio(client, early)
            #expect(refunded.balance.amount == 0)
            #expect(refunded.entries.map(\.description).contains("Deposit refunded"))
        }
    }
}
