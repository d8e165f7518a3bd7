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

/// A salon's customer records through the API, on both databases, as the receptionist uses them: found by
/// their reading typed in hiragana, the last visit's formula read, details changed with the version read,
/// two records merged, the person's data exported and erased.
@Suite(.closesItsStores)
struct CustomerAPITests {
    /// The salon's path for its customers.
    static func path(_ salon: AppointmentAPITests.Salon) -> String {
        "/api/v1/properties/\(salon.property.id)/customers"
    }

    /// Adds a customer; answers their id.
    static func add(_ client: SignedInClient, _ salon: AppointmentAPITests.Salon, _ json: String) async throws -> Int {
        try await client.execute(uri: path(salon), method: .post, body: ByteBuffer(string: json)) { response in
            #expect(response.status == .created, "\(String(buffer: response.body))")
            return try APIFixture.decoder.decode(Components.Schemas.Customer.self, from: Data(buffer: response.body)).id
        }
    }

    /// Books the customer with the first stylist `days` from the fixture's today at 11:00 in Tokyo, outside
    /// the hours if need be; answers the appointment's id.
    static func book(
        _ client: SignedInClient, _ salon: AppointmentAPITests.Salon, customer: Int, days: Int, fixture: APIFixture
    ) async throws -> Int {
        let zone = salon.property.timeZone
        let day = Day.today(in: zone, now: fixture.store.clock.now()).adding(days: days)
        let start = day.instant(atMinute: 11 * 60, in: zone).formatted(.iso8601)
        let body =
            #"{"staffId": \#(salon.staff[0].id), "serviceId": \#(salon.service.id), "start": "\#(start)", "customer": {"id": \#(customer)}, "outsideWorkingHours": true}"#
        return try await client.execute(
            uri: "/api/v1/properties/\(salon.property.id)/appointments", method: .post, body: ByteBuffer(string: body)
        ) { response in
            #expect(response.status == .created, "\(String(buffer: response.body))")
            return try APIFixture.decoder.decode(
                AppointmentAPITests.AppointmentBody.self, from: Data(buffer: response.body)
            ).id
        }
    }

    /// The salon's date `days` from the fixture's today.
    static func dayOf(_ days: Int, _ fixture: APIFixture, _ salon: AppointmentAPITests.Salon) -> String {
        Day.today(in: salon.property.timeZone, now: fixture.store.clock.now()).adding(days: days).iso
    }

    static func record(_ client: SignedInClient, _ id: Int) async throws -> Components.Schemas.CustomerRecord {
        try await client.execute(uri: "/api/v1/customers/\(id)", method: .get) { response in
            #expect(response.status == .ok, "\(String(buffer: response.body))")
            return try APIFixture.decoder.decode(
                Components.Schemas.CustomerRecord.self, from: Data(buffer: response.body))
        }
    }

    static func patch(
        _ client: SignedInClient, _ uri: String, version: Int?, _ json: String,
        _ check: @escaping (TestResponse) async throws -> Void
    ) async throws {
        try await client.execute(
            uri: uri, method: .patch, headers: version.map { [.ifMatch: "\"\($0)\""] } ?? [:],
            body: ByteBuffer(string: json), testCallback: check)
    }

