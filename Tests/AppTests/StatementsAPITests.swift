import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StorageTesting
import Testing

@testable import App

/// A Thai hotel's bank statement, as Kasikornbank's site exports it (an account block above the header,
/// days of the Buddhist era, withdrawals and deposits in two columns): its columns mapped once, the import
/// settles the stay whose code a transfer names for what it owes, keeps the others waiting with why, and a
/// second import of the same file changes nothing; a waiting line is then settled by hand.
@Suite(.closesItsStores, .serialized)
struct StatementsAPITests {
    static let format = #"""
        {"bank": "Kasikornbank", "dateColumn": "Date", "amountColumn": "Deposit", "textColumn": "Details",
         "referenceColumn": "Ref", "dateOrder": "dmy"}
        """#

    /// Money as the bank writes it: thousands grouped, two decimals.
    static func written(_ satang: Int) -> String {
        let baht = satang / 100
        let grouped = baht.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
        return "\(grouped).\(String(format: "%02d", satang % 100))"
    }

    /// A day as the bank writes it: day, month and the Buddhist era's year.
    static func written(_ day: Day) -> String {
        let parts = day.iso.split(separator: "-").map { Int($0)! }
        return String(format: "%02d/%02d/%04d", parts[2], parts[1], parts[0] + 543)
    }

    static func post(_ client: SignedInClient, _ path: String, _ json: String) async throws -> TestResponse {
        try await client.execute(uri: path, method: .post, body: ByteBuffer(string: json))
    }

    static func upload(_ client: SignedInClient, _ fixture: APIFixture, bank: String, _ csv: String) async throws
        -> TestResponse
    {
        let body = try JSONSerialization.data(withJSONObject: ["bank": bank, "statement": csv])
        return try await post(
            client, "/api/v1/properties/\(fixture.property.id)/statements", String(decoding: body, as: UTF8.self))
    }

    @Test(arguments: TestDatabase.available)
    func aTransferNamingAStaysCodeSettlesWhatItOwesOnceAndTheRestWaitForTheDesk(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        try await fixture.test(as: .frontDesk) { client in
            let formats = "/api/v1/properties/\(fixture.property.id)/statement-formats"
            let twice = #"{"bank": "SCB", "dateColumn": "Date", "amountColumn": "Date", "textColumn": "Details"}"#
            let refused = try await client.execute(uri: formats, method: .put, body: ByteBuffer(string: twice))
            #expect(refused.status == .badRequest && refused.error?.error.field == "textColumn")
            let kept = try await client.execute(uri: formats, method: .put, body: ByteBuffer(string: Self.format))
            #expect(kept.status == .ok, "\(String(buffer: kept.body))")

            let today = fixture.today
            var stays: [Components.Schemas.Stay] = []
            for room in fixture.rooms.prefix(2) {
                let json = fixture.stayJSON(room: room.id, arrival: today.iso, departure: today.adding(days: 1).iso)
                let stay = try StayActionsAPITests.decode(
                    Components.Schemas.Stay.self, try await Self.post(client, fixture.staysPath, json))
                #expect(try await Self.post(client, "/api/v1/stays/\(stay.id)/check-in", "").status == .ok)
                stays.append(stay)
            }
            let owed = try await NightAuditAPITests.folio(client, stays[0].id).balance.amount
            #expect(owed > 0)
            // The guest typed the code as their banking app let them: lower case, the hyphen gone.
            let typed = stays[0].confirmationCode.lowercased().replacingOccurrences(of: "-", with: "")
            let csv = """
                Account,123-4-56789-0,Baan Suan Co.
                Period,\(Self.written(today.adding(days: -1))),\(Self.written(today))

                Date,Time,Details,Withdrawal,Deposit,Balance,Ref
                \(Self.written(today)),09:12,"PromptPay \(typed)",,"\(Self.written(owed))","\(Self.written(owed + 50_000))",KB0001
                \(Self.written(today)),10:00,Electricity bill,"1,200.00",,"1,000.00",KB0002
                \(Self.written(today)),11:30,Transfer FD-ZZZZZZZZ,,"500.00","1,500.00",KB0003
                \(Self.written(today)),12:45,From MR SOMCHAI,,"\(Self.written(owed))","9,999.00",KB0004

