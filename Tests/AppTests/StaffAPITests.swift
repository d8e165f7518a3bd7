import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdBcrypt
import HummingbirdTesting
import StorageTesting
import Testing

@testable import App
@testable import Storage

/// A property's staff managed by its manager through the API: who works there, with which role, their
/// passwords, and nothing of another property's accounts.
@Suite(.closesItsStores, .serialized)
struct StaffAPITests {
    static func staffPath(_ fixture: APIFixture) -> String { "/api/v1/properties/\(fixture.property.id)/staff" }

    /// Signs in as another account on the same server; nil when refused.
    static func signIn(_ client: SignedInClient, _ email: String, _ password: String) async throws -> SignedInClient? {
        try await client.client.execute(
            uri: "/api/v1/session", method: .post,
            body: ByteBuffer(string: #"{"email": "\#(email)", "password": "\#(password)"}"#)
        ) { response in
            guard response.status == .ok else { return nil }
            return SignedInClient(
                client: client.client,
                cookie: response.headers[.setCookie]?.split(separator: ";").first.map(String.init))
        }
    }

    static func json(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

    @Test(arguments: TestDatabase.available)
    func signingInAnswersThePropertiesTheMemberWorksAtAsTheirListDoes(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        _ = try await AppointmentAPITests.salon(in: fixture)
        try await fixture.test(as: .manager) { client in
            try await client.execute(
                uri: Self.staffPath(fixture), method: .post,
                body: Self.json(
                    #"{"email": "noi@example.com", "name": "Noi", "role": "housekeeping", "password": "clean rooms"}"#)
            ) { #expect($0.status == .created) }
            let answer = try await client.client.execute(
                uri: "/api/v1/session", method: .post,
                body: Self.json(#"{"email": "noi@example.com", "password": "clean rooms"}"#)
            ) { response in
                #expect(response.status == .ok)
                return try GuestSite.json(response)
            }
            #expect(answer["email"] as? String == "noi@example.com" && answer["name"] as? String == "Noi")
            // The hotel she works at, with her role there; not the salon beside it.
            let properties = answer["properties"] as? [[String: Any]]
            #expect(properties?.map { $0["id"] as? Int } == [fixture.property.id])
            #expect(properties?.first?["role"] as? String == "housekeeping")
            #expect(properties?.first?["readsMoney"] as? Bool == false)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aManagerAddsStaffWhoThenWorkOnlyThereWithTheirRole(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let salon = try await AppointmentAPITests.salon(in: fixture)
        try await fixture.test(as: .manager) { client in
            let path = Self.staffPath(fixture)
            let listed = try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .ok)
                return (try GuestSite.json(response)["staff"] as? [[String: Any]])?.compactMap {
                    $0["email"] as? String
                }
            }
            #expect(Set(listed ?? []) == Set(StaffRole.allCases.map { "\($0.rawValue)@example.com" }))
            try await client.execute(
                uri: path, method: .post,
                body: Self.json(
                    #"{"email": " Noi@Example.com ", "name": "Noi", "role": "housekeeping", "password": "clean rooms"}"#
                )
            ) { response in
                #expect(response.status == .created)
                let body = try GuestSite.json(response)
                #expect(body["email"] as? String == "noi@example.com" && body["role"] as? String == "housekeeping")
            }
            try await client.execute(
                uri: path, method: .post, body: Self.json(#"{"email": "noi@example.com", "role": "viewer"}"#)
            ) { response in
                #expect(response.status == .conflict && response.error?.error.reason?.rawValue == "staff.alreadyHere")
            }
            try await client.execute(
                uri: path, method: .post, body: Self.json(#"{"email": "new@example.com", "role": "viewer"}"#)
            ) { response in
                #expect(response.status == .badRequest && response.error?.error.field == "password")
            }
            for (body, field) in [
                (#"{"email": "not an email", "role": "viewer", "password": "long enough"}"#, "email"),
                (#"{"email": "a@example.com", "role": "owner", "password": "long enough"}"#, "role"),
                (#"{"email": "a@example.com", "role": "viewer", "password": "short"}"#, "password"),
            ] {
                try await client.execute(uri: path, method: .post, body: Self.json(body)) { response in
                    #expect(response.status == .badRequest, "\(body)")
                    #expect(response.error?.error.field == field, "\(body)")
                }
            }

            let noi = try #require(try await Self.signIn(client, "noi@example.com", "clean rooms"))
            try await noi.execute(uri: "/api/v1/properties", method: .get) { response in
                let list = try GuestSite.json(response)["properties"] as? [[String: Any]]
                #expect(list?.map { $0["id"] as? Int } == [fixture.property.id])
                #expect(list?.first?["role"] as? String == "housekeeping")
            }
            try await noi.execute(
                uri: "/api/v1/rooms/\(fixture.rooms[0].id)/housekeeping", method: .patch,
                body: Self.json(#"{"status": "clean"}"#)
            ) { #expect($0.status == .ok) }
            try await noi.execute(uri: fixture.staysPath, method: .post, body: Self.json(fixture.stayJSON())) {
                #expect($0.status == .forbidden)
            }
            try await noi.execute(uri: "/api/v1/properties/\(salon.property.id)", method: .get) {
                #expect($0.status == .notFound)
            }
            try await noi.execute(uri: path, method: .get) { #expect($0.status == .forbidden) }
        }
    }

    @Test(arguments: TestDatabase.available)
    func aManagerChangesRolesAndPasswordsOnlyOfTheirOwnStaff(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let salon = try await AppointmentAPITests.salon(in: fixture)
        let users = fixture.store.users
        let hash = Bcrypt.hash("first password", cost: 4)
        let mai = try await users.create(
            email: "mai@example.com", name: "Mai", role: .frontDesk, passwordHash: hash,
            properties: [fixture.property.id])
        let both = try await users.create(
            email: "both@example.com", name: "Both", role: .frontDesk, passwordHash: hash,
            properties: [fixture.property.id, salon.property.id])
        let manager = try #require(try await users.credentials(email: "manager@example.com")).user
        try await users.revoke(userID: manager.id, propertyID: salon.property.id)
        try await fixture.test(as: .manager) { client in
            let path = Self.staffPath(fixture)
            let before = try #require(try await Self.signIn(client, "mai@example.com", "first password"))
            try await client.execute(
                uri: "\(path)/\(mai.id)", method: .patch,
                body: Self.json(#"{"role": "viewer", "password": "second password"}"#)
            ) { response in
                #expect(response.status == .ok)
                let body = try GuestSite.json(response)
                #expect(body["role"] as? String == "viewer")
            }
            try await before.execute(uri: "/api/v1/properties", method: .get) { #expect($0.status == .unauthorized) }
            #expect(try await Self.signIn(client, "mai@example.com", "first password") == nil)
            let after = try #require(try await Self.signIn(client, "mai@example.com", "second password"))
            try await after.execute(uri: fixture.staysPath, method: .post, body: Self.json(fixture.stayJSON())) {
                #expect($0.status == .forbidden)
            }
            // Someone who also works where this manager does not manage keeps their password.
            try await client.execute(
                uri: "\(path)/\(both.id)", method: .patch, body: Self.json(#"{"password": "taken over!"}"#)
            ) { response in
                #expect(response.status == .forbidden && response.error?.error.reason?.rawValue == "staff.elsewhere")
            }
            #expect(try await Self.signIn(client, "both@example.com", "first password") != nil)
            try await client.execute(
                uri: "\(path)/\(manager.id)", method: .patch, body: Self.json(#"{"role": "viewer"}"#)
            ) { response in
                #expect(response.status == .badRequest && response.error?.error.reason?.rawValue == "staff.self")
            }
            try await client.execute(uri: "\(path)/\(manager.id)", method: .delete) {
                #expect($0.status == .badRequest)
            }
            // Taken off the hotel, `both` still works at the salon, and nothing of the hotel exists for them.
            try await client.execute(uri: "\(path)/\(both.id)", method: .delete) { #expect($0.status == .noContent) }
            let elsewhere = try #require(try await Self.signIn(client, "both@example.com", "first password"))
            try await elsewhere.execute(uri: "/api/v1/properties", method: .get) { response in
                let list = try GuestSite.json(response)["properties"] as? [[String: Any]]
                #expect(list?.map { $0["id"] as? Int } == [salon.property.id])
            }
            try await elsewhere.execute(uri: "/api/v1/properties/\(fixture.property.id)/board", method: .get) {
                #expect($0.status == .notFound)
            }
            // The salon's staff do not exist for this manager, nor someone who is not on the hotel's.
            try await client.execute(uri: "/api/v1/properties/\(salon.property.id)/staff", method: .get) {
                #expect($0.status == .notFound)
            }
            try await client.execute(uri: "\(path)/\(both.id)", method: .patch, body: Self.json(#"{"role": "viewer"}"#))
            {
                #expect($0.status == .notFound)
            }
            let audit = try await fixture.store.sql.raw(
                "SELECT action FROM audit_log WHERE entity = 'staff' ORDER BY id"
            ).all().map { try $0.decode(column: "action", as: String.self) }
            #expect(audit == ["role", "password", "removed"])
        }
    }
}
