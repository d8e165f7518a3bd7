import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StorageTesting
import Testing

@testable import App
@testable import Storage

/// The property's ledger through the API: each folio line on the hotel's day it was posted (its
/// business day), and the totals by kind, tax and method, with reversals counted on their own day.
@Suite(.closesItsStores, .serialized)
struct LedgerAPITests {
    @Test(arguments: TestDatabase.available)
    func theLedgerSumsEachDaysLinesByKindTaxAndMethod(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        // The clock is fixed: every day in the test is too.
        let (yesterday, today) = (Day(year: 2026, month: 12, day: 1), Day(year: 2026, month: 12, day: 2))
        fixture.store.clock.set(yesterday.instant(atMinute: 0, in: TimeZone(identifier: "Asia/Bangkok")!))
        let stay = try await fixture.storedStay()
        let folios = fixture.store.folios
        // Posts a line at a minute of a day in Bangkok, the property's time zone.
        func post(_ posting: Posting, on day: Day, at minute: Int) async throws -> FolioEntry {
            fixture.store.clock.set(day.instant(atMinute: minute, in: TimeZone(identifier: "Asia/Bangkok")!))
            return try #require(try await folios.post([posting], stayID: stay.id).entries.last)
        }
        let card = try await post(
            Posting(kind: .payment, description: "Card", amount: .whole(300, .thb), method: .cardTerminal),
            on: yesterday, at: 600)
        // Late on the 1st and early on the 2nd, hotel time: 23:30 is still the 1st, 00:30 is the 2nd.
        let minibar = try await post(
            Posting(kind: .charge, description: "Minibar", amount: .whole(200, .thb), category: .minibar),
            on: yesterday, at: 23 * 60 + 30)
        let vat = try await post(
            Posting(kind: .charge, description: "VAT", amount: .whole(14, .thb), category: .tax), on: yesterday,
            at: 23 * 60 + 30)
        _ = try await post(
            Posting(kind: .payment, description: "Cash", amount: .whole(500, .thb), method: .cash), on: today, at: 30)
        _ = try await post(
            Posting(kind: .reversal, description: "Wrong card", amount: card.amount, reverses: card.id), on: today,
            at: 600)
        _ = try await post(
            Posting(kind: .reversal, description: "Minibar untouched", amount: minibar.amount, reverses: minibar.id),
            on: today, at: 601)
        try await fixture.test(as: .frontDesk) { client in
            let path = "/api/v1/properties/\(fixture.property.id)/ledger"
            let first = try await Self.ledger(client, "\(path)?from=2026-12-01")
            #expect(first.lines.map(\.entryId) == [card.id, minibar.id, vat.id])
            #expect(first.charges.map(\.category) == [.tax, .minibar])
            #expect(first.taxes.map(\.name) == ["VAT"] && first.taxes[0].amount.amount == 1_400)
            #expect(first.payments.map(\.method) == [.cardTerminal] && first.totalPayments.amount == 30_000)
            #expect(first.totalCharges.amount == 21_400)

            let second = try await Self.ledger(client, "\(path)?from=2026-12-02&to=2026-12-02")
            #expect(second.lines.map(\.kind) == [.payment, .reversal, .reversal])
            #expect(second.lines[1].reverses == .payment && second.lines[1].method == .cardTerminal)
            #expect(second.lines[2].reverses == .charge && second.lines[2].category == .minibar)
            #expect(second.charges.map(\.amount.amount) == [-20_000] && second.totalCharges.amount == -20_000)
            #expect(second.payments.map(\.method) == [.cash, .cardTerminal])
            #expect(second.payments.map(\.amount.amount) == [50_000, -30_000])

            let both = try await Self.ledger(client, "\(path)?from=2026-12-01&to=2026-12-02")
            #expect(both.lines.count == 6 && both.totalCharges.amount == 1_400 && both.totalPayments.amount == 50_000)
            #expect(both.lines.allSatisfy { $0.confirmationCode == stay.confirmationCode && $0.guestName == "Ann Lee" })

            for (query, field) in [
                ("from=2026-12-02&to=2026-12-01", "to"), ("from=2026-01-01&to=2027-01-02", "to"),
                ("from=2026-13-01", "from"),
            ] {
                try await client.execute(uri: "\(path)?\(query)", method: .get) { response in
                    #expect(response.status == .badRequest, "\(query)")
                    #expect(response.error?.error.field == field, "\(query)")
                }
            }
            // Housekeeping reads no money.
            let keeper = try #require(
                try await StaffAPITests.signIn(client, "housekeeping@example.com", APIFixture.password))
            try await keeper.execute(uri: "\(path)?from=2026-12-01", method: .get) { #expect($0.status == .forbidden) }
            for money in ["folio", "documents"] {
                try await keeper.execute(uri: "/api/v1/stays/\(stay.id)/\(money)", method: .get) {
                    #expect($0.status == .forbidden, "\(money)")
                }
            }
        }
    }

    static func ledger(_ client: SignedInClient, _ path: String) async throws -> Components.Schemas.Ledger {
        try await client.execute(uri: path, method: .get) { response in
            #expect(response.status == .ok, "\(String(buffer: response.body))")
            return try APIFixture.decoder.decode(Components.Schemas.Ledger.self, from: Data(buffer: response.body))
        }
    }
}
