import API
import Booking
import Foundation
import Hummingbird
import HummingbirdTesting
import Storage
import StorageTesting
import Testing

@testable import App

@Suite(.closesItsStores, .serialized)
struct ICalAPITests {
    /// A room's calendar links and an import's result, as the document describes them.
    typealias Links = Components.Schemas.ICalLinks
    typealias ImportResult = Components.Schemas.ICalImportResult

    static func basic(_ day: Day) -> String { day.iso.replacingOccurrences(of: "-", with: "") }

    @Test func oneRoomsExportImportedIntoAnotherBlocksTheSameNightsAndASecondImportKeepsThem() async throws {
        let fixture = try await APIFixture.make()
        let (from, to) = (fixture.today.adding(days: 10), fixture.today.adding(days: 13))
        // The feed is this server's own export, on loopback: let the fetcher reach it.
        var configuration = ServerConfiguration()
        configuration.feeds.allows = { _ in true }
        try await fixture.test(configuration: configuration, live: true) { client in
            try await client.execute(
                uri: fixture.staysPath, method: .post,
                body: ByteBuffer(string: fixture.stayJSON(arrival: from.iso, departure: to.iso))
            ) { #expect($0.status == .created) }
            let links = try await client.execute(uri: "/api/v1/rooms/\(fixture.rooms[0].id)/ical", method: .get) {
                try APIFixture.decoder.decode(Links.self, from: Data(buffer: $0.body))
            }
            // The channel's fetch: no session, the token in the link.
            let calendar = try await client.client.execute(uri: links.exportUrl, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/calendar; charset=utf-8")
                return String(buffer: response.body)
            }
            #expect(calendar.contains("DTSTART;VALUE=DATE:\(Self.basic(from))\r\nDTEND;VALUE=DATE:\(Self.basic(to))"))
            #expect(!calendar.contains("Ann Lee"))
            try await client.client.execute(uri: links.exportUrl + "x", method: .get) {
                #expect($0.status == .notFound)
            }

            let importPath = "/api/v1/rooms/\(fixture.rooms[1].id)/ical-imports"
            let feed = #"{"url": "http://127.0.0.1:\#(client.client.port!)\#(links.exportUrl)"}"#
            for (added, kept) in [(1, 0), (0, 1)] {
                let result = try await client.execute(uri: importPath, method: .post, body: ByteBuffer(string: feed)) {
                    response in
                    #expect(response.status == .ok)
                    return try APIFixture.decoder.decode(ImportResult.self, from: Data(buffer: response.body))
                }
                #expect((result.added, result.kept, result.removed) == (added, kept, 0))
            }
            // The block holds room 102: a booking on its nights is refused, naming it.
            try await client.execute(
                uri: fixture.staysPath, method: .post,
                body: ByteBuffer(
                    string: fixture.stayJSON(room: fixture.rooms[1].id, arrival: from.iso, departure: to.iso))
            ) { response in
                #expect(response.status == .conflict)
                #expect(response.error?.error.message.contains("room 102") == true)
            }
            let after = try await client.execute(uri: "/api/v1/rooms/\(fixture.rooms[1].id)/ical", method: .get) {
                try APIFixture.decoder.decode(Links.self, from: Data(buffer: $0.body))
            }
            #expect(after.imports.map(\.blocks) == [1])
            let blocks = try await fixture.store.stays.stays(
                propertyID: fixture.property.id, overlapping: try Nights(arrival: from, departure: to)
            ).filter { $0.source == .ical }
            #expect(blocks.map { $0.roomID(on: from) } == [fixture.rooms[1].id])
        }
    }

    @Test(arguments: TestDatabase.available)
    func anUploadedCalendarIsSyncedEventsGoneAreRemovedAndCollisionsReported(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let today = fixture.today
        let event = { @Sendable (uid: String, from: Int, to: Int) in
            "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTART;VALUE=DATE:\(Self.basic(today.adding(days: from)))\r\nDTEND;VALUE=DATE:\(Self.basic(today.adding(days: to)))\r\nSUMMARY:Reserved\r\nEND:VEVENT\r\n"
        }
        let calendar = { @Sendable (events: [String]) in
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + events.joined() + "END:VCALENDAR\r\n"
        }
        try await fixture.test { client in
            try await client.execute(
                uri: fixture.staysPath, method: .post,
                body: ByteBuffer(
                    string: fixture.stayJSON(arrival: today.adding(days: 20).iso, departure: today.adding(days: 22).iso)
                )
            ) { #expect($0.status == .created) }
            let path = "/api/v1/rooms/\(fixture.rooms[0].id)/ical-imports"
            let upload = { (text: String) in
                try await client.execute(
                    uri: path, method: .post, headers: [.contentType: "text/calendar"], body: ByteBuffer(string: text)
                ) { response in
                    #expect(response.status == .ok)
                    return try APIFixture.decoder.decode(ImportResult.self, from: Data(buffer: response.body))
                }
            }
            // a: future, b: collides with the booking, c: already over.
            let first = try await upload(calendar([event("a", 5, 7), event("b", 21, 23), event("c", -5, -2)]))
            #expect((first.source, first.added, first.kept, first.removed) == ("upload", 1, 0, 0))
            #expect(first.conflicts.map(\.uid) == ["b"])
            #expect(first.conflicts.first?.message.contains("Ann Lee") == true)
            // "a" moved by a night: the old block goes, the new one comes.
            let second = try await upload(calendar([event("a", 6, 8)]))
            #expect((second.added, second.kept, second.removed) == (1, 0, 1))
            // A feed cut off in its last event is refused whole: that event's block is not freed.
            let whole = calendar([event("a", 6, 8), event("d", 9, 10)])
            let both = try await upload(whole)
            #expect((both.added, both.kept, both.removed) == (1, 1, 0))
            let cut = String(whole.prefix(whole.count - 30))
            try await client.execute(
                uri: path, method: .post, headers: [.contentType: "text/calendar"], body: ByteBuffer(string: cut)
            ) { response in
                #expect(response.status == .badRequest)
                #expect(response.error?.error.field == "calendar")
            }
            let unchanged = try await upload(whole)
            #expect((unchanged.added, unchanged.kept, unchanged.removed) == (0, 2, 0))
            let third = try await upload(calendar([]))
            #expect((third.added, third.kept, third.removed) == (0, 0, 2))
        }
    }

    @Test func aBadFeedOrAViewerIsRefusedAndNothingIsBlocked() async throws {
        let fixture = try await APIFixture.make()
        let path = "/api/v1/rooms/\(fixture.rooms[0].id)/ical-imports"
        try await fixture.test { client in
            for (headers, body, field) in [
                (HTTPFields(), #"{"url": "ftp://example.com/cal.ics"}"#, "url"),
                (HTTPFields(), #"{"url": "http://127.0.0.1:9/cal.ics"}"#, "url"),
                ([.contentType: "text/calendar"], "<html>not a calendar</html>", "calendar"),
            ] {
                try await client.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(string: body)) {
                    response in
                    #expect(response.status == .badRequest, "\(body)")
                    #expect(response.error?.error.field == field, "\(body)")
                }
            }
            try await client.execute(
                uri: "/api/v1/rooms/999999/ical-imports", method: .post,
                body: ByteBuffer(string: #"{"url": "https://example.com/cal.ics"}"#)
            ) {
                #expect($0.status == .notFound)
            }
            #expect(try await fixture.storedStayCount() == 0)
        }
    }

    @Test func aViewerCannotImportACalendar() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test(as: .viewer) { client in
            try await client.execute(
                uri: "/api/v1/rooms/\(fixture.rooms[0].id)/ical-imports", method: .post,
                headers: [.contentType: "text/calendar"],
                body: ByteBuffer(string: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")
            ) { #expect($0.status == .forbidden) }
        }
    }
}
