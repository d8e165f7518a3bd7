import Foundation

/// One mail: envelope sender and recipients, headers, and a text body with an optional HTML alternative.
///
/// ``rendered()`` turns it into the RFC 5322 bytes that go after DATA; ``validate()`` (called by
/// ``SMTPClient/send(_:)``) rejects what could not be sent safely.
public struct MailMessage: Sendable {
    /// The author, used for the From header and as the envelope sender (MAIL FROM).
    public var from: MailAddress
    /// The recipients, used for the To header and the envelope (one RCPT TO each, duplicates skipped).
    public var to: [MailAddress]
    /// Where replies should go, when not to ``from``.
    public var replyTo: MailAddress?
    /// The subject line; any Unicode text, encoded per RFC 2047 when needed.
    public var subject: String
    /// The plain text part.
    public var text: String
    /// The HTML part; when set the message is multipart/alternative with the text part first.
    public var html: String?
    /// Images the HTML shows by their content ID (`<img src="cid:…">`); with any, the alternative goes in a
    /// multipart/related after which they follow.
    public var inlineImages: [InlineImage]
    /// The Message-ID header, such as `<abc123@frontdesk.example>`, given by the caller and kept as it is, so that a
    /// retried send is recognisably the same message. An ID given without angle brackets gets them added.
    public var messageID: String
    /// The Date header.
    public var date: Date
    /// A BCP 47 language tag for the Content-Language header, such as `th` or `ja-JP`.
    public var language: String?
    /// Extra headers in order, e.g. `("Auto-Submitted", "auto-generated")`. Names must be printable ASCII without
    /// a colon and must not be one of the headers this type writes itself; values must not contain CR or LF.
    /// Non-ASCII values are encoded as RFC 2047 words, so use them only for unstructured headers.
    public var headers: [(String, String)]

    /// Makes a message; nothing is validated until ``validate()`` or ``SMTPClient/send(_:)``.
    public init(
        from: MailAddress,
        to: [MailAddress],
        replyTo: MailAddress? = nil,
        subject: String,
        text: String,
        html: String? = nil,
        inlineImages: [InlineImage] = [],
        messageID: String,
        date: Date = Date(),
        language: String? = nil,
        headers: [(String, String)] = []
    ) {
        self.from = from
        self.to = to
        self.replyTo = replyTo
        self.subject = subject
        self.text = text
        self.html = html
        self.inlineImages = inlineImages
        self.messageID = messageID
        self.date = date
        self.language = language
        self.headers = headers
    }

    /// A new unique Message-ID such as `<5F0C…@frontdesk.example>` for a message about to be queued; store it
    /// with the message so that retries reuse it.
    public static func makeMessageID(domain: String) -> String {
        "<\(UUID().uuidString.lowercased())@\(domain)>"
    }

    /// Header names the message writes itself, which ``headers`` must not repeat. Cc and Bcc are refused too:
    /// the envelope only ever holds ``to``.
    static let reservedHeaders: Set<String> = [
        "from", "to", "cc", "bcc", "reply-to", "subject", "date", "message-id", "mime-version", "content-type",
        "content-transfer-encoding", "content-language", "sender", "return-path",
    ]