    @Test(arguments: TestDatabase.available)
    func aReceptionistFindsACustomerByKanaReadsTheLastFormulaAndChangesTheirDetails(database: TestDatabase)
        async throws
    {
        let fixture = try await APIFixture.make(database: database)
        let salon = try await AppointmentAPITests.salon(in: fixture)
        try await fixture.test { client in
            let hanako = try await Self.add(
                client, salon,
                #"{"name": "田中 花子", "reading": "タナカ ハナコ", "phone": "090-1234-5678", "allergies": "ジアミン"}"#)
            // Sent twice with one key (a retry after a dropped answer), the customer is added once.
            let key: HTTPFields = [HTTPField.Name("Idempotency-Key")!: "customer-\(UUID())"]
            var added: [Int] = []
            for _ in 0..<2 {
                added.append(
                    try await client.execute(
                        uri: Self.path(salon), method: .post, headers: key,
                        body: ByteBuffer(string: #"{"name": "佐藤 美咲", "reading": "サトウ ミサキ"}"#)
                    ) { response in
                        #expect(response.status == .created)
                        return try APIFixture.decoder.decode(
                            Components.Schemas.Customer.self, from: Data(buffer: response.body)
                        ).id
                    })
            }
            #expect(added[0] == added[1])
            for query in ["たなか", "ﾀﾅｶ", "5678", "090-1234-5678", "田中"] {
                let escaped = query.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? query
                try await client.execute(uri: "\(Self.path(salon))?q=\(escaped)", method: .get) { response in
                    let list = try APIFixture.decoder.decode(
                        Components.Schemas.CustomerList.self, from: Data(buffer: response.body))
                    #expect(list.customers.map(\.id) == [hanako], "\(query)")
                }
            }
            // Last month's colour, written up after it, and next week's cut.
            let colour = try await Self.book(client, salon, customer: hanako, days: -28, fixture: fixture)
            try await Self.patch(client, "/api/v1/appointments/\(colour)", version: 1, #"{"state": "completed"}"#) {
                #expect($0.status == .ok)
            }
            try await Self.patch(
                client, "/api/v1/appointments/\(colour)", version: 2, #"{"visitNotes": "6N + 3% OX 1:1, 30 min"}"#
            ) { #expect($0.status == .ok, "\(String(buffer: $0.body))") }
            _ = try await Self.book(client, salon, customer: hanako, days: 7, fixture: fixture)
            let record = try await Self.record(client, hanako)
            #expect(record.value1.allergies == "ジアミン")
            #expect(record.value2.visits.first?.visitNotes == "6N + 3% OX 1:1, 30 min")
            #expect(record.value2.visits.first?.staffName == "Aoi")
            #expect(record.value2.upcoming.count == 1 && record.value2.visitsLastYear == 1)
            #expect(record.value2.spent?.amount == 6_600)

            let uri = "/api/v1/customers/\(hanako)"
            try await Self.patch(client, uri, version: nil, #"{"notes": "x"}"#) {
                #expect($0.status == .preconditionRequired)
            }
            try await Self.patch(client, uri, version: 1, #"{"email": "not mail"}"#) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body).contains(#""field":"email""#))
            }
            try await Self.patch(client, uri, version: 1, #"{"email": "hanako@example.jp", "birthday": "1990-04-01"}"#)
            {
                #expect($0.status == .ok)
                #expect($0.headers[.eTag] == "\"2\"")
            }
            try await Self.patch(client, uri, version: 1, #"{"notes": "late"}"#) {
                #expect($0.status == .preconditionFailed)
            }
            try await client.execute(uri: "\(uri)/export", method: .get) { response in
                #expect(response.status == .ok)
                let text = String(buffer: response.body)
                #expect(text.contains("hanako@example.jp") && text.contains("6N + 3% OX 1:1"))
            }
            // Only a manager erases a person.
            try await client.execute(uri: uri, method: .delete) { #expect($0.status == .forbidden) }
        }
    }

    @Test(arguments: TestDatabase.available)
    func aMergeKeepsEveryVisitAndAnErasureKeepsTheVisitsButNotThePerson(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let salon = try await AppointmentAPITests.salon(in: fixture)
        try await fixture.test(as: .manager) { client in
            let kept = try await Self.add(client, salon, #"{"name": "田中 花子", "reading": "タナカ ハナコ"}"#)
            let other = try await Self.add(
                client, salon, #"{"name": "Hanako Tanaka", "phone": "+81 90 1234 5678", "notes": "Prefers Mei"}"#)
            var appointments: [Int] = []
            for (customer, days) in [(kept, -56), (other, -28), (other, 14)] {
                appointments.append(
                    try await Self.book(client, salon, customer: customer, days: days, fixture: fixture))
            }
            try await Self.patch(
                client, "/api/v1/appointments/\(appointments[1])", version: 1, #"{"visitNotes": "8Ash + 6%"}"#
            ) { #expect($0.status == .ok) }
            try await client.execute(
                uri: "/api/v1/customers/\(kept)/merge", method: .post,
                body: ByteBuffer(string: #"{"customerId": \#(other)}"#)
            ) { response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                let merged = try APIFixture.decoder.decode(
                    Components.Schemas.Customer.self, from: Data(buffer: response.body))
                #expect(merged.phone == "+81 90 1234 5678" && merged.notes == "Prefers Mei" && merged.version == 2)
            }
            try await client.execute(uri: "/api/v1/customers/\(other)", method: .get) {
                #expect($0.status == .notFound)
            }
            let merged = try await Self.record(client, kept)
            #expect(
                Set((merged.value2.visits + merged.value2.upcoming).map(\.appointmentId)) == Set(appointments))

            // The salon's list, to take elsewhere: one row a person, with their visits.
            let list = "/api/v1/properties/\(salon.property.id)/exports/customers"
            try await client.execute(uri: list, method: .get) { response in
                #expect(response.status == .ok)
                let lines = String(buffer: response.body).split(separator: "\r\n")
                try #require(lines.count == 2)
                #expect(lines[1].hasPrefix("\(kept),田中 花子,タナカ ハナコ,+81 90 1234 5678,"))
                #expect(
                    lines[1].hasSuffix(",0,\(Self.dayOf(-28, fixture, salon)),\(Self.dayOf(14, fixture, salon)),0,JPY"))
            }
            try await client.execute(uri: "/api/v1/customers/\(kept)", method: .delete) {
                #expect($0.status == .noContent)
            }
            try await client.execute(uri: list, method: .get) {
                #expect(String(buffer: $0.body).split(separator: "\r\n").count == 1)
            }
            let erased = try await Self.record(client, kept)
            #expect(erased.value1.erased && erased.value1.name.isEmpty && erased.value1.phone.isEmpty)
            #expect((erased.value2.visits + erased.value2.upcoming).count == 3)
            #expect((erased.value2.visits + erased.value2.upcoming).allSatisfy { $0.visitNotes.isEmpty })
            try await client.execute(uri: "\(Self.path(salon))?q=%E3%81%9F%E3%81%AA%E3%81%8B", method: .get) {
                #expect(String(buffer: $0.body) == #"{"customers":[]}"#)
            }
            try await Self.patch(client, "/api/v1/customers/\(kept)", version: 3, #"{"name": "Back"}"#) { response in
                #expect(response.status == .unprocessableContent)
                #expect(String(buffer: response.body).contains("customer.erased"))
            }
            // Nothing of the person is left in the history or the event stream.
            let sql = try fixture.store.sql
            for (table, column) in [("audit_log", "before"), ("audit_log", "after"), ("events", "payload")] {
                let rows = try await sql.raw(
                    "SELECT COUNT(*) AS n FROM \(unsafeRaw: table) WHERE \(unsafeRaw: column) LIKE '%花子%' OR \(unsafeRaw: column) LIKE '%Hanako%' OR \(unsafeRaw: column) LIKE '%8Ash%'"
                ).first()
                #expect(try rows?.decode(column: "n", as: Int.self) == 0, "\(table).\(column)")
            }
            let contacts = try await sql.raw(
                "SELECT COUNT(*) AS n FROM guests WHERE name LIKE '%Hanako%' OR name LIKE '%花子%'"
            ).first()
            #expect(try contacts?.decode(column: "n", as: Int.self) == 0)
        }
    }

    @Test(arguments: TestDatabase.available)
    func anOnlineBookingIsTheRecordWithItsPhoneOrANewRecord(database: TestDatabase) async throws {
        let salon = try await SalonOnlineAPITests.Salon.make(database: database)
        let start = salon.tomorrow.instant(atMinute: 10 * 60, in: salon.salon.property.timeZone)
        try await salon.fixture.test(as: nil) { client in
            let first = try await salon.book(client, [salon.cut.id], staff: nil, start: start)
            #expect(first.status == .created, "\(String(buffer: first.body))")
            let second = try await salon.book(
                client, [salon.cut.id], staff: nil, start: start.addingTimeInterval(3_600), email: "other@example.com")
            #expect(second.status == .created, "\(String(buffer: second.body))")
            // (Read before the fixture closes its store.)
            let store = salon.fixture.store
            let booked = try await store.appointments.appointments(
                propertyID: salon.id, fromMinute: 0, toMinute: Int.max / 2)
            #expect(booked.count == 2 && Set(booked.map(\.customerID)).count == 1)
            let customer = try #require(try await store.customers.customer(id: booked[0].customerID))
            #expect(
                customer.name == "佐藤 結衣" && customer.email == "yui@example.com" && customer.propertyID == salon.id)
        }
    }

    /// What a person asking for their data receives is all of it: every visit, past the 100 the record reads,
    /// headed in the desk's language. Erased, their address and name are gone from their bookings' messages
    /// too, and a message of theirs still queued is not sent.
    @Test(arguments: TestDatabase.available)
    func theExportHoldsEveryVisitInTheDesksLanguageAndAnErasureLeavesNoAddressOnTheMessages(database: TestDatabase)
        async throws
    {
        let fixture = try await APIFixture.make(database: database)
        let salon = try await AppointmentAPITests.salon(in: fixture)
        try await fixture.test(as: .manager) { client in
            let yui = try await Self.add(
                client, salon, #"{"name": "山田 結衣", "reading": "ﾔﾏﾀﾞ ﾕｲ", "email": "yui@example.com"}"#)
            let visits = CustomerRecord.visitLimit + 5
            for days in 1...visits {
                _ = try await Self.book(client, salon, customer: yui, days: -days, fixture: fixture)
            }
            let start = Day.today(in: salon.property.timeZone, now: fixture.store.clock.now()).adding(days: 3)
                .instant(atMinute: 11 * 60, in: salon.property.timeZone).formatted(.iso8601)
            let confirmed = try await client.execute(
                uri: "/api/v1/properties/\(salon.property.id)/appointments", method: .post,
                body: ByteBuffer(
                    string:
                        #"{"staffId": \#(salon.staff[0].id), "serviceId": \#(salon.service.id), "start": "\#(start)", "customer": {"id": \#(yui)}, "language": "ja"}"#
                )
            ) {
                try APIFixture.decoder.decode(AppointmentAPITests.AppointmentBody.self, from: Data(buffer: $0.body)).id
            }
            // Half-width kana with voiced marks finds her, as the full-width reading does.
            for query in ["ﾔﾏﾀﾞ", "やまだ", "ヤマダ ユイ"] {
                let escaped = query.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? query
                try await client.execute(uri: "\(Self.path(salon))?q=\(escaped)", method: .get) { response in
                    let list = try APIFixture.decoder.decode(
                        Components.Schemas.CustomerList.self, from: Data(buffer: response.body))
                    #expect(list.customers.map(\.id) == [yui], "\(query)")
                }
            }
            try await client.execute(uri: "/api/v1/customers/\(yui)/export?lang=ja", method: .get) { response in
                #expect(response.status == .ok)
                let lines = String(buffer: response.body).split(separator: "\r\n", omittingEmptySubsequences: false)
                #expect(lines.first == "\u{FEFF}項目,内容" && lines.contains("開始,メニュー,担当,状態,料金,通貨,メモ,施術メモ"))
                let rows = lines.filter { $0.hasPrefix("20") }
                #expect(rows.count == visits + 1)
                #expect(rows.first?.contains(",予約済み,") == true && rows.dropFirst().allSatisfy { $0.contains(",予約済み,") })
                #expect(!lines.contains { $0.contains("booked") || $0.contains("field") })
            }
            try await client.execute(uri: "/api/v1/customers/\(yui)/export?lang=xx", method: .get) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body).contains(#""field":"lang""#))
            }
            try await client.execute(
                uri: "/api/v1/properties/\(salon.property.id)/exports/customers?lang=ja", method: .get
            ) {
                #expect(String(buffer: $0.body).hasPrefix("\u{FEFF}id,お名前,フリガナ,電話番号,"))
            }
            // Her confirmation, sent; and a reminder still on its way.
            let sql = try fixture.store.sql
            try await sql.raw("UPDATE messages SET state = 'sent' WHERE appointment_id = \(bind: confirmed)").run()
            let queued = try await fixture.store.messages.sendAgain(
                id: try #require(try await fixture.store.messages.messages(appointmentID: confirmed).first).id)
            #expect(queued.state == .queued)
            try await client.execute(uri: "/api/v1/customers/\(yui)", method: .delete) {
                #expect($0.status == .noContent)
            }
            try await client.execute(uri: "/api/v1/appointments/\(confirmed)/messages", method: .get) { response in
                #expect(response.status == .ok)
                let text = String(buffer: response.body)
                #expect(!text.contains("yui@example.com") && !text.contains("山田"), "\(text)")
                #expect(text.contains(#""state":"failed""#))
            }
            let left = try await sql.raw(
                "SELECT COUNT(*) AS n FROM messages WHERE recipient LIKE '%yui@%' OR facts LIKE '%結衣%'"
            ).first()
            #expect(try left?.decode(column: "n", as: Int.self) == 0)
            try await client.execute(uri: "/api/v1/messages/\(queued.id)/send-again", method: .post) { response in
                #expect(response.status == .unprocessableContent, "\(String(buffer: response.body))")
            }
        }
    }
}
