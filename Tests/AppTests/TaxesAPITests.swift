import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StorageTesting
import Testing

@testable import App

/// A property's taxes through the API: a manager sets a VAT inside the prices and a city tax a guest a
/// night (children exempt, two nights at most); the guest site quotes them, check-in posts the city tax
/// and not the VAT, each charge shows the VAT inside it, and the invoice sums it by rate.
@Suite(.closesItsStores, .serialized)
struct TaxesAPITests {
    static let taxes = """
        {"taxes": [
          {"name": "VAT", "basis": "included_share", "basisPoints": 700},
          {"name": "City tax", "basis": "per_person_night", "amount": {"amount": 5000, "currency": "THB"},
           "exemptChildren": true, "maxNights": 2}
        ]}
        """

    static func put(_ client: SignedInClient, _ fixture: APIFixture, _ json: String) async throws -> TestResponse {
        try await client.execute(
            uri: "/api/v1/properties/\(fixture.property.id)/taxes", method: .put, body: ByteBuffer(string: json))
    }

    @Test(arguments: TestDatabase.available)
    func aVATInsideThePricesAndACityTaxAreQuotedPostedAndInvoiced(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        try await fixture.test(as: .manager) { client in
            let stored = try await Self.put(client, fixture, Self.taxes)
            #expect(stored.status == .ok, "\(String(buffer: stored.body))")
            let list = try StayActionsAPITests.decode(Components.Schemas.TaxList.self, stored)
            #expect(list.taxes.map(\.basis) == [.includedShare, .perPersonNight])
            #expect(list.taxes[1].maxNights == 2 && list.taxes[1].exemptChildren == true)

            // The guest site: an adult and a child for three nights; the VAT shown inside, not added.
            let arrival = fixture.today.adding(days: 7)
            let quoted = try await client.execute(
                uri:
                    "/api/v1/public/properties/\(fixture.property.id)?arrival=\(arrival.iso)&departure=\(arrival.adding(days: 3).iso)&adults=1&children=1",
                method: .get
            ) { try StayActionsAPITests.decode(Components.Schemas.PublicPropertyDetail.self, $0) }
            let price = try #require(quoted.roomTypes.first?.price)
            #expect(price.taxes.map(\.name) == ["VAT", "City tax"])
            #expect(price.taxes.map(\.included) == [true, nil])
            // 3,600 THB of rooms (VAT 235.51 inside) and 1 adult × 2 nights × 50 THB of city tax.
            #expect(price.taxes.map(\.amount.amount) == [23_551, 10_000])
            #expect(price.total.amount == 370_000)

            // The desk books two adults from today and checks them in.
            let today = fixture.today
            let json = fixture.stayJSON(arrival: today.iso, departure: today.adding(days: 3).iso)
            let booked = try await client.execute(uri: fixture.staysPath, method: .post, body: ByteBuffer(string: json))
            #expect(booked.status == .created, "\(String(buffer: booked.body))")
            let id = try StayActionsAPITests.decode(Components.Schemas.Stay.self, booked).id
            try await client.execute(uri: "/api/v1/stays/\(id)/check-in", method: .post) { #expect($0.status == .ok) }
            let folio = try await NightAuditAPITests.folio(client, id)
            #expect(folio.entries.filter { $0.category == .tax }.map(\.description) == ["City tax"])
            #expect(folio.balance.amount == 360_000 + 20_000)
            let room = try #require(folio.entries.first { $0.category == .room })
            #expect(room.includedTaxes?.map(\.name) == ["VAT"] && room.includedTaxes?.first?.amount.amount == 7_850)
            #expect(folio.entries.first { $0.category == .tax }?.includedTaxes == nil)

            let invoice = try await DocumentsAPITests.issue("invoice", stay: id, client) {
                try StayActionsAPITests.decode(DocumentsAPITests.Document.self, $0)
            }
            #expect(invoice.taxes.map(\.name) == ["City tax"] && invoice.totalCharges.amount == 380_000)
            // The invoice states the city tax by its amount a guest a night, not as a rate of 0 %.
            #expect(invoice.taxes[0].basis == .perPersonNight && invoice.taxes[0].basisPoints == nil)
            #expect(invoice.taxes[0].perNight?.amount == 5000 && invoice.taxes[0].perNight?.currency == .thb)
            #expect(invoice.includedTaxes?.map(\.basisPoints) == [700])
            #expect(invoice.includedTaxes?.map(\.basis) == [.includedShare])
            // Rounded once for the invoice: 3 × 1,200 THB with 7 % inside is 235.514… THB, not 3 × 78.50.
            #expect(invoice.includedTaxes?.first?.amount.amount == (360_000 * 700 + 10_700 / 2) / 10_700)

            // The day's ledger owes the VAT inside the room charges, and its close keeps it at today's rate.
            let ledger = try await LedgerAPITests.ledger(
                client, "/api/v1/properties/\(fixture.property.id)/ledger?from=\(today.iso)")
            #expect(ledger.includedTaxes?.map(\.name) == ["VAT"] && ledger.includedTaxes?[0].amount.amount == 23_551)
            #expect(ledger.taxes.map(\.basis) == [.perPersonNight] && ledger.taxes.map(\.perNight?.amount) == [5000])
            let closed = try await client.execute(
                uri: "/api/v1/properties/\(fixture.property.id)/night-audit", method: .post,
                body: ByteBuffer(string: #"{"day": "\#(today.iso)"}"#)
            ) { try StayActionsAPITests.decode(Components.Schemas.DayClose.self, $0) }
            #expect(closed.ledger.includedTaxes == ledger.includedTaxes)

            // Refusals name their field; nothing stored changes.
            for (body, field) in [
                (#"{"taxes": [{"name": "VAT", "basis": "share", "basisPoints": 0}]}"#, "taxes[0].basisPoints"),
                (#"{"taxes": [{"name": "City", "basis": "per_night"}]}"#, "taxes[0].amount"),
                (
                    #"{"taxes": [{"name": "City", "basis": "per_night", "amount": {"amount": 5, "currency": "JPY"}}]}"#,
                    "taxes[0].amount.currency"
                ),
                (
                    #"{"taxes": [{"name": "A", "basis": "share", "basisPoints": 5}, {"name": "A", "basis": "share", "basisPoints": 5}]}"#,
                    "taxes[1].name"
                ),
            ] {
                let refused = try await Self.put(client, fixture, body)
                #expect(refused.status == .badRequest, "\(body)")
                #expect(refused.error?.error.field == field, "\(body): \(String(buffer: refused.body))")
            }
            let kept = try await client.execute(uri: "/api/v1/properties/\(fixture.property.id)/taxes", method: .get) {
                try StayActionsAPITests.decode(Components.Schemas.TaxList.self, $0)
            }
            #expect(kept == list)

            // Only a manager sets them; the staff who read money read them, housekeeping does not.
            let desk = try #require(
                try await StaffAPITests.signIn(client, "front_desk@example.com", APIFixture.password))
            #expect(try await Self.put(desk, fixture, Self.taxes).status == .forbidden)
            try await desk.execute(uri: "/api/v1/properties/\(fixture.property.id)/taxes", method: .get) {
                #expect($0.status == .ok)
            }
            let housekeeper = try #require(
                try await StaffAPITests.signIn(client, "housekeeping@example.com", APIFixture.password))
            try await housekeeper.execute(uri: "/api/v1/properties/\(fixture.property.id)/taxes", method: .get) {
                #expect($0.status == .forbidden)
            }
        }
    }
}

extension TaxesAPITests {
    /// A salon sells no nights: its taxes are shares of its prices, as the taxes it reads say; a tax by the
    /// night is refused naming its basis, and a hotel is offered every kind.
    @Test(arguments: TestDatabase.available)
    func aServiceChargeThenVATOnBothArePostedAndAnInvoiceAfterARateChangeStatesWhatWasCharged(
        database: TestDatabase
    ) async throws {
        let fixture = try await APIFixture.make(database: database)
        try await fixture.test(as: .manager) { client in
            let chiangMai = """
                {"taxes": [
                  {"name": "Service charge", "basis": "share", "basisPoints": 1000},
                  {"name": "VAT", "basis": "share", "basisPoints": 700, "compounds": true}
                ]}
                """
            let stored = try StayActionsAPITests.decode(
                Components.Schemas.TaxList.self, try await Self.put(client, fixture, chiangMai))
            let ids = stored.taxes.compactMap(\.id)
            #expect(ids.count == 2 && Set(ids).count == 2 && stored.taxes.map(\.compounds) == [false, true])

            let today = fixture.today
            let json = fixture.stayJSON(arrival: today.iso, departure: today.adding(days: 1).iso)
            let booked = try await client.execute(uri: fixture.staysPath, method: .post, body: ByteBuffer(string: json))
            let id = try StayActionsAPITests.decode(Components.Schemas.Stay.self, booked).id
            try await client.execute(uri: "/api/v1/stays/\(id)/check-in", method: .post) { #expect($0.status == .ok) }
            // A night at 1,200 THB: the service charge on it, then VAT on the night and the service charge.
            let room = 120_000
            let service = room * 1_000 / 10_000
            let vat = (room + service) * 700 / 10_000
            let folio = try await NightAuditAPITests.folio(client, id)
            #expect(folio.entries.filter { $0.category == .tax }.map(\.amount.amount) == [service, vat])
            #expect(folio.entries.first { $0.category == .room }?.taxClass == .standard)
            let fee = try await client.execute(
                uri: "/api/v1/stays/\(id)/charges", method: .post,
                body: ByteBuffer(
                    string:
                        #"{"description": "Lost key", "amount": {"amount": 50000, "currency": "THB"}, "taxClass": "outside"}"#
                ))
            #expect(fee.status == .created, "\(String(buffer: fee.body))")

            // VAT goes up to 8 %, the same tax (its id sent back); the invoice states the 7 % charged.
            let raised = chiangMai.replacingOccurrences(
                of: #"{"name": "VAT", "basis": "share", "basisPoints": 700"#,
                with: #"{"id": \#(ids[1]), "name": "VAT", "basis": "share", "basisPoints": 800"#
            ).replacingOccurrences(
                of: #"{"name": "Service charge""#, with: #"{"id": \#(ids[0]), "name": "Service charge""#)
            let changed = try StayActionsAPITests.decode(
                Components.Schemas.TaxList.self, try await Self.put(client, fixture, raised))
            #expect(changed.taxes.compactMap(\.id) == ids && changed.taxes[1].basisPoints == 800)
            let invoice = try await DocumentsAPITests.issue("invoice", stay: id, client) {
                try StayActionsAPITests.decode(DocumentsAPITests.Document.self, $0)
            }
            #expect(invoice.taxes.map(\.name) == ["Service charge", "VAT"])
            #expect(invoice.taxes.map(\.basisPoints) == [1_000, 700])
            #expect(invoice.taxes.map(\.amount.amount) == [service, vat])
            #expect(invoice.totalCharges.amount == room + 50_000 + service + vat)
        }
    }

    /// A minibar charged to a checked-in stay at a Chiang Mai hotel bears the service charge and VAT with the
    /// night, rounded once for the folio; the invoice states them; reversing the minibar takes
    /// its taxes off; a tax line is not reversed by hand.
    @Test(arguments: TestDatabase.available)
    func anExtraBearsTheServiceChargeAndVATWithTheNightsAndReversingItTakesThemOff(database: TestDatabase)
        async throws
    {
        let fixture = try await APIFixture.make(database: database)
        try await fixture.test(as: .manager) { client in
            let taxes = """
                {"taxes": [
                  {"name": "Service charge", "basis": "share", "basisPoints": 1000},
                  {"name": "VAT", "basis": "share", "basisPoints": 700, "compounds": true}
                ]}
                """
            #expect(try await Self.put(client, fixture, taxes).status == .ok)
            let json = fixture.stayJSON(arrival: fixture.today.iso, departure: fixture.today.adding(days: 1).iso)
            let booked = try await client.execute(uri: fixture.staysPath, method: .post, body: ByteBuffer(string: json))
            let id = try StayActionsAPITests.decode(Components.Schemas.Stay.self, booked).id
            try await client.execute(uri: "/api/v1/stays/\(id)/check-in", method: .post) { #expect($0.status == .ok) }

            // The service charge and VAT on what stands, each rounded half up once (satang).
            func due(on taxable: Int) -> [Int] {
                let service = (taxable * 1_000 + 5_000) / 10_000
                return [service, ((taxable + service) * 700 + 5_000) / 10_000]
            }
            func standingTaxes() async throws -> [Int] {
                try await NightAuditAPITests.folio(client, id).entries.filter {
                    $0.category == .tax && $0.kind == .charge && !$0.reversed
                }.map(\.amount.amount).sorted()
            }
            let room = 120_000
            #expect(try await standingTaxes() == due(on: room).sorted())
            // A minibar of 83.35 baht, and a lost key outside the tax.
            let minibar = 8_335
            #expect(try await DocumentsAPITests.post("charges", stay: id, amount: minibar, client).status == .created)
            let key = try await client.execute(
                uri: "/api/v1/stays/\(id)/charges", method: .post,
                body: ByteBuffer(
                    string:
                        #"{"description": "Lost key", "amount": {"amount": 50000, "currency": "THB"}, "taxClass": "outside"}"#
                ))
            #expect(key.status == .created)
            #expect(try await standingTaxes() == due(on: room + minibar).sorted())

            let invoice = try await DocumentsAPITests.issue("invoice", stay: id, client) {
                try StayActionsAPITests.decode(DocumentsAPITests.Document.self, $0)
            }
            #expect(invoice.taxes.map(\.amount.amount) == due(on: room + minibar))
            #expect(invoice.totalCharges.amount == room + minibar + 50_000 + due(on: room + minibar).reduce(0, +))

            let folio = try await NightAuditAPITests.folio(client, id)
            let vat = try #require(folio.entries.last { $0.category == .tax && !$0.reversed })
            try await client.execute(
                uri: "/api/v1/stays/\(id)/reversals", method: .post,
                body: ByteBuffer(string: #"{"entryId": \#(vat.id), "reason": "Guest asked"}"#)
            ) { response in
                #expect(response.status == .conflict || response.status == .unprocessableContent)
                #expect(response.error?.error.reason?.rawValue == Refusal.folioTaxFollowsCharges.code)
            }
            let bar = try #require(folio.entries.first { $0.category == .minibar })
            try await client.execute(
                uri: "/api/v1/stays/\(id)/reversals", method: .post,
                body: ByteBuffer(string: #"{"entryId": \#(bar.id), "reason": "Not taken"}"#)
            ) { #expect($0.status == .created) }
            #expect(try await standingTaxes() == due(on: room).sorted())
        }
    }

    @Test func aSalonsTaxesAreSharesOfItsPricesAndItIsToldSo() async throws {
        let fixture = try await APIFixture.make()
        let salon = try await AppointmentAPITests.salon(in: fixture)
        try await fixture.test(as: .manager) { client in
            let path = "/api/v1/properties/\(salon.property.id)/taxes"
            try await client.execute(uri: path, method: .get) { response in
                let list = try APIFixture.decoder.decode(
                    Components.Schemas.TaxList.self, from: Data(buffer: response.body))
                #expect(list.bases?.map(\.rawValue) == ["share", "included_share"])
            }
            try await client.execute(
                uri: path, method: .put,
                body: ByteBuffer(
                    string:
                        #"{"taxes": [{"name": "入湯税", "basis": "per_person_night", "amount": {"amount": 150, "currency": "JPY"}}]}"#
                )
            ) { response in
                #expect(response.status == .badRequest)
                #expect(response.error?.error.field == "taxes[0].basis")
            }
            try await client.execute(
                uri: path, method: .put,
                body: ByteBuffer(
                    string: #"{"taxes": [{"name": "消費税", "basis": "included_share", "basisPoints": 1000}]}"#)
            ) { #expect($0.status == .ok) }
            try await client.execute(uri: "/api/v1/properties/\(fixture.property.id)/taxes", method: .get) { response in
                let list = try APIFixture.decoder.decode(
                    Components.Schemas.TaxList.self, from: Data(buffer: response.body))
                #expect(list.bases?.count == 4)
            }
        }
    }
}
