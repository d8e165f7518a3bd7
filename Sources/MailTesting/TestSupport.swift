import Foundation

/// A test could not set up what it needs (python3, aiosmtpd, openssl, a sink that starts).
public struct TestSetupError: Error, Sendable, CustomStringConvertible {
    public var description: String
}

/// The outcome of a finished process.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

public enum TestTools {
    /// The first executable called `name` on PATH.
    public static func onPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// python3 from PATH, once checked that it can import aiosmtpd.
    public static let python: Result<String, TestSetupError> = {
        guard let python = onPath("python3") else {
            return .failure(
                TestSetupError(description: "python3 is not on PATH; the SMTP tests need python3 with aiosmtpd"))
        }
        let status: Int32
        do {
            status = try ChildProcess.spawn(python, ["-c", "import aiosmtpd"]).waitUntilExit()
        } catch {
            return .failure(TestSetupError(description: "cannot run \(python): \(error)"))
        }
        guard status == 0 else {
            return .failure(
                TestSetupError(
                    description:
                        "\(python) cannot import aiosmtpd, which the SMTP tests need: run `pip install aiosmtpd`"
                )
            )
        }
        return .success(python)
    }()

    public static func pythonPath() throws -> String { try python.get() }

    /// The sink script beside this file.
    /// The tests' SMTP server, shared with the Python suites (Tests/support).
    public static let sinkScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tests/support/smtp_sink.py")
        .path

    /// Runs a program to its end, its output captured through files (no pipe can fill up).
    public static func run(_ executable: String, _ arguments: [String]) async throws -> ProcessResult {
        let output = try Output()
        defer { output.directory.remove() }
        return try output.result(await output.spawn(executable, arguments).exited())
    }

    /// `run`, blocking the calling thread until the program ends (for tests that are not async).
    public static func runBlocking(_ executable: String, _ arguments: [String]) throws -> ProcessResult {
        let output = try Output()
        defer { output.directory.remove() }
        return try output.result(output.spawn(executable, arguments).waitUntilExit())
    }

    /// The files a program's standard output and error go to.
    private struct Output {
        let directory: TemporaryDirectory

        init() throws { directory = try TemporaryDirectory() }

        func spawn(_ executable: String, _ arguments: [String]) throws -> ChildProcess {
            try ChildProcess.spawn(
                executable, arguments, environment: pythonEnvironment, stdout: .file(file("stdout")),
                stderr: .file(file("stderr")))
        }

        func result(_ status: Int32) throws -> ProcessResult {
            ProcessResult(
                status: status,
                stdout: String(decoding: try Data(contentsOf: URL(fileURLWithPath: file("stdout"))), as: UTF8.self),
                stderr: String(decoding: try Data(contentsOf: URL(fileURLWithPath: file("stderr"))), as: UTF8.self)
            )
        }

        private func file(_ name: String) -> String { directory.url.appendingPathComponent(name).path }
    }

    /// This process's environment, with Python printing UTF-8 and writing no bytecode.
    public static var pythonEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONIOENCODING"] = "utf-8"
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        return environment
    }
}

/// A fresh directory under the system's temporary directory.
public struct TemporaryDirectory: Sendable {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("mailtests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// A self-signed certificate and its key, made with openssl for one test.
public struct TestCertificate: Sendable {
    public let certificateFile: String
    public let keyFile: String

    /// `subjectAltName` such as `DNS:localhost,IP:127.0.0.1`.
    public static func make(in directory: TemporaryDirectory, subjectAltName: String = "DNS:localhost,IP:127.0.0.1")
        async throws -> TestCertificate
    {
        guard let openssl = TestTools.onPath("openssl") else {
            throw TestSetupError(description: "openssl is not on PATH; the TLS tests need it to make a certificate")
        }
        let certificate = directory.url.appendingPathComponent("cert.pem").path
        let key = directory.url.appendingPathComponent("key.pem").path
        let result = try await TestTools.run(
            openssl,
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost",
                "-addext", "subjectAltName=\(subjectAltName)", "-days", "1", "-keyout", key, "-out", certificate,
            ]
        )
        guard result.status == 0 else {
            throw TestSetupError(description: "openssl failed (\(result.status)): \(result.stderr)")
        }
        return TestCertificate(certificateFile: certificate, keyFile: key)
    }
}
