import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PropertyBased
import Storage
import StorageTesting
import Testing

@testable import App

/// Random days of a salon's waitlist (customers joining for a full stylist or anyone, visits cancelled,
/// rounds of offers, two at once, offers taken, turned down or left to lapse as time passes, customers
/// withdrawn at the desk), through the API on a real database, after each of which:
/// - no time is offered to two customers at once, and no customer holds two offers;
/// - a customer is `offered` exactly while they hold an open offer;
/// - no customer is offered the same time twice;
/// - every offer taken booked its time, for its customer;
/// - no request is answered with a server error.
@Suite(.closesItsStores)
struct WaitlistPropertyTests {
    struct Step: Sendable, CustomStringConvertible {
        var kind: Int
        var a: Int
        var b: Int

        var description: String {
            ["join", "cancel", "round", "two-rounds", "accept", "decline", "time", "withdraw"][kind] + "(\(a), \(b))"
        }
    }

    /// Rounds and cancellations twice as often as the rest: where offers are made.
    static let steps = zip(Gen.int(in: 0...11), Gen.int(in: 0...99), Gen.int(in: 0...99))
        .map { kind, a, b in (kind > 7 ? [1, 2, 3, 1][kind - 8] : kind, a, b) }
        .map { Step(kind: $0, a: $1, b: $2) }
        .array(of: 4...18)

    @Test(arguments: TestDatabase.available)
    func noTimeIsOfferedToTwoCustomersAtOnceAndEveryTakenOfferIsBooked(database: TestDatabase) async {
        await propertyCheck(count: 5, input: Self.steps) { steps in
            let salon = try await SalonOnlineAPITests.Salon.make(database: database)
            let store = salon.fixture.store
            let rounds = WaitlistAPITests.rounds(store)
            try await salon.fixture.test(configuration: WaitlistAPITests.quiet) { client in
                let codes = try await WaitlistAPITests.fill(salon, client, on: salon.tomorrow)
                var taken: [(WaitlistOffer, String)] = []
                // Two customers already wait for the full stylist: any time freed has two takers.
                for customer in [0, 2] {
                    try await Self.perform(Step(kind: 0, a: customer, b: 0), salon, client, rounds, codes, &taken)
                }
                for step in steps {
                    try await Self.perform(step, salon, client, rounds, codes, &taken)
                    try await Self.check(salon, store, taken, after: "\(steps)")
                }
            }
        }
    }

    static func perform(
        _ step: Step, _ salon: SalonOnlineAPITests.Salon, _ client: SignedInClient, _ rounds: WaitlistRounds,
        _ codes: [String], _ taken: inout [(WaitlistOffer, String)]
    ) async throws {
        let store = salon.fixture.store
        let open = try await store.waitlist.list(propertyID: salon.id, endedSince: 0).flatMap(\.1).filter {
            $0.state == .open
        }
        switch step.kind {
        case 0:
            // Customers 0-3; the first stylist (full) or anyone.
            let body = #"""
                {"serviceId": \#(salon.cut.id), \#(step.b % 2 == 0 ? #""staffId": \#(salon.salon.staff[0].id), "# : "")
                 "from": "\#(salon.tomorrow.iso)", "to": "\#(salon.tomorrow.adding(days: step.b % 3).iso)",
                 "customer": {"name": "Customer \#(step.a % 4)", "email": "c\#(step.a % 4)@example.com", "phone": "090 1111 2222"}}
                """#
            let joined = try await client.execute(
                uri: "\(salon.path)/waitlist", method: .post,
                headers: [HTTPField.Name("Idempotency-Key")!: "wait-\(UUID())"], body: ByteBuffer(string: body))
            #expect(joined.status == .created, "\(String(buffer: joined.body))")
        case 1:
            let cancelled = try await client.execute(
                uri: "/api/v1/public/visits/\(codes[step.a % codes.count])/cancel", method: .post,
                body: ByteBuffer(string: #"{"email": "yui@example.com"}"#))
            // Cancelled, or already (409), or too late online (400): never a server error.
            #expect(cancelled.status.code < 500, "\(String(buffer: cancelled.body))")
        case 2:
            _ = try await rounds.round()
        case 3:
            // Two instances working the list at once.
            async let one = rounds.round()
            async let other = rounds.round()
            _ = try await (one, other)
        case 4, 5:
            guard !open.isEmpty else { return }
            let offer = open[step.a % open.count]
            let answer = try await client.execute(
                uri: "/api/v1/public/waitlist-offers/\(offer.token)/\(step.kind == 4 ? "accept" : "decline")",
                method: .post, body: step.kind == 4 ? ByteBuffer(string: #"{"acceptTerms": true}"#) : nil)
            if answer.status == .created {
                taken.append((offer, try SalonOnlineAPITests.decode(Components.Schemas.SalonVisit.self, answer).code))
            } else {
                // Lapsed by the clock though not yet marked: refused as closed.
                #expect(
                    answer.status == .ok || answer.error?.error.reason?.rawValue == "waitlist.offerClosed",
                    "\(String(buffer: answer.body))")
            }
        case 6:
            store.clock.set(store.clock.now().addingTimeInterval(Double(5 + step.b % 40) * 60))
        default:
            let live = try await store.waitlist.list(propertyID: salon.id, endedSince: 0).map(\.0).filter {
                $0.state.isLive
            }
            guard !live.isEmpty else { return }
            let withdrawn = try await client.execute(
                uri: "/api/v1/waitlist/\(live[step.a % live.count].id)", method: .delete)
            #expect(withdrawn.status == .noContent, "\(String(buffer: withdrawn.body))")
        }
    }

    static func check(
        _ salon: SalonOnlineAPITests.Salon, _ store: Store, _ taken: [(WaitlistOffer, String)], after steps: String
    ) async throws {
        let list = try await store.waitlist.list(propertyID: salon.id, endedSince: 0)
        let open = list.flatMap(\.1).filter { $0.state == .open }
        #expect(
            Set(open.map { FreeTime(start: $0.start, staffID: $0.staffID) }).count == open.count,
            "one time offered to two customers at once: \(steps)")
        for (entry, offers) in list {
            let held = offers.filter { $0.state == .open }
            #expect(held.count <= 1, "two offers open for one customer: \(steps)")
            #expect((entry.state == .offered) == (held.count == 1), "\(entry.state) with \(held.count) open: \(steps)")
            let times = offers.map { FreeTime(start: $0.start, staffID: $0.staffID) }
            #expect(Set(times).count == times.count, "a time offered to one customer twice: \(steps)")
        }
        for (offer, code) in taken {
            let visit = try #require(try await store.appointments.visit(code: code))
            #expect(visit.appointments.first?.startMinute == offer.start, "\(steps)")
            #expect(visit.appointments.first?.staffID == offer.staffID, "\(steps)")
        }
    }
}
