import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// Sends mail to one SMTP server (RFC 5321), a new connection per message.
///
/// ```swift
/// let client = SMTPClient(configuration: SMTPConfiguration(host: "smtp.example.com", username: "u", password: "p"))
/// try await client.send(message)
/// ```
public struct SMTPClient: Sendable {
    /// Where and how to connect.
    public let configuration: SMTPConfiguration
    private let eventLoopGroup: any EventLoopGroup

    /// Makes a client; nothing connects until ``send(_:)``.
    public init(
        configuration: SMTPConfiguration,
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) {
        self.configuration = configuration
        self.eventLoopGroup = eventLoopGroup
    }

    /// Delivers one message over a new connection: greeting, EHLO (HELO if EHLO is refused), STARTTLS and EHLO again
    /// when configured, AUTH when credentials are set, MAIL FROM, one RCPT TO per recipient, DATA with dot-stuffing,
    /// QUIT. Every wait is bounded by ``SMTPConfiguration/timeout``; the connection is closed on every path.
    ///
    /// The message is validated before connecting. If any recipient is refused nothing is sent (the transaction is
    /// abandoned before DATA) and the refusal is thrown. A success means the server accepted responsibility for the
    /// message (250 after the final dot).
    public func send(_ message: MailMessage) async throws(MailError) {
        try message.validate()
        try checkConfiguration()
        let tls = try makeTLSContext()
        let body = SMTPDialog.dotStuffed(message.rendered())
        let needsSMTPUTF8 = !message.from.isASCII || message.to.contains { !$0.isASCII } || body.contains { $0 >= 0x80 }

        var connection = try await SMTPConnection.connect(
            to: configuration,
            tls: configuration.security == .tls ? tls : nil,
            group: eventLoopGroup
        )
        do {
            try await transaction(message, body: body, needsSMTPUTF8: needsSMTPUTF8, tls: tls, on: &connection)
        } catch {
            if case .rejected = error {
                // The connection still works: end politely before closing.
                _ = try? await connection.command("QUIT")
            }
            await connection.close()
            throw error
        }
        await connection.close()
    }

    private func transaction(
        _ message: MailMessage,
        body: [UInt8],
        needsSMTPUTF8: Bool,
        tls: NIOSSLContext?,
        on connection: inout SMTPConnection
    ) async throws(MailError) {
        let greeting = try await connection.greeting()
        guard greeting.code == 220 else { throw greeting.error }

        var capabilities = try await hello(on: connection)
        if configuration.security == .startTLS {
            guard let tls, let extensions = capabilities, extensions.has("STARTTLS") else {
                throw .missingCapability("the mail server \(configuration.host) does not offer STARTTLS")
            }
            let reply = try await connection.startTLS(
                tls,
                serverHostname: configuration.hostIsIPAddress ? nil : configuration.connectHost
            )
            guard reply.code == 220 else { throw reply.error }
            // Everything learnt before TLS is forgotten (RFC 3207 section 4.2).
            capabilities = try await hello(on: connection)
        }

        if let username = configuration.username {
            guard connection.isEncrypted || configuration.hostIsLoopback else {
                throw .unsupported("refusing to send credentials over an unencrypted connection")
            }
            try await authenticate(
                username: username,
                password: configuration.password ?? "",
                capabilities: capabilities,
                on: connection
            )
        }

        var mailFrom = "MAIL FROM:<\(message.from.email)>"
        if needsSMTPUTF8 {
            guard let extensions = capabilities, extensions.has("SMTPUTF8") else {
                throw .missingCapability("the mail server does not support SMTPUTF8, needed for a non-ASCII address")
            }
            if extensions.has("8BITMIME") { mailFrom += " BODY=8BITMIME" }
            mailFrom += " SMTPUTF8"
        }
        let mail = try await connection.command(mailFrom)
        guard mail.code == 250 else { throw mail.error }

        for recipient in message.envelopeRecipients {
            let rcpt = try await connection.command("RCPT TO:<\(recipient)>")
            guard rcpt.code == 250 || rcpt.code == 251 else { throw rcpt.error }
        }

        let data = try await connection.command("DATA")
        guard data.code == 354 else { throw data.error }
        let accepted = try await connection.data(body)
        guard accepted.code == 250 else { throw accepted.error }

        // The message is delivered; a failing QUIT changes nothing.
        _ = try? await connection.command("QUIT")
    }

