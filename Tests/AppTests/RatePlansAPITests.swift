import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Storage
import StorageTesting
import Testing

@testable import App

/// Rate plans through the API: a manager sells the same room non-refundable (10 % less, all paid at
/// booking) and with breakfast (free cancellation until three days before, the first night as deposit);
/// the guest site prices both; a booking keeps its plan, shows its deposit until it is paid, and its
/// cancellation keeps or refunds the deposit by the plan's terms.
@Suite(.closesItsStores, .serialized)
struct RatePlansAPITests {
    static let plans = """
        {"plans": [
          {"name": "Non-refundable", "adjustmentBasisPoints": -1000, "nonRefundable": true, "deposit": "all"},
          {"name": "Bed and breakfast", "adjustmentBasisPoints": 0, "extraName": "Breakfast",
           "extraPerGuestNight": {"amount": 25000, "currency": "THB"}, "freeCancellationDays": 3,
           "lateCancellationBasisPoints": 5000, "deposit": "first_night"}
        ]}
        """

    static func put(_ client: SignedInClient, _ fixture: APIFixture, _ json: String) async throws -> TestResponse {
        try await client.execute(
            uri: "/api/v1/properties/\(fixture.property.id)/rate-plans", method: .put, body: ByteBuffer(string: json))
    }

