import Booking
import Crypto
import Foundation

/// The token in a stay's online check-in link: the stay, the day the link stops working, and an
/// HMAC-SHA256 of both keyed by the installation's own secret (made when its database was created), so
/// that no one can make a link for another stay or a later day. Written `<stay>.<day>.<code>`, the day as
/// `YYYYMMDD` and the code in base64url: it goes in a URL as it is.
struct CheckInLink: Equatable {
    let stayID: Int
    let expiresOn: Day

    /// The token, signed with `key`.
    func token(key: String) -> String {
        "\(stayID).\(Self.compact(expiresOn)).\(Self.code(of: signed, key: key).base64URL)"
    }

    /// The link in `token`, when `key` signed it. A token altered in any character, or signed by another
    /// installation, is refused as unknown (404), as a stay that does not exist would be.
    init(verifying token: String, key: String) throws {
        let refused = DomainError(.notFound, "this check-in link is not valid", reason: .checkInLink)
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard token.utf8.count <= 100, parts.count == 3, let stayID = Int(parts[0]), stayID > 0,
            let expiresOn = Self.day(compact: parts[1]), let code = Data(base64URL: String(parts[2])),
            // One spelling of the code: its last character's unused bits changed is another link, refused.
            code.base64URL == parts[2]
        else { throw refused }
        self.init(stayID: stayID, expiresOn: expiresOn)
        guard HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: Data(signed.utf8), using: Self.key(key))
        else { throw refused }
    }

    init(stayID: Int, expiresOn: Day) {
        self.stayID = stayID
        self.expiresOn = expiresOn
    }

    /// The link for a stay departing on `departure`, working until then (`OnlineCheckIn.linkExpiry`).
    init(stayID: Int, departure: Day) {
        self.init(stayID: stayID, expiresOn: OnlineCheckIn.linkExpiry(departure: departure))
    }

    /// The installation's secret that keys the links (`Store.secret`).
    static let secretName = "check-in"

    /// The guest site's page for `token` on the site at `site`, opened in `language` when one is given.
    static func url(site: String, token: String, language: Language? = nil) -> String {
        let site = site.hasSuffix("/") ? String(site.dropLast()) : site
        return "\(site)/#/check-in/\(token)" + (language.map { "?lang=\($0.rawValue)" } ?? "")
    }

    /// What the code authenticates: named, so a code made for something else never passes as this.
    private var signed: String { "check-in.\(stayID).\(Self.compact(expiresOn))" }

    private static func key(_ secret: String) -> SymmetricKey { SymmetricKey(data: Data(secret.utf8)) }

    private static func code(of text: String, key: String) -> Data {
        Data(HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: Self.key(key)))
    }

    private static func compact(_ day: Day) -> String { day.iso.replacingOccurrences(of: "-", with: "") }

    private static func day(compact text: Substring) -> Day? {
        guard text.utf8.count == 8, text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        let digits = Array(text)
        return try? Day.parse("\(String(digits[0..<4]))-\(String(digits[4..<6]))-\(String(digits[6..<8]))", field: "")
    }
}

extension Data {
    /// Base64url without padding (RFC 4648 §5).
    var base64URL: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    init?(base64URL text: String) {
        guard text.utf8.allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "=") })
        else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        self.init(base64Encoded: base64)
    }
}
