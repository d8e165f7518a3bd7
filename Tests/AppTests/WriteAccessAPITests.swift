import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StorageTesting
import Testing

@testable import App

/// Who may make a change is decided from its address before its body is read (`x-access`,
/// `WriteAccessMiddleware`): a member whose role may not make it is refused (403), and another property's
/// staff find nothing (404), whatever body they send; neither is told what the body would need (400).
@Suite(.closesItsStores, .serialized)
struct WriteAccessAPITests {
    /// The operation a concrete request is of, by the document's paths.
    static func operationID(_ method: HTTPRequest.Method, _ path: String) throws -> String? {
        let path = String(path.split(separator: "?")[0])
        for (key, id) in APIDocument.operationIDs {
            let parts = key.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts[0] == method.rawValue else { continue }
            let pattern = try Regex("^" + parts[1].replacing(/\{[^}]+\}/, with: "[^/]+") + "$")
            if try pattern.wholeMatch(in: path) != nil { return id }
        }
        return nil
    }

    @Test func everyChangeThatTakesABodyStatesWhoMayMakeIt() throws {
        var stated: Set<String> = []
        for (template, item) in try OpenAPITests.paths() {
            for method in ["post", "put", "patch", "delete"] {
                guard let operation = item[method] as? [String: Any], operation["requestBody"] != nil,
                    (operation["security"] as? [Any])?.isEmpty != true,
                    let id = operation["operationId"] as? String
                else { continue }
                let access = try #require(
                    APIDocument.access[id], "\(method.uppercased()) \(template) states no x-access")
                stated.insert(id)
                #expect(AccessHolder(rawValue: access.holder) != nil, "\(id): no holder \(access.holder)")
                #expect(StaffWork(rawValue: access.work) != nil, "\(id): no work \(access.work)")
                #expect(template.contains("{\(access.parameter)}"), "\(id): its path has no \(access.parameter)")
            }
        }
        #expect(stated.count >= 50)
        #expect(Set(APIDocument.access.keys) == stated, "x-access on an operation that takes no body or no session")
    }

    /// A change as tried: its request and the work it states.
    struct Change: Sendable {
        var method: HTTPRequest.Method
        var path: String
        var work: StaffWork
    }

    /// No body, a body cut short, and one of no use: each is answered `status`.
    static func send(_ client: SignedInClient, _ change: Change, expecting status: HTTPResponse.Status) async throws {
        for body in [nil, #"{"adults": "#, #"{"unexpected": true}"#] {
            try await client.execute(
                uri: change.path, method: change.method,
                headers: [.ifMatch: "\"1\"", .contentType: "application/json"],
                body: body.map { ByteBuffer(string: $0) }
            ) { response in
                #expect(
                    response.status == status,
                    "\(change.method) \(change.path) with \(body ?? "no body"): \(String(buffer: response.body))")
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func aChangeWithNoBodyOrABadOneIsRefusedAsItsSenderMayNotMakeIt(database: TestDatabase) async throws {
        let fixture = try await APIFixture.make(database: database)
        let world = try await PropertyAccessAPITests.world(in: fixture)
        let changes = try world.routes.compactMap { method, path, _ -> Change? in
            guard let id = try Self.operationID(method, path), let access = APIDocument.access[id] else { return nil }
            return Change(method: method, path: path, work: try #require(StaffWork(rawValue: access.work)))
        }
        #expect(changes.count == APIDocument.access.count, "every change that states its access is tried")
        try await fixture.test(as: nil) { client in
            for role in StaffRole.allCases {
                let member = try await client.signedIn(as: role)
                for change in changes where !role.may(change.work) {
                    try await Self.send(member, change, expecting: .forbidden)
                }
            }
            // Another property's staff: the manager, taken off both properties.
            for property in world.properties {
                try await fixture.store.users.revoke(userID: world.manager.id, propertyID: property)
            }
            let outsider = try await client.signedIn(as: .manager)
            for change in changes { try await Self.send(outsider, change, expecting: .notFound) }
        }
        let refused = Set(StaffRole.allCases.flatMap { role in changes.filter { !role.may($0.work) }.map(\.work) })
        #expect(
            refused.isSuperset(of: [.deskWork, .housekeeping, .managing]), "each kind of work is refused to someone")
    }
}