                """
            let first = try await Self.upload(client, fixture, bank: "Kasikornbank", csv)
            #expect(first.status == .ok, "\(String(buffer: first.body))")
            let result = try StayActionsAPITests.decode(Components.Schemas.StatementImport.self, first)
            #expect(result.settled.map(\.confirmationCode) == [stays[0].confirmationCode])
            #expect(result.settled.first?.amount.amount == owed && result.settled.first?.date == today.iso)
            #expect(result.waiting.map(\.unmatched) == [.unknownCode, .noCode])
            #expect(result.waiting.map(\.bankReference) == ["KB0003", "KB0004"])
            #expect(result.repeated == 0)
            let paid = try await NightAuditAPITests.folio(client, stays[0].id)
            #expect(paid.balance.amount == 0)
            #expect(paid.entries.last?.method == .transfer && paid.entries.last?.description.contains("KB0001") == true)

            // The same file again (a statement exported twice): nothing is settled twice, nothing waits twice.
            let again = try StayActionsAPITests.decode(
                Components.Schemas.StatementImport.self,
                try await Self.upload(client, fixture, bank: "Kasikornbank", csv))
            #expect(again.settled.isEmpty && again.waiting.isEmpty && again.repeated == 3)
            #expect(try await NightAuditAPITests.folio(client, stays[0].id).entries.count == paid.entries.count)

            // Mr Somchai paid the second stay without its code: the desk settles his line to it by hand.
            let lines = "/api/v1/properties/\(fixture.property.id)/statement-lines"
            let waiting = try await client.execute(uri: lines, method: .get) {
                try StayActionsAPITests.decode(Components.Schemas.StatementLineList.self, $0)
            }
            #expect(waiting.lines.map(\.bankReference) == ["KB0003", "KB0004"])
            let somchai = try #require(waiting.lines.last)
            let wrong = try await Self.post(
                client, "\(lines)/\(somchai.id)/settle", #"{"confirmationCode": "FD-NOPE2345"}"#)
            #expect(wrong.status == .notFound && wrong.error?.error.field == "confirmationCode")
            let settled = try await Self.post(
                client, "\(lines)/\(somchai.id)/settle", #"{"confirmationCode": "\#(stays[1].confirmationCode)"}"#)
            #expect(settled.status == .ok, "\(String(buffer: settled.body))")
            #expect(try await NightAuditAPITests.folio(client, stays[1].id).balance.amount == 0)
            let left = try await client.execute(uri: lines, method: .get) {
                try StayActionsAPITests.decode(Components.Schemas.StatementLineList.self, $0)
            }
            #expect(left.lines.map(\.bankReference) == ["KB0003"])
            let gone = try await Self.post(
                client, "\(lines)/\(somchai.id)/settle", #"{"confirmationCode": "\#(stays[1].confirmationCode)"}"#)
            #expect(gone.status == .notFound && gone.error?.error.field == "lineId")

            // A bank with no format kept, and a line the format cannot read, are refused by name.
            let unknown = try await Self.upload(client, fixture, bank: "Bangkok Bank", csv)
            #expect(unknown.status == .notFound && unknown.error?.error.field == "bank")
            let badDay = csv.replacingOccurrences(of: Self.written(today) + ",11:30", with: "31/02/2569,11:30")
            let unreadable = try await Self.upload(client, fixture, bank: "Kasikornbank", badDay)
            #expect(unreadable.status == .badRequest && unreadable.error?.error.field == "statement")
            #expect(unreadable.error?.error.message.contains("line 7") == true, "\(String(buffer: unreadable.body))")
        }
    }

    /// A Bangkok salon asking 30 % at booking: a customer's transfer naming their visit's code for what its
    /// two services' deposits come to takes both (a sale each, by transfer with the bank's reference), and
    /// the visit asks nothing more; the same file again takes nothing twice. Another visit's transfer of
    /// another amount waits, and is refused when the desk settles it to that visit by hand.
    @Test(arguments: TestDatabase.available)
    func aTransferNamingASalonVisitsCodeTakesItsDepositsOnce(database: TestDatabase) async throws {
        let salon = try await SalonOnlineAPITests.Salon.make(database: database, currency: .thb)
        try await salon.fixture.test(as: .manager) { client in
            let base = "/api/v1/properties/\(salon.id)"
            let terms = #"{"lateCancellationMinutes": 1440, "deposit": {"basisPoints": 3000}}"#
            for (path, json) in [("/salon/terms", terms), ("/statement-formats", Self.format)] {
                let put = try await client.execute(uri: base + path, method: .put, body: ByteBuffer(string: json))
                #expect(put.status == .ok, "\(String(buffer: put.body))")
            }
            var visits: [Components.Schemas.SalonVisit] = []
            for (services, email) in [
                ([salon.cut.id, salon.colour.id], "yui@example.com"), ([salon.cut.id], "mio@example.com"),
            ] {
                let free = try await salon.freeTimes(
                    client, on: salon.tomorrow.adding(days: visits.count), services: services)
                let booked = try await salon.book(
                    client, services, staff: nil, start: try #require(free.first).start, email: email)
                #expect(booked.status == .created, "\(String(buffer: booked.body))")
                visits.append(try SalonOnlineAPITests.decode(Components.Schemas.SalonVisit.self, booked))
            }
            // 30 % of Cut's 6,600 baht and of Colour's 9,900.
            #expect(visits.map { $0.deposit?.asked.amount } == [495_000, 198_000])
            let today = salon.today
            let csv = """
                Date,Time,Details,Withdrawal,Deposit,Balance,Ref
                \(Self.written(today)),09:12,"PromptPay \(visits[0].code)",,"4,950.00","14,950.00",KB0101
                \(Self.written(today)),09:40,"PromptPay \(visits[1].code)",,"1,000.00","15,950.00",KB0102

