import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Storage
import StorageTesting
import Testing

@testable import App

/// What a client sends is read as HTTP says, and what another site's page or a guesser sends is refused.
@Suite(.closesItsStores)
struct RequestHygieneAPITests {
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!

    @Test func aWriteFromAnotherSitesPageIsRefusedAndOneFromOurOwnGoesThrough() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test { client in
            for (name, value, field) in [
                (HTTPField.Name.origin, "https://evil.example", "Origin"),
                (HTTPField.Name.origin, "null", "Origin"),
                (Self.secFetchSite, "cross-site", "Sec-Fetch-Site"),
                (Self.secFetchSite, "same-site", "Sec-Fetch-Site"),
            ] {
                try await client.execute(
                    uri: fixture.staysPath, method: .post, headers: [name: value, .contentType: "text/plain"],
                    body: ByteBuffer(string: fixture.stayJSON())
                ) { response in
                    #expect(response.status == .forbidden, "\(value)")
                    #expect(response.error?.error.field == field)
                }
            }
            try await client.execute(
                uri: fixture.staysPath, method: .post, headers: [Self.secFetchSite: "same-origin"],
                body: ByteBuffer(string: fixture.stayJSON())
            ) { #expect($0.status == .created) }
            #expect(try await fixture.storedStayCount() == 1)
        }
    }

    @Test func jsonIsTakenOnlyAsJSON() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test { client in
            for type in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"] {
                try await client.execute(
                    uri: fixture.staysPath, method: .post, headers: [.contentType: type],
                    body: ByteBuffer(string: fixture.stayJSON())
                ) { response in
                    #expect(response.status == .unsupportedMediaType, "\(type)")
                    #expect(response.error?.error.field == "Content-Type")
                }
            }
            try await client.execute(
                uri: fixture.staysPath, method: .post, headers: [.contentType: "application/json; charset=utf-8"],
                body: ByteBuffer(string: fixture.stayJSON())
            ) { #expect($0.status == .created) }
        }
    }

    @Test(arguments: TestDatabase.available)
    func aNULInAnyTextIsRefusedNamingTheFieldAndNothingIsStored(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        try await fixture.test { client in
            let stay = fixture.stayJSON().replacingOccurrences(of: "Ann Lee", with: #"Ann\u0000Lee"#)
            try await client.execute(uri: fixture.staysPath, method: .post, body: ByteBuffer(string: stay)) {
                response in
                #expect(response.status == .badRequest)
                #expect(response.error?.error.field == "guest.name")
            }
            #expect(try await fixture.storedStayCount() == 0)
            let id = try await StayActionsAPITests.bookToday(client, fixture, room: fixture.rooms[0].id)
            for (body, field) in [
                (#"{"description": "Mini\u0000bar", "amount": {"amount": 500, "currency": "THB"}}"#, "description"),
                (#"{"description": "Minibar\u0007", "amount": {"amount": 500, "currency": "THB"}}"#, "description"),
            ] {
                try await client.execute(
                    uri: "/api/v1/stays/\(id)/charges", method: .post, body: ByteBuffer(string: body)
                ) { response in
                    #expect(response.status == .badRequest)
                    #expect(response.error?.error.field == field)
                }
            }
            try await client.execute(uri: "/api/v1/public/regions?q=Chiang%00Mai", method: .get) { response in
                #expect(response.status == .badRequest)
                #expect(response.error?.error.field == "q")
            }
        }
    }

    @Test func aPlusInAQueryIsASpaceAsFormsWriteIt() async throws {
        let fixture = try await APIFixture.make()
        let (arrival, departure) = PublicAPITests.dates(fixture)
        try await fixture.test(as: nil) { client in
            try await client.execute(
                uri: "/api/v1/public/search?region=Chiang+Mai&arrival=\(arrival)&departure=\(departure)", method: .get
            ) { response in
                #expect(response.status == .ok)
                let count = try GuestSite.json(response)["count"] as? Int
                #expect(count == 1)
            }
        }
    }

    @Test func anIfMatchTagThatIsNotTheCurrentOneIs412WhateverItLooksLike() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test { client in
            let id = try await StayActionsAPITests.bookToday(client, fixture, room: fixture.rooms[0].id)
            for tag in ["\"abc\"", "W/\"x\"", "\"-3\"", "\"99\""] {
                try await client.execute(
                    uri: "/api/v1/stays/\(id)", method: .patch, headers: [.ifMatch: tag],
                    body: ByteBuffer(string: #"{"notes": "late"}"#)
                ) { #expect($0.status == .preconditionFailed, "\(tag)") }
                try await client.execute(uri: "/api/v1/stays/\(id)/cancel", method: .post, headers: [.ifMatch: tag]) {
                    #expect($0.status == .preconditionFailed, "\(tag)")
                }
            }
        }
    }

    @Test func aCalendarUploadOverTheLimitIs413() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test { client in
            try await client.execute(
                uri: "/api/v1/rooms/\(fixture.rooms[0].id)/ical-imports", method: .post,
                headers: [.contentType: "text/calendar"],
                body: ByteBuffer(repeating: UInt8(ascii: "x"), count: Request.maximumJSONBytes + 1)
            ) { #expect($0.status == .contentTooLarge) }
        }
    }

    @Test func wrongPasswordsForOneAccountAreThrottledWhateverComesNext() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test(as: nil) { client in
            func signIn(_ password: String) async throws -> HTTPResponse.Status {
                try await client.execute(
                    uri: "/api/v1/session", method: .post,
                    body: ByteBuffer(string: #"{"email": "MANAGER@example.com", "password": "\#(password)"}"#)
                ) { $0.status }
            }
            for _ in 0..<SignInLimits.perAccount { #expect(try await signIn("guess") == .unauthorized) }
            #expect(try await signIn(APIFixture.password) == .tooManyRequests)
            // Another account is not held up by the guesser's.
            try await client.execute(
                uri: "/api/v1/session", method: .post,
                body: ByteBuffer(string: #"{"email": "viewer@example.com", "password": "\#(APIFixture.password)"}"#)
            ) { #expect($0.status == .ok) }
        }
    }

    @Test func wrongPasswordsSentAtOnceAreCheckedNoMoreOftenThanTheLimit() async throws {
        let fixture = try await APIFixture.make()
        try await fixture.test(as: nil) { client in
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for guess in 0..<16 {
                    group.addTask {
                        try await client.execute(
                            uri: "/api/v1/session", method: .post,
                            body: ByteBuffer(
                                string: #"{"email": "manager@example.com", "password": "guess-\#(guess)"}"#)
                        ) { $0.status }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .unauthorized }.count == SignInLimits.perAccount)
            #expect(statuses.filter { $0 == .tooManyRequests }.count == 16 - SignInLimits.perAccount)
        }
    }

    @Test func anUnknownEmailIsCheckedAgainstAHashOfTheAccountsCost() {
        #expect(FrontdeskAPI.unknownUserHash.hasPrefix("$2b$\(Passwords.cost)$"))
    }
}
