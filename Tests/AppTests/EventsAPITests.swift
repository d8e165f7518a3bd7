import API
import App
import Booking
import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import Storage
import StorageTesting
import Testing

@Suite(.closesItsStores, .serialized)
struct EventsAPITests {
    typealias Message = Components.Schemas.EventMessage

    @Test(arguments: TestDatabase.available)
    func aChangeMadeThroughTheAPIArrivesOnTheEventStreamInOrder(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        try await fixture.test(live: true) { client in
            let received = try await client.events("/api/v1/properties/\(fixture.property.id)/events", count: 3) {
                let id = try await client.execute(
                    uri: fixture.staysPath, method: .post, body: ByteBuffer(string: fixture.stayJSON())
                ) { response in
                    #expect(response.status == .created)
                    return try APIFixture.decoder.decode(
                        Components.Schemas.Stay.self, from: Data(buffer: response.body)
                    ).id
                }
                try await client.execute(
                    uri: "/api/v1/stays/\(id)/cancel", method: .post, headers: [.ifMatch: "\"1\""])
            }
            #expect(received.map(\._type) == [.hello, .event, .event])
            #expect(received.map(\.seq) == [0, 1, 2])
            #expect(received.map(\.kind) == [nil, "stay.create", "stay.cancel"])
            #expect(received[2].stays?.map(\.state) == [.cancelled])
            #expect(received[1].entityId == received[2].stays?.first?.id)
        }
    }

    /// A viewer whose session ends (signed out, or taken off the staff) reads no change made after: the
    /// stream ends instead.
    @Test func aStreamEndsWhenItsSessionNoLongerReachesTheProperty() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test(live: true) { desk in
            let viewer = try #require(try await StaffAPITests.signIn(desk, "viewer@example.com", APIFixture.password))
            let received = try await viewer.events("/api/v1/properties/\(fixture.property.id)/events", count: 2) {
                try await viewer.execute(uri: "/api/v1/session", method: .delete) { #expect($0.status == .noContent) }
                try await desk.execute(
                    uri: fixture.staysPath, method: .post, body: ByteBuffer(string: fixture.stayJSON())
                ) { #expect($0.status == .created) }
            }
            #expect(received.map(\._type) == [.hello])
        }
    }

    @Test func aClientThatComesBackAfterAGapGetsWhatItMissed() async throws {
        let fixture = try await APIFixture.make()
        for offset in 0..<3 {
            _ = try await fixture.store.stays.create(
                NewStay(
                    propertyID: fixture.property.id, roomTypeID: fixture.roomType.id, roomID: fixture.rooms[0].id,
                    nights: try Nights(
                        arrival: fixture.today.adding(days: 30 + 2 * offset),
                        departure: fixture.today.adding(days: 32 + 2 * offset)),
                    adults: 1, guestName: "Guest \(offset)"))
        }
        try await fixture.test(live: true) { client in
            let path = "/api/v1/properties/\(fixture.property.id)/events"
            let caughtUp = try await client.events(path + "?after=1", count: 3) {}
            #expect(caughtUp.map(\.seq) == [1, 2, 3])
            #expect(caughtUp.dropFirst().map(\.kind) == ["stay.create", "stay.create"])
            // Without `after`, or from ahead of the server (a replaced database): the latest, to reload from.
            #expect(try await client.events(path, count: 1) {}.map(\.seq) == [3])
            #expect(try await client.events(path + "?after=40", count: 1) {}.map(\.seq) == [3])
        }
    }

    @Test func theEventStreamNeedsASessionAWebSocketAKnownPropertyAndAValidAfter() async throws {
        let fixture = try await APIFixture.make()
        let path = "/api/v1/properties/\(fixture.property.id)/events"
        try await fixture.test(as: .viewer) { client in
            try await SignedInClient(client: client.client, cookie: nil).execute(uri: path, method: .get) {
                #expect($0.status == .unauthorized)
            }
            for (uri, status, field) in [
                (path, HTTPResponse.Status.upgradeRequired, nil), ("/api/v1/properties/999/events", .notFound, "id"),
                (path + "?after=-1", .badRequest, "after"), (path + "?after=x", .badRequest, "after"),
            ] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == status, "\(uri)")
                    #expect(response.error?.error.field == field, "\(uri)")
                }
            }
        }
    }
}

extension SignedInClient {
    /// Opens the event stream at `path`, runs `change` once the greeting has arrived, and gives the
    /// first `count` messages (the greeting included).
    func events(
        _ path: String, count: Int, after change: @escaping @Sendable () async throws -> Void
    ) async throws -> [EventsAPITests.Message] {
        let received = Received()
        var headers = HTTPFields()
        if let cookie { headers[.cookie] = cookie }
        try await client.ws(path, configuration: .init(additionalHeaders: headers)) { inbound, outbound, _ in
            var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
            while await received.count < count, let message = try await messages.next() {
                guard case .text(let text) = message else { continue }
                await received.append(try APIFixture.decoder.decode(EventsAPITests.Message.self, from: Data(text.utf8)))
                if await received.count == 1 { try await change() }
            }
            try await outbound.close(.normalClosure, reason: nil)
        }
        return await received.all
    }
}

private actor Received {
    var all: [EventsAPITests.Message] = []
    var count: Int { all.count }
    func append(_ message: EventsAPITests.Message) { all.append(message) }
}

extension Components.Schemas.EventMessage {
    /// The stays an event carries, if it carries stays.
    var stays: [Components.Schemas.Stay]? {
        if case .case1(let stays) = data { stays } else { nil }
    }
}
