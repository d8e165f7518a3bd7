/// The one rule for what an email address may be, shared by the domain (which refuses a typo at the
/// door, naming the field) and the SMTP client (which checks every address before it connects): an
/// address the domain takes, the client sends to.
///
/// `local@domain`, without angle brackets or a display name: no control characters, spaces, angle
/// brackets, quotes or the other characters that would need quoting in a header; one `@`; a local part of
/// at most 64 bytes without a dot at either end or two in a row; domain labels that are not empty and
/// neither begin nor end with `-`, each at most 63 bytes; at most 254 bytes in all. Characters outside
/// ASCII are allowed (a server with SMTPUTF8 takes them). Read byte by byte: a file of stays checks
/// hundreds of thousands.
public enum EmailSyntax {
    /// The longest address, in bytes.
    public static let maxBytes = 254

    /// Why `email` is not an address, in words (`contains a line break`), or nil when it is one.
    public static func problem(_ email: String) -> String? {
        let bytes = Array(email.utf8)
        guard !bytes.isEmpty else { return "empty address" }
        if let bad = bytes.first(where: { $0 < 0x21 || $0 == 0x7F || forbidden.contains($0) }) {
            switch bad {
            case UInt8(ascii: "\r"), UInt8(ascii: "\n"): return "contains a line break"
            case UInt8(ascii: " "), UInt8(ascii: "\t"): return "contains a space"
            case UInt8(ascii: "<"), UInt8(ascii: ">"): return "contains an angle bracket"
            default:
                return bad < 0x21 || bad == 0x7F
                    ? "contains a control character" : "contains the character \"\(Character(Unicode.Scalar(bad)))\""
            }
        }
        let parts = bytes.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false)
        guard parts.count == 2 else { return parts.count < 2 ? "missing @" : "more than one @" }
        let (local, domain) = (parts[0], parts[1])
        guard !local.isEmpty else { return "empty local part" }
        guard !domain.isEmpty else { return "empty domain" }
        guard local.count <= 64 else { return "local part longer than 64 bytes" }
        guard bytes.count <= maxBytes else { return "longer than \(maxBytes) bytes" }
        let dot = UInt8(ascii: ".")
        let doubled = zip(local, local.dropFirst()).contains { $0 == dot && $1 == dot }
        guard local.first != dot, local.last != dot, !doubled else { return "misplaced dot in the local part" }
        let hyphen = UInt8(ascii: "-")
        let labels = domain.split(separator: dot, omittingEmptySubsequences: false)
        guard labels.allSatisfy({ !$0.isEmpty && $0.first != hyphen && $0.last != hyphen && $0.count <= 63 }) else {
            return "malformed domain"
        }
        return nil
    }

    /// Whether the domain has a dot (`example.com`, not `localhost`): what an address a guest gives must
    /// have to be reached from the internet.
    public static func hasDottedDomain(_ email: String) -> Bool {
        guard let at = email.utf8.lastIndex(of: UInt8(ascii: "@")) else { return false }
        return email.utf8[at...].contains(UInt8(ascii: "."))
    }

    /// Bytes that are never part of an address accepted here (they would need quoting or are structural).
    private static let forbidden: Set<UInt8> = Set("<>()[]\\,;:\"".utf8)
}
