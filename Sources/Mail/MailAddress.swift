import EmailSyntax

/// A mailbox: an address such as `guest@example.com` with an optional display name.
///
/// The memberwise initializer does not check anything; use ``parse(_:name:)`` to validate input, and note that
/// ``SMTPClient/send(_:)`` validates every address of a message before it connects.
public struct MailAddress: Sendable, Hashable {
    /// The bare address, `local@domain`, without angle brackets.
    public var email: String
    /// The display name shown by mail readers; any text, encoded as needed when rendered.
    public var name: String?

    /// Makes an address without validating it.
    public init(_ email: String, name: String? = nil) {
        self.email = email
        self.name = name
    }

    /// Makes a validated address.
    ///
    /// Rejects CR/LF and other control characters, spaces, angle brackets, quotes and the other characters that
    /// would need quoting in a header, a missing or repeated `@`, an empty local part or domain, a malformed domain,
    /// and overlong addresses. Non-ASCII characters are allowed (such an address needs a server with SMTPUTF8).
    public static func parse(_ email: String, name: String? = nil) throws(MailError) -> MailAddress {
        let address = MailAddress(email, name: name)
        try address.validate()
        return address
    }

    /// Throws ``MailError/invalidAddress(_:)`` when ``email`` is not an address ``parse(_:name:)`` would accept:
    /// `EmailSyntax`'s rule, the one the domain checks a guest's address by.
    public func validate() throws(MailError) {
        guard !email.isEmpty else { throw .invalidAddress("empty address") }
        if let problem = EmailSyntax.problem(email) { throw .invalidAddress("\(Self.printable(email)): \(problem)") }
    }

    /// The input with control characters made visible, for error messages.
    static func printable(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars.prefix(100) {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                out += scalar == "\r" ? "\\r" : scalar == "\n" ? "\\n" : "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return "\"\(out)\""
    }

    /// Whether the address needs SMTPUTF8 (it has non-ASCII characters).
    var isASCII: Bool { email.utf8.allSatisfy { $0 < 0x80 } }
}
