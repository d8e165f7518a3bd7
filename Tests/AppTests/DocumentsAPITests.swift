import API
import App
import Booking
import Foundation
import Hummingbird
import HummingbirdTesting
import PropertyBased
import Storage
import StorageTesting
import Testing

/// Invoices and receipts through the API: who issues them, numbers without gaps per property and kind,
/// and documents that say what the folio said when they were issued.
@Suite(.closesItsStores)
struct DocumentsAPITests {
    typealias Document = Components.Schemas.FolioDocument
    typealias Folio = Components.Schemas.Folio

    @discardableResult
    static func issue<Return>(
        _ kind: String, stay: Int, _ client: SignedInClient,
        _ check: @escaping (TestResponse) async throws -> Return = { $0 }
    ) async throws -> Return {
        try await client.execute(
            uri: "/api/v1/stays/\(stay)/documents", method: .post, body: ByteBuffer(string: #"{"kind": "\#(kind)"}"#),
            testCallback: check)
    }

    @discardableResult
    static func post(_ path: String, stay: Int, amount: Int, _ client: SignedInClient) async throws -> TestResponse {
        let body =
            path == "charges"
            ? #"{"description": "Minibar", "amount": {"amount": \#(amount), "currency": "THB"}, "category": "minibar"}"#
            : #"{"amount": {"amount": \#(amount), "currency": "THB"}, "method": "cash"}"#
        return try await client.execute(
            uri: "/api/v1/stays/\(stay)/\(path)", method: .post, body: ByteBuffer(string: body))
    }

    static func setIssuer(
        _ json: String, _ fixture: APIFixture, _ client: SignedInClient,
        _ check: @escaping (TestResponse) async throws -> Void
    ) async throws {
        try await client.execute(
            uri: "/api/v1/properties/\(fixture.property.id)/issuer", method: .put, body: ByteBuffer(string: json),
            testCallback: check)
    }

    @Test func anInvoiceCarriesTheIssuerItsNumberTheDayAndTheFolioAsItStood() async throws {
        let fixture = try await APIFixture.make()
        let today = fixture.today
        try await fixture.test(as: .manager) { client in
            let issuer =
                #"{"name": " Baan Suan Co., Ltd. ", "address": "1 Tha Phae Rd\r\n\r\nChiang Mai 50100", "taxId": "0505561000123"}"#
            try await Self.setIssuer(issuer, fixture, client) {
                #expect($0.status == .ok)
                let stored = try StayActionsAPITests.decode(Components.Schemas.Issuer.self, $0)
                #expect(stored.name == "Baan Suan Co., Ltd." && stored.address == "1 Tha Phae Rd\nChiang Mai 50100")
            }
            let id = try await StayActionsAPITests.bookToday(client, fixture, room: fixture.rooms[0].id)
            try await client.execute(uri: "/api/v1/stays/\(id)/check-in", method: .post) { #expect($0.status == .ok) }
            try await Self.post("charges", stay: id, amount: 12_000, client)
            try await Self.post("payments", stay: id, amount: 100_000, client)

            let invoice = try await Self.issue("invoice", stay: id, client) {
                #expect($0.status == .created)
                return try StayActionsAPITests.decode(Document.self, $0)
            }
            #expect(invoice.reference == "INV-000001" && invoice.number == 1 && invoice.issuedOn == today.iso)
            #expect(invoice.issuer.name == "Baan Suan Co., Ltd." && invoice.issuer.taxId == "0505561000123")
            #expect(invoice.guestName == "Ann Lee" && invoice.rooms == ["101"])
            #expect(invoice.charges.map(\.amount.amount) == [120_000, 120_000, 12_000])
            #expect(invoice.charges.first?.night == today.iso)
            #expect(invoice.payments.map(\.method) == ["cash"])
            #expect(invoice.totalCharges.amount == 252_000 && invoice.balance.amount == 152_000)

            let receipt = try await Self.issue("receipt", stay: id, client) {
                try StayActionsAPITests.decode(Document.self, $0)
            }
            #expect(receipt.reference == "RCT-000001" && receipt.totalPayments.amount == 100_000)

            // A mistake reversed: the next invoice leaves the line out; the first one stays as it was.
            let minibar = try await client.execute(uri: "/api/v1/stays/\(id)/folio", method: .get) {
                try StayActionsAPITests.decode(Folio.self, $0).entries.first { $0.category == .minibar }!.id
            }
            try await client.execute(
                uri: "/api/v1/stays/\(id)/reversals", method: .post,
                body: ByteBuffer(string: #"{"entryId": \#(minibar), "reason": "Not taken"}"#)
            ) { #expect($0.status == .created) }
            let second = try await Self.issue("invoice", stay: id, client) {
                try StayActionsAPITests.decode(Document.self, $0)
            }
            #expect(second.reference == "INV-000002" && second.totalCharges.amount == 240_000)
            try await client.execute(uri: "/api/v1/documents/\(invoice.id)", method: .get) { response in
                let document = try StayActionsAPITests.decode(Document.self, response)
                #expect(document == invoice)
            }
            try await client.execute(uri: "/api/v1/stays/\(id)/documents", method: .get) {
                let list = try StayActionsAPITests.decode(Components.Schemas.FolioDocumentList.self, $0)
                #expect(list.documents.map(\.reference) == ["INV-000001", "RCT-000001", "INV-000002"])
            }
            // Without a legal name, a document carries the property's.
            try await Self.setIssuer(#"{"name": "", "address": "", "taxId": ""}"#, fixture, client) {
                #expect($0.status == .ok)
            }
            try await Self.issue("receipt", stay: id, client) {
                let document = try StayActionsAPITests.decode(Document.self, $0)
                #expect(document.issuer.name == "Baan Suan" && document.reference == "RCT-000002")
            }
        }
    }

    @Test func refusalsNameTheFieldAndTakeNoNumber() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test(as: .manager) { client in
            let cases: [(String, String)] = [
                (#"{"name": "\#(String(repeating: "x", count: 121))", "address": "", "taxId": ""}"#, "name"),
                (#"{"name": "A", "address": "1\n2\n3\n4\n5\n6\n7", "taxId": ""}"#, "address"),
                (#"{"name": "A", "address": "", "taxId": "1\n2"}"#, "taxId"),
                // A Thai tax id whose last digit is not its check digit (0505561009996 is).
                (#"{"name": "A", "address": "", "taxId": "0505561009999"}"#, "taxId"),
                (#"{"name": "A\u0007", "address": "", "taxId": ""}"#, "name"),
            ]
            for (json, field) in cases {
                try await Self.setIssuer(json, fixture, client) {
                    #expect($0.status == .badRequest, "\(json)")
                    #expect($0.error?.error.field == field, "\(json)")
                }
            }
            let id = try await StayActionsAPITests.bookToday(client, fixture, room: fixture.rooms[0].id)
            for kind in ["invoice", "receipt"] {
                try await Self.issue(kind, stay: id, client) {
                    #expect($0.status == .unprocessableContent)
                    #expect($0.error?.error.field == "kind")
                }
            }
            try await Self.issue("quote", stay: id, client) { #expect($0.status == .badRequest) }
            try await Self.issue("invoice", stay: 9_999, client) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/api/v1/documents/9999", method: .get) { #expect($0.status == .notFound) }
            try await Self.post("charges", stay: id, amount: 5_000, client)
            try await Self.issue("invoice", stay: id, client) { response in
                let document = try StayActionsAPITests.decode(Document.self, response)
                #expect(document.number == 1)
            }
        }
        let second = try await APIFixture.make()
        try await second.test(as: .frontDesk) { client in
            try await Self.setIssuer(#"{"name": "A", "address": "", "taxId": ""}"#, second, client) {
                #expect($0.status == .forbidden)
            }
        }
    }

    @Test func aViewerReadsDocumentsButIssuesNone() async throws {
        let fixture = try await APIFixture.make()
        let id = try await fixture.storedStay(charged: 5_000)
        let document = try await Accounts(storage: fixture.store, now: fixture.store.clock.now)
            .issueDocument(
                .invoice, stayID: id, by: Staff(User(id: 1, email: "m@example.com", name: "M", role: .manager)))
        try await fixture.test(as: .viewer) { client in
            try await client.execute(uri: "/api/v1/documents/\(document.id)", method: .get) { response in
                let document = try StayActionsAPITests.decode(Document.self, response)
                #expect(document.reference == "INV-000001")
            }
            try await Self.issue("invoice", stay: id, client) { #expect($0.status == .forbidden) }
        }
    }

    /// One step at random: `kind` chooses a charge, a payment, a reversal or a document; `stay` which of
    /// two stays; `amount` what a charge or payment is.
    struct Step: Sendable, CustomStringConvertible {
        var kind: Int
        var stay: Int
        var amount: Int

        var description: String {
            ["charge", "pay", "reverse", "invoice", "receipt"][kind] + "(\(stay), \(amount))"
        }
    }

    static let steps = zip(Gen.int(in: 0...4), Gen.int(in: 0...1), Gen.int(in: 1...90_000))
        .map { Step(kind: $0, stay: $1, amount: $2) }
        .array(of: 1...16)

    /// Whatever the order of charges, payments, reversals and documents: each kind's numbers are 1, 2,
    /// 3… without a gap (refused documents take none), each document's totals are the folio's at the
    /// time, and no document changes after it is issued.
    @Test(arguments: TestDatabase.available)
    func numbersHaveNoGapsAndDocumentsKeepTheFolioAsItStood(database: TestDatabase) async {
        await propertyCheck(count: 10, input: Self.steps) { steps in
            let fixture = try await APIFixture.make(database: database)
            try await fixture.test(as: .manager) { client in
                let stays = [
                    try await StayActionsAPITests.bookToday(client, fixture, room: fixture.rooms[0].id),
                    try await StayActionsAPITests.bookToday(client, fixture, room: fixture.rooms[1].id),
                ]
                var issued: [Document] = []
                for step in steps {
                    let stay = stays[step.stay]
                    let folio = try await client.execute(uri: "/api/v1/stays/\(stay)/folio", method: .get) {
                        try StayActionsAPITests.decode(Folio.self, $0)
                    }
                    switch step.kind {
                    case 0: try await Self.post("charges", stay: stay, amount: step.amount, client)
                    case 1: try await Self.post("payments", stay: stay, amount: step.amount, client)
                    case 2:
                        let open = folio.entries.filter { $0.kind != .reversal && !$0.reversed }
                        guard !open.isEmpty else { continue }
                        try await client.execute(
                            uri: "/api/v1/stays/\(stay)/reversals", method: .post,
                            body: ByteBuffer(
                                string: #"{"entryId": \#(open[step.amount % open.count].id), "reason": "x"}"#)
                        ) { #expect($0.status == .created) }
                    default:
                        let kind = step.kind == 3 ? "invoice" : "receipt"
                        let response = try await Self.issue(kind, stay: stay, client)
                        let due = kind == "invoice" ? folio.totalCharges.amount : folio.totalPayments.amount
                        guard due > 0 else {
                            #expect(response.status == .unprocessableContent, "\(step)")
                            continue
                        }
                        #expect(response.status == .created, "\(step)")
                        let document = try StayActionsAPITests.decode(Document.self, response)
                        #expect(document.balance == folio.balance && document.totalCharges == folio.totalCharges)
                        #expect(document.totalPayments == folio.totalPayments)
                        #expect(document.subtotal.amount + document.totalTax.amount == document.totalCharges.amount)
                        issued.append(document)
                    }
                }
                for kind in [Components.Schemas.FolioDocumentKind.invoice, .receipt] {
                    let numbers = issued.filter { $0.kind == kind }.map(\.number)
                    #expect(numbers == numbers.indices.map { $0 + 1 }, "\(kind)")
                }
                for document in issued {
                    try await client.execute(uri: "/api/v1/documents/\(document.id)", method: .get) { response in
                        let stored = try StayActionsAPITests.decode(Document.self, response)
                        #expect(stored == document)
                    }
                }
            }
        }
    }
}

extension APIFixture {
    /// A stay booked today in the first room and checked in, with a charge of `charged`: stored
    /// directly, for tests that then sign in with a role that may not make it.
    func storedStay(charged: Int) async throws -> Int {
        let desk = FrontDesk(storage: store, now: store.clock.now)
        let accounts = Accounts(storage: store, now: store.clock.now)
        let staff = Staff(User(id: 1, email: "m@example.com", name: "M", role: .manager))
        let today = self.today
        let stay = try await desk.book(
            NewStay(
                propertyID: property.id, roomTypeID: roomType.id, roomID: rooms[0].id,
                nights: try Nights(arrival: today, departure: today.adding(days: 1)), adults: 1, guestName: "Ann Lee"),
            by: staff)
        _ = try await accounts.postCharge(
            to: stay.id, description: "Minibar", amount: Money(charged, .thb), category: .minibar, by: staff)
        return stay.id
    }
}
