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

    /// Throws ``MailError/invalidAddress(_:)`` when ``email`` is not an address ``parse(_:name:)`` would accept.
    public func validate() throws(MailError) {
        let scalars = email.unicodeScalars
        func invalid(_ why: String) -> MailError {
            .invalidAddress("\(Self.printable(email)): \(why)")
        }
        guard !scalars.isEmpty else { throw .invalidAddress("empty address") }
        if let bad = scalars.first(where: { $0.value < 0x21 || $0.value == 0x7F || Self.forbidden.contains($0) }) {
            switch bad {
            case "\r", "\n": throw invalid("contains a line break")
            case " ", "\t": throw invalid("contains a space")
            case "<", ">": throw invalid("contains an angle bracket")
            default: throw invalid("contains the character \(Self.printable(String(bad)))")
            }
        }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw invalid(parts.count < 2 ? "missing @" : "more than one @")
        }
        let local = parts[0]
        let domain = parts[1]
        guard !local.isEmpty else { throw invalid("empty local part") }
        guard !domain.isEmpty else { throw invalid("empty domain") }
        guard local.utf8.count <= 64 else { throw invalid("local part longer than 64 bytes") }
        guard email.utf8.count <= 254 else { throw invalid("longer than 254 bytes") }
        guard !local.hasPrefix("."), !local.hasSuffix("."), !local.contains("..") else {
            throw invalid("misplaced dot in the local part")
        }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.allSatisfy({ !$0.isEmpty && !$0.hasPrefix("-") && !$0.hasSuffix("-") && $0.utf8.count <= 63 })
        else {
            throw invalid("malformed domain")
        }
    }

    /// Characters that are never part of an address accepted here (they would need quoting or are structural).
    private static let forbidden: Set<Unicode.Scalar> = ["<", ">", "(", ")", "[", "]", "\\", ",", ";", ":", "\""]

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
