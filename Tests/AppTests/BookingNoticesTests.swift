import Booking
import Foundation
import SQLKit
import StorageTesting
import Testing

@testable import Storage

/// What a booking sets off is the domain's, written in the booking's own transaction, whichever entry point
/// books: the desk, the guest site, the salon's desk, its booking page, its waitlist and a series. Each is
/// called with the outbox refusing every message (a trigger), and must then fail and leave nothing behind,
/// not its booking and not its event; called again with the outbox open, its message and its event are
/// both written. A hotel's import from another system writes its events and tells no guest: they booked
/// elsewhere, and were told there.
@Suite(.closesItsStores, .serialized)
struct BookingNoticesTests {
    /// What is written at a property: its messages, events, stays and appointments, counted.
    struct Written: Equatable {
        var messages: Int
        var events: Int
        var stays: Int
        var appointments: Int
    }

    static func written(_ store: Store, propertyID: Int) async throws -> Written {
        func count(_ query: SQLQueryString) async throws -> Int {
            try await store.sql.raw(query).first()?.decode(column: "n", as: Int.self) ?? 0
        }
        return Written(
            messages: try await count("SELECT COUNT(*) AS n FROM messages WHERE property_id = \(bind: propertyID)"),
            events: try await count("SELECT COUNT(*) AS n FROM events WHERE property_id = \(bind: propertyID)"),
            stays: try await count("SELECT COUNT(*) AS n FROM stays WHERE property_id = \(bind: propertyID)"),
            appointments: try await count(
                "SELECT COUNT(*) AS n FROM appointments WHERE property_id = \(bind: propertyID)"))
    }

    /// Runs `body` while the database refuses every message written to the outbox.
    static func refusingMessages(_ store: Store, _ body: () async throws -> Void) async throws {
        let sql = try store.sql
        switch store.dialect {
        case .sqlite:
            try await sql.raw(
                "CREATE TRIGGER refuse_messages BEFORE INSERT ON messages BEGIN SELECT RAISE(ABORT, 'refused'); END"
            ).run()
        case .postgres:
            try await sql.raw(
                """
                CREATE OR REPLACE FUNCTION refuse_messages() RETURNS trigger AS $$
                BEGIN RAISE EXCEPTION 'refused'; END $$ LANGUAGE plpgsql
                """
            ).run()
            try await sql.raw(
                "CREATE TRIGGER refuse_messages BEFORE INSERT ON messages FOR EACH ROW EXECUTE FUNCTION refuse_messages()"
            ).run()
        }
        do {
            try await body()
        } catch {
            try await sql.raw(
                store.dialect == .sqlite ? "DROP TRIGGER refuse_messages" : "DROP TRIGGER refuse_messages ON messages"
            ).run()
            throw error
        }
        try await sql.raw(
            store.dialect == .sqlite ? "DROP TRIGGER refuse_messages" : "DROP TRIGGER refuse_messages ON messages"
        ).run()
    }

    /// Books through `entry` twice: with the outbox refusing, when nothing may be left; then open, when
    /// `kinds` are written with at least one event and `booked` more stays and appointments.
    static func expectBooked(
        _ store: Store, propertyID: Int, kinds: [MessageKind], stays: Int = 0, appointments: Int = 0,
        sourceLocation: SourceLocation = #_sourceLocation, _ entry: () async throws -> Void
    ) async throws {
        let before = try await written(store, propertyID: propertyID)
        try await refusingMessages(store) {
            await #expect(throws: (any Error).self, sourceLocation: sourceLocation) { try await entry() }
        }
        #expect(try await written(store, propertyID: propertyID) == before, sourceLocation: sourceLocation)
        try await entry()
        let after = try await written(store, propertyID: propertyID)
        #expect(after.messages == before.messages + kinds.count, sourceLocation: sourceLocation)
        #expect(after.events > before.events, sourceLocation: sourceLocation)
        #expect(after.stays == before.stays + stays, sourceLocation: sourceLocation)
        #expect(after.appointments == before.appointments + appointments, sourceLocation: sourceLocation)
        let newest = try await store.sql.raw(
            "SELECT kind FROM messages WHERE property_id = \(bind: propertyID) ORDER BY id DESC LIMIT \(bind: kinds.count)"
        ).all().map { try $0.decode(column: "kind", as: String.self) }
        #expect(newest.reversed() == kinds.map(\.rawValue), sourceLocation: sourceLocation)
    }

