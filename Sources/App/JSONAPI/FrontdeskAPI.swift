import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import OpenAPIHummingbird
import OpenAPIRuntime
import Storage

/// The JSON operations of `openapi.yaml`, served through the handler protocol swift-openapi-generator
/// makes of it: each method takes its operation's decoded input and returns one of the outputs the
/// document lists, so that what is served cannot drift from what is described. The methods live
/// beside their subject (`FrontdeskAPI+Stays.swift`, …); refusals are thrown, and `ErrorMiddleware`
/// writes them as the one error body.
struct FrontdeskAPI: APIProtocol {
    let store: Store
    let configuration: ServerConfiguration
    /// The guest site's inventory and offers, shared with its search served by hand.
    let guestSite: PublicController
    /// What salons' free times keep between requests while nothing changes at the salon.
    let salonMemory = SalonMemory()

    /// The request being served: who is signed in, and from where.
    var context: AppRequestContext {
        get throws { try AppRequestContext.current }
    }

    /// What the desk and the guests do to stays, with its rules: each operation below decodes its
    /// input, calls one of its operations and encodes the answer.
    var frontDesk: FrontDesk<Store> { store.operations() }
    /// Folios and the documents issued from them.
    var accounts: Accounts<Store> { store.operations() }
    var nightAudit: NightAuditDesk<Store> { store.operations() }
    var housekeeping: HousekeepingDesk<Store> { store.operations() }
    /// A manager's settings of the property: taxes, rate plans, texts.
    var settings: PropertySettings<Store> { store.operations() }
    var staffManagement: StaffManagement<Store> { store.operations() }
    /// What guests do on the guest site to their stays.
    var guestsBookings: GuestsBookings<Store> { store.operations() }
    /// The hotel's stays and guests as files.
    var exports: Exports<Store> { store.operations() }
    /// The messages sent, and what a property sends.
    var outbox: Outbox<Store> { store.operations() }
    var webhooks: Webhooks<Store> { store.operations() }

    /// The member of staff signed in, their role at each property, and the work the request does
    /// (reading, or desk work for a change).
    var staff: Staff {
        get throws { try context.staff() }
    }

    /// Registers every operation on the group its callers reach it through: the guest site's
    /// (rate-limited), the open one (signing in, health), or the signed-in staff's.
    func register(
        guests: RouterGroup<AppRequestContext>, open: RouterGroup<AppRequestContext>,
        signedIn: RouterGroup<AppRequestContext>
    ) throws {
        // Made now, once a process, so that the first unknown email is not told apart by its making.
        _ = Self.unknownUserHash
        let routes = OperationGroups(
            idempotency: Idempotency(store: store),
            guests: guests.add(middleware: ServingContextMiddleware()),
            open: open.add(middleware: ServingContextMiddleware()),
            signedIn: signedIn.add(middleware: ServingContextMiddleware()))
        try registerHandlers(
            on: routes, configuration: Configuration(jsonEncodingOptions: []),
            middlewares: [
                PlainHeaderValuesMiddleware(), ParameterCheckMiddleware(),
                WriteAccessMiddleware(access: WriteAccess(storage: store)), RequestBodyMiddleware(),
                FormCheckMiddleware(),
            ])
    }
}

/// Sends each operation to its group by its path: `/api/v1/public/…` to the guests', the
/// operations anyone may call to the open group, the rest to the signed-in staff's; a booking
/// operation is wrapped in its `Idempotency`.
private struct OperationGroups: ServerTransport {
    let idempotency: Idempotency
    let guests: RouterGroup<AppRequestContext>
    let open: RouterGroup<AppRequestContext>
    let signedIn: RouterGroup<AppRequestContext>

    static let openOperations: Set<String> = ["GET /healthz", "POST /api/v1/session"]

    func register(
        _ handler:
            @escaping @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (
                HTTPResponse, HTTPBody?
            ),
        method: HTTPRequest.Method, path: String
    ) throws {
        let group =
            if path.hasPrefix("/api/v1/public/") {
                guests
            } else if Self.openOperations.contains("\(method) \(path)") {
                open
            } else {
                signedIn
            }
        let operationID = APIDocument.operationIDs["\(method) \(path)"] ?? ""
        let required = Idempotency.operations[operationID]
        group.register(
            required.map { idempotency.wrapping(handler, required: $0) } ?? handler, method: method, path: path)
    }
}

extension AppRequestContext {
    /// The context of the request an operation serves: the generated handlers take only the
    /// operation's input, so the context reaches them as a task-local value.
    @TaskLocal static var serving: AppRequestContext?

    /// The context of the request being served; a 500 for an operation run outside one.
    static var current: AppRequestContext {
        get throws {
            guard let serving else {
                throw APIError(.internalServerError, code: "internal", "an operation ran outside a request")
            }
            return serving
        }
    }
}

/// Makes the route's context (with the user `SessionMiddleware` found) the operation's, and reads
/// the body whole up to `Request.maximumJSONBytes` (413 past it): the generated code would read any
/// length.
private struct ServingContextMiddleware: RouterMiddleware {
    func handle(
        _ request: Request, context: AppRequestContext,
        next: (Request, AppRequestContext) async throws -> Response
    ) async throws -> Response {
        var request = request
        request.body = .init(buffer: try await request.collectBody())
        return try await AppRequestContext.$serving.withValue(context) { [request] in
            try await next(request, context)
        }
    }
}
