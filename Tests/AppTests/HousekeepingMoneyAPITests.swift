import API
import App
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import StorageTesting
import Testing

/// Housekeeping reads no money: a hotel with taxes, a rate plan, a guest checked in who has paid, an
/// invoice and a closed day, read by a housekeeper through every staff route of the API document and the
/// live event stream. No amount, balance, payment or revenue reaches them; where a route is all money, it
/// is refused (403).
@Suite(.closesItsStores, .serialized)
struct HousekeepingMoneyAPITests {
    /// Keys of an answer that are money whatever their value.
    static let moneyKeys: Set<String> = [
        "amount", "balance", "roomRevenue", "adr", "revPAR", "baseRate", "price", "deposit", "depositOpen",
        "payments", "totalCharges", "totalPayments", "perNight", "extraPerGuestNight", "rates",
    ]

    /// Where in a JSON value a money key stands (its path), if anywhere.
    static func money(in value: Any, at path: String = "") -> [String] {
        if let object = value as? [String: Any] {
            return object.flatMap { key, value in
                (moneyKeys.contains(key) ? ["\(path).\(key)"] : []) + money(in: value, at: "\(path).\(key)")
            }
        }
        if let array = value as? [Any] {
            return array.enumerated().flatMap { money(in: $1, at: "\(path)[\($0)]") }
        }
        return []
    }

