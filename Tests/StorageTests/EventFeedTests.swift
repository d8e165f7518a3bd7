import Booking
import Foundation
import StorageTesting
import Testing

@testable import Storage

@Suite(.closesItsStores, .serialized)
struct EventFeedTests {
    @Test(arguments: TestDatabase.available)
    func everyChangeIsAnEventNumberedWithoutGapsWithTheStayAsItIsAfter(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let stays = store.stays
        let events = store.eventLog
        #expect(try await events.latestSeq(propertyID: hotel.property.id) == 0)
        #expect(try await events.latestSeq(propertyID: 999_999) == nil)

        let stay = try await stays.create(hotel.newStay(room: hotel.rooms[0].id))
        _ = try await stays.update(stayID: stay.id, expectedVersion: 1, action: "move") {
            try $0.move(toRoom: hotel.rooms[1].id, fromNight: Hotel.arrival)
        }
        let recorded = try await events.events(propertyID: hotel.property.id, after: 0)
        #expect(recorded.map(\.seq) == [1, 2])
        #expect(recorded.map(\.kind) == ["stay.create", "stay.move"])
        #expect(recorded.allSatisfy { $0.entityID == stay.id })
        let payload = try JSONSerialization.jsonObject(with: Data(recorded[1].payloadJSON.utf8)) as? [[String: Any]]
        #expect(payload?.count == 1)
        #expect(try await events.events(propertyID: hotel.property.id, after: 1).map(\.seq) == [2])
        #expect(try await events.events(propertyID: hotel.property.id, after: 0, limit: 1).map(\.seq) == [1])
    }

    @Test(arguments: TestDatabase.available)
    func thePropertiesLatestNumbersAreReadInOneGoAndOnlyTheirs(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let (busy, quiet) = (try await Hotel.make(in: store), try await Hotel.make(in: store))
        let (stays, events) = (store.stays, store.eventLog)
        let stay = try await stays.create(busy.newStay(room: busy.rooms[0].id))
        _ = try await stays.update(stayID: stay.id, expectedVersion: 1, action: "cancel") { try $0.cancel() }

        let seqs = try await events.latestSeqs(of: [busy.property.id, quiet.property.id])

        #expect(seqs == [busy.property.id: 2, quiet.property.id: 0])
        #expect(try await events.latestSeqs(of: [quiet.property.id]) == [quiet.property.id: 0])
        #expect(try await events.latestSeqs(of: []) == [:])
        // More ids than one query binds, most of them no property's.
        #expect(try await events.latestSeqs(of: Array(1...(2 * EventRepository.idsPerQuery + 7))) == seqs)
    }

    @Test(arguments: TestDatabase.available)
    func aRefusedWriteRecordsNoEventAndWakesNoOne(database: TestDatabase) async throws {
        let store = try await database.makeStore()
        let hotel = try await Hotel.make(in: store)
        let stays = store.stays
        _ = try await stays.create(hotel.newStay(room: hotel.rooms[0].id))
        await #expect(throws: DomainError.self) {
            _ = try await stays.create(hotel.newStay(room: hotel.rooms[0].id, guest: "Bo Kim"))
        }
        #expect(try await store.eventLog.latestSeq(propertyID: hotel.property.id) == 1)
    }

    /// Two stores over one database stand for two server instances. The reader's periodic re-check is
    /// set to an hour, so only a notification can wake it: on SQLite the writer's own store, on
    /// PostgreSQL `NOTIFY` across connections.
    @Test(arguments: TestDatabase.available)
    func aCommittedChangeWakesTheReadersOfItsProperty(database: TestDatabase) async throws {
        let stores = try await database.makeStores(count: 2, eventTick: .seconds(3600))
        // Each instance's feed runs as its application runs it, a service, until the test ends.
        let feeds = stores.map { store in Task { await store.events.run() } }
        defer { for feed in feeds { feed.cancel() } }
        let hotel = try await Hotel.make(in: stores[0])
        // The writer's own readers are woken by the store; another instance's only by PostgreSQL.
        let readers = database == .postgres ? stores : [stores[0]]
        for reader in readers {
            var wakes = reader.events.subscribe(propertyID: hotel.property.id).makeAsyncIterator()
            for _ in 0..<500 where database == .postgres && !reader.events.isListening {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(database == .sqlite || reader.events.isListening)
            _ = await wakes.next()  // the wake-ups so far (one at once, to catch up; one once listening)
            let writer = Task { try await stores[0].stays.create(hotel.newStay(room: nil)) }
            let woken: Void? = await wakes.next()
            #expect(woken != nil)
            _ = try await writer.value
        }
        #expect(try await stores[0].eventLog.latestSeq(propertyID: hotel.property.id) == readers.count)
    }
}
