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

/// The property's ledger through the API: each folio line on the hotel's day it was posted, and the
/// totals by kind, tax and method, with reversals counted on their own day.
@Suite(.serialized)
struct LedgerAPITests {
    /// Moves a line's posting to a minute of a day in Bangkok, as if it had been posted then.
    static func post(_ entryID: Int, at day: Day, minute: Int, in store: Store) async throws {
        let instant = day.instant(atMinute: minute, in: TimeZone(identifier: "Asia/Bangkok")!)
        try await store.sql.raw(
            "UPDATE folio_entries SET posted_at = \(bind: Int(instant.timeIntervalSince1970 * 1000)) WHERE id = \(bind: entryID)"
        ).run()
    }

    @Test(arguments: TestDatabase.available)
    func theLedgerSumsEachDaysLinesByKindTaxAndMethod(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let stay = try await fixture.storedStay()
        let folios = FolioRepository(store: fixture.store)
        let posted = try await folios.post(
            [
                Posting(kind: .charge, description: "Minibar", amount: .whole(200, .thb), category: .minibar),
                Posting(kind: .charge, description: "VAT", amount: .whole(14, .thb), category: .tax),
                Posting(kind: .payment, description: "Cash", amount: .whole(500, .thb), method: .cash),
                Posting(kind: .payment, description: "Card", amount: .whole(300, .thb), method: .cardTerminal),
            ], stayID: stay.id
        ).entries
        let corrected = try await folios.post(
            [
                Posting(kind: .reversal, description: "Wrong card", amount: .whole(300, .thb), reverses: posted[3].id),
                Posting(
                    kind: .reversal, description: "Minibar untouched", amount: .whole(200, .thb), reverses: posted[0].id
                ),
            ], stayID: stay.id
        ).entries
        let (yesterday, today) = (Day(year: 2026, month: 12, day: 1), Day(year: 2026, month: 12, day: 2))
        // Late on the 1st and early on the 2nd, hotel time: 23:30 is still the 1st, 00:30 is the 2nd.
        for (entry, day, minute) in [
            (posted[0], yesterday, 23 * 60 + 30), (posted[1], yesterday, 23 * 60 + 30), (posted[2], today, 30),
            (posted[3], yesterday, 600), (corrected[4], today, 600), (corrected[5], today, 601),
        ] {
            try await Self.post(entry.id, at: day, minute: minute, in: fixture.store)
        }
        try await fixture.test(as: .frontDesk) { client in
            let path = "/api/v1/properties/\(fixture.property.id)/ledger"
            let first = try await Self.ledger(client, "\(path)?from=2026-12-01")
            #expect(first.lines.map(\.entryId) == [posted[3].id, posted[0].id, posted[1].id])
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
        }
    }

    static func ledger(_ client: SignedInClient, _ path: String) async throws -> Components.Schemas.Ledger {
        try await client.execute(uri: path, method: .get) { response in
            #expect(response.status == .ok, "\(String(buffer: response.body))")
            return try APIFixture.decoder.decode(Components.Schemas.Ledger.self, from: Data(buffer: response.body))
        }
    }
}
