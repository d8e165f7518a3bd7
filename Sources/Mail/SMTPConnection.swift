import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// The first failure of a connection, readable from any thread: a command written after the channel closed never
/// reaches the handler, and must still fail with the real cause (say, a malformed greeting) rather than "closed".
final class SMTPFailureRecord: @unchecked Sendable {
    private let lock = NSLock()
    private var first: MailError?

    var failure: MailError? {
        lock.lock()
        defer { lock.unlock() }
        return first
    }

    func record(_ error: MailError) {
        lock.lock()
        defer { lock.unlock() }
        if first == nil { first = error }
    }
}

/// One command to the server (or none, to wait for the greeting) and the promise for its reply.
struct SMTPRequest: Sendable {
    enum Kind: Sendable {
        /// Send nothing, wait for the server's greeting.
        case greeting
        /// Send the payload, wait for one reply.
        case command
        /// Send STARTTLS; on a 220 reply put TLS in front of the pipeline before anything else is read.
        case startTLS(NIOSSLContext, serverHostname: String?)
    }

    var kind: Kind
    var payload: ByteBuffer?
    var timeout: TimeAmount
    var reply: EventLoopPromise<SMTPReply>
}

/// Pairs each command with the next reply, one at a time (no pipelining), with a timeout per reply. Inserts TLS for
/// STARTTLS synchronously when its 220 arrives, refusing a reply followed by more plain-text bytes.
final class SMTPClientHandler: ChannelDuplexHandler {
    typealias InboundIn = SMTPReply
    typealias OutboundIn = SMTPRequest
    typealias OutboundOut = ByteBuffer

    private var pending: SMTPRequest?
    private var timer: Scheduled<Void>?
    /// Replies that came while no command was waiting: only the greeting is legitimate.
    private var unsolicited: [SMTPReply] = []
    /// Set once the connection is unusable; every later request fails with it.
    private var failure: MailError?
    private let record: SMTPFailureRecord

    init(record: SMTPFailureRecord) {
        self.record = record
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let request = unwrapOutboundIn(data)
        promise?.succeed(())
        if let failure {
            request.reply.fail(failure)
            return
        }
        guard pending == nil else {
            request.reply.fail(MailError.connection("a command was sent before the previous reply"))
            return
        }
        if case .greeting = request.kind, !unsolicited.isEmpty {
            request.reply.succeed(unsolicited.removeFirst())
            return
        }
        guard unsolicited.isEmpty else {
            fail(.connection("the mail server sent a reply nobody asked for"), context: context)
            request.reply.fail(MailError.connection("the mail server sent a reply nobody asked for"))
            return
        }
        pending = request
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: request.timeout) { [weak self] in
            self?.fail(.connection("no reply from the mail server within the timeout"), context: context)
        }
        if let payload = request.payload {
            let written = context.eventLoop.makePromise(of: Void.self)
            context.writeAndFlush(wrapOutboundOut(payload), promise: written)
            written.futureResult.assumeIsolated().whenFailure { [weak self] error in
                self?.fail(Self.mailError(error), context: context)
            }
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let reply = unwrapInboundIn(data)
        guard failure == nil else { return }
        guard let request = pending else {
            guard unsolicited.count < 4 else {
                fail(.connection("the mail server sent replies nobody asked for"), context: context)
                return
            }
            unsolicited.append(reply)
            return
        }
        pending = nil
        timer?.cancel()
        timer = nil
        if case .startTLS(let sslContext, let serverHostname) = request.kind, reply.code == 220 {
            guard !reply.followedByData else {
                let error = MailError.connection("the mail server sent data after its STARTTLS reply")
                fail(error, context: context)
                request.reply.fail(error)
                return
            }
            do {
                let tls = try NIOSSLClientHandler(context: sslContext, serverHostname: serverHostname)
                try context.pipeline.syncOperations.addHandler(tls, position: .first)
            } catch {
                let failure = Self.mailError(error)
                fail(failure, context: context)
                request.reply.fail(failure)
                return
            }
        }
        request.reply.succeed(reply)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        fail(Self.mailError(error), context: context)
    }

    func channelInactive(context: ChannelHandlerContext) {
        fail(.connection("the mail server closed the connection"), context: context)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        failPending(.connection("the connection was closed"))
    }

    /// Marks the connection failed, fails the waiting command, and closes the channel.
    private func fail(_ error: MailError, context: ChannelHandlerContext) {
        if failure == nil {
            failure = error
            record.record(error)
        }
        failPending(failure ?? error)
        context.close(promise: nil)
    }

    private func failPending(_ error: MailError) {
        timer?.cancel()
        timer = nil
        if let request = pending {
            pending = nil
            request.reply.fail(error)
        }
    }

    /// A connection-level error as a ``MailError``.
    static func mailError(_ error: any Error) -> MailError {
        switch error {
        case let error as MailError: error
        case let error as SMTPReplyDecoder.ProtocolError: .connection("the mail server broke the protocol: \(error)")
        case NIOSSLError.uncleanShutdown, ChannelError.ioOnClosedChannel, ChannelError.alreadyClosed,
            ChannelError.eof:
            .connection("the mail server closed the connection")
        case let error as NIOSSLError: .connection("TLS failed: \(tlsReason(error))")
        case let error as NIOSSLExtraError where error == .failedToValidateHostname:
            .connection("TLS failed: the server's certificate is not valid for this host name")
        case let error as NIOSSLExtraError: .connection("TLS failed: \(error)")
        case let error as BoringSSLError: .connection("TLS failed: \(tlsReason(error))")
        case let error as NIOConnectionError:
            if error.dnsAError != nil || error.dnsAAAAError != nil, error.connectionErrors.isEmpty {
                .connection("cannot resolve \(error.host)")
            } else if let first = error.connectionErrors.first {
                .connection("cannot connect to \(error.host):\(error.port): \(systemReason(first.error))")
            } else {
                .connection("cannot connect to \(error.host):\(error.port)")
            }
        case is ChannelError: .connection("\(error)")
        default: .connection(systemReason(error))
        }
    }

