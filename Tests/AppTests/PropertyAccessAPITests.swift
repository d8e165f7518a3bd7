import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Storage
import StorageTesting
import Testing

@testable import App

/// Every staff route takes the property it acts on from its resource and asks the one access check:
/// for a member of staff who does not work at the hotel and the salon, nothing of theirs exists. The
/// routes tried are every staff route of the API document (a new one fails the test until it is tried
/// here), each with a request it would otherwise accept.
@Suite(.closesItsStores, .serialized)
struct PropertyAccessAPITests {
    /// What every staff route is tried on: a hotel and a salon with a stay, a customer, an appointment, a
    /// sale, a document, a block, a message, a webhook and a waitlist entry, and each route with a request it
    /// would accept from its property's manager.
    struct World {
        var routes: [(HTTPRequest.Method, String, String?)]
        var stay: Stay
        var customer: Customer
        var sale: Sale
        var waiting: WaitlistEntry
        /// The manager, who works at both properties (`world` leaves them there).
        var manager: User
        var properties: [Int]
    }

    static func world(in fixture: APIFixture) async throws -> World {
        let salon = try await AppointmentAPITests.salon(in: fixture)
        let stay = try await fixture.storedStay()
        let customer = try await fixture.store.customers.insert(
            Customer(propertyID: salon.property.id, name: "Mei"), by: nil)
        let appointment = try await fixture.store.appointments.create(
            Appointment(
                id: 0, propertyID: salon.property.id, staffID: salon.staff[0].id, serviceID: salon.service.id,
                customerID: customer.id, startMinute: 29_000_000, durationMinutes: 45),
            bookedAs: BookingContact(name: "Mei"), by: nil)
        let charged = try await fixture.storedStay(charged: 5_000)
        let document = try await Accounts(storage: fixture.store, now: fixture.store.clock.now)
            .issueDocument(
                .invoice, stayID: charged, by: Staff(User(id: 1, email: "m@example.com", name: "M", role: .manager)))
        let sale = try await Checkout(storage: fixture.store, now: fixture.store.clock.now).checkOut(
            SaleOrder(
                propertyID: salon.property.id, appointmentIDs: [appointment.id],
                payments: [SalePayment(method: .cash, amount: salon.service.price)]),
            by: Staff(User(id: 1, email: "m@example.com", name: "M", role: .manager)))
        let today = fixture.today
        let block = try await fixture.store.rooms.insert(
            RoomBlock(
                id: 0, propertyID: fixture.property.id, roomID: fixture.rooms[1].id,
                nights: try Nights(arrival: today.adding(days: 200), departure: today.adding(days: 202)),
                reason: "Paint"),
            by: nil)
        let message = try await fixture.store.messages.enqueue(
            NewMessage(
                kind: .confirmation, propertyID: fixture.property.id, stayID: stay.id, recipient: "ann@example.com",
                recipientName: "Ann Lee", language: .en,
                facts: MessageFacts(
                    propertyName: "Baan Suan", guestName: "Ann Lee", confirmationCode: stay.confirmationCode,
                    timeZoneID: "Asia/Bangkok")))
        try await fixture.store.messages.markSent(id: message.id)
        let webhook = try await fixture.store.webhooks.create(
            propertyID: fixture.property.id, url: "https://example.com/hooks", events: [.bookingCreated], secret: "s",
            by: nil)
        let waiting = try await fixture.store.waitlist.insert(
            NewWaitlistEntry(
                propertyID: salon.property.id, serviceID: salon.service.id, staffID: nil, from: today.adding(days: 1),
                to: today.adding(days: 2), customerName: "Mei", email: "mei@example.com", phone: "090 1111 2222",
                language: .ja), at: 0)
        let clerk = try #require(
            try await fixture.store.users.credentials(email: "front_desk@example.com")
        ).user
        let manager = try #require(
            try await fixture.store.users.credentials(email: "manager@example.com"))

        let (hotel, room, roomType) = (fixture.property.id, fixture.rooms[0].id, fixture.roomType.id)
        let routes: [(HTTPRequest.Method, String, String?)] = [
            (.get, "/api/v1/properties/\(hotel)", nil),
            (.get, "/api/v1/properties/\(hotel)/board?from=2026-12-01&to=2026-12-08", nil),
            (.get, "/api/v1/properties/\(hotel)/today", nil),
            (.get, "/api/v1/properties/\(hotel)/events", nil),
            (.get, "/api/v1/properties/\(hotel)/stats?from=2026-12-01&to=2026-12-08", nil),
            (.post, "/api/v1/properties/\(hotel)/stays", fixture.stayJSON(room: fixture.rooms[1].id)),
            (.get, "/api/v1/stays/\(stay.id)", nil),
            (.patch, "/api/v1/stays/\(stay.id)", #"{"notes": "x"}"#),
            (.post, "/api/v1/stays/\(stay.id)/check-in", nil),
            (.post, "/api/v1/stays/\(stay.id)/check-out", nil),
            (.post, "/api/v1/stays/\(stay.id)/cancel", nil),
            (.post, "/api/v1/stays/\(stay.id)/no-show", nil),
            (.post, "/api/v1/stays/\(stay.id)/reinstate", nil),
            (.get, "/api/v1/stays/\(stay.id)/history", nil),
            (.get, "/api/v1/stays/\(stay.id)/messages", nil),
            (.get, "/api/v1/stays/\(stay.id)/check-in-link", nil),
            (.post, "/api/v1/messages/\(message.id)/send-again", nil),
            (.get, "/api/v1/appointments/\(appointment.id)/messages", nil),
            (.get, "/api/v1/properties/\(hotel)/message-settings", nil),
            (.get, "/api/v1/properties/\(hotel)/message-consents?channel=email&address=a%40example.com", nil),
            (
                .put, "/api/v1/properties/\(hotel)/message-consents",
                #"{"channel": "email", "address": "a@example.com", "granted": false}"#
            ),
            (.get, "/api/v1/properties/\(hotel)/webhooks", nil),
            (
                .post, "/api/v1/properties/\(hotel)/webhooks",
                #"{"url": "https://example.com/h", "events": ["booking.created"]}"#
            ),
            (.delete, "/api/v1/webhooks/\(webhook.id)", nil),
            (
                .put, "/api/v1/properties/\(hotel)/message-settings",
                #"{"confirmation": true, "cancellation": true, "reminderHours": 0, "preArrivalDays": 0, "notes": {}}"#
            ),
            (
                .post, "/api/v1/stays/\(stay.id)/move",
                #"{"roomId": \#(room), "fromDate": "\#(stay.nights.arrival.adding(days: 1).iso)"}"#
            ),
            (.get, "/api/v1/stays/\(stay.id)/folio", nil),
            (
                .post, "/api/v1/stays/\(stay.id)/charges",
                #"{"description": "x", "amount": {"amount": 1, "currency": "THB"}}"#
            ),
            (
                .post, "/api/v1/stays/\(stay.id)/payments",
                #"{"method": "cash", "amount": {"amount": 1, "currency": "THB"}}"#
            ),
            (.post, "/api/v1/stays/\(stay.id)/reversals", #"{"entryId": 1, "reason": "x"}"#),
            (.put, "/api/v1/stays/\(stay.id)/folio/split", #"{"folios": [{"number": 2, "name": "Bo"}]}"#),
            (.post, "/api/v1/stays/\(stay.id)/folio/moves", #"{"entryIds": [1], "folio": 2}"#),
            (.get, "/api/v1/properties/\(hotel)/companies", nil),
            (.post, "/api/v1/properties/\(hotel)/companies", #"{"name": "Lanna Trading"}"#),
            (.put, "/api/v1/properties/\(hotel)/companies/1", #"{"name": "Lanna Trading"}"#),
            (.get, "/api/v1/properties/\(hotel)/companies/1/account?month=2026-12", nil),
            (.post, "/api/v1/properties/\(hotel)/companies/1/invoices", #"{"month": "2026-12"}"#),
            (.get, "/api/v1/company-invoices/1", nil),
            (
                .post, "/api/v1/properties/\(hotel)/groups",
                #"{"guest": {"name": "Ann"}, "rooms": [{"arrival": "2026-12-01", "departure": "2026-12-02", "adults": 1, "roomTypeId": 1}, {"arrival": "2026-12-01", "departure": "2026-12-02", "adults": 1, "roomTypeId": 1}]}"#
            ),
            (.get, "/api/v1/groups/1", nil),
            (.get, "/api/v1/room-types/\(roomType)/rates?from=2026-12-01&to=2026-12-08", nil),
            (.get, "/api/v1/rooms/\(room)/ical", nil),
            (.post, "/api/v1/rooms/\(room)/ical-imports", #"{"url": "https://example.com/a.ics"}"#),
            (
                .post, "/api/v1/properties/\(salon.property.id)/appointments",
                #"{"staffId": 1, "serviceId": 1, "start": "2026-12-01T10:00:00Z", "customer": {"name": "Ann"}}"#
            ),
            (.get, "/api/v1/appointments/\(appointment.id)", nil),
            (.patch, "/api/v1/appointments/\(appointment.id)", #"{"notes": "x"}"#),
            (.get, "/api/v1/properties/\(salon.property.id)/customers?q=Mei", nil),
            (.post, "/api/v1/properties/\(salon.property.id)/customers", #"{"name": "Ann"}"#),
            (.get, "/api/v1/customers/\(customer.id)", nil),
            (.patch, "/api/v1/customers/\(customer.id)", #"{"notes": "x"}"#),
            (.delete, "/api/v1/customers/\(customer.id)", nil),
            (.post, "/api/v1/customers/\(customer.id)/merge", #"{"customerId": \#(customer.id + 1)}"#),
            (.get, "/api/v1/customers/\(customer.id)/export", nil),
            (.get, "/api/v1/properties/\(salon.property.id)/exports/customers", nil),
            (.get, "/api/v1/properties/\(salon.property.id)/products", nil),
            (.put, "/api/v1/properties/\(salon.property.id)/products", #"{"products": []}"#),
            (.get, "/api/v1/properties/\(salon.property.id)/ticket-offers", nil),
            (.put, "/api/v1/properties/\(salon.property.id)/ticket-offers", #"{"offers": []}"#),
            (.get, "/api/v1/properties/\(salon.property.id)/ticket-balances", nil),
            (.get, "/api/v1/customers/\(customer.id)/ticket-books", nil),
            (
                .post, "/api/v1/customers/\(customer.id)/ticket-books/1/ending",
                #"{"fee": {"amount": 0, "currency": "JPY"}, "method": "cash", "reason": "x"}"#
            ),
            (
                .post, "/api/v1/properties/\(salon.property.id)/sales/quote",
                #"{"appointmentIds": [\#(appointment.id)]}"#
            ),
            (
                .post, "/api/v1/properties/\(salon.property.id)/sales",
                #"{"appointmentIds": [\#(appointment.id)]}"#
            ),
            (.get, "/api/v1/sales/\(sale.id)", nil),
            (.post, "/api/v1/sales/\(sale.id)/refund", #"{"reason": "x"}"#),
            (.get, "/api/v1/sales/\(sale.id)/e-invoice?provider=0100109106", nil),
            (
                .post, "/api/v1/sales/\(sale.id)/tax-invoice",
                #"{"buyer": {"name": "A", "address": "B", "taxId": "0105558000001", "branch": "00000"}}"#
            ),
            (
                .post, "/api/v1/sales/\(sale.id)/payments",
                #"{"payments": [{"method": "cash", "amount": {"amount": 1, "currency": "JPY"}}]}"#
            ),
            (
                .post, "/api/v1/properties/\(salon.property.id)/appointments/series/plan",
                #"{"staffId": 1, "serviceId": 1, "start": "2026-12-01T01:00:00Z", "repeat": {"everyWeeks": 1, "times": 2}}"#
            ),
            (
                .post, "/api/v1/properties/\(salon.property.id)/appointments/series",
                #"{"staffId": 1, "serviceId": 1, "customer": {"name": "A"}, "visits": [{"start": "2026-12-01T01:00:00Z"}]}"#
            ),
            (
                .post, "/api/v1/appointments/\(appointment.id)/deposit",
                #"{"payments": [{"method": "cash", "amount": {"amount": 1, "currency": "JPY"}}]}"#
            ),
            (.get, "/api/v1/properties/\(hotel)/ledger", nil),
            (.get, "/api/v1/properties/\(hotel)/night-audit", nil),
            (.post, "/api/v1/properties/\(hotel)/night-audit", #"{"day": "\#(today.adding(days: -1).iso)"}"#),
            (.get, "/api/v1/properties/\(hotel)/day-closes/\(today.adding(days: -1).iso)", nil),
            (.get, "/api/v1/properties/\(hotel)/exports/stays", nil),
            (.get, "/api/v1/properties/\(hotel)/exports/guests", nil),
            (.get, "/api/v1/properties/\(hotel)/stays?q=Ann", nil),
            (.get, "/api/v1/stays/\(charged)/documents", nil),
            (.post, "/api/v1/stays/\(charged)/documents", #"{"kind": "invoice"}"#),
            (.get, "/api/v1/documents/\(document.id)", nil),
            (.get, "/api/v1/documents/\(document.id)/e-invoice?provider=0100109106", nil),
            (.post, "/api/v1/documents/\(document.id)/send", #"{"language": "en", "email": "a@example.com"}"#),
            (.put, "/api/v1/properties/\(hotel)/issuer", #"{"name": "", "address": "", "taxId": ""}"#),
            (.get, "/api/v1/properties/\(hotel)/taxes", nil),
            (.put, "/api/v1/properties/\(hotel)/taxes", #"{"taxes": []}"#),
            (.get, "/api/v1/properties/\(hotel)/receiving-account", nil),
            (.put, "/api/v1/properties/\(hotel)/receiving-account", "{}"),
            (.put, "/api/v1/properties/\(hotel)/room-charges", "{}"),
            (.get, "/api/v1/properties/\(hotel)/room-guests?q=101", nil),
            (.get, "/api/v1/properties/\(hotel)/cash-receipts", nil),
            (
                .post, "/api/v1/properties/\(hotel)/cash-receipts",
                #"{"source": "sale", "entryId": 1, "approvalNumber": "820116333"}"#
            ),
            (.get, "/api/v1/properties/\(hotel)/statement-formats", nil),
            (
                .put, "/api/v1/properties/\(hotel)/statement-formats",
                #"{"bank": "K", "dateColumn": "D", "amountColumn": "A", "textColumn": "T"}"#
            ),
            (.post, "/api/v1/properties/\(hotel)/statements", #"{"bank": "K", "statement": "D,A,T"}"#),
            (.get, "/api/v1/properties/\(hotel)/statement-lines", nil),
            (.post, "/api/v1/properties/\(hotel)/statement-lines/1/settle", #"{"confirmationCode": "FD-X"}"#),
            (.get, "/api/v1/properties/\(hotel)/rate-plans", nil),
            (.put, "/api/v1/properties/\(hotel)/rate-plans", #"{"plans": []}"#),
            (.get, "/api/v1/properties/\(hotel)/texts", nil),
            (.put, "/api/v1/properties/\(hotel)/texts", #"{"texts": []}"#),
            (
                .put, "/api/v1/room-types/\(roomType)/restrictions",
                #"{"from": "\#(today.iso)", "to": "\#(today.adding(days: 1).iso)"}"#
            ),
            (.get, "/api/v1/properties/\(hotel)/housekeeping", nil),
            (.patch, "/api/v1/rooms/\(room)/housekeeping", #"{"status": "clean"}"#),
            (
                .post, "/api/v1/rooms/\(room)/blocks",
                #"{"from": "\#(today.adding(days: 30).iso)", "to": "\#(today.adding(days: 31).iso)", "reason": "x"}"#
            ),
            (.post, "/api/v1/room-blocks/\(block.id)/return", nil),
            (.get, "/api/v1/properties/\(hotel)/staff", nil),
            (
                .post, "/api/v1/properties/\(hotel)/staff",
                #"{"email": "new@example.com", "role": "viewer", "password": "long enough"}"#
            ),
            (.patch, "/api/v1/properties/\(hotel)/staff/\(clerk.id)", #"{"role": "viewer"}"#),
            (.delete, "/api/v1/properties/\(hotel)/staff/\(clerk.id)", nil),
            (.put, "/api/v1/room-types/\(roomType)/rates", #"{"from": "2026-12-01", "to": "2026-12-02", "amount": 1}"#),
            (.get, "/api/v1/properties/\(salon.property.id)/salon", nil),
            (
                .put, "/api/v1/properties/\(salon.property.id)/salon",
                #"{"openingHours": {"weekly": [], "exceptions": []}, "resources": [], "window": {"minimumNoticeMinutes": 60, "daysAhead": 30, "gridMinutes": 15}}"#
            ),
            (
                .put, "/api/v1/properties/\(salon.property.id)/salon/staff/\(salon.staff[0].id)/shifts",
                #"{"weekly": [], "exceptions": []}"#
            ),
            (
                .put, "/api/v1/properties/\(salon.property.id)/salon/services/\(salon.service.id)/booking",
                #"{"bufferBeforeMinutes": 0, "bufferAfterMinutes": 0, "performers": [], "bookableOnline": true}"#
            ),
            (.put, "/api/v1/properties/\(salon.property.id)/salon/terms", #"{"lateCancellationMinutes": 60}"#),
            (
                .post, "/api/v1/properties/\(salon.property.id)/salon/services",
                #"{"name": "Shave", "durationMinutes": 30, "price": {"amount": 3000, "currency": "JPY"}}"#
            ),
            (
                .patch, "/api/v1/properties/\(salon.property.id)/salon/services/\(salon.service.id)",
                #"{"name": "Trim"}"#
            ),
            (.delete, "/api/v1/properties/\(salon.property.id)/salon/services/\(salon.service.id)", nil),
            (.post, "/api/v1/properties/\(salon.property.id)/salon/staff", #"{"name": "Ren"}"#),
            (.patch, "/api/v1/properties/\(salon.property.id)/salon/staff/\(salon.staff[0].id)", #"{"name": "Ren"}"#),
            (.delete, "/api/v1/properties/\(salon.property.id)/salon/staff/\(salon.staff[0].id)", nil),
            (.get, "/api/v1/properties/\(salon.property.id)/waitlist", nil),
            (
                .post, "/api/v1/properties/\(salon.property.id)/waitlist",
                #"{"serviceId": \#(salon.service.id), "from": "\#(today.adding(days: 1).iso)", "to": "\#(today.adding(days: 1).iso)", "customer": {"name": "Ann", "email": "ann@example.com", "phone": "090 1111 2222"}}"#
            ),
            (.delete, "/api/v1/waitlist/\(waiting.id)", nil),
        ]
        return World(
            routes: routes, stay: stay, customer: customer, sale: sale, waiting: waiting, manager: manager.user,
            properties: [fixture.property.id, salon.property.id])
    }

    @Test(arguments: TestDatabase.available)
    func everyStaffRouteAsksTheOneAccessCheckForTheResourcesProperty(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let world = try await Self.world(in: fixture)
        let (routes, stay, customer, sale, waiting) = (
            world.routes, world.stay, world.customer, world.sale, world.waiting
        )
        for property in world.properties {
            try await fixture.store.users.revoke(userID: world.manager.id, propertyID: property)
        }
        try Self.expectEveryStaffRouteOfTheDocument(in: routes.map { ($0.0, $0.1) })
        try await fixture.test(as: .manager) { client in
            for (method, path, body) in routes {
                try await client.execute(
                    uri: path, method: method, headers: [.ifMatch: "\"1\""], body: body.map { ByteBuffer(string: $0) }
                ) { response in
                    #expect(response.status == .notFound, "\(method) \(path): \(String(buffer: response.body))")
                }
            }
            try await client.execute(uri: "/api/v1/properties", method: .get) { response in
                let list = try GuestSite.json(response)["properties"] as? [[String: Any]]
                #expect(list?.isEmpty == true)
            }
            #expect(try await fixture.store.stays.stay(id: stay.id)?.version == 1)
            #expect(try await fixture.store.customers.customer(id: customer.id)?.version == 1)
            #expect(try await fixture.store.sales.sale(id: sale.id)?.refund == nil)
            #expect(try await fixture.store.waitlist.entry(id: waiting.id)?.state.isLive == true)
        }
    }

    /// Routes that act on no property's resources: the member's own session, the forms' definitions, and
    /// the list of properties (filtered by the same check: it answers none above).
    static let notAProperty: Set<String> = [
        "GET /api/v1/session", "POST /api/v1/session", "DELETE /api/v1/session", "GET /api/v1/forms",
        "GET /api/v1/forms/{name}", "GET /api/v1/properties",
    ]

    /// Every staff operation of the API document is among `routes` (a concrete path matching its template),
    /// or acts on no property.
    static func expectEveryStaffRouteOfTheDocument(in routes: [(HTTPRequest.Method, String)]) throws {
        for (template, item) in try OpenAPITests.paths()
        where template.hasPrefix("/api/v1/") && !template.hasPrefix("/api/v1/public/") {
            let pattern = try Regex(
                "^" + template.replacing(/\{[^}]+\}/, with: "[^/]+") + "$")
            for method in ["get", "post", "put", "patch", "delete"] where item[method] != nil {
                let operation = "\(method.uppercased()) \(template)"
                guard !notAProperty.contains(operation) else { continue }
                let tried = routes.contains { route in
                    route.0.rawValue == method.uppercased()
                        && (try? pattern.wholeMatch(in: String(route.1.split(separator: "?")[0]))) != nil
                }
                #expect(tried, "\(operation) is not tried by an outsider: add it to the routes above")
            }
        }
    }

    /// A role is the property's: the same account reads and changes stays at the hotel where it works
    /// the desk, only reads them where it is a viewer, and looks after rooms but cannot check a guest in
    /// where it does housekeeping. Properties it does not work at are not listed.
    @Test(arguments: TestDatabase.available)
    func whatAMemberOfStaffMayDoIsTheirRoleAtTheProperty(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let salon = try await AppointmentAPITests.salon(in: fixture)
        let users = fixture.store.users
        let clerk = try #require(try await users.credentials(email: "front_desk@example.com")).user
        try await users.revoke(userID: clerk.id, propertyID: salon.property.id)
        let stay = try await fixture.storedStay()
        let hotel = fixture.property.id
        try await fixture.test(as: .frontDesk) { client in
            try await client.execute(uri: "/api/v1/properties", method: .get) { response in
                let list = try GuestSite.json(response)["properties"] as? [[String: Any]]
                #expect(list?.compactMap { $0["id"] as? Int } == [hotel])
            }
            try await client.execute(uri: "/api/v1/properties/\(salon.property.id)/board", method: .get) {
                #expect($0.status == .notFound)
            }
            try await users.grant(userID: clerk.id, propertyID: hotel, role: .viewer)
            try await client.execute(uri: "/api/v1/stays/\(stay.id)", method: .get) { #expect($0.status == .ok) }
            try await client.execute(
                uri: fixture.staysPath, method: .post,
                body: ByteBuffer(string: fixture.stayJSON(room: fixture.rooms[1].id))
            ) { #expect($0.status == .forbidden) }
            try await users.grant(userID: clerk.id, propertyID: hotel, role: .housekeeping)
            try await client.execute(
                uri: "/api/v1/rooms/\(fixture.rooms[1].id)/housekeeping", method: .patch,
                body: ByteBuffer(string: #"{"status": "clean"}"#)
            ) { #expect($0.status == .ok) }
            try await client.execute(uri: "/api/v1/stays/\(stay.id)/check-in", method: .post) {
                #expect($0.status == .forbidden)
            }
            try await client.execute(
                uri: "/api/v1/room-types/\(fixture.roomType.id)/rates", method: .put,
                body: ByteBuffer(string: #"{"from": "2026-12-01", "to": "2026-12-02", "amount": 1}"#)
            ) { #expect($0.status == .forbidden) }
            try await client.execute(
                uri: "/api/v1/properties/\(hotel)/statements", method: .post,
                body: ByteBuffer(string: #"{"bank": "K", "statement": "D,A,T"}"#)
            ) { #expect($0.status == .forbidden) }
            try await users.grant(userID: clerk.id, propertyID: hotel, role: .frontDesk)
            try await client.execute(
                uri: fixture.staysPath, method: .post,
                body: ByteBuffer(string: fixture.stayJSON(room: fixture.rooms[1].id))
            ) { #expect($0.status == .created) }
            #expect(try await fixture.store.stays.stay(id: stay.id)?.state == .booked)
        }
    }
}