    /// Throws when the message cannot be sent as it is: an invalid address, no recipient, a malformed Message-ID
    /// or language tag, or an extra header with a bad name or a CR/LF in its value.
    public func validate() throws(MailError) {
        try from.validate()
        guard !to.isEmpty else { throw .invalidAddress("the message has no recipient") }
        for address in to { try address.validate() }
        try replyTo?.validate()
        let id = messageIDHeaderValue
        let inner = id.utf8.dropFirst().dropLast()
        guard id.utf8.count <= 250, inner.contains(UInt8(ascii: "@")),
            inner.allSatisfy({ (33...126).contains($0) && $0 != UInt8(ascii: "<") && $0 != UInt8(ascii: ">") })
        else {
            throw .invalidMessage("malformed Message-ID \(MailAddress.printable(messageID))")
        }
        if let language {
            let parts = language.split(separator: "-", omittingEmptySubsequences: false)
            guard !parts.isEmpty,
                parts.allSatisfy({ (1...8).contains($0.utf8.count) && $0.utf8.allSatisfy(Self.isAlphanumeric) })
            else {
                throw .invalidMessage("malformed language tag \(MailAddress.printable(language))")
            }
        }
        for image in inlineImages {
            let printable = { (text: String) in
                !text.isEmpty && text.utf8.count <= 100
                    && text.utf8.allSatisfy { (33...126).contains($0) && !"<>\"".utf8.contains($0) }
            }
            guard printable(image.contentID), image.contentID.contains("@"), printable(image.filename),
                image.mediaType.hasPrefix("image/"), printable(image.mediaType)
            else {
                throw .invalidMessage("malformed inline image \(MailAddress.printable(image.contentID))")
            }
        }
        for (name, value) in headers {
            guard !name.isEmpty, name.utf8.count <= 76, name.utf8.allSatisfy({ (33...126).contains($0) && $0 != 58 })
            else {
                throw .invalidMessage("malformed header name \(MailAddress.printable(name))")
            }
            guard !Self.reservedHeaders.contains(name.lowercased()) else {
                throw .invalidMessage("the header \(name) is set by the message itself")
            }
            guard !value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" }) else {
                throw .invalidMessage("the value of the header \(name) contains a line break")
            }
        }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
    }

    /// The Message-ID with angle brackets.
    var messageIDHeaderValue: String {
        messageID.hasPrefix("<") && messageID.hasSuffix(">") && messageID.count >= 2 ? messageID : "<\(messageID)>"
    }

    /// The envelope recipients: each address of ``to`` once, in order.
    var envelopeRecipients: [String] {
        var seen = Set<String>()
        return to.map(\.email).filter { seen.insert($0.lowercased()).inserted }
    }

    /// The whole RFC 5322 message, CRLF line endings, 7-bit safe: UTF-8 header words encoded per RFC 2047
    /// (B encoding, folded so no line exceeds 78 characters), bodies as UTF-8 quoted-printable (or base64 when that
    /// is shorter), MIME-Version 1.0, multipart/alternative with text first then HTML when ``html`` is set (inside a
    /// multipart/related followed by the ``inlineImages`` in base64, when there are any), and a random boundary
    /// that cannot appear in the encoded bodies.
    ///
    /// Without ``html`` the text is the whole body, which then always ends with a line break (a message sent with
    /// SMTP does); in multipart/alternative the parts come back exactly as given.
    ///
    /// Only a non-ASCII address (which needs SMTPUTF8) makes the result 8-bit. Values that ``validate()`` would
    /// reject are neutralised (control characters become spaces) rather than rendered as they are.
    public func rendered() -> [UInt8] {
        var head = ""
        head += "Date: \(MIME.date(date))\r\n"
        head += MIME.addressHeader("From", [from])
        head += MIME.addressHeader("To", to)
        if let replyTo { head += MIME.addressHeader("Reply-To", [replyTo]) }
        head += "Message-ID: \(MIME.withoutControlCharacters(messageIDHeaderValue))\r\n"
        head += MIME.unstructuredHeader("Subject", subject)
        if let language { head += "Content-Language: \(MIME.withoutControlCharacters(language))\r\n" }
        for (name, value) in headers {
            let safeName = String(decoding: name.utf8.filter { (33...126).contains($0) && $0 != 58 }, as: UTF8.self)
            guard !safeName.isEmpty, !Self.reservedHeaders.contains(safeName.lowercased()) else { continue }
            head += MIME.unstructuredHeader(
                safeName, value.trimmingCharacters(in: .whitespaces), encodeLongWords: false)
        }
        head += "MIME-Version: 1.0\r\n"

        let textPart = MIME.encodeBody(text)
        var out: [UInt8] = []
        guard let html else {
            out += Array(head.utf8)
            out += Array("Content-Type: text/plain; charset=utf-8\r\n".utf8)
            out += Array("Content-Transfer-Encoding: \(textPart.transferEncoding)\r\n\r\n".utf8)
            out += textPart.bytes
            out += MIME.crlf
            return out
        }
        let htmlPart = MIME.encodeBody(html)
        let images = inlineImages.map { MIME.base64($0.data) }
        var boundary = MIME.makeBoundary()
        while textPart.bytes.contains(boundary) || htmlPart.bytes.contains(boundary) {
            boundary = MIME.makeBoundary()
        }
        out += Array(head.utf8)
        let related = images.isEmpty ? nil : MIME.makeBoundary()
        if let related {
            // Base64 never holds "=_", nor then either boundary.
            out += Array("Content-Type: multipart/related;\r\n boundary=\"\(related)\"\r\n\r\n".utf8)
            out += Array("This is a multi-part message in MIME format.\r\n".utf8)
            out += Array("\r\n--\(related)\r\n".utf8)
        }
        out += Array("Content-Type: multipart/alternative;\r\n boundary=\"\(boundary)\"\r\n\r\n".utf8)
        if related == nil { out += Array("This is a multi-part message in MIME format.\r\n".utf8) }
        for (part, type) in [(textPart, "text/plain"), (htmlPart, "text/html")] {
            out += Array("\r\n--\(boundary)\r\n".utf8)
            out += Array("Content-Type: \(type); charset=utf-8\r\n".utf8)
            out += Array("Content-Transfer-Encoding: \(part.transferEncoding)\r\n\r\n".utf8)
            out += part.bytes
        }
        out += Array("\r\n--\(boundary)--\r\n".utf8)
        guard let related else { return out }
        for (image, encoded) in zip(inlineImages, images) {
            let name = MIME.withoutControlCharacters(image.filename).replacingOccurrences(of: "\"", with: "")
            out += Array("\r\n--\(related)\r\n".utf8)
            out += Array("Content-Type: \(MIME.withoutControlCharacters(image.mediaType)); name=\"\(name)\"\r\n".utf8)
            out += Array("Content-Transfer-Encoding: base64\r\n".utf8)
            out += Array("Content-ID: <\(MIME.withoutControlCharacters(image.contentID))>\r\n".utf8)
            out += Array("Content-Disposition: inline; filename=\"\(name)\"\r\n\r\n".utf8)
            out += encoded
        }
        out += Array("\r\n--\(related)--\r\n".utf8)
        return out
    }
}

/// An image a message's HTML shows in place (`<img src="cid:\(contentID)">`, RFC 2392): a code to pay.
public struct InlineImage: Sendable, Hashable {
    /// Its Content-ID without angle brackets: `paycode@frontdesk`.
    public var contentID: String
    /// `image/png`.
    public var mediaType: String
    /// The name a reader saves it by: ASCII, `pay.png`.
    public var filename: String
    public var data: [UInt8]

    public init(contentID: String, mediaType: String, filename: String, data: [UInt8]) {
        self.contentID = contentID
        self.mediaType = mediaType
        self.filename = filename
        self.data = data
    }
}

extension [UInt8] {
    /// Whether the bytes contain the UTF-8 of `text` anywhere.
    fileprivate func contains(_ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard !needle.isEmpty, needle.count <= count else { return false }
        for start in 0...(count - needle.count) where self[start] == needle[0] {
            if self[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}
