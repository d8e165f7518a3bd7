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

/// A hotel's spa charging its guests' visits to their room, through the API on both databases, as the
/// manager of both links them and the spa's desk uses it: the guest in room 101 found by room and by name,
/// a visit booked for their stay, charged to the room at checkout (one `salon` line on the stay's folio, in
/// the sale's transaction), refunded (the line reversed), and each business's day counting it once.
@Suite(.closesItsStores)
struct RoomChargeAPITests {
    typealias Folio = Components.Schemas.Folio

    /// The fixture's Chiang Mai hotel and a spa of its owner's, linked by the manager of both.
    static func linked(_ fixture: APIFixture, _ client: SignedInClient) async throws -> AppointmentAPITests.Salon {
        let salon = try await CheckoutAPITests.thaiSalon(in: fixture)
        try await client.execute(
            uri: "/api/v1/properties/\(salon.property.id)/room-charges", method: .put,
            body: ByteBuffer(string: #"{"hotelId": \#(fixture.property.id)}"#)
        ) { response in
            #expect(response.status == .ok, "\(String(buffer: response.body))")
            #expect(String(buffer: response.body).contains(#""hotelId":\#(fixture.property.id)"#))
        }
        return salon
    }

    static func pay(
        _ client: SignedInClient, _ salon: AppointmentAPITests.Salon, visit: Int, payment: String,
        check: @escaping (TestResponse) async throws -> Void
    ) async throws {
        try await client.execute(
            uri: "/api/v1/properties/\(salon.property.id)/sales", method: .post,
            body: ByteBuffer(string: #"{"appointmentIds": [\#(visit)], "payments": [\#(payment)]}"#),
            testCallback: check)
    }

    @Test(arguments: TestDatabase.available)
    func aSpaVisitChargedToTheRoomIsOneLineOnTheStaysBillAndItsRefundReversesIt(database: TestDatabase)
        async throws
    {
        let fixture = try await APIFixture.make(database: database)
        try await fixture.test(as: .manager) { client in
            let salon = try await Self.linked(fixture, client)
            try await client.execute(uri: "/api/v1/properties/\(salon.property.id)", method: .get) { response in
                let property = try StayActionsAPITests.decode(Components.Schemas.Property.self, response)
                #expect(property.chargesHotelId == fixture.property.id)
                #expect(property.paymentMethods?.last?.method == .room)
                #expect(property.paymentMethods?.last?.chargesRoom == true)
            }
            let stay = try await StayActionsAPITests.bookToday(client, fixture, room: fixture.rooms[0].id)
            let later = try await StayActionsAPITests.bookToday(client, fixture, room: fixture.rooms[1].id)
            try await client.execute(uri: "/api/v1/stays/\(stay)/check-in", method: .post) {
                #expect($0.status == .ok)
            }
            // Found by room and by name; the guest still to check in is listed after, not in the house.
            let found = { (query: String) async throws -> [Components.Schemas.RoomGuest] in
                try await client.execute(
                    uri: "/api/v1/properties/\(salon.property.id)/room-guests?q=\(query)", method: .get
                ) { response in
                    #expect(response.status == .ok, "\(String(buffer: response.body))")
                    return try StayActionsAPITests.decode(Components.Schemas.RoomGuestList.self, response).guests
                }
            }
            #expect(try await found("10").map(\.stayId) == [stay, later])
            #expect(try await found("10").map(\.inHouse) == [true, false])
            #expect(try await found("101").map { [$0.room, $0.name] } == [["101", "Ann Lee"]])
            #expect(try await found("ann%20l").count == 2)
            #expect(try await found("999").isEmpty)
            #expect(try await found("%25").isEmpty)

            // Booked for the stay under the guest's name, with no customer typed.
            let start = fixture.today.instant(atMinute: 16 * 60, in: salon.property.timeZone).formatted(.iso8601)
            let visit = try await client.execute(
                uri: "/api/v1/properties/\(salon.property.id)/appointments", method: .post,
                body: ByteBuffer(
                    string:
                        #"{"staffId": \#(salon.staff[0].id), "serviceId": \#(salon.service.id), "start": "\#(start)", "customer": {}, "stayId": \#(stay), "outsideWorkingHours": true}"#
                )
            ) { response in
                #expect(response.status == .created, "\(String(buffer: response.body))")
                let appointment = try StayActionsAPITests.decode(AppointmentAPITests.AppointmentBody.self, response)
                #expect(appointment.stayId == stay)
                return appointment.id
            }
            let quote = try await CheckoutAPITests.quote(client, salon, #"{"appointmentIds": [\#(visit)]}"#)
            // 1,200.00 and 7 % VAT added: 1,284.00.
            #expect(quote.total.amount == 128_400)
            let amount = #"{"amount": 128400, "currency": "THB"}"#

            // Refused: no stay named; the guest not yet in; a stay of no hotel the spa charges. Nothing stored.
            try await Self.pay(client, salon, visit: visit, payment: #"{"method": "room", "amount": \#(amount)}"#) {
                #expect($0.status == .badRequest)
                #expect($0.error?.error.field == "payments[0].stayId")
            }
            for other in [later, 999_999] {
                try await Self.pay(
                    client, salon, visit: visit,
                    payment: #"{"method": "room", "amount": \#(amount), "stayId": \#(other)}"#
                ) {
                    #expect($0.status == .conflict, "\(String(buffer: $0.body))")
                    #expect($0.error?.error.reason?.rawValue == "room.notInHouse")
                    #expect($0.error?.error.field == "payments[0].stayId")
                }
            }
            #expect(try await fixture.store.sales.sales(appointmentIDs: [visit]).isEmpty)
            #expect(try await RoomChargeFolios.lines(client, later).isEmpty)

            // The stay's bill is split: the spa's visits go to Ken's folio, as the desk routes them.
            let split = try await client.execute(
                uri: "/api/v1/stays/\(stay)/folio/split", method: .put,
                body: ByteBuffer(string: #"{"folios": [{"number": 2, "name": "Ken Sato"}], "routes": {"salon": 2}}"#)
            ) { response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                return try StayActionsAPITests.decode(Folio.self, response)
            }
            #expect(split.routable?.contains(.salon) == true && split.routable?.contains(.product) == false)

            let code = try await fixture.store.stays.stay(id: stay)?.confirmationCode ?? ""
            let sale = try await client.execute(
                uri: "/api/v1/properties/\(salon.property.id)/sales", method: .post,
                body: ByteBuffer(
                    string:
                        #"{"appointmentIds": [\#(visit)], "payments": [{"method": "room", "amount": \#(amount), "stayId": \#(stay)}]}"#
                )
            ) { response in
                #expect(response.status == .created, "\(String(buffer: response.body))")
                let sale = try CheckoutAPITests.sale(response)
                #expect(sale.value1.payments.map(\.value1.reference) == ["101 · \(code)"])
                #expect(sale.value1.payments.map(\.value1.stayId) == [stay])
                return sale.value2
            }
            var lines = try await RoomChargeFolios.lines(client, stay)
            #expect(lines.map(\.amount.amount) == [128_400])
            #expect(lines.first?.description == "Baan Spa: Thai massage (\(sale.reference))")
            #expect(lines.map(\.folio) == [2])
            // The hotel adds no tax of its own on the spa's line: the spa's receipt bore it.
            let folio = try await RoomChargeFolios.folio(client, stay)
            #expect(folio.entries.filter { $0.category == .tax }.isEmpty)
            #expect(folio.balance.amount == 128_400 + 240_000)

            // The hotel's desk does not take a payment "charged to room".
            try await client.execute(
                uri: "/api/v1/stays/\(stay)/payments", method: .post,
                body: ByteBuffer(string: #"{"amount": \#(amount), "method": "room"}"#)
            ) { #expect($0.status == .badRequest) }

            // Each business's day counts it once: the spa's takings and its payment charged to a room; the
            // hotel's line of the salon's, none of the hotel's own taxes inside it.
            let today = CustomerAPITests.dayOf(0, fixture, salon)
            let spaDay = try await CheckoutAPITests.ledger(client, salon, today)
            #expect(spaDay.payments.map { ($0.method, $0.amount.amount) }.elementsEqual([(.room, 128_400)], by: ==))
            let hotelDay = try await client.execute(
                uri:
                    "/api/v1/properties/\(fixture.property.id)/ledger?from=\(fixture.today.iso)&to=\(fixture.today.iso)",
                method: .get
            ) { try StayActionsAPITests.decode(Components.Schemas.Ledger.self, $0) }
            #expect(hotelDay.charges.filter { $0.category == .salon }.map(\.amount.amount) == [128_400])
            #expect(hotelDay.includedTaxes?.isEmpty ?? true)

            // Each closes its day: the spa's takings hold the massage once, before its tax; the hotel's day holds
            // the spa's line once, outside its room revenue, and the guest in the house owing it.
            let spaClose = try await CheckoutAPITests.closeDay(client, salon, today)
            #expect(spaClose.takings.amount == 120_000 && spaClose.receipts == 1)
            let hotelClose = try await client.execute(
                uri: "/api/v1/properties/\(fixture.property.id)/night-audit", method: .post,
                body: ByteBuffer(string: #"{"day": "\#(fixture.today.iso)"}"#)
            ) { response in
                #expect(response.status == .created, "\(String(buffer: response.body))")
                return try StayActionsAPITests.decode(Components.Schemas.DayClose.self, response)
            }
            #expect(hotelClose.ledger.charges.filter { $0.category == .salon }.map(\.amount.amount) == [128_400])
            #expect(hotelClose.roomRevenue.amount == 120_000)
            #expect(hotelClose.inHouse.first { $0.stayId == stay }?.amount.amount == 128_400 + 240_000)

            // The hotel's desk does not reverse the spa's line by hand; moved to the guest's own folio, the
            // spa's refund finds it there.
            let line = try #require(lines.first)
            try await client.execute(
                uri: "/api/v1/stays/\(stay)/reversals", method: .post,
                body: ByteBuffer(string: #"{"entryId": \#(line.id), "reason": "Wrong"}"#)
            ) { #expect($0.error?.error.reason?.rawValue == "folio.salonLine", "\(String(buffer: $0.body))") }
            try await client.execute(
                uri: "/api/v1/stays/\(stay)/folio/moves", method: .post,
                body: ByteBuffer(string: #"{"entryIds": [\#(line.id)], "folio": 1}"#)
            ) { #expect($0.status == .created, "\(String(buffer: $0.body))") }

            // The refund reverses the room's line in its transaction.
            try await client.execute(
                uri: "/api/v1/sales/\(sale.id)/refund", method: .post,
                body: ByteBuffer(string: #"{"reason": "Booked twice"}"#)
            ) { #expect($0.status == .ok, "\(String(buffer: $0.body))") }
            lines = try await RoomChargeFolios.lines(client, stay)
            #expect(lines.map(\.reversed) == [true, true])
            #expect(lines.map(\.folio) == [2, 1])
            #expect(try await RoomChargeFolios.folio(client, stay).balance.amount == 240_000)
        }
    }

    @Test(arguments: TestDatabase.available)
    func onlyAManagerOfBothLinksASalonToAHotelInItsCurrency(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let salon = try await CheckoutAPITests.thaiSalon(in: fixture)
        let tokyo = try await fixture.store.properties.insert(
            Property(
                id: 0, name: "Ryokan Aoi", kind: .hotel, region: "Kanto", city: "Tokyo", latitude: 35.6,
                longitude: 139.7, timeZoneID: "Asia/Tokyo", currency: .jpy))
        try await fixture.staff(tokyo.id)
        let link:
            @Sendable (SignedInClient, String, @escaping @Sendable (TestResponse) async throws -> Void)
                async throws -> Void = { client, body, check in
                    try await client.execute(
                        uri: "/api/v1/properties/\(salon.property.id)/room-charges", method: .put,
                        body: ByteBuffer(string: body), testCallback: check)
                }
        try await fixture.test { anonymous in
            let client = try await anonymous.signedIn(as: .frontDesk)
            try await link(client, #"{"hotelId": \#(fixture.property.id)}"#) { #expect($0.status == .forbidden) }
            // Where none is linked, the spa's desk finds no hotel's guests, and is told why.
            try await client.execute(uri: "/api/v1/properties/\(salon.property.id)/room-guests", method: .get) {
                #expect($0.status == .conflict)
                #expect($0.error?.error.reason?.rawValue == "room.chargesNone")
            }
            let manager = try await anonymous.signedIn(as: .manager)
            try await link(manager, #"{"hotelId": \#(tokyo.id)}"#) {
                #expect($0.status == .badRequest)
                #expect($0.error?.error.field == "hotelId")
            }
            try await link(manager, #"{"hotelId": \#(salon.property.id)}"#) {
                #expect($0.status == .notFound)
                #expect($0.error?.error.field == "hotelId")
            }
            try await link(manager, #"{"hotelId": \#(fixture.property.id)}"#) { #expect($0.status == .ok) }
            try await link(manager, "{}") { #expect($0.status == .ok) }
            #expect(try await fixture.store.properties.property(id: salon.property.id)?.chargesHotelID == nil)
        }
    }
}

extension RoomChargeAPITests {
    /// A guest with a stay finds the hotel's spa on their booking's page and books a time for their stay (the
    /// code and the email they booked with): the spa's desk then sees the visit as the hotel guest's.
    @Test(arguments: TestDatabase.available)
    func aGuestBooksTheSpaFromTheirBookingForTheirStay(database: TestDatabase) async throws {
        let salon = try await SalonOnlineAPITests.Salon.make(database: database, currency: .thb)
        let fixture = salon.fixture
        try await fixture.test(as: .manager) { client in
            let stay = try await StayActionsAPITests.bookToday(client, fixture, room: fixture.rooms[0].id, nights: 3)
            let code = try #require(try await fixture.store.stays.stay(id: stay)).confirmationCode
            let booking = { () async throws -> Components.Schemas.ManagedBooking in
                try await client.execute(
                    uri: "/api/v1/public/bookings/\(code)?email=ann%40example.com", method: .get
                ) { try StayActionsAPITests.decode(Components.Schemas.ManagedBooking.self, $0) }
            }
            #expect(try await booking().spas == nil)
            try await client.execute(
                uri: "/api/v1/properties/\(salon.id)/room-charges", method: .put,
                body: ByteBuffer(string: #"{"hotelId": \#(fixture.property.id)}"#)
            ) { #expect($0.status == .ok) }
            #expect(try await booking().spas?.map(\.id) == [salon.id])

            let start = salon.tomorrow.instant(atMinute: 10 * 60, in: salon.salon.property.timeZone)
            let visit = { (stayCode: String, email: String) async throws -> TestResponse in
                try await client.execute(
                    uri: "\(salon.path)/visits?lang=th", method: .post,
                    headers: [HTTPField.Name("Idempotency-Key")!: "visit-\(UUID())"],
                    body: ByteBuffer(
                        string:
                            #"{"services": [\#(salon.cut.id)], "start": "\#(start.formatted(.iso8601))", "stay": "\#(stayCode)", "customer": {"name": "Ann Lee", "email": "\#(email)", "phone": "+66 81 234 5678"}, "acceptTerms": true}"#
                    )
                ) { $0 }
            }
            // Another's email, or a code of no stay, is refused alike, and books nothing.
            for (stayCode, email) in [(code, "eve@example.com"), ("NOSUCH", "ann@example.com")] {
                let refused = try await visit(stayCode, email)
                #expect(refused.status == .conflict, "\(String(buffer: refused.body))")
                #expect(refused.error?.error.reason?.rawValue == "room.notInHouse")
                #expect(refused.error?.error.field == "stay")
            }
            #expect(
                try await fixture.store.appointments.appointments(
                    propertyID: salon.id, fromMinute: 0, toMinute: Int.max / 2
                ).isEmpty)
            let booked = try await visit(code.lowercased(), "Ann@Example.com")
            #expect(booked.status == .created, "\(String(buffer: booked.body))")
            let appointment = try #require(
                try await fixture.store.appointments.appointments(
                    propertyID: salon.id, fromMinute: 0, toMinute: Int.max / 2
                ).first)
            #expect(appointment.stayID == stay)
            try await client.execute(uri: "/api/v1/appointments/\(appointment.id)", method: .get) { response in
                let detail = try StayActionsAPITests.decode(Components.Schemas.AppointmentDetail.self, response)
                #expect(detail.value2.roomGuest?.stayId == stay)
                #expect(detail.value2.roomGuest?.room == "101")
                #expect(detail.value2.roomGuest?.inHouse == false)
            }
        }
    }
}

/// A stay's folio as the desk reads it, and its lines a salon charged.
enum RoomChargeFolios {
    static func folio(_ client: SignedInClient, _ stay: Int) async throws -> Components.Schemas.Folio {
        try await client.execute(uri: "/api/v1/stays/\(stay)/folio", method: .get) {
            try StayActionsAPITests.decode(Components.Schemas.Folio.self, $0)
        }
    }

    static func lines(_ client: SignedInClient, _ stay: Int) async throws -> [Components.Schemas.FolioEntry] {
        try await folio(client, stay).entries.filter { $0.category == .salon && $0.kind == .charge }
    }
}