    @Test(arguments: TestDatabase.available)
    func aHotelBookingAtTheDeskOrOnTheGuestSiteWritesItsConfirmationAndEventTogether(database: TestDatabase)
        async throws
    {
        let site = try await GuestSite.make(database: database)
        let store = site.fixture.store
        let hotel = site.nimman
        let today = hotel.today(now: store.clock.now())
        func stay(from offset: Int, source: StaySource) throws -> NewStay {
            NewStay(
                propertyID: hotel.id, roomTypeID: site.standardDouble.id, roomID: nil,
                nights: try Nights(arrival: today.adding(days: offset), departure: today.adding(days: offset + 2)),
                adults: 2, children: 0, infants: 0, guestName: "Ann Lee", guestEmail: "ann@example.com",
                guestPhone: "", source: source, notes: "")
        }
        let desk = FrontDesk(storage: store, now: store.clock.now)
        try await Self.expectBooked(store, propertyID: hotel.id, kinds: [.confirmation], stays: 1) {
            _ = try await desk.book(try stay(from: 3, source: .frontDesk), by: nil, confirmingIn: .th)
        }
        // Without a language chosen, the desk tells no one.
        let before = try await Self.written(store, propertyID: hotel.id)
        _ = try await desk.book(try stay(from: 6, source: .frontDesk), by: nil, confirmingIn: nil)
        #expect(try await Self.written(store, propertyID: hotel.id).messages == before.messages)

        let online = GuestsBookings(storage: store, now: store.clock.now)
        try await Self.expectBooked(store, propertyID: hotel.id, kinds: [.confirmation], stays: 1) {
            _ = try await online.book(try stay(from: 9, source: .online), language: .ja)
        }

        // An import writes its stays' events and no message.
        let imported = try await Self.written(store, propertyID: hotel.id)
        let stays = store.stays
        let file = """
            confirmation_code,guest_name,email,room_type,arrival,departure,adults,state
            OLD-1,Bo Kim,bo@example.com,\(site.standardDouble.name),\(today.adding(days: 20).iso),\(today.adding(days: 22).iso),2,booked
            """
        let check = try await stays.checkImport(Array(file.utf8), propertyID: hotel.id)
        #expect(check.reading.problems.isEmpty, "\(check.reading.problems)")
        #expect(try await stays.importStays(check) == 1)
        let after = try await Self.written(store, propertyID: hotel.id)
        #expect(after.stays == imported.stays + 1 && after.events > imported.events)
        #expect(after.messages == imported.messages)
    }

    @Test(arguments: TestDatabase.available)
    func aSalonBookingAtTheDeskOnlineInASeriesOrFromTheWaitlistWritesItsMessageAndEventTogether(
        database: TestDatabase
    ) async throws {
        let salon = try await SalonOnlineAPITests.Salon.make(database: database)
        let store = salon.fixture.store
        let (id, zone) = (salon.id, salon.salon.property.timeZone)
        let member = salon.salon.staff[0].id
        let desk = SalonDesk(storage: store, now: store.clock.now)
        let customer = try await store.customers.insert(
            Customer(propertyID: id, name: "Yui Sato", phone: "090 1111 2222", email: "yui@example.com"), by: nil)
        func at(_ day: Day, _ hour: Int) -> Int {
            Int(day.instant(atMinute: hour * 60, in: zone).timeIntervalSince1970 / 60)
        }

        try await Self.expectBooked(store, propertyID: id, kinds: [.confirmation], appointments: 1) {
            _ = try await desk.book(
                NewAppointment(
                    propertyID: id, staffID: member, serviceID: salon.cut.id,
                    startMinute: at(salon.tomorrow.adding(days: 1), 10), customerID: customer.id),
                by: nil, confirmingIn: .ja)
        }

        let weeks = (1...3).map { SeriesVisit(start: at(salon.tomorrow.adding(days: 7 * $0), 10)) }
        try await Self.expectBooked(store, propertyID: id, kinds: [.confirmation], appointments: 3) {
            _ = try await desk.bookSeries(
                NewAppointment(
                    propertyID: id, staffID: member, serviceID: salon.cut.id, startMinute: weeks[0].start,
                    customerID: customer.id),
                visits: weeks, by: nil, confirmingIn: .ko)
        }
        let series = try #require(
            try await store.messages.messages(propertyID: id, kind: .confirmation).max { $0.id < $1.id })
        #expect(series.message.language == .ko && series.message.facts.laterVisits == 2)

        let request = VisitRequest(
            propertyID: id, serviceIDs: [salon.cut.id], staff: .member(member), start: nil)
        let free = try #require(try await desk.freeTimes(request, on: salon.tomorrow).times.first)
        var online = request
        online.start = free.start
        try await Self.expectBooked(store, propertyID: id, kinds: [.confirmation], appointments: 1) {
            _ = try await desk.bookOnline(
                NewOnlineVisit(
                    request: online, customerName: "佐藤 結衣", customerEmail: "yui@example.com",
                    customerPhone: "+81 90 1234 5678", acceptsTerms: true),
                language: .ja)
        }

        // The waitlist: its offer is written with the offer, its confirmation with the visit.
        let day = salon.tomorrow.adding(days: 2)
        _ = try await desk.join(
            NewWaitlistEntry(
                propertyID: id, serviceID: salon.cut.id, staffID: member, from: day, to: day, customerName: "Mai Ito",
                email: "mai@example.com", phone: "090 3333 4444", language: .ja), by: nil)
        try await Self.expectBooked(store, propertyID: id, kinds: [.waitlistOffer]) {
            let made = try await desk.offerTimes(propertyID: id).count
            #expect(made == 1)
        }
        let token = try #require(
            try await store.messages.messages(propertyID: id, kind: .waitlistOffer).first?.message.facts.offerToken)
        try await Self.expectBooked(store, propertyID: id, kinds: [.confirmation], appointments: 1) {
            _ = try await desk.accept(token: token, acceptsTerms: true)
        }
    }
}
