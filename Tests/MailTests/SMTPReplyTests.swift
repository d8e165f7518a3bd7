import NIOCore
import Testing

@testable import Mail

@Suite("Reply parsing")
struct SMTPReplyTests {
    private func parseAll(_ text: String) throws -> [SMTPReply] {
        var decoder = SMTPReplyDecoder()
        var buffer = ByteBuffer(string: text)
        var replies: [SMTPReply] = []
        while let reply = try decoder.parse(&buffer) { replies.append(reply) }
        return replies
    }

    @Test("single and multi-line replies, CRLF or bare LF")
    func multiLine() throws {
        let replies = try parseAll(
            "220 ready\r\n250-sink.localhost\r\n250-SIZE 1000\n250-AUTH PLAIN LOGIN\r\n250 HELP\r\n354\r\n")
        #expect(replies.count == 3)
        #expect(replies[0] == SMTPReply(code: 220, lines: ["ready"], followedByData: true))
        #expect(replies[1].code == 250)
        #expect(replies[1].lines == ["sink.localhost", "SIZE 1000", "AUTH PLAIN LOGIN", "HELP"])
        #expect(replies[2] == SMTPReply(code: 354, lines: [""], followedByData: false))
        let extensions = SMTPDialog.Extensions(replies[1])
        #expect(extensions.authMechanisms == ["PLAIN", "LOGIN"])
        #expect(extensions.has("SIZE"))
        #expect(!extensions.has("STARTTLS"))
    }

    @Test("a reply split across reads waits for its end")
    func partial() throws {
        var decoder = SMTPReplyDecoder()
        var buffer = ByteBuffer(string: "250-first\r\n250 sec")
        #expect(try decoder.parse(&buffer) == nil)
        buffer.writeString("ond\r\n")
        #expect(try decoder.parse(&buffer) == SMTPReply(code: 250, lines: ["first", "second"]))
    }

    @Test(
        "violations are refused",
        arguments: [
            String(repeating: "a", count: 5000),
            "250 " + String(repeating: "a", count: 4100) + "\r\n",
            String(repeating: "250-x\r\n", count: 101) + "250 end\r\n",
            "250-x\r\n251 y\r\n",
            "hello\r\n",
            "650 nope\r\n",
        ]
    )
    func violations(text: String) {
        #expect(throws: SMTPReplyDecoder.ProtocolError.self) { try parseAll(text) }
    }
}
