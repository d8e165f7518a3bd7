import Foundation
import Mail
import MailTesting
import Testing

/// How sending fails, and whether the failure is permanent.
@Suite("Delivery failures")
struct SMTPClientFailureTests {
    /// Runs `body`, which must throw a ``MailError``, and returns it.
    private func mailError(_ body: () async throws -> Void) async -> MailError? {
        do {
            try await body()
            Issue.record("expected a MailError, but sending succeeded")
            return nil
        } catch let error as MailError {
            return error
        } catch {
            Issue.record("expected a MailError, got \(error)")
            return nil
        }
    }

    @Test("STARTTLS required but not offered: a capability missing for now, tried again later; nothing sent")
    func startTLSNotOffered() async throws {
        try await SMTPSink.with { sink in
            let error = await mailError {
                try await SMTPClient(configuration: sink.configuration(security: .startTLS))
                    .send(SMTPClientTests.message())
            }
            guard case .missingCapability = error else {
                Issue.record("expected .missingCapability, got \(String(describing: error))")
                return
            }
            #expect(error?.isPermanent == false)
            let stored = try sink.messages()
            #expect(stored.isEmpty)
        }
    }

    @Test("a wrong password is refused with 535, permanently")
    func wrongPassword() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let certificate = try await TestCertificate.make(in: directory)
        let options = SinkOptions(certificate: certificate, user: "frontdesk", password: "right")
        try await SMTPSink.with(options) { sink in
            let configuration = sink.configuration(
                security: .startTLS,
                username: "frontdesk",
                password: "wrong",
                trustRootsFile: certificate.certificateFile
            )
            let error = await mailError {
                try await SMTPClient(configuration: configuration).send(SMTPClientTests.message())
            }
            guard case .rejected(let code, _) = error else {
                Issue.record("expected .rejected, got \(String(describing: error))")
                return
            }
            #expect(code == 535)
            #expect(error?.isPermanent == true)
            let stored = try sink.messages()
            #expect(stored.isEmpty)
        }
    }

    @Test("a recipient refused with 550 fails permanently and nothing is delivered")
    func permanentRecipient() async throws {
        try await SMTPSink.with(SinkOptions(replies: ["bounce@example.com": 550])) { sink in
            let message = SMTPClientTests.message(to: [
                MailAddress("ok@example.com"), MailAddress("bounce@example.com"),
            ])
            let error = await mailError { try await SMTPClient(configuration: sink.configuration()).send(message) }
            #expect(error == .rejected(code: 550, reply: "5.1.1 no such user"))
            #expect(error?.isPermanent == true)
            #expect(error?.description == "the mail server refused the recipient: 550 5.1.1 no such user")
            let stored = try sink.messages()
            #expect(stored.isEmpty)
        }
    }

    @Test("a recipient deferred with 451 is not permanent")
    func temporaryRecipient() async throws {
        try await SMTPSink.with(SinkOptions(replies: ["later@example.com": 451])) { sink in
            let message = SMTPClientTests.message(to: [MailAddress("later@example.com")])
            let error = await mailError { try await SMTPClient(configuration: sink.configuration()).send(message) }
            #expect(error == .rejected(code: 451, reply: "4.3.0 try again later"))
            #expect(error?.isPermanent == false)
        }
    }

    @Test("no server listening: a transient connection error")
    func notListening() async throws {
        let port = try await ScriptedServer.closedPort()
        let configuration = SMTPConfiguration(host: "127.0.0.1", port: port, security: .none, timeout: .seconds(5))
        let error = await mailError {
            try await SMTPClient(configuration: configuration).send(SMTPClientTests.message())
        }
        guard case .connection = error else {
            Issue.record("expected .connection, got \(String(describing: error))")
            return
        }
        #expect(error?.isPermanent == false)
    }

    @Test("a certificate not in the trust roots fails the TLS handshake")
    func untrustedCertificate() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let certificate = try await TestCertificate.make(in: directory)
        try await SMTPSink.with(SinkOptions(certificate: certificate)) { sink in
            let error = await mailError {
                try await SMTPClient(configuration: sink.configuration(security: .startTLS))
                    .send(SMTPClientTests.message())
            }
            guard case .connection = error else {
                Issue.record("expected .connection, got \(String(describing: error))")
                return
            }
            let stored = try sink.messages()
            #expect(stored.isEmpty)
        }
    }

    @Test("a trusted certificate for another host name fails the TLS handshake")
    func wrongHostName() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let certificate = try await TestCertificate.make(in: directory, subjectAltName: "DNS:mail.other.example")
        try await SMTPSink.with(SinkOptions(certificate: certificate)) { sink in
            let configuration = sink.configuration(security: .startTLS, trustRootsFile: certificate.certificateFile)
            let error = await mailError {
                try await SMTPClient(configuration: configuration).send(SMTPClientTests.message())
            }
            guard case .connection(let detail) = error else {
                Issue.record("expected .connection, got \(String(describing: error))")
                return
            }
            #expect(detail.contains("TLS"))
            let stored = try sink.messages()
            #expect(stored.isEmpty)
        }
    }

    @Test("credentials are not sent in plain text to a remote host")
    func noPlainTextCredentials() async {
        let configuration = SMTPConfiguration(
            host: "mail.invalid",
            port: 25,
            security: .none,
            username: "frontdesk",
            password: "secret"
        )
        let error = await mailError {
            try await SMTPClient(configuration: configuration).send(SMTPClientTests.message())
        }
        guard case .unsupported = error else {
            Issue.record("expected .unsupported, got \(String(describing: error))")
            return
        }
    }

    @Test("an invalid recipient is refused before connecting")
    func invalidRecipient() async {
        let configuration = SMTPConfiguration(host: "mail.invalid", port: 25, security: .none)
        let message = SMTPClientTests.message(to: [MailAddress("guest@example.com\r\nRCPT TO:<spy@example.com>")])
        let error = await mailError { try await SMTPClient(configuration: configuration).send(message) }
        guard case .invalidAddress = error else {
            Issue.record("expected .invalidAddress, got \(String(describing: error))")
            return
        }
    }

    @Test("a server that never answers times out")
    func silentServer() async throws {
        let server = try await ScriptedServer.start(greeting: nil)
        defer { Task { await server.stop() } }
        let configuration = SMTPConfiguration(
            host: "127.0.0.1",
            port: server.port,
            security: .none,
            timeout: .milliseconds(300)
        )
        let started = ContinuousClock.now
        let error = await mailError {
            try await SMTPClient(configuration: configuration).send(SMTPClientTests.message())
        }
        // Gives up rather than waits on: well under the minutes a hung server holds a client with no timeout,
        // with room for a loaded machine (3.5 s was seen while the whole suite ran beside an install).
        #expect(ContinuousClock.now - started < .seconds(10))
        guard case .connection = error else {
            Issue.record("expected .connection, got \(String(describing: error))")
            return
        }
    }

    @Test("an overlong reply line is a connection error")
    func overlongReply() async throws {
        let server = try await ScriptedServer.start(greeting: "220 " + String(repeating: "a", count: 10_000) + "\r\n")
        defer { Task { await server.stop() } }
        let configuration = SMTPConfiguration(
            host: "127.0.0.1", port: server.port, security: .none, timeout: .seconds(5))
        let error = await mailError {
            try await SMTPClient(configuration: configuration).send(SMTPClientTests.message())
        }
        guard case .connection(let detail) = error else {
            Issue.record("expected .connection, got \(String(describing: error))")
            return
        }
        #expect(detail.contains("longer than 4096"))
    }

    @Test("plain text sent after the reply to STARTTLS is refused (no command injection)")
    func startTLSInjection() async throws {
        let server = try await ScriptedServer.start(greeting: "220 scripted ESMTP\r\n") { line in
            switch line.uppercased() {
            case let command where command.hasPrefix("EHLO"): "250-scripted\r\n250 STARTTLS\r\n"
            case "STARTTLS": "220 go ahead\r\n250 injected\r\n"
            default: "250 ok\r\n"
            }
        }
        defer { Task { await server.stop() } }
        let configuration = SMTPConfiguration(
            host: "127.0.0.1", port: server.port, security: .startTLS, timeout: .seconds(5))
        let error = await mailError {
            try await SMTPClient(configuration: configuration).send(SMTPClientTests.message())
        }
        #expect(error == .connection("the mail server sent data after its STARTTLS reply"))
    }
}
