import Foundation
import Testing

@testable import Mail

@Suite("Addresses and rendering")
struct MailMessageTests {
    @Test("valid addresses parse", arguments: ["guest@example.com", "a.b+tag@sub.example.co.th", "x@localhost"])
    func validAddresses(email: String) throws {
        let address = try MailAddress.parse(email, name: "Guest")
        #expect(address.email == email)
    }

    @Test(
        "invalid addresses are refused",
        arguments: [
            "guest@example.com\r\nBcc: spy@example.com", "guest@example.com\n", "gu est@example.com",
            "<guest@example.com>",
            "guest.example.com", "guest@@example.com", "@example.com", "guest@", "guest@example..com",
            ".guest@example.com",
            "", "a\"b@example.com", "guest@example.com,other@example.com",
        ]
    )
    func invalidAddresses(email: String) {
        #expect {
            try MailAddress.parse(email)
        } throws: { error in
            guard let error = error as? MailError, case .invalidAddress = error else { return false }
            return error.isPermanent
        }
    }

    @Test("validate refuses header injection, reserved headers and bad IDs")
    func validation() {
        func message(_ change: (inout MailMessage) -> Void) -> MailMessage {
            var message = MailMessage(
                from: MailAddress("desk@frontdesk.example"),
                to: [MailAddress("guest@example.com")],
                subject: "Hi",
                text: "Hello",
                messageID: "<1@frontdesk.example>"
            )
            change(&message)
            return message
        }
        #expect(throws: Never.self) { try message { _ in }.validate() }
        #expect(throws: MailError.invalidMessage("the value of the header X-Tag contains a line break")) {
            try message { $0.headers = [("X-Tag", "a\r\nBcc: spy@example.com")] }.validate()
        }
        #expect(throws: MailError.invalidMessage("the header bcc is set by the message itself")) {
            try message { $0.headers = [("bcc", "spy@example.com")] }.validate()
        }
        #expect(throws: MailError.self) { try message { $0.headers = [("Bad Name", "x")] }.validate() }
        #expect(throws: MailError.self) { try message { $0.messageID = "<no-at-sign>" }.validate() }
        #expect(throws: MailError.self) { try message { $0.messageID = "<a@b>\r\nX: y" }.validate() }
        #expect(throws: MailError.self) { try message { $0.language = "en US" }.validate() }
        #expect(throws: MailError.self) { try message { $0.to = [] }.validate() }
        #expect(throws: MailError.self) { try message { $0.replyTo = MailAddress("no-at") }.validate() }
        let image = InlineImage(contentID: "code@frontdesk", mediaType: "image/png", filename: "pay.png", data: [1])
        #expect(throws: Never.self) { try message { $0.inlineImages = [image] }.validate() }
        for bad in ["code@front desk", "<code@frontdesk>", "no-at-sign", "a@b\r\nX: y"] {
            var wrong = image
            wrong.contentID = bad
            #expect(throws: MailError.self) { try message { $0.inlineImages = [wrong] }.validate() }
        }
    }

    @Test("the rendered message is 7-bit, CRLF only, with header lines of at most 78 characters")
    func renderedShape() throws {
        let message = MailMessage(
            from: MailAddress("desk@frontdesk.example", name: "โรงแรมริมน้ำ Front Desk แผนกต้อนรับส่วนหน้า"),
            to: [
                MailAddress("guest@example.com", name: "山田 太郎"),
                MailAddress("other@example.com", name: "Smith, John \"JJ\""),
                MailAddress("third@example.com"),
            ],
            replyTo: MailAddress("reply@frontdesk.example", name: "Desk"),
            subject: String(repeating: "ご予約の確認とチェックインのご案内 ", count: 4),
            text: "plain",
            html: "<p>html</p>",
            messageID: "<abc123@frontdesk.example>",
            date: Date(timeIntervalSince1970: 1_751_362_200),
            language: "ja",
            headers: [("Auto-Submitted", "auto-generated"), ("X-Long", String(repeating: "word ", count: 40))]
        )
        let bytes = message.rendered()
        #expect(bytes.allSatisfy { $0 < 0x80 })
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\r"))
        let head = text.components(separatedBy: "\r\n\r\n")[0]
        for line in head.components(separatedBy: "\r\n") {
            #expect(line.utf8.count <= 78, "header line too long: \(line)")
            #expect(!line.allSatisfy { $0 == " " }, "blank folded line")
        }
        #expect(
            head.contains("\r\nDate: Tue, 01 Jul 2025 09:30:00 +0000\r\n")
                || head.hasPrefix("Date: Tue, 01 Jul 2025 09:30:00 +0000\r\n"))
        #expect(head.contains("\r\nMessage-ID: <abc123@frontdesk.example>\r\n"))
        #expect(head.contains("\r\nContent-Language: ja\r\n"))
        #expect(head.contains("\r\nAuto-Submitted: auto-generated\r\n"))
        #expect(head.contains("\r\nMIME-Version: 1.0\r\n"))
    }

    @Test("quoted-printable keeps lines short and encodes what is unsafe")
    func quotedPrintable() {
        let encoded = String(
            decoding: MIME.quotedPrintable(
                MIME.normalizedLines("a=b \nFrom here\n" + String(repeating: "x", count: 200) + "\ntail\t")),
            as: UTF8.self)
        let lines = encoded.components(separatedBy: "\r\n")
        #expect(lines[0] == "a=3Db=20")
        #expect(lines[1] == "=46rom here")
        #expect(lines.allSatisfy { $0.utf8.count <= 76 })
        #expect(lines.last == "tail=09")
    }

    @Test("dot-stuffing doubles leading dots and ends with CRLF.CRLF")
    func dotStuffing() {
        let stuffed = SMTPDialog.dotStuffed(Array(".\r\nabc\r\n..x\r\nlast".utf8))
        #expect(String(decoding: stuffed, as: UTF8.self) == "..\r\nabc\r\n...x\r\nlast\r\n.\r\n")
        let ended = SMTPDialog.dotStuffed(Array("a\r\n".utf8))
        #expect(String(decoding: ended, as: UTF8.self) == "a\r\n.\r\n")
    }

    @Test("errors say whether retrying can help")
    func errorClassification() {
        #expect(MailError.rejected(code: 550, reply: "5.1.1 no such user").isPermanent)
        #expect(!MailError.rejected(code: 451, reply: "4.3.0 try again later").isPermanent)
        #expect(!MailError.connection("refused").isPermanent)
        #expect(MailError.unsupported("credentials over plain text").isPermanent)
        #expect(!MailError.missingCapability("no STARTTLS").isPermanent)
        #expect(MailError.invalidAddress("x").isPermanent)
        #expect(
            MailError.rejected(code: 550, reply: "5.1.1 no such user").description
                == "the mail server refused the recipient: 550 5.1.1 no such user"
        )
        #expect(
            MailError.rejected(code: 535, reply: "5.7.8 Authentication credentials invalid").description
                == "the mail server refused the credentials: 535 5.7.8 Authentication credentials invalid"
        )
    }
}