    /// A hotel's day with money in every corner: taxes, a plan with an extra, a stay checked in and paid,
    /// an invoice, and yesterday closed. Answers the stay's id and the day closed.
    static func dayWithMoney(_ manager: SignedInClient, _ fixture: APIFixture) async throws -> (stay: Int, closed: Day)
    {
        #expect(try await TaxesAPITests.put(manager, fixture, TaxesAPITests.taxes).status == .ok)
        #expect(try await RatePlansAPITests.put(manager, fixture, RatePlansAPITests.plans).status == .ok)
        let stay = try await StayActionsAPITests.bookToday(manager, fixture, room: fixture.rooms[0].id)
        try await manager.execute(uri: "/api/v1/stays/\(stay)/check-in", method: .post) { #expect($0.status == .ok) }
        try await manager.execute(
            uri: "/api/v1/stays/\(stay)/payments", method: .post,
            body: ByteBuffer(string: #"{"amount": {"amount": 100000, "currency": "THB"}, "method": "cash"}"#)
        ) { #expect($0.status == .created || $0.status == .ok, "\(String(buffer: $0.body))") }
        try await DocumentsAPITests.issue("invoice", stay: stay, manager) { #expect($0.status == .created) }
        let closed = fixture.today.adding(days: -1)
        try await manager.execute(
            uri: "/api/v1/properties/\(fixture.property.id)/night-audit", method: .post,
            body: ByteBuffer(string: #"{"day": "\#(closed.iso)"}"#)
        ) { #expect($0.status == .created, "\(String(buffer: $0.body))") }
        return (stay, closed)
    }

    /// A company that pays `stay`'s first line (moved to its folio), its invoice of the stay's month, and a
    /// group of two rooms booked weeks ahead: their ids.
    static func companyAndGroup(_ manager: SignedInClient, _ fixture: APIFixture, stay: Int) async throws -> (
        company: Int, invoice: Int, group: Int
    ) {
        let base = "/api/v1/properties/\(fixture.property.id)"
        let company = try await manager.execute(
            uri: base + "/companies", method: .post, body: ByteBuffer(string: #"{"name": "Lanna Trading"}"#)
        ) { try StayActionsAPITests.decode(Components.Schemas.Company.self, $0).id }
        let split = try await manager.execute(
            uri: "/api/v1/stays/\(stay)/folio/split", method: .put,
            body: ByteBuffer(string: #"{"folios": [{"number": 2, "companyId": \#(company)}]}"#)
        ) { try StayActionsAPITests.decode(Components.Schemas.Folio.self, $0) }
        let line = try #require(split.entries.first { $0.category == .room })
        try await manager.execute(
            uri: "/api/v1/stays/\(stay)/folio/moves", method: .post,
            body: ByteBuffer(string: #"{"entryIds": [\#(line.id)], "folio": 2}"#)
        ) { #expect($0.status == .created) }
        let departure = try await StayHistoryPropertyTests.History.stay(manager, stay).departure
        let invoice = try await manager.execute(
            uri: base + "/companies/\(company)/invoices", method: .post,
            body: ByteBuffer(string: #"{"month": "\#(departure.prefix(7))"}"#)
        ) {
            #expect($0.status == .created, "\(String(buffer: $0.body))")
            return try StayActionsAPITests.decode(Components.Schemas.CompanyInvoice.self, $0).id ?? 0
        }
        let arrival = fixture.today.adding(days: 20)
        let room =
            #"{"arrival": "\#(arrival.iso)", "departure": "\#(arrival.adding(days: 1).iso)", "adults": 1, "roomTypeId": \#(fixture.roomType.id)}"#
        let group = try await manager.execute(
            uri: base + "/groups", method: .post,
            body: ByteBuffer(string: #"{"guest": {"name": "Ann Lee"}, "rooms": [\#(room), \#(room)]}"#)
        ) {
            #expect($0.status == .created, "\(String(buffer: $0.body))")
            return try StayActionsAPITests.decode(Components.Schemas.Group.self, $0).id
        }
        return (company, invoice, group)
    }

    @Test func everyStaffRouteAnswersAHousekeeperWithoutMoneyOrRefusesIt() async throws {
        let fixture = try await APIFixture.make()
        let salon = try await AppointmentAPITests.salon(in: fixture)
        try await fixture.test(as: .manager) { manager in
            let (stay, closed) = try await Self.dayWithMoney(manager, fixture)
            let appointment = try await manager.execute(
                uri: "/api/v1/properties/\(salon.property.id)/appointments", method: .post,
                body: ByteBuffer(
                    string:
                        #"{"staffId": \#(salon.staff[0].id), "serviceId": \#(salon.service.id), "start": "2026-12-01T10:00:00+09:00", "customer": {"name": "Ann"}}"#
                )
            ) {
                try APIFixture.decoder.decode(AppointmentAPITests.AppointmentBody.self, from: Data(buffer: $0.body)).id
            }
            let document = try await manager.execute(uri: "/api/v1/stays/\(stay)/documents", method: .get) {
                try #require(
                    (try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as? [String: Any])?["documents"]
                        as? [[String: Any]]
                ).first?["id"] as? Int
            }
            let customer = try #require(try await fixture.store.appointments.appointment(id: appointment)).customerID
            let sale = try await CheckoutAPITests.checkOut(manager, salon: salon, appointments: [appointment])
            // An appointment still booked, a week ahead: its fees are money too (a checked-out one has none).
            let booked = try await manager.execute(
                uri: "/api/v1/properties/\(salon.property.id)/appointments", method: .post,
                body: ByteBuffer(
                    string:
                        #"{"staffId": \#(salon.staff[0].id), "serviceId": \#(salon.service.id), "start": "\#(fixture.today.adding(days: 7).iso)T10:00:00+09:00", "customer": {"name": "Ann"}}"#
                )
            ) {
                try APIFixture.decoder.decode(AppointmentAPITests.AppointmentBody.self, from: Data(buffer: $0.body)).id
            }
            // A company paying the stay's rooms, its month's invoice, and a group of two rooms.
            let (company, companyInvoice, group) = try await Self.companyAndGroup(manager, fixture, stay: stay)
            let housekeeper = try #require(
                try await StaffAPITests.signIn(manager, "housekeeping@example.com", APIFixture.password))
            let property = fixture.property.id
            var read: [String] = []
            for (path, item) in try OpenAPITests.paths().sorted(by: { $0.key < $1.key })
            where item["get"] != nil && path.hasPrefix("/api/v1/") && !path.hasPrefix("/api/v1/public/")
                && !path.hasSuffix("/events")
            {
                var uri = path.replacingOccurrences(of: "{day}", with: closed.iso)
                    .replacingOccurrences(of: "{name}", with: "payment").replacingOccurrences(of: "{userId}", with: "1")
                    .replacingOccurrences(of: "{companyId}", with: String(company))
                let id =
                    path.hasPrefix("/api/v1/stays/")
                    ? stay
                    : path.hasPrefix("/api/v1/documents/")
                        ? try #require(document)
                        : path.hasPrefix("/api/v1/appointments/")
                            ? appointment
                            : path.hasPrefix("/api/v1/customers/")
                                ? customer
                                : path.hasPrefix("/api/v1/sales/")
                                    ? sale
                                    : path.hasPrefix("/api/v1/company-invoices/")
                                        ? companyInvoice
                                        : path.hasPrefix("/api/v1/groups/")
                                            ? group
                                            : path.hasSuffix("/customers") || path.hasSuffix("/products")
                                                || path.hasSuffix("/waitlist")
                                                ? salon.property.id
                                                : path.hasPrefix("/api/v1/rooms/")
                                                    ? fixture.rooms[0].id
                                                    : path.hasPrefix("/api/v1/room-types/")
                                                        ? fixture.roomType.id
                                                        : path.hasSuffix("/salon") ? salon.property.id : property
                if uri.hasSuffix("/ledger") || uri.hasSuffix("/stats") || uri.hasSuffix("/rates") {
                    uri += "?from=\(closed.iso)&to=\(closed.adding(days: 2).iso)"
                }
                if uri.hasSuffix("/stays") { uri += "?q=Ann" }
                if uri.hasSuffix("/message-consents") { uri += "?channel=email&address=ann%40example.com" }
                if uri.hasSuffix("/e-invoice") { uri += "?provider=0100109106" }
                // An appointment is read in each of its states: checked out, and booked with its fees.
                for id in path.hasPrefix("/api/v1/appointments/") ? [id, booked] : [id] {
                    let uri = uri.replacingOccurrences(of: "{id}", with: String(id))
                    try await housekeeper.execute(uri: uri, method: .get) { response in
                        #expect([.ok, .forbidden].contains(response.status), "\(uri): \(response.status)")
                        let json = try JSONSerialization.jsonObject(with: Data(buffer: response.body))
                        #expect(Self.money(in: json).isEmpty, "\(uri): \(Self.money(in: json))")
                        if response.status == .ok { read.append(path) }
                    }
                }
            }
            // A salon's services and board, without their prices.
            for uri in ["/api/v1/properties/\(salon.property.id)", "/api/v1/properties/\(salon.property.id)/board"] {
                try await housekeeper.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok)
                    let json = try JSONSerialization.jsonObject(with: Data(buffer: response.body))
                    #expect(Self.money(in: json).isEmpty, "\(uri): \(Self.money(in: json))")
                }
            }
            // What housekeeping works from is still answered, without its money.
            for path in [
                "/api/v1/properties/{id}", "/api/v1/properties/{id}/today", "/api/v1/properties/{id}/stats",
                "/api/v1/stays/{id}", "/api/v1/stays/{id}/history", "/api/v1/properties/{id}/board",
                "/api/v1/properties/{id}/housekeeping",
            ] { #expect(read.contains(path), "\(path)") }
            // The same routes answer a manager with the money, so the check above can fail.
            try await manager.execute(uri: "/api/v1/properties/\(property)/today", method: .get) { response in
                let json = try JSONSerialization.jsonObject(with: Data(buffer: response.body))
                #expect(!Self.money(in: json).isEmpty)
            }
            try await manager.execute(uri: "/api/v1/stays/\(stay)/history", method: .get) { response in
                #expect(String(buffer: response.body).contains(#""amount""#))
            }
            try await manager.execute(uri: "/api/v1/appointments/\(booked)", method: .get) { response in
                let json = try JSONSerialization.jsonObject(with: Data(buffer: response.body))
                #expect(Self.money(in: json).contains { $0.hasPrefix(".fees.") })
            }
        }
    }

    @Test func theEventStreamSendsAHousekeeperTheChangesOfMoneyWithoutTheirData() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test(as: .manager, live: true) { manager in
            let stay = try await StayActionsAPITests.bookToday(manager, fixture, room: fixture.rooms[0].id)
            let housekeeper = try #require(
                try await StaffAPITests.signIn(manager, "housekeeping@example.com", APIFixture.password))
            let texts = try await housekeeper.eventTexts("/api/v1/properties/\(fixture.property.id)/events", count: 5) {
                try await manager.execute(uri: "/api/v1/stays/\(stay)/check-in", method: .post) {
                    #expect($0.status == .ok)
                }
                try await manager.execute(
                    uri: "/api/v1/stays/\(stay)/payments", method: .post,
                    body: ByteBuffer(string: #"{"amount": {"amount": 70000, "currency": "THB"}, "method": "cash"}"#)
                ) { #expect($0.status == .created || $0.status == .ok) }
            }
            let events = try texts.map {
                try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            }
            // hello, the check-in, its two room nights, the payment: in order, without a gap.
            let seqs = events.compactMap { $0["seq"] as? Int }
            #expect(seqs.count == 5 && seqs == Array(seqs[0]..<seqs[0] + 5), "\(seqs)")
            let kinds = events.compactMap { $0["kind"] as? String }
            #expect(kinds.contains("stay.check-in") && kinds.contains("folio.payment"), "\(kinds)")
            for event in events {
                #expect(Self.money(in: event).isEmpty, "\(event)")
                if (event["kind"] as? String)?.hasPrefix("folio.") == true {
                    #expect((event["data"] as? [Any])?.isEmpty == true)
                }
            }
            #expect(
                (events.first { $0["kind"] as? String == "stay.check-in" }?["data"] as? [Any])?.isEmpty == false)
        }
    }
}

extension SignedInClient {
    /// The first `count` text frames of an event stream, raw, with `change` made once the first arrived.
    func eventTexts(_ path: String, count: Int, after change: @escaping @Sendable () async throws -> Void)
        async throws -> [String]
    {
        let received = Texts()
        var headers = HTTPFields()
        if let cookie { headers[.cookie] = cookie }
        try await client.ws(path, configuration: .init(additionalHeaders: headers)) { inbound, outbound, _ in
            var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
            while await received.all.count < count, let message = try await messages.next() {
                guard case .text(let text) = message else { continue }
                await received.append(text)
                if await received.all.count == 1 { try await change() }
            }
            try await outbound.close(.normalClosure, reason: nil)
        }
        return await received.all
    }
}

private actor Texts {
    var all: [String] = []
    func append(_ text: String) { all.append(text) }
}
