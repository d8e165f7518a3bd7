import Booking
import Foundation
import SQLKit
import StorageTesting
import Testing

@testable import Storage

/// The outbox on both databases: a message commits or rolls back with the change that writes it, a
/// due message is claimed by one sender at a time, and its way out (retry, failure, sending again) is
/// kept.
@Suite(.closesItsStores, .serialized)
struct MessageRepositoryTests {
    static func message(stayID: Int, propertyID: Int) -> NewMessage {
        NewMessage(
            kind: .confirmation, propertyID: propertyID, stayID: stayID, recipient: "ann@example.com",
            recipientName: "Ann Lee", language: .th,
            facts: MessageFacts(
                propertyName: "Baan Suan", guestName: "Ann Lee", confirmationCode: "FD-TEST",
                timeZoneID: "Asia/Bangkok",
                arrival: "2026-12-01", departure: "2026-12-03", nights: 2, roomType: "Garden Double", currency: "THB",
                total: 240_000))
    }

    @Test(arguments: TestDatabase.available)
    func aMessageCommitsWithItsBookingAndGoesWithItsRollback(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        struct Refused: Error {}
        await #expect(throws: Refused.self) {
            try await store.write { _ in
                let stay = try await store.stays.create(hotel.newStay(room: hotel.rooms[0].id))
                try await store.messages.enqueue(Self.message(stayID: stay.id, propertyID: hotel.property.id))
                throw Refused()
            }
        }
        let none = try await store.sql.raw("SELECT COUNT(*) AS n FROM messages").first()
        #expect(try none?.decode(column: "n", as: Int.self) == 0)

        let stay = try await store.write { _ in
            let stay = try await store.stays.create(hotel.newStay(room: hotel.rooms[0].id))
            try await store.messages.enqueue(Self.message(stayID: stay.id, propertyID: hotel.property.id))
            return stay
        }
        let kept = try await store.messages.messages(stayID: stay.id)
        #expect(kept.count == 1)
        #expect(kept.first?.message == Self.message(stayID: stay.id, propertyID: hotel.property.id))
        #expect(kept.first?.state == .queued)
    }

    @Test(arguments: TestDatabase.available)
    func aDueMessageIsClaimedOnceUntilItsLeasePassesThenRetriedThenGivenUp(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        store.clock.set(Date(timeIntervalSince1970: 1_900_000_000))
        let stay = try await store.stays.create(hotel.newStay(room: hotel.rooms[0].id))
        let queued = try await store.messages.enqueue(Self.message(stayID: stay.id, propertyID: hotel.property.id))

        // Two senders at once: one gets it.
        async let first = store.messages.claim(leaseMillis: 60_000)
        async let second = store.messages.claim(leaseMillis: 60_000)
        let claims = try await [first, second]
        #expect(claims.map(\.count).sorted() == [0, 1])
        #expect(try await store.messages.claim(leaseMillis: 60_000).isEmpty)
        // Its sender died: once the lease has passed it is claimed again, as the same message.
        store.clock.advance(by: 61)
        let again = try await store.messages.claim(leaseMillis: 60_000)
        #expect(again.map(\.messageID) == [queued.messageID])
        #expect(again.first?.attempts == 2)

        // Refused for now: due again after the wait, not before.
        try await store.messages.markNotSent(id: queued.id, error: "451 try later", retryAfterMillis: 30_000)
        #expect(try await store.messages.claim(leaseMillis: 60_000).isEmpty)
        store.clock.advance(by: 31)
        let retried = try #require(try await store.messages.claim(leaseMillis: 60_000).first)
        #expect(retried.lastError == "451 try later")
        try await store.messages.markNotSent(id: queued.id, error: "550 no such user", retryAfterMillis: nil)
        let failed = try #require(try await store.messages.message(id: queued.id))
        #expect(failed.state == .failed && failed.lastError == "550 no such user")
        store.clock.advance(by: 3600)
        #expect(try await store.messages.claim(leaseMillis: 60_000).isEmpty)

        // Sent again: a new message, due now, with a Message-ID of its own.
        let resent = try await store.messages.sendAgain(id: queued.id)
        #expect(resent.state == .queued && resent.attempts == 0 && resent.lastError == nil)
        #expect(resent.messageID != queued.messageID)
        await #expect(throws: DomainError.self) { try await store.messages.sendAgain(id: queued.id) }
        let claimed = try await store.messages.claim(leaseMillis: 60_000)
        #expect(claimed.map(\.messageID) == [resent.messageID])
        try await store.messages.markSent(id: queued.id)
        let sent = try #require(try await store.messages.message(id: queued.id))
        #expect(sent.state == .sent && sent.sentAt == store.clock.nowMillis)
    }
}
