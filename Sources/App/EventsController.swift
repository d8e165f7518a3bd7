import Booking
import Foundation
import Hummingbird
import HummingbirdWebSocket
import ServiceLifecycle
import Storage

/// `GET /api/v1/properties/{id}/events` (WebSocket): every change to a property as it commits.
///
/// The server sends text frames, each one JSON object:
/// - first `{"type": "hello", "seq": N}`: the stream continues after event `N`. With `?after=K` the
///   client asks to continue after its own last event, and `N` is `K`; when `K` is ahead of the
///   server (a replaced database), or without `after`, `N` is the latest event, and a client that
///   has data from before should reload it.
/// - then `{"type": "event", "seq", "kind", "entityId", "at", "data"}` for every change in order,
///   without gaps (to a role that reads no money, an event of money comes with empty `data`): `kind` is
///   `stay.create`, `stay.move`, `appointment.update`, `folio.charge` and so on, `data` the entity after the
///   change (`[Stay]` or `[Appointment]`, as the API returns them; for other kinds, the record the change
///   wrote). A client that sees a gap in `seq` has missed something and should reload.
///
/// The client sends nothing; the server pings it to keep the connection alive. A member of staff who
/// signs out or is taken off the property's staff reads no more of it: before each change is sent the
/// session is checked again, and the stream ends when it no longer reaches the property.
struct EventsController {
    let store: Store

    /// Events read per query while catching up.
    static let batch = 500

    func register(on group: RouterGroup<AppRequestContext>) {
        group.ws("properties/{id}/events", shouldUpgrade: shouldUpgrade, onUpgrade: stream)
    }

    @Sendable func shouldUpgrade(_ request: Request, context: AppRequestContext) async throws -> RouterShouldUpgrade {
        // Another site's page must not read a signed-in member of staff's live stream.
        try SameOriginMiddleware<AppRequestContext>.requireSameOrigin(request)
        _ = try context.requireUser()
        let desk: FrontDesk<Store> = store.operations()
        _ = try await desk.property(
            try context.parameters.requireID("id"), by: try context.staff(), field: "id")
        _ = try Self.after(request)
        guard request.headers[.upgrade]?.lowercased() == "websocket" else {
            throw APIError(.upgradeRequired, code: "upgrade_required", "open this as a WebSocket")
        }
        return .upgrade([RequestGuard.upgradeMarker: "events"])
    }

    @Sendable func stream(
        inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter,
        context: WebSocketRouterContext<AppRequestContext>
    ) async throws {
        let propertyID = try context.requestContext.parameters.require("id", as: Int.self)
        let session = Session(
            tokenHash: context.requestContext.sessionTokenHash, propertyID: propertyID,
            store: store)
        // Subscribed before reading the latest number, so nothing committed in between is missed.
        let wakes = store.events.subscribe(propertyID: propertyID)
        let latest = try await store.latestSeq(propertyID: propertyID) ?? 0
        var seq = latest
        if let after = try Self.after(context.request), after <= latest { seq = after }
        try await outbound.write(.text(#"{"type":"hello","seq":\#(seq)}"#))

        // The stream ends when the server shuts down, rather than holding the shutdown up.
        try await cancelWhenGracefulShutdown { [seq] in
            try await Self.forward(wakes, from: seq, of: propertyID, store, session, inbound, outbound)
        }
    }

    private static func forward(
        _ wakes: AsyncStream<Void>, from seq: Int, of propertyID: Int, _ store: Store,
        _ session: Session, _ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            // The client sends nothing we need; its stream ends when it closes, and so does ours.
            group.addTask { for try await _ in inbound {} }
            group.addTask { [seq] in
                var seq = seq
                for await _ in wakes {
                    guard let role = try await Self.waitingOutAnOutage({ try await session.role() }) else { return }
                    while true {
                        let after = seq
                        let batch = try await Self.waitingOutAnOutage {
                            try await store.recordedEvents(propertyID: propertyID, after: after, limit: Self.batch)
                        }
                        for event in batch {
                            try await outbound.write(.text(Self.message(event, readsMoney: role.readsMoney)))
                        }
                        seq = batch.last?.seq ?? seq
                        if batch.count < Self.batch { break }
                    }
                }
            }
            _ = try await group.next()
            group.cancelAll()
        }
    }

    /// How long a stream waits for its database to come back (a restart, a failover) before it ends.
    static let outage = Duration.seconds(60)

    /// Runs a read of the database again until it answers, waiting longer each time (a quarter of a
    /// second to four seconds), for at most `outage`: a database restarting under an open desk leaves
    /// its stream open, and it goes on from the last event it sent.
    static func waitingOutAnOutage<Value: Sendable>(_ read: @Sendable () async throws -> Value) async throws -> Value {
        let clock = ContinuousClock()
        let deadline = clock.now + outage
        var delay = Duration.milliseconds(250)
        while true {
            do {
                return try await read()
            } catch let error where !(error is CancellationError) && clock.now + delay < deadline {
                try await Task.sleep(for: delay)
                delay = min(delay * 2, .seconds(4))
            }
        }
    }

    /// The session a stream was opened with, and the property it reads.
    struct Session: Sendable {
        let tokenHash: String?
        let propertyID: Int
        let store: Store

        /// The member of staff's role at the property while the session is open and they still work there;
        /// nil once either ends.
        func role() async throws -> StaffRole? {
            guard let tokenHash, let staff = try await store.staff(sessionTokenHash: tokenHash) else { return nil }
            return staff.roles[propertyID]
        }
    }

    private static func after(_ request: Request) throws -> Int? {
        guard let text = request.uri.queryParameters.get("after") else { return nil }
        guard let after = Int(text), after >= 0 else {
            throw DomainError.invalid("after", "must be an event number (0 or more)")
        }
        return after
    }

    /// The kinds of event whose data holds no money (prefixes): a stay's or an appointment's changes, rooms,
    /// blocks, staff, restrictions, the property's texts and issuer. The rest (folio lines, documents, a
    /// day's close, taxes, rate plans and fees) reach a role that reads no money without their data, so
    /// that its `seq` still has no gap.
    static let withoutMoney = [
        "stay.", "stays.", "appointment.", "room.", "block.", "staff.", "room_type.restrictions",
        "property.translations", "property.issuer",
    ]

    static func message(_ event: StoredEvent, readsMoney: Bool = true) -> String {
        let at = Date(timeIntervalSince1970: Double(event.atMillis) / 1000).formatted(.iso8601)
        let data = readsMoney || withoutMoney.contains { event.kind.hasPrefix($0) } ? event.payloadJSON : "[]"
        // `kind` is ours (letters and a dot), and the payload is JSON already.
        return
            #"{"type":"event","seq":\#(event.seq),"kind":"\#(event.kind)","entityId":\#(event.entityID),"at":"\#(at)","data":\#(data)}"#
    }
}
