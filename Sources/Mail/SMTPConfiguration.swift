/// Where and how ``SMTPClient`` delivers mail.
public struct SMTPConfiguration: Sendable {
    /// How the connection is encrypted.
    public enum Security: Sendable {
        /// Plain text throughout. Credentials are then only sent to a loopback host.
        case none
        /// Plain connection upgraded with STARTTLS after EHLO (usually port 587). Sending is refused when the server
        /// does not offer STARTTLS.
        case startTLS
        /// TLS from the first byte (implicit TLS, usually port 465).
        case tls
    }

    /// The server's host name or IP address; also the name its certificate must be valid for.
    public var host: String
    /// The server's TCP port.
    public var port: Int
    /// How the connection is encrypted.
    public var security: Security
    /// The user name for AUTH (PLAIN, or LOGIN if the server offers only LOGIN); nil to send without AUTH.
    public var username: String?
    /// The password for AUTH.
    public var password: String?
    /// The name this client gives in EHLO/HELO: a domain name or an address literal such as `[192.0.2.1]`.
    public var heloName: String
    /// A PEM file of CA certificates to trust instead of the system's. The server's host name is verified either way.
    public var trustRootsFile: String?
    /// How long to wait for the connection and for each reply.
    public var timeout: Duration

    /// Makes a configuration; `port` defaults to 587 for STARTTLS, 465 for implicit TLS and 25 otherwise.
    public init(
        host: String,
        port: Int? = nil,
        security: Security = .startTLS,
        username: String? = nil,
        password: String? = nil,
        heloName: String = "localhost",
        trustRootsFile: String? = nil,
        timeout: Duration = .seconds(30)
    ) {
        self.host = host
        self.port =
            port
            ?? {
                switch security {
                case .none: 25
                case .startTLS: 587
                case .tls: 465
                }
            }()
        self.security = security
        self.username = username
        self.password = password
        self.heloName = heloName
        self.trustRootsFile = trustRootsFile
        self.timeout = timeout
    }

    /// Whether ``host`` names this machine (localhost, 127.0.0.0/8, ::1), where an unencrypted connection cannot be
    /// overheard.
    var hostIsLoopback: Bool {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name == "localhost" || name == "localhost." || name.hasSuffix(".localhost") || name == "::1" {
            return true
        }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127"
            && octets.allSatisfy { $0.count <= 3 && UInt8($0) != nil }
    }

    /// The host without brackets, for connecting.
    var connectHost: String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    /// Whether ``host`` is an IP address literal (then TLS sends no SNI and the certificate must name the address).
    var hostIsIPAddress: Bool {
        let name = connectHost
        if name.contains(":") { return true }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets.allSatisfy { $0.count <= 3 && UInt8($0) != nil }
    }
}
