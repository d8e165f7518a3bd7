import Crypto
import Foundation

/// How a receiver knows a request came from this installation and was not replayed: the scheme Stripe
/// and GitHub use. The header `Frontdesk-Signature: t=<unix seconds>,v1=<hex>` carries the time it was
/// signed and HMAC-SHA256, keyed by the webhook's secret, of `"<t>.<body>"`. A receiver recomputes it,
/// compares in constant time and refuses a time too far from its own clock (five minutes, say).
enum WebhookSignature {
    static let header = "Frontdesk-Signature"

    static func value(secret: String, timestamp: Int, body: Data) -> String {
        var signed = Data("\(timestamp).".utf8)
        signed.append(body)
        let code = HMAC<SHA256>.authenticationCode(for: signed, using: SymmetricKey(data: Data(secret.utf8)))
        return "t=\(timestamp),v1=" + code.map { String(format: "%02x", $0) }.joined()
    }

    /// A new secret: 32 random bytes in hex, prefixed so that one pasted somewhere is recognised.
    static func newSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        return "whsec_"
            + (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }
            .joined()
    }
}