    /// "Connection refused" for an IOError, else the error's description.
    static func systemReason(_ error: any Error) -> String {
        guard let error = error as? IOError else { return "\(error)" }
        return String(cString: strerror(error.errnoCode))
    }

    /// The BoringSSL reason such as `CERTIFICATE_VERIFY_FAILED`, in words when it is a common one.
    static func tlsReason(_ error: any Error) -> String {
        let text = "\(error)"
        guard let marker = text.range(of: "OPENSSL_internal:") else { return text }
        let reason = text[marker.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        switch reason {
        case "CERTIFICATE_VERIFY_FAILED": return "the server's certificate is not trusted (CERTIFICATE_VERIFY_FAILED)"
        case "WRONG_VERSION_NUMBER": return "the server does not speak TLS on this port (WRONG_VERSION_NUMBER)"
        default: return String(reason)
        }
    }
}

/// A connected channel to an SMTP server that sends one command at a time and awaits its reply.
struct SMTPConnection: Sendable {
    let channel: any Channel
    let timeout: TimeAmount
    let record: SMTPFailureRecord
    /// Whether the connection is encrypted (implicit TLS, or after a successful STARTTLS).
    private(set) var isEncrypted: Bool

    /// Connects (with implicit TLS when `tls` is given) within the configured timeout.
    static func connect(
        to configuration: SMTPConfiguration,
        tls: NIOSSLContext?,
        group: any EventLoopGroup
    ) async throws(MailError) -> SMTPConnection {
        let timeout = TimeAmount(configuration.timeout)
        let serverHostname = configuration.hostIsIPAddress ? nil : configuration.connectHost
        let record = SMTPFailureRecord()
        let bootstrap = ClientBootstrap(group: group)
            .connectTimeout(timeout)
            .channelOption(.socketOption(.so_keepalive), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let handlers = channel.pipeline.syncOperations
                    if let tls {
                        try handlers.addHandler(NIOSSLClientHandler(context: tls, serverHostname: serverHostname))
                    }
                    try handlers.addHandler(ByteToMessageHandler(SMTPReplyDecoder()))
                    try handlers.addHandler(SMTPClientHandler(record: record))
                }
            }
        guard (1...65535).contains(configuration.port) else {
            throw .connection("invalid port \(configuration.port)")
        }
        do {
            let channel = try await bootstrap.connect(host: configuration.connectHost, port: configuration.port).get()
            return SMTPConnection(channel: channel, timeout: timeout, record: record, isEncrypted: tls != nil)
        } catch {
            throw SMTPClientHandler.mailError(error)
        }
    }

    /// Waits for the server's greeting.
    func greeting() async throws(MailError) -> SMTPReply {
        try await request(.greeting, payload: nil)
    }

    /// Sends one command line (CRLF is added) and waits for its reply.
    func command(_ line: String) async throws(MailError) -> SMTPReply {
        try await request(.command, payload: channel.allocator.buffer(string: line + "\r\n"))
    }

    /// Sends raw bytes (the dot-stuffed message and its final `.` line) and waits for the reply.
    func data(_ bytes: [UInt8]) async throws(MailError) -> SMTPReply {
        try await request(.command, payload: channel.allocator.buffer(bytes: bytes))
    }

    /// Sends STARTTLS; on 220 the TLS handshake starts before anything more is read.
    mutating func startTLS(_ context: NIOSSLContext, serverHostname: String?) async throws(MailError) -> SMTPReply {
        let reply = try await request(
            .startTLS(context, serverHostname: serverHostname),
            payload: channel.allocator.buffer(string: "STARTTLS\r\n")
        )
        if reply.code == 220 { isEncrypted = true }
        return reply
    }

    /// Closes the channel and waits (within the timeout) until it is closed.
    func close() async {
        let closed = channel.eventLoop.makePromise(of: Void.self)
        channel.close(promise: closed)
        let guardTimer = channel.eventLoop.scheduleTask(in: timeout) { closed.succeed(()) }
        _ = try? await closed.futureResult.get()
        guardTimer.cancel()
    }

    private func request(_ kind: SMTPRequest.Kind, payload: ByteBuffer?) async throws(MailError) -> SMTPReply {
        let promise = channel.eventLoop.makePromise(of: SMTPReply.self)
        // A request that never reaches the handler (the channel closed first) must still complete.
        channel.writeAndFlush(SMTPRequest(kind: kind, payload: payload, timeout: timeout, reply: promise))
            .whenFailure { [record] error in promise.fail(record.failure ?? SMTPClientHandler.mailError(error)) }
        let channel = self.channel
        let result: Result<SMTPReply, any Error> = await withTaskCancellationHandler {
            do {
                return .success(try await promise.futureResult.get())
            } catch {
                return .failure(error)
            }
        } onCancel: {
            channel.close(promise: nil)
        }
        switch result {
        case .success(let reply): return reply
        case .failure(let error):
            if Task.isCancelled { throw .connection("sending was cancelled") }
            throw SMTPClientHandler.mailError(error)
        }
    }
}

extension MailError {
    /// The detail text without the prefix of ``description``.
    var detail: String {
        switch self {
        case .invalidAddress(let text), .invalidMessage(let text), .connection(let text), .unsupported(let text),
            .missingCapability(let text):
            text
        case .rejected(let code, let reply): "\(code) \(reply)"
        }
    }
}
