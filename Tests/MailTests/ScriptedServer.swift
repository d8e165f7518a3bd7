import NIOCore
import NIOPosix

/// A tiny TCP server on 127.0.0.1 that misbehaves on purpose: it sends `greeting` on connect and answers each
/// received line with `respond(line)` (nothing when nil). For the protocol violations aiosmtpd never commits.
final class ScriptedServer: Sendable {
    let port: Int
    private let channel: any Channel

    private init(channel: any Channel, port: Int) {
        self.channel = channel
        self.port = port
    }

    static func start(greeting: String?, respond: @escaping @Sendable (String) -> String? = { _ in nil }) async throws
        -> ScriptedServer
    {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { child in
                child.eventLoop.makeCompletedFuture {
                    try child.pipeline.syncOperations.addHandler(Handler(greeting: greeting, respond: respond))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return ScriptedServer(channel: channel, port: channel.localAddress?.port ?? 0)
    }

    /// A port where nothing listens (one this server had, closed).
    static func closedPort() async throws -> Int {
        let server = try await start(greeting: nil)
        await server.stop()
        return server.port
    }

    func stop() async {
        try? await channel.close()
    }

    private final class Handler: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer

        let greeting: String?
        let respond: @Sendable (String) -> String?
        var pending: [UInt8] = []

        init(greeting: String?, respond: @escaping @Sendable (String) -> String?) {
            self.greeting = greeting
            self.respond = respond
        }

        func channelActive(context: ChannelHandlerContext) {
            if let greeting {
                context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: greeting)), promise: nil)
            }
            context.fireChannelActive()
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            var buffer = unwrapInboundIn(data)
            pending += buffer.readBytes(length: buffer.readableBytes) ?? []
            while let newline = pending.firstIndex(of: 10) {
                let end = newline > 0 && pending[newline - 1] == 13 ? newline - 1 : newline
                let line = String(decoding: pending[..<end], as: UTF8.self)
                pending.removeSubrange(...newline)
                if let answer = respond(line) {
                    context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: answer)), promise: nil)
                }
            }
        }
    }
}