    /// EHLO, or HELO when the server refuses EHLO with 5xx. Returns the extensions, nil after HELO.
    private func hello(on connection: SMTPConnection) async throws(MailError) -> SMTPDialog.Extensions? {
        let ehlo = try await connection.command("EHLO \(configuration.heloName)")
        if ehlo.code == 250 { return SMTPDialog.Extensions(ehlo) }
        guard (500...599).contains(ehlo.code) else { throw ehlo.error }
        let helo = try await connection.command("HELO \(configuration.heloName)")
        guard helo.code == 250 else { throw helo.error }
        return nil
    }

    /// AUTH PLAIN when offered, else AUTH LOGIN (RFC 4954, RFC 4616).
    private func authenticate(
        username: String,
        password: String,
        capabilities: SMTPDialog.Extensions?,
        on connection: SMTPConnection
    ) async throws(MailError) {
        let mechanisms = capabilities?.authMechanisms ?? []
        if mechanisms.contains("PLAIN") {
            guard !username.utf8.contains(0), !password.utf8.contains(0) else {
                throw .unsupported("the user name or password contains a NUL character")
            }
            let token = Data(([0] + Array(username.utf8) + [0] + Array(password.utf8))).base64EncodedString()
            let reply = try await connection.command("AUTH PLAIN \(token)")
            guard reply.code == 235 else { throw reply.error }
        } else if mechanisms.contains("LOGIN") {
            let start = try await connection.command("AUTH LOGIN")
            guard start.code == 334 else { throw start.error }
            let user = try await connection.command(Data(username.utf8).base64EncodedString())
            guard user.code == 334 else { throw user.error }
            let reply = try await connection.command(Data(password.utf8).base64EncodedString())
            guard reply.code == 235 else { throw reply.error }
        } else if mechanisms.isEmpty {
            throw .missingCapability("the mail server does not offer authentication (AUTH) on this connection")
        } else {
            throw .missingCapability(
                "the mail server offers no AUTH mechanism this client speaks (offered: \(mechanisms.joined(separator: " ")))"
            )
        }
    }

    /// Rejects configurations that can never work or would be unsafe, before connecting.
    private func checkConfiguration() throws(MailError) {
        let name = configuration.heloName
        guard !name.isEmpty, name.utf8.allSatisfy({ (33...126).contains($0) }) else {
            throw .unsupported("the HELO name \(MailAddress.printable(name)) is not a domain name or address literal")
        }
        if configuration.username != nil, configuration.security == .none, !configuration.hostIsLoopback {
            throw .unsupported("refusing to send credentials over an unencrypted connection to \(configuration.host)")
        }
    }

    /// The TLS client context: system trust roots or ``SMTPConfiguration/trustRootsFile``, full verification
    /// including the host name, TLS 1.2 at least. Nil when the configuration uses no TLS.
    private func makeTLSContext() throws(MailError) -> NIOSSLContext? {
        guard configuration.security != .none else { return nil }
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.certificateVerification = .fullVerification
        tls.minimumTLSVersion = .tlsv12
        do {
            if let file = configuration.trustRootsFile {
                tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(file))
            }
            return try NIOSSLContext(configuration: tls)
        } catch {
            let file = configuration.trustRootsFile.map { " from \($0)" } ?? ""
            throw .connection("TLS failed: cannot load the trust roots\(file): \(error)")
        }
    }
}

/// The parts of the SMTP dialogue that need no connection: extension parsing and dot-stuffing.
enum SMTPDialog {
    /// The extensions a server listed in its EHLO reply (RFC 5321 section 4.1.1.1).
    struct Extensions: Sendable {
        /// Upper-cased keyword -> its parameters.
        var keywords: [String: [String]] = [:]

        init(_ reply: SMTPReply) {
            for line in reply.lines.dropFirst() {
                let words = line.split(whereSeparator: { $0 == " " || $0 == "=" }).map(String.init)
                guard let keyword = words.first?.uppercased() else { continue }
                keywords[keyword, default: []] += words.dropFirst().map { $0.uppercased() }
            }
        }

        func has(_ keyword: String) -> Bool { keywords[keyword] != nil }

        /// The SASL mechanisms after AUTH (or the old `AUTH=` form).
        var authMechanisms: [String] { keywords["AUTH"] ?? [] }
    }

    /// The message for DATA: a dot doubled at the start of every line, CRLF at the end, then `.` CRLF.
    static func dotStuffed(_ message: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(message.count + message.count / 64 + 5)
        var atLineStart = true
        for byte in message {
            if atLineStart, byte == UInt8(ascii: ".") { out.append(byte) }
            out.append(byte)
            atLineStart = byte == 10
        }
        if !out.isEmpty, out.suffix(2) != [13, 10] { out += [13, 10] }
        out += Array(".\r\n".utf8)
        return out
    }
}
