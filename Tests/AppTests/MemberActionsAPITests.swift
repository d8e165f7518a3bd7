import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StorageTesting
import Testing

@testable import App

/// The server tells each member of staff what they may do: a property the kinds of work their role
/// does there, a stay (on its page and in the day's lists) the actions open to them now. The desk
/// shows what it is told.
@Suite(.closesItsStores)
struct MemberActionsAPITests {
    static func actions(_ client: SignedInClient, stay id: Int) async throws -> [String] {
        try await DeskCancellationAPITests.detail(client, id).value2.actions?.map(\.rawValue) ?? []
    }

    static func arrivalActions(_ client: SignedInClient, _ fixture: APIFixture) async throws -> [String] {
        try await client.execute(uri: "/api/v1/properties/\(fixture.property.id)/today", method: .get) {
            try StayActionsAPITests.decode(Components.Schemas.Today.self, $0).arrivals.first?.actions?.map(\.rawValue)
                ?? []
        }
    }

    static func work(_ client: SignedInClient, _ fixture: APIFixture) async throws -> [String] {
        try await client.execute(uri: "/api/v1/properties/\(fixture.property.id)", method: .get) {
            try StayActionsAPITests.decode(Components.Schemas.Property.self, $0).may?.map(\.rawValue) ?? []
        }
    }

    @Test(arguments: TestDatabase.available)
    func eachMemberIsToldWhatTheyMayDoToAStayAndAtTheProperty(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        try await fixture.test(as: .frontDesk) { desk in
            #expect(try await Self.work(desk, fixture) == ["reading", "deskWork", "housekeeping", "accounts"])
            let id = try await StayActionsAPITests.bookToday(desk, fixture, room: fixture.rooms[0].id)
            let arriving = ["checkIn", "cancel", "noShow", "change", "post", "giveCheckInLink"]
            #expect(try await Self.actions(desk, stay: id) == arriving)
            #expect(try await Self.arrivalActions(desk, fixture) == arriving)

            let keeper = try #require(
                try await StaffAPITests.signIn(desk, "housekeeping@example.com", APIFixture.password))
            #expect(try await Self.work(keeper, fixture) == ["reading", "housekeeping"])
            #expect(try await Self.actions(keeper, stay: id).isEmpty)
            #expect(try await Self.arrivalActions(keeper, fixture).isEmpty)

            let checkIn = try await desk.execute(uri: "/api/v1/stays/\(id)/check-in", method: .post)
            #expect(checkIn.status == .ok, "\(String(buffer: checkIn.body))")
            #expect(try await Self.actions(desk, stay: id) == ["checkOut", "change", "post"])
            let manager = try #require(try await StaffAPITests.signIn(desk, "manager@example.com", APIFixture.password))
            #expect(try await Self.actions(manager, stay: id) == ["checkOut", "checkOutAnyway", "change", "post"])
            #expect(
                try await Self.work(manager, fixture) == [
                    "reading", "deskWork", "housekeeping", "managing", "accounts",
                ])
        }
    }
}
