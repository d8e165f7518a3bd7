import API
import Foundation
import Storage
import StorageTesting
import Testing

@testable import App

/// The OpenAPI document is JSON, describes exactly the routes the server registers, and every
/// reference in it resolves.
@Suite(.closesItsStores)
struct OpenAPITests {
    static func document() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(APIDocument.json.utf8))
        return try #require(object as? [String: Any])
    }

    static func paths() throws -> [String: [String: Any]] {
        try #require(try document()["paths"] as? [String: [String: Any]])
    }

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    @Test func theDocumentIsOpenAPI310() throws {
        let document = try Self.document()
        #expect(document["openapi"] as? String == "3.1.0")
    }

    @Test func itDescribesExactlyTheRoutesOfTheAPI() throws {
        let expected: Set<String> = [
            "/healthz",
            "/metrics",
            "/openapi.json",
            "/openapi.yaml",
            "/ical/rooms/{file}",
            "/api/v1/rooms/{id}/ical",
            "/api/v1/rooms/{id}/ical-imports",
            "/api/v1/rooms/{id}/housekeeping",
            "/api/v1/rooms/{id}/blocks",
            "/api/v1/room-blocks/{id}/return",
            "/api/v1/properties/{id}/housekeeping",
            "/photos/{name}",
            "/api/v1/session",
            "/api/v1/properties",
            "/api/v1/properties/{id}",
            "/api/v1/properties/{id}/board",
            "/api/v1/properties/{id}/today",
            "/api/v1/properties/{id}/stats",
            "/api/v1/properties/{id}/events",
            "/api/v1/properties/{id}/stays",
            "/api/v1/properties/{id}/appointments",
            "/api/v1/appointments/{id}",
            "/api/v1/properties/{id}/customers",
            "/api/v1/customers/{id}",
            "/api/v1/customers/{id}/merge",
            "/api/v1/customers/{id}/export",
            "/api/v1/customers/{id}/ticket-books",
            "/api/v1/customers/{id}/ticket-books/{bookId}/ending",
            "/api/v1/properties/{id}/ticket-offers",
            "/api/v1/properties/{id}/ticket-balances",
            "/api/v1/properties/{id}/exports/customers",
            "/api/v1/properties/{id}/products",
            "/api/v1/properties/{id}/sales/quote",
            "/api/v1/properties/{id}/sales",
            "/api/v1/sales/{id}",
            "/api/v1/sales/{id}/refund", "/api/v1/sales/{id}/payments", "/api/v1/sales/{id}/tax-invoice",
            "/api/v1/sales/{id}/e-invoice",
            "/api/v1/appointments/{id}/deposit",
            "/api/v1/properties/{id}/appointments/series/plan", "/api/v1/properties/{id}/appointments/series",
            "/api/v1/stays/{id}",
            "/api/v1/stays/{id}/check-in",
            "/api/v1/stays/{id}/check-out",
            "/api/v1/stays/{id}/cancel",
            "/api/v1/stays/{id}/no-show",
            "/api/v1/stays/{id}/reinstate",
            "/api/v1/stays/{id}/history",
            "/api/v1/stays/{id}/move",
            "/api/v1/stays/{id}/folio",
            "/api/v1/stays/{id}/charges",
            "/api/v1/stays/{id}/payments",
            "/api/v1/stays/{id}/reversals",
            "/api/v1/stays/{id}/folio/split",
            "/api/v1/stays/{id}/folio/moves",
            "/api/v1/stays/{id}/documents",
            "/api/v1/documents/{id}",
            "/api/v1/properties/{id}/companies",
            "/api/v1/properties/{id}/companies/{companyId}",
            "/api/v1/properties/{id}/companies/{companyId}/account",
            "/api/v1/properties/{id}/companies/{companyId}/invoices",
            "/api/v1/company-invoices/{id}",
            "/api/v1/properties/{id}/groups",
            "/api/v1/groups/{id}",
            "/api/v1/public/group-bookings",
            "/api/v1/properties/{id}/issuer",
            "/api/v1/properties/{id}/texts",
            "/api/v1/properties/{id}/taxes",
            "/api/v1/properties/{id}/rate-plans",
            "/api/v1/properties/{id}/salon",
            "/api/v1/properties/{id}/salon/staff/{staffId}/shifts",
            "/api/v1/properties/{id}/salon/services/{serviceId}/booking", "/api/v1/properties/{id}/salon/terms",
            "/api/v1/properties/{id}/staff",
            "/api/v1/properties/{id}/staff/{userId}",
            "/api/v1/properties/{id}/ledger",
            "/api/v1/properties/{id}/exports/stays",
            "/api/v1/properties/{id}/exports/guests",
            "/api/v1/properties/{id}/night-audit",
            "/api/v1/properties/{id}/day-closes/{day}",
            "/api/v1/forms",
            "/api/v1/forms/{name}",
            "/api/v1/room-types/{id}/rates",
            "/api/v1/room-types/{id}/restrictions",
            "/api/v1/public/limits",
            "/api/v1/public/regions",
            "/api/v1/public/search",
            "/api/v1/public/properties/{id}",
            "/api/v1/public/properties/{id}/calendar",
            "/api/v1/public/properties/{id}/map.svg",
            "/api/v1/public/bookings",
            "/api/v1/public/bookings/{code}",
            "/api/v1/public/bookings/{code}/cancel",
            "/api/v1/public/check-in/{token}",
            "/api/v1/stays/{id}/check-in-link",
            "/api/v1/properties/{id}/salon/services",
            "/api/v1/properties/{id}/salon/services/{serviceId}",
            "/api/v1/properties/{id}/salon/staff",
            "/api/v1/properties/{id}/salon/staff/{staffId}",
            "/api/v1/public/salons",
            "/api/v1/public/salons/{id}",
            "/api/v1/public/salons/{id}/free-times",
            "/api/v1/public/salons/{id}/holds",
            "/api/v1/public/salons/{id}/holds/{token}",
            "/api/v1/public/salons/{id}/visits",
            "/api/v1/public/visits/{code}",
            "/api/v1/public/visits/{code}/cancel",
            "/api/v1/stays/{id}/messages",
            "/api/v1/appointments/{id}/messages",
            "/api/v1/messages/{id}/send-again",
            "/api/v1/properties/{id}/message-settings",
            "/api/v1/properties/{id}/message-consents",
            "/api/v1/properties/{id}/webhooks",
            "/api/v1/webhooks/{id}",
            "/api/v1/documents/{id}/send",
            "/api/v1/public/salons/{id}/waitlist",
            "/api/v1/public/waitlist-offers/{token}",
            "/api/v1/public/waitlist-offers/{token}/accept",
            "/api/v1/public/waitlist-offers/{token}/decline",
            "/api/v1/properties/{id}/waitlist",
            "/api/v1/waitlist/{id}",
            "/api/v1/properties/{id}/receiving-account",
            "/api/v1/properties/{id}/room-charges",
            "/api/v1/properties/{id}/room-guests",
            "/api/v1/properties/{id}/cash-receipts",
            "/api/v1/documents/{id}/e-invoice",
            "/api/v1/properties/{id}/statement-formats",
            "/api/v1/properties/{id}/statements",
            "/api/v1/properties/{id}/statement-lines",
            "/api/v1/properties/{id}/statement-lines/{lineId}/settle",
        ]
        #expect(Set(try Self.paths().keys) == expected)
    }

    /// Method and path of every operation, against the router's own list: a route added without its
    /// documentation (or documentation left behind by a removed route) fails here.
    @Test func itsOperationsAreTheRoutesTheRouterRegisters() async throws {
        var documented: Set<String> = []
        for (path, item) in try Self.paths() {
            for method in Self.methods where item[method] != nil {
                documented.insert("\(method.uppercased()) \(path)")
            }
        }
        let store = try Store.open(":memory:")
        let router = buildRouter(store: store)
        // `GET /openapi.json` serves this document; it counts as registered whether or not it is yet.
        let registered = Set(router.routes.map { "\($0.method.rawValue) \($0.path.description)" })
            .union(["GET /openapi.json"])
        await store.shutdown()
        #expect(documented.subtracting(registered).sorted() == [], "documented but not registered")
        #expect(registered.subtracting(documented).sorted() == [], "registered but not documented")
    }

    @Test func everyOperationHasAUniqueIdAndASummary() throws {
        var ids: [String] = []
        for (path, item) in try Self.paths() {
            for method in Self.methods {
                guard let operation = item[method] as? [String: Any] else { continue }
                let id = operation["operationId"] as? String
                #expect(id != nil, "\(method) \(path) has no operationId")
                #expect((operation["summary"] as? String)?.isEmpty == false, "\(method) \(path) has no summary")
                ids += id.map { [$0] } ?? []
            }
        }
        #expect(ids.count == Set(ids).count, "operationIds repeat: \(ids.sorted())")
    }

    /// Signing in, health, photos, the document and the guest site's API are open; everything else needs
    /// the session cookie.
    @Test func onlyTheOpenRoutesWaiveTheSessionCookie() throws {
        let document = try Self.document()
        let global = try #require(document["security"] as? [[String: [String]]])
        #expect(global == [["sessionCookie": []]])
        var open: Set<String> = []
        for (path, item) in try Self.paths() {
            for method in Self.methods {
                guard let operation = item[method] as? [String: Any] else { continue }
                if let security = operation["security"] as? [Any], security.isEmpty {
                    open.insert("\(method.uppercased()) \(path)")
                }
            }
        }
        #expect(
            open == [
                "GET /healthz", "GET /openapi.json", "GET /openapi.yaml", "GET /ical/rooms/{file}",
                "GET /photos/{name}",
                "POST /api/v1/session",
                "GET /api/v1/public/limits", "GET /api/v1/public/regions", "GET /api/v1/public/search",
                "GET /api/v1/public/properties/{id}",
                "GET /api/v1/public/properties/{id}/calendar",
                "GET /api/v1/public/properties/{id}/map.svg", "POST /api/v1/public/group-bookings",
                "POST /api/v1/public/bookings",
                "GET /api/v1/public/bookings/{code}", "POST /api/v1/public/bookings/{code}/cancel",
                "GET /api/v1/public/salons", "GET /api/v1/public/salons/{id}",
                "GET /api/v1/public/salons/{id}/free-times", "POST /api/v1/public/salons/{id}/holds",
                "DELETE /api/v1/public/salons/{id}/holds/{token}", "POST /api/v1/public/salons/{id}/visits",
                "GET /api/v1/public/visits/{code}", "POST /api/v1/public/visits/{code}/cancel",
                "GET /api/v1/public/check-in/{token}", "PUT /api/v1/public/check-in/{token}",
                "POST /api/v1/public/salons/{id}/waitlist", "GET /api/v1/public/waitlist-offers/{token}",
                "POST /api/v1/public/waitlist-offers/{token}/accept",
                "POST /api/v1/public/waitlist-offers/{token}/decline",
            ])
    }

    @Test func everyReferenceResolves() throws {
        let document = try Self.document()
        var references: Set<String> = []
        func collect(_ value: Any) {
            if let object = value as? [String: Any] {
                if let reference = object["$ref"] as? String { references.insert(reference) }
                object.values.forEach(collect)
            } else if let array = value as? [Any] {
                array.forEach(collect)
            }
        }
        collect(document)
        #expect(!references.isEmpty)
        for reference in references.sorted() {
            var target: Any? = document
            for key in reference.dropFirst(2).split(separator: "/") {
                target = (target as? [String: Any])?[String(key)]
            }
            #expect(target != nil, "\(reference) does not resolve")
        }
    }
}
