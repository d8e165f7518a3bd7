import NIOCore

/// One SMTP reply: a three-digit code and the text of its lines (RFC 5321 section 4.2).
struct SMTPReply: Sendable, Equatable {
    /// The reply code, 200…599.
    var code: Int
    /// The text after the code and its separator, one element per line.
    var lines: [String]
    /// Whether more bytes from the server were already waiting after this reply. Nothing may follow a reply to
    /// STARTTLS in plain text: such bytes would be injected ahead of the TLS handshake.
    var followedByData: Bool = false

    /// The text of all lines joined by a space, control characters made spaces, cut at 512 characters: for errors.
    var text: String {
        let joined = MIME.withoutControlCharacters(lines.joined(separator: " "))
        return joined.count > 512 ? String(joined.prefix(511)) + "…" : joined
    }

    /// Whether the code is 2xx.
    var isPositive: Bool { (200...299).contains(code) }

    /// The error to throw for this reply when it was not the one expected.
    var error: MailError { .rejected(code: code, reply: text) }
}

/// Splits the server's byte stream into ``SMTPReply`` values. Accepts CRLF or a bare LF as line end, allows at most
/// 4 KiB per line and 100 lines per reply, and requires every line of a multi-line reply to carry the same code.
struct SMTPReplyDecoder: ByteToMessageDecoder {
    typealias InboundOut = SMTPReply

    /// Why the server's bytes are not SMTP replies.
    struct ProtocolError: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    static let maxLineLength = 4096
    static let maxLines = 100

    private var code: Int?
    private var lines: [String] = []

    /// Parses one complete reply off the front of `buffer`, or returns nil when more bytes are needed.
    mutating func parse(_ buffer: inout ByteBuffer) throws -> SMTPReply? {
        while true {
            let view = buffer.readableBytesView
            let searched = view.prefix(Self.maxLineLength + 2)
            guard let newline = searched.firstIndex(of: 10) else {
                if view.count > Self.maxLineLength + 1 {
                    throw ProtocolError(description: "a reply line is longer than \(Self.maxLineLength) bytes")
                }
                return nil
            }
            let length = newline - view.startIndex
            guard var line = buffer.readBytes(length: length + 1) else { return nil }
            line.removeLast()
            if line.last == 13 { line.removeLast() }
            guard line.count <= Self.maxLineLength else {
                throw ProtocolError(description: "a reply line is longer than \(Self.maxLineLength) bytes")
            }
            guard line.count >= 3, line[0...2].allSatisfy({ (48...57).contains($0) }), (50...53).contains(line[0]),
                line.count == 3 || line[3] == 32 || line[3] == 45
            else {
                let shown = String(decoding: line.prefix(40), as: UTF8.self)
                throw ProtocolError(description: "malformed reply line \(MailAddress.printable(shown))")
            }
            let lineCode = line[0...2].reduce(0) { $0 * 10 + Int($1 - 48) }
            if let code, code != lineCode {
                throw ProtocolError(description: "a multi-line reply changed its code from \(code) to \(lineCode)")
            }
            code = lineCode
            lines.append(String(decoding: line.dropFirst(4), as: UTF8.self))
            let isLast = line.count == 3 || line[3] == 32
            if isLast {
                let reply = SMTPReply(code: lineCode, lines: lines, followedByData: buffer.readableBytes > 0)
                code = nil
                lines = []
                return reply
            }
            guard lines.count < Self.maxLines else {
                throw ProtocolError(description: "a reply has more than \(Self.maxLines) lines")
            }
        }
    }

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let reply = try parse(&buffer) else { return .needMoreData }
        context.fireChannelRead(wrapInboundOut(reply))
        return .continue
    }

    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws
        -> DecodingState
    {
        // A partial reply at the end of the stream is dropped; the client reports the closed connection.
        while try decode(context: context, buffer: &buffer) == .continue {}
        buffer.clear()
        return .needMoreData
    }
}
