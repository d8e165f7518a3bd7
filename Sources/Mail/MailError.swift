/// What went wrong while preparing or sending a mail.
///
/// Use ``isPermanent`` to decide between retrying later (a transient failure such as a 4xx reply or
/// a lost connection) and giving up (a 5xx reply or a message that can never be sent as it is).
public enum MailError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An address is not a plain `local@domain` mailbox (CR/LF, spaces, angle brackets, no `@`, …).
    case invalidAddress(String)
    /// The message itself cannot be sent: an extra header with a bad name or a CR/LF in its value,
    /// a malformed Message-ID or language tag.
    case invalidMessage(String)
    /// Could not connect, the connection was closed or timed out, TLS failed, or the server broke the
    /// protocol. Transient: the same message may go through later.
    case connection(String)
    /// The server answered a command with an unexpected reply: `code` is the three-digit reply code,
    /// `reply` its text (without the code; the lines of a multi-line reply joined by a space).
    case rejected(code: Int, reply: String)
    /// The configuration asks for something that can never work or is unsafe (credentials over an
    /// unencrypted connection to a remote host, a HELO name that is not one).
    case unsupported(String)
    /// The server does not offer, on this connection, something this client needs: STARTTLS, authentication
    /// or a mechanism it speaks, SMTPUTF8. Transient, as a 4xx is: a server being restarted or reconfigured,
    /// or a proxy in the way, offers it again later.
    case missingCapability(String)

    /// Whether retrying the same message later is pointless: true for 5xx replies, invalid addresses
    /// or messages, and an unsupported configuration; false for 4xx (and other non-5xx) replies, connection
    /// failures and a capability the server does not offer now.
    public var isPermanent: Bool {
        switch self {
        case .invalidAddress, .invalidMessage, .unsupported: true
        case .connection, .missingCapability: false
        case .rejected(let code, _): (500...599).contains(code)
        }
    }

    /// One short line for a person, for example
    /// `the mail server refused the recipient: 550 5.1.1 no such user`.
    public var description: String {
        switch self {
        case .invalidAddress(let detail): "invalid mail address: \(detail)"
        case .invalidMessage(let detail): "invalid mail message: \(detail)"
        case .connection(let detail): "could not talk to the mail server: \(detail)"
        case .unsupported(let detail), .missingCapability(let detail): "cannot send mail: \(detail)"
        case .rejected(let code, let reply):
            "\(Self.refusal(code: code, reply: reply)): \(code)\(reply.isEmpty ? "" : " ")\(reply)"
        }
    }

    /// Names what the server refused, from the reply code and the RFC 3463 enhanced status code when present.
    private static func refusal(code: Int, reply: String) -> String {
        let verb = (400...499).contains(code) ? "temporarily refused" : "refused"
        let enhanced = reply.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
        let parts = enhanced.split(separator: ".")
        if parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) {
            switch (parts[1], parts[2]) {
            case ("1", "7"), ("1", "8"): return "the mail server \(verb) the sender"
            case ("1", _): return "the mail server \(verb) the recipient"
            case ("2", _): return "the mail server \(verb) the recipient's mailbox"
            case ("3", "4"): return "the mail server \(verb) the message as too large"
            case ("7", "8"), ("7", "9"): return "the mail server \(verb) the credentials"
            case ("7", "0") where code == 530: return "the mail server requires authentication"
            default: break
            }
        }
        switch code {
        case 535: return "the mail server refused the credentials"
        case 530: return "the mail server requires authentication"
        case 552: return "the mail server refused the message as too large"
        case 421: return "the mail server is not available"
        default: return "the mail server \(verb) the message"
        }
    }
}
