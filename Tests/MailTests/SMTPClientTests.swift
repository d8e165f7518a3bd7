import Foundation
import Mail
import MailTesting
import Testing

/// Sends through a real SMTP server (aiosmtpd, started by `smtp_sink.py`) and reads what it received with Python's
/// `email` package.
@Suite("Delivery through aiosmtpd")
struct SMTPClientTests {
    /// Mostly ASCII, so it goes as quoted-printable and its leading dots exercise dot-stuffing.
    static let text = """
        Dear guest,
        Thank you — ขอบคุณ — ありがとう.
        .this line starts with a dot
        .
        ..two dots
        \(String(repeating: "0123456789", count: 20))
        From the front desk, with trailing spaces   
        tab\tseparated = equals
        """
    /// Mostly Thai and Japanese, so it goes as base64.
    static let html = """
        <p lang="th">ขอบคุณที่เลือกพักกับเรา เช็คอินได้ตั้งแต่เวลา 15:00 น.</p>
        .<p lang="ja">ご予約ありがとうございます。チェックインは午後3時からです。</p>
        """

    static func message(to recipients: [MailAddress] = [MailAddress("guest@example.com", name: "山田 太郎")])
        -> MailMessage
    {
        MailMessage(
            from: MailAddress("desk@frontdesk.example", name: "Frontdesk โรงแรม"),
            to: recipients,
            replyTo: MailAddress("reply@frontdesk.example"),
            subject: "ご予約の確認 (Booking #42) — チェックインは午後3時からです。よろしくお願いいたします。",
            text: text,
            html: html,
            messageID: "<abc123.42@frontdesk.example>",
            date: Date(timeIntervalSince1970: 1_751_362_200),
            language: "ja",
            headers: [("Auto-Submitted", "auto-generated")]
        )
    }

    @Test("plain delivery: multipart/alternative whose parts decode to what was sent")
    func plainDelivery() async throws {
        try await SMTPSink.with { sink in
            let message = Self.message(to: [
                MailAddress("guest@example.com", name: "山田 太郎"), MailAddress("second@example.com"),
            ])
            try await SMTPClient(configuration: sink.configuration(host: "127.0.0.1")).send(message)

            let stored = try sink.messages()
            try #require(stored.count == 1)
            #expect(stored[0].envelope.mailFrom == "desk@frontdesk.example")
            #expect(stored[0].envelope.rcptTos == ["guest@example.com", "second@example.com"])
            #expect(stored[0].envelope.mailOptions.isEmpty)
            #expect(!stored[0].envelope.tls)

            let parsed = try await SMTPSink.parse(stored[0].eml)
            #expect(parsed.defects.isEmpty)
            #expect(parsed.contentType == "multipart/alternative")
            try #require(parsed.parts.count == 2)
            #expect(parsed.parts[0].contentType == "text/plain")
            #expect(parsed.parts[0].charset == "utf-8")
            #expect(parsed.parts[0].content == Self.text)
            #expect(parsed.parts[0].transferEncoding == "quoted-printable")
            #expect(parsed.parts[1].contentType == "text/html")
            #expect(parsed.parts[1].content == Self.html)
            #expect(parsed.parts[1].transferEncoding == "base64")
            #expect(parsed.subject == message.subject)
            #expect(parsed.from == "Frontdesk โรงแรม <desk@frontdesk.example>")
            #expect(parsed.to == "山田 太郎 <guest@example.com>, second@example.com")
            #expect(parsed.replyTo == "reply@frontdesk.example")
            #expect(parsed.contentLanguage == "ja")
            #expect(parsed.headers.contains(["Auto-Submitted", "auto-generated"]))
            #expect(parsed.rawMessageId == ["Message-ID: <abc123.42@frontdesk.example>"])
            #expect(parsed.messageId == "<abc123.42@frontdesk.example>")
            #expect(parsed.sevenBit)
            #expect(parsed.bareLf == 0 && parsed.bareCr == 0)
            #expect(parsed.maxHeaderLine <= 78)
            #expect(parsed.maxLine <= 78)
        }
    }

