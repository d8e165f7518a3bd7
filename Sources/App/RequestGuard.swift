import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Guards a connection until its first request head has arrived whole, in front of Hummingbird's
/// HTTP and WebSocket upgrade handling (which, before the first head, neither answers a malformed
/// request nor lets go of a connection on shutdown):
/// - a head the parser refuses is answered at once and the connection closed: 431 for one over
///   the size limit (a 100,000-character request line), 400 for anything else malformed;
/// - a head not whole within `headTimeout` (a client that sends half a request) is answered 408;
/// - on shutdown, a connection still without a head is closed instead of holding the server up;
/// - a WebSocket upgrade that the router would refuse goes on as a plain request, so that the
///   router's refusal (401 without a session, 404 for an unknown property) reaches the client with
///   its status and error body instead of the upgrade's bare 400.
/// Once the first head is through it steps out of the pipeline: Hummingbird handles the rest.
final class RequestGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// Whether the router would upgrade this request to a WebSocket.
    typealias UpgradeCheck = @Sendable (HTTPRequest, any Channel) async -> Bool

    private enum State {
        case waitingForHead
        case checkingUpgrade(buffered: [HTTPServerRequestPart])
        case done
    }

    private var state = State.waitingForHead
    private var deadline: Scheduled<Void>?
    private let headTimeout: TimeAmount
    private let upgradeCheck: UpgradeCheck?

    init(headTimeout: TimeAmount, upgradeCheck: UpgradeCheck?) {
        self.headTimeout = headTimeout
        self.upgradeCheck = upgradeCheck
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: headTimeout) {
            let (handler, context) = bound.value
            guard case .waitingForHead = handler.state else { return }
            handler.refuse(
                context: context, .requestTimeout, code: "request_timeout", "the request did not arrive in time")
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch state {
        case .done:
            context.fireChannelRead(data)
        case .checkingUpgrade(var buffered):
            buffered.append(unwrapInboundIn(data))
            state = .checkingUpgrade(buffered: buffered)
        case .waitingForHead:
            deadline?.cancel()
            let part = unwrapInboundIn(data)
            guard case .head(let head) = part, let upgradeCheck, Self.isWebSocketUpgrade(head),
                let request = try? HTTPRequest(head, secure: false, splitCookie: false)
            else {
                pass(context: context, [part])
                return
            }
            guard !Self.hasBody(head) else {
                refuse(context: context, .badRequest, code: "invalid", "a WebSocket upgrade request carries no body")
                return
            }
            state = .checkingUpgrade(buffered: [part])
            let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
            let channel = context.channel
            let promise = context.eventLoop.makePromise(of: Bool.self)
            promise.completeWithTask { await upgradeCheck(request, channel) }
            promise.futureResult.whenComplete { result in
                let (handler, context) = bound.value
                guard case .checkingUpgrade(var buffered) = handler.state, case .head(var head) = buffered.first
                else { return }
                if (try? result.get()) != true {
                    // Refused: handled as a plain request, whose refusal the router words.
                    head.headers.remove(name: "upgrade")
                    head.headers.replaceOrAdd(name: "connection", value: "close")
                    buffered[0] = .head(head)
                }
                handler.pass(context: context, buffered)
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard case .waitingForHead = state, let error = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        deadline?.cancel()
        if error == .headerOverflow {
            refuse(
                context: context, .requestHeaderFieldsTooLarge, code: "request_too_large",
                "the request line and headers are longer than the server takes")
        } else {
            refuse(context: context, .badRequest, code: "malformed_request", "the request is not well-formed HTTP/1.1")
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // The server is shutting down: a connection that has not even sent a whole request goes now.
        if event is ChannelShouldQuiesceEvent, case .waitingForHead = state {
            deadline?.cancel()
            state = .done
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    private func pass(context: ChannelHandlerContext, _ parts: [HTTPServerRequestPart]) {
        state = .done
        for part in parts { context.fireChannelRead(wrapInboundOut(part)) }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    /// Answers with the API's error body and closes the connection.
    private func refuse(context: ChannelHandlerContext, _ status: HTTPResponseStatus, code: String, _ message: String) {
        state = .done
        let body = ErrorMiddleware<AppRequestContext>.encode(
            ErrorBody(error: .init(code: code, message: message, field: nil)))
        var headers = HTTPHeaders()
        headers.add(name: "content-type", value: "application/json; charset=utf-8")
        headers.add(name: "content-length", value: String(body.count))
        headers.add(name: "connection", value: "close")
        context.write(
            wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in bound.value.close(promise: nil) }
    }

    private static func isWebSocketUpgrade(_ head: HTTPRequestHead) -> Bool {
        head.headers["upgrade"].contains { $0.lowercased() == "websocket" }
    }

    private static func hasBody(_ head: HTTPRequestHead) -> Bool {
        !head.headers["transfer-encoding"].isEmpty || head.headers["content-length"].contains { $0 != "0" }
    }

    /// What a route that upgrades answers the check with, so that a route that merely answers 200 to
    /// a GET (a property) is not taken for one.
    static let upgradeMarker = HTTPField.Name("Frontdesk-Upgrade")!
}

/// The connections open from each address, so that one address (a client holding half-sent requests
/// open, say) cannot take most of the server's: past `limit`, a new connection is closed at once.
/// The addresses in `unlimited` (trusted load balancers, which limit their own clients) are not counted.
final class ConnectionsPerAddress: Sendable {
    let limit: Int
    let unlimited: Set<String>
    private let open = NIOLockedValueBox<[String: Int]>([:])

    init(limit: Int, unlimited: Set<String> = []) {
        self.limit = limit
        self.unlimited = unlimited
    }

    /// Counts the connection until it closes; false (counting nothing) when its address is at the limit.
    func admit(_ channel: any Channel) -> Bool {
        guard limit > 0, let address = channel.remoteAddress?.ipAddress, !unlimited.contains(address) else {
            return true
        }
        let admitted = open.withLockedValue { open in
            guard open[address, default: 0] < limit else { return false }
            open[address, default: 0] += 1
            return true
        }
        if admitted {
            channel.closeFuture.whenComplete { [open] _ in
                open.withLockedValue { open in
                    open[address, default: 1] -= 1
                    if open[address] == 0 { open[address] = nil }
                }
            }
        }
        return admitted
    }

    struct Refused: Error {}
}

/// Hummingbird's HTTP/1.1 channel with WebSocket upgrades, with a `RequestGuard` after its request
/// decoder, and a refused upgrade (one with a body, say) closed instead of left open. A connection from
/// an address that already holds its limit of them is closed before anything is read.
struct GuardedHTTPChannel: ServerChildChannel {
    let base: HTTP1WebSocketUpgradeChannel
    let headTimeout: TimeAmount
    let upgradeCheck: RequestGuard.UpgradeCheck?
    let connections: ConnectionsPerAddress

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1WebSocketUpgradeChannel.Value> {
        guard connections.admit(channel) else {
            logger.debug("closing a connection: its address holds \(connections.limit) already")
            return channel.close().flatMapThrowing { throw ConnectionsPerAddress.Refused() }
        }
        return base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let decoder = try channel.pipeline.syncOperations.handler(
                type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try channel.pipeline.syncOperations.addHandler(
                RequestGuard(headTimeout: headTimeout, upgradeCheck: upgradeCheck), position: .after(decoder))
            return value
        }
    }

    func handle(value: HTTP1WebSocketUpgradeChannel.Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
        // Returns once the connection is over, or after logging an upgrade that went wrong, which it
        // leaves open: close it either way.
        try? await value.channel.close()
    }
}

extension HTTPServerBuilder {
    /// HTTP/1.1 with WebSocket upgrades over `router`, guarded by `RequestGuard`.
    static func guardedHTTP1(
        router: Router<AppRequestContext>, headTimeout: Duration, connectionsPerAddress: Int, unlimited: Set<String>
    ) -> HTTPServerBuilder {
        let connections = ConnectionsPerAddress(limit: connectionsPerAddress, unlimited: unlimited)
        let webSocketResponder = router.buildResponder()
        let upgradeCheck: RequestGuard.UpgradeCheck = { head, channel in
            let request = Request(head: head, body: .init(buffer: ByteBuffer()))
            let context = AppRequestContext(source: .init(channel: channel, logger: Logger(label: "frontdesk.upgrade")))
            let response = try? await webSocketResponder.respond(to: request, context: context)
            return response?.status == .ok && response?.headers[RequestGuard.upgradeMarker] != nil
        }
        let timeout = TimeAmount(headTimeout)
        return HTTPServerBuilder { responder in
            GuardedHTTPChannel(
                // A kept-alive connection idle as long (a later request's head sent in part included)
                // is closed too: the guard sees only the first request.
                base: HTTP1WebSocketUpgradeChannel(
                    responder: responder, webSocketResponder: webSocketResponder,
                    configuration: .init(http1: .init(idleTimeout: timeout))),
                headTimeout: timeout, upgradeCheck: upgradeCheck, connections: connections)
        }
    }
}
