import Foundation
import Mail

/// How to start the aiosmtpd sink (`smtp_sink.py`).
public struct SinkOptions: Sendable {
    /// Offer STARTTLS (or, with `implicitTLS`, speak TLS from the first byte) with this certificate.
    public var certificate: TestCertificate?
    public var implicitTLS = false
    public var requireStartTLS = false
    /// Require AUTH with this user and password.
    public var user: String?
    public var password: String?
    public var authRequireTLS = true
    /// AUTH mechanisms not to offer, e.g. ["PLAIN"].
    public var authExclude: [String] = []
    /// Recipient -> reply code for its RCPT TO.
    public var replies: [String: Int] = [:]

    public init(
        certificate: TestCertificate? = nil, implicitTLS: Bool = false, requireStartTLS: Bool = false,
        user: String? = nil, password: String? = nil, authRequireTLS: Bool = true, authExclude: [String] = [],
        replies: [String: Int] = [:]
    ) {
        self.certificate = certificate
        self.implicitTLS = implicitTLS
        self.requireStartTLS = requireStartTLS
        self.user = user
        self.password = password
        self.authRequireTLS = authRequireTLS
        self.authExclude = authExclude
        self.replies = replies
    }
}

/// The envelope the sink saw for one message (the JSON beside its .eml).
public struct SinkEnvelope: Decodable, Sendable {
    public var mailFrom: String
    public var rcptTos: [String]
    public var mailOptions: [String]
    public var tls: Bool
    public var authUser: String?
}

/// What Python's `email` package (policy.default) made of a received message.
public struct ParsedMessage: Decodable, Sendable {
    public struct Part: Decodable, Sendable {
        public var contentType: String
        public var charset: String?
        public var transferEncoding: String?
        /// Text as it reads; an image's bytes in base64.
        public var content: String
        public var contentId: String?
        /// `inline` or `attachment`, when the part says.
        public var disposition: String?
    }

    public var contentType: String
    public var subject: String
    public var from: String
    public var to: String
    public var replyTo: String?
    public var messageId: String?
    public var rawMessageId: [String]
    public var contentLanguage: String?
    public var headers: [[String]]
    public var defects: [String]
    public var parts: [Part]
    public var sevenBit: Bool
    public var bareLf: Int
    public var bareCr: Int
    public var maxHeaderLine: Int
    public var maxLine: Int
}

/// A running `smtp_sink.py` on 127.0.0.1 that stores each message it accepts.
/// Sendable: its state is set once when it starts (its process, port and folder).
public final class SMTPSink: @unchecked Sendable {
    public let port: Int
    public let directory: TemporaryDirectory
    private let process: ChildProcess
    /// The write end of the sink's standard input: it exits when this closes, also if this process dies.
    private let stdin: Int32

    private init(port: Int, directory: TemporaryDirectory, process: ChildProcess, stdin: Int32) {
        self.port = port
        self.directory = directory
        self.process = process
        self.stdin = stdin
    }

    /// Starts the sink and waits until it accepts connections.
    public static func start(_ options: SinkOptions) async throws -> SMTPSink {
        let python = try TestTools.pythonPath()
        let directory = try TemporaryDirectory()
        let portFile = directory.url.appendingPathComponent("port").path
        let messages = directory.url.appendingPathComponent("messages")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        var arguments = [
            TestTools.sinkScript, "--outdir", messages.path, "--port-file", portFile, "--port", "0",
            "--exit-on-stdin-eof", "--max-seconds", "120",
        ]
        if let certificate = options.certificate {
            arguments += ["--tls-cert", certificate.certificateFile, "--tls-key", certificate.keyFile]
            if options.implicitTLS { arguments.append("--implicit-tls") }
            if options.requireStartTLS { arguments.append("--require-starttls") }
        }
        if let user = options.user {
            arguments += ["--auth-user", user, "--auth-password", options.password ?? ""]
            arguments += ["--auth-require-tls", options.authRequireTLS ? "yes" : "no"]
            for mechanism in options.authExclude { arguments += ["--auth-exclude", mechanism] }
        }
        for (address, code) in options.replies.sorted(by: { $0.key < $1.key }) {
            arguments += ["--reply", "\(address)=\(code)"]
        }

        let stderrURL = directory.url.appendingPathComponent("stderr")
        let stdin = try ChildProcess.pipe()
        let process: ChildProcess
        do {
            process = try ChildProcess.spawn(
                python, arguments, environment: TestTools.pythonEnvironment, stdin: .pipe(stdin.read),
                stderr: .file(stderrURL.path))
        } catch {
            close(stdin.read)
            close(stdin.write)
            throw error
        }
        close(stdin.read)
        let sink = SMTPSink(port: 0, directory: directory, process: process, stdin: stdin.write)

        // Python starting aiosmtpd takes a second on a quiet machine, and far longer on one loaded by a
        // parallel suite: it is given a minute, and fails at once if it stops.
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if let text = try? String(contentsOfFile: portFile, encoding: .utf8), let port = Int(text) {
                return SMTPSink(port: port, directory: directory, process: process, stdin: stdin.write)
            }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        let stderr = (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? ""
        await sink.stop()
        throw TestSetupError(description: "the SMTP sink did not start: \(stderr)")
    }

    /// Stops the sink and removes its files.
    public func stop() async {
        process.signal(SIGTERM)
        let deadline = ContinuousClock.now + .seconds(3)
        while process.isRunning && ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        process.signal(SIGKILL)
        _ = await process.exited()
        close(stdin)
        directory.remove()
    }

    /// The stored messages, oldest first: the .eml path and its envelope.
    public func messages() throws -> [(eml: String, envelope: SinkEnvelope)] {
        let folder = directory.url.appendingPathComponent("messages")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".eml") }
            .sorted()
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try names.map { name in
            let base = folder.appendingPathComponent(String(name.dropLast(4)))
            let envelope = try decoder.decode(
                SinkEnvelope.self,
                from: Data(contentsOf: base.appendingPathExtension("json"))
            )
            return (base.appendingPathExtension("eml").path, envelope)
        }
    }

    /// A client configuration for this sink.
    public func configuration(
        host: String = "localhost",
        security: SMTPConfiguration.Security = .none,
        username: String? = nil,
        password: String? = nil,
        trustRootsFile: String? = nil
    ) -> SMTPConfiguration {
        SMTPConfiguration(
            host: host,
            port: port,
            security: security,
            username: username,
            password: password,
            heloName: "frontdesk.test",
            trustRootsFile: trustRootsFile,
            timeout: .seconds(5)
        )
    }

    /// Runs `body` against a sink started with `options`, stopping it afterwards.
    public static func with(_ options: SinkOptions = SinkOptions(), _ body: (SMTPSink) async throws -> Void)
        async throws
    {
        let sink = try await start(options)
        do {
            try await body(sink)
        } catch {
            await sink.stop()
            throw error
        }
        await sink.stop()
    }

    /// Python's reading of a stored message, through `smtp_sink.py inspect`.
    public static func parse(_ eml: String) async throws -> ParsedMessage {
        let result = try await TestTools.run(try TestTools.pythonPath(), [TestTools.sinkScript, "inspect", eml])
        guard result.status == 0 else {
            throw TestSetupError(description: "inspect failed: \(result.stderr)")
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(ParsedMessage.self, from: Data(result.stdout.utf8))
    }
}