                """
            let body = try JSONSerialization.data(withJSONObject: ["bank": "Kasikornbank", "statement": csv])
            let imported = try StayActionsAPITests.decode(
                Components.Schemas.StatementImport.self,
                try await Self.post(client, base + "/statements", String(decoding: body, as: UTF8.self)))
            #expect(imported.settled.map(\.confirmationCode) == [visits[0].code])
            #expect(imported.settled.first?.stayId == nil)
            #expect(imported.waiting.map(\.unmatched) == [.amountDiffers])
            #expect(imported.waiting.first?.owed?.amount == 198_000)
            let path = "/api/v1/public/visits/\(visits[0].code)?email=yui@example.com"
            let paid = try await client.execute(uri: path, method: .get) {
                try SalonOnlineAPITests.decode(Components.Schemas.SalonVisit.self, $0)
            }
            #expect(paid.deposit?.paid.amount == 495_000 && paid.payCode == nil)
            for service in paid.services {
                let deposit = try await SalonFeesAPITests.detail(client, service.appointmentId).value2.deposit
                #expect(deposit?.held.amount == deposit?.asked.amount && (deposit?.held.amount ?? 0) > 0)
            }

            let again = try StayActionsAPITests.decode(
                Components.Schemas.StatementImport.self,
                try await Self.post(client, base + "/statements", String(decoding: body, as: UTF8.self)))
            #expect(again.settled.isEmpty && again.waiting.isEmpty && again.repeated == 2)

            let waiting = try #require(imported.waiting.first)
            let refused = try await Self.post(
                client, "\(base)/statement-lines/\(waiting.id)/settle",
                #"{"confirmationCode": "\#(visits[1].code)"}"#)
            #expect(refused.status == .badRequest && refused.error?.error.reason?.rawValue == "statement.amount")
            let still = try await client.execute(uri: base + "/statement-lines", method: .get) {
                try StayActionsAPITests.decode(Components.Schemas.StatementLineList.self, $0)
            }
            #expect(still.lines.map(\.bankReference) == ["KB0102"])
        }
    }
}

extension StatementsAPITests {
    /// A booking of several rooms paid by one transfer naming its code (its first room's, as its confirmation
    /// asks): each room's folio gets what it owed, the line names the first; an amount short of it waits.
    @Test(arguments: TestDatabase.available)
    func aTransferNamingAGroupsCodePaysEachOfItsRooms(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        try await fixture.test(as: .manager) { client in
            let kept = try await client.execute(
                uri: "/api/v1/properties/\(fixture.property.id)/statement-formats", method: .put,
                body: ByteBuffer(string: Self.format))
            #expect(kept.status == .ok)
            let today = fixture.today
            let room = { (id: Int) in
                #"{"arrival": "\#(today.iso)", "departure": "\#(today.adding(days: 2).iso)", "adults": 1, "roomTypeId": \#(fixture.roomType.id), "roomId": \#(id)}"#
            }
            let group = try StayActionsAPITests.decode(
                Components.Schemas.Group.self,
                try await Self.post(
                    client, "/api/v1/properties/\(fixture.property.id)/groups",
                    #"{"name": "Lee family", "guest": {"name": "Ann Lee"}, "rooms": [\#(room(fixture.rooms[0].id)), \#(room(fixture.rooms[1].id))]}"#
                ))
            var owed: [Int] = []
            for stay in group.stays {
                #expect(try await Self.post(client, "/api/v1/stays/\(stay.id)/check-in", "").status == .ok)
                owed.append(try await NightAuditAPITests.folio(client, stay.id).balance.amount)
            }
            let sum = owed.reduce(0, +)
            #expect(owed.allSatisfy { $0 > 0 })
            let csv = """
                Date,Time,Details,Withdrawal,Deposit,Balance,Ref
                \(Self.written(today)),09:12,"PromptPay \(group.code)",,"\(Self.written(sum - 100))","\(Self.written(sum))",KB0101
                \(Self.written(today)),09:40,"PromptPay \(group.code)",,"\(Self.written(sum))","\(Self.written(sum))",KB0102
                """
            let imported = try StayActionsAPITests.decode(
                Components.Schemas.StatementImport.self,
                try await Self.upload(client, fixture, bank: "Kasikornbank", csv))
            #expect(imported.settled.map(\.stayId) == [group.stays[0].id])
            #expect(imported.waiting.map(\.unmatched) == [.amountDiffers])
            for stay in group.stays {
                let folio = try await NightAuditAPITests.folio(client, stay.id)
                #expect(folio.balance.amount == 0, "room \(stay.id) still owes \(folio.balance.amount)")
                #expect(folio.entries.filter { $0.kind == .payment }.map(\.method) == [.transfer])
            }
        }
    }
}