    static func book(_ client: SignedInClient, _ fixture: APIFixture, plan: Int?, arrival: Day, key: String)
        async throws -> TestResponse
    {
        var body = PublicAPITests.bookingBody(
            fixture, arrival: arrival.iso, departure: arrival.adding(days: 2).iso)
        if let plan {
            body = body.replacingOccurrences(of: #""adults": 2,"#, with: #""adults": 2, "ratePlanId": \#(plan),"#)
        }
        return try await client.execute(
            uri: "/api/v1/public/bookings", method: .post, headers: [HTTPField.Name("Idempotency-Key")!: key],
            body: ByteBuffer(string: body))
    }

    static func detail(_ client: SignedInClient, _ id: Int) async throws -> Components.Schemas.StayDetail {
        try await client.execute(uri: "/api/v1/stays/\(id)", method: .get) {
            try StayActionsAPITests.decode(Components.Schemas.StayDetail.self, $0)
        }
    }

    @Test(arguments: TestDatabase.available)
    func plansArePricedBookedAndKeepTheirDepositsAndTerms(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let today = fixture.today
        try await fixture.test(as: .manager) { client in
            let stored = try await Self.put(client, fixture, Self.plans)
            #expect(stored.status == .ok, "\(String(buffer: stored.body))")
            let plans = try StayActionsAPITests.decode(Components.Schemas.RatePlanList.self, stored).plans
            #expect(plans.map(\.id) == [1, 2] && plans[0].nonRefundable == true)
            #expect(plans[1].freeCancellationDays == 3 && plans[1].deposit == .firstNight)

            // The guest site prices each plan: two adults, two nights at 1,200 THB.
            let arrival = today.adding(days: 10)
            let place = try await client.execute(
                uri:
                    "/api/v1/public/properties/\(fixture.property.id)?arrival=\(arrival.iso)&departure=\(arrival.adding(days: 2).iso)&adults=2",
                method: .get
            ) { try StayActionsAPITests.decode(Components.Schemas.PublicPropertyDetail.self, $0) }
            let offers = try #require(place.roomTypes[0].plans)
            #expect(offers.map(\.price.total.amount) == [216_000, 340_000])
            #expect(offers.map { $0.deposit?.amount } == [216_000, 170_000])
            #expect(offers[0].nonRefundable && offers[1].freeCancellationDays == 3)
            #expect(place.roomTypes[0].price?.total.amount == 240_000)
            // The last free day, by the place's today: none for the non-refundable plan.
            #expect(offers.map(\.freeUntil) == [nil, arrival.adding(days: -3).iso])
            let late = today.adding(days: 2)
            let soon = try await client.execute(
                uri:
                    "/api/v1/public/properties/\(fixture.property.id)?arrival=\(late.iso)&departure=\(late.adding(days: 2).iso)&adults=2",
                method: .get
            ) { try StayActionsAPITests.decode(Components.Schemas.PublicPropertyDetail.self, $0) }
            let lastFree = late.adding(days: -(soon.policy.freeCancellationDays))
            #expect(soon.policy.freeUntil == (lastFree >= today ? lastFree.iso : nil))
            #expect(try #require(soon.roomTypes[0].plans)[1].freeUntil == nil)

            // Booked non-refundable: the deposit is the whole stay, open until paid at the desk.
            let nonRefundable = try await Self.book(client, fixture, plan: 1, arrival: arrival, key: "plan-one-abcdef")
            #expect(nonRefundable.status == .created, "\(String(buffer: nonRefundable.body))")
            let code = try #require(
                (try JSONSerialization.jsonObject(with: Data(buffer: nonRefundable.body)) as? [String: Any])?[
                    "confirmationCode"] as? String)
            let stays = try await fixture.store.stays.stays(
                propertyID: fixture.property.id,
                overlapping: try Nights(arrival: arrival, departure: arrival.adding(days: 2)))
            let id = try #require(stays.first?.id)
            var stay = try await Self.detail(client, id)
            #expect(stay.value1.ratePlanId == 1 && stay.value2.ratePlanName == "Non-refundable")
            #expect(stay.value2.deposit?.amount.amount == 216_000 && stay.value2.deposit?.open.amount == 216_000)
            #expect(stay.value2.deposit?.dueBy == today.iso)
            let paid = try await client.execute(
                uri: "/api/v1/stays/\(id)/payments", method: .post,
                body: ByteBuffer(string: #"{"method": "transfer", "amount": {"amount": 216000, "currency": "THB"}}"#))
            #expect(paid.status == .created)
            stay = try await Self.detail(client, id)
            #expect(stay.value2.deposit?.open.amount == 0 && stay.value2.deposit?.paid.amount == 216_000)

            // Cancelling it costs all of it: the deposit is kept against the fee.
            let cancelled = try await ManageBookingAPITests.cancel(client, code)
            #expect(cancelled.status == .ok, "\(String(buffer: cancelled.body))")
            let kept = try await NightAuditAPITests.folio(client, id)
            #expect(kept.entries.map(\.kind) == [.payment, .charge] && kept.balance.amount == 0)

            // With breakfast, cancelled in time: the deposit goes back.
            let later = today.adding(days: 20)
            let breakfast = try await Self.book(client, fixture, plan: 2, arrival: later, key: "plan-two-abcdef")
            let breakfastCode = try #require(
                (try JSONSerialization.jsonObject(with: Data(buffer: breakfast.body)) as? [String: Any])?[
                    "confirmationCode"] as? String)
            let second = try #require(
                try await fixture.store.stays.stays(
                    propertyID: fixture.property.id,
                    overlapping: try Nights(arrival: later, departure: later.adding(days: 1))
                ).first?.id)
            #expect(try await Self.detail(client, second).value2.deposit?.amount.amount == 170_000)
            _ = try await client.execute(
                uri: "/api/v1/stays/\(second)/payments", method: .post,
                body: ByteBuffer(string: #"{"method": "cash", "amount": {"amount": 170000, "currency": "THB"}}"#))
            #expect(try await ManageBookingAPITests.cancel(client, breakfastCode).status == .ok)
            let refunded = try await NightAuditAPITests.folio(client, second)
            #expect(refunded.entries.map(\.kind) == [.payment, .reversal] && refunded.balance.amount == 0)

            // Today lists an arrival whose deposit is open; check-in charges the plan's breakfast.
            let json = fixture.stayJSON(arrival: today.iso, departure: today.adding(days: 1).iso)
                .replacingOccurrences(of: #""adults": 2,"#, with: #""adults": 2, "ratePlanId": 2,"#)
            let booked = try await client.execute(uri: fixture.staysPath, method: .post, body: ByteBuffer(string: json))
            #expect(booked.status == .created, "\(String(buffer: booked.body))")
            let walkIn = try StayActionsAPITests.decode(Components.Schemas.Stay.self, booked).id
            let lists = try await client.execute(
                uri: "/api/v1/properties/\(fixture.property.id)/today", method: .get
            ) { try StayActionsAPITests.decode(Components.Schemas.Today.self, $0) }
            #expect(lists.arrivals.first { $0.stay.id == walkIn }?.depositOpen?.amount == 170_000)
            try await client.execute(uri: "/api/v1/stays/\(walkIn)/check-in", method: .post) {
                #expect($0.status == .ok)
            }
            let charged = try await NightAuditAPITests.folio(client, walkIn)
            #expect(charged.entries.map(\.description).contains("Breakfast"))
            #expect(charged.balance.amount == 120_000 + 50_000)

            // Refusals name their field; a plan left out is kept but no longer offered.
            let refused = try await Self.put(
                client, fixture, #"{"plans": [{"name": "Cheap", "adjustmentBasisPoints": -9500, "deposit": "none"}]}"#)
            #expect(
                refused.status == .badRequest && refused.error?.error.field?.hasPrefix("plans[0].adjustment") == true)
            let one = try await Self.put(
                client, fixture,
                #"{"plans": [{"id": 2, "name": "Bed and breakfast", "adjustmentBasisPoints": 0, "deposit": "none"}]}"#)
            let left = try StayActionsAPITests.decode(Components.Schemas.RatePlanList.self, one).plans
            #expect(left.map(\.id) == [2, 1] && left.map(\.active) == [true, false])
            let gone = try await Self.book(
                client, fixture, plan: 1, arrival: today.adding(days: 30), key: "plan-gone-abcdef")
            #expect(gone.status == .notFound && gone.error?.error.field == "ratePlanId")
            let desk = try #require(
                try await StaffAPITests.signIn(client, "front_desk@example.com", APIFixture.password))
            #expect(try await Self.put(desk, fixture, Self.plans).status == .forbidden)
        }
    }
}