    @Test("a Japanese subject reads back right with email.policy.default")
    func japaneseSubject() async throws {
        let subject = "【確認】ご予約ありがとうございます — 東京ベイホテル 2025年7月1日〜3日 (2泊) 山田様"
        try await SMTPSink.with { sink in
            var message = Self.message()
            message.subject = subject
            message.html = nil
            try await SMTPClient(configuration: sink.configuration()).send(message)
            let stored = try sink.messages()
            try #require(stored.count == 1)
            let oneLiner =
                "import email,email.policy,sys;"
                + "print(email.message_from_binary_file(open(sys.argv[1],'rb'),policy=email.policy.default)['Subject'])"
            let result = try await TestTools.run(try TestTools.pythonPath(), ["-c", oneLiner, stored[0].eml])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == subject + "\n")
            let parsed = try await SMTPSink.parse(stored[0].eml)
            #expect(parsed.contentType == "text/plain")
            // A single-part body always ends with a line break: SMTP's DATA ends with CRLF "." CRLF.
            #expect(parsed.parts.map(\.content) == [Self.text + "\n"])
            #expect(parsed.maxHeaderLine <= 78)
        }
    }

    @Test("STARTTLS and AUTH PLAIN with the self-signed CA trusted through trustRootsFile")
    func startTLSWithAuthPlain() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let certificate = try await TestCertificate.make(in: directory)
        let options = SinkOptions(
            certificate: certificate, requireStartTLS: true, user: "frontdesk", password: "s3cret")
        try await SMTPSink.with(options) { sink in
            let configuration = sink.configuration(
                security: .startTLS,
                username: "frontdesk",
                password: "s3cret",
                trustRootsFile: certificate.certificateFile
            )
            try await SMTPClient(configuration: configuration).send(Self.message())
            let stored = try sink.messages()
            try #require(stored.count == 1)
            #expect(stored[0].envelope.tls)
            #expect(stored[0].envelope.authUser == "frontdesk")
            let parsed = try await SMTPSink.parse(stored[0].eml)
            #expect(parsed.parts.map(\.content) == [Self.text, Self.html])
        }
    }

    @Test("AUTH LOGIN when the server does not offer PLAIN")
    func authLogin() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let certificate = try await TestCertificate.make(in: directory)
        let options = SinkOptions(
            certificate: certificate,
            user: "frontdesk",
            password: "pässwörd ✓",
            authExclude: ["PLAIN"]
        )
        try await SMTPSink.with(options) { sink in
            let configuration = sink.configuration(
                security: .startTLS,
                username: "frontdesk",
                password: "pässwörd ✓",
                trustRootsFile: certificate.certificateFile
            )
            try await SMTPClient(configuration: configuration).send(Self.message())
            let stored = try sink.messages()
            try #require(stored.count == 1)
            #expect(stored[0].envelope.authUser == "frontdesk")
        }
    }

    @Test("implicit TLS, the certificate checked against the IP address")
    func implicitTLS() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let certificate = try await TestCertificate.make(in: directory)
        try await SMTPSink.with(SinkOptions(certificate: certificate, implicitTLS: true)) { sink in
            let configuration = sink.configuration(
                host: "127.0.0.1",
                security: .tls,
                trustRootsFile: certificate.certificateFile
            )
            try await SMTPClient(configuration: configuration).send(Self.message())
            let stored = try sink.messages()
            try #require(stored.count == 1)
            #expect(stored[0].envelope.tls)
        }
    }

    @Test("a non-ASCII address goes with SMTPUTF8 when the server offers it")
    func smtpUTF8() async throws {
        try await SMTPSink.with { sink in
            let message = Self.message(to: [MailAddress("ゲスト@example.com", name: "ゲスト")])
            try await SMTPClient(configuration: sink.configuration()).send(message)
            let stored = try sink.messages()
            try #require(stored.count == 1)
            #expect(stored[0].envelope.rcptTos == ["ゲスト@example.com"])
            #expect(stored[0].envelope.mailOptions.contains("SMTPUTF8"))
            let parsed = try await SMTPSink.parse(stored[0].eml)
            #expect(parsed.to == "ゲスト <ゲスト@example.com>")
        }
    }
}
