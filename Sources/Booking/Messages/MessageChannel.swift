import Foundation

/// Where a message goes, and in what its recipient's address is written there: email first. LINE (Japan,
/// Thailand), Kakao (Korea) and Zalo (Vietnam) are channels like it, each added as a name and a sender of
/// its own (`MessageSender` in App); the outbox, the scheduler and the composer do not change for one.
public struct MessageChannel: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The longest name of a channel, in characters.
    public static let nameLimit = 32

    public static let email = MessageChannel(name: "email")

    public let rawValue: String

    /// A channel's name: lowercase letters, digits and `-`, at most `nameLimit`; nil otherwise.
    public init?(rawValue: String) {
        guard (1...Self.nameLimit).contains(rawValue.utf8.count),
            rawValue.utf8.allSatisfy({ (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D })
        else { return nil }
        self.rawValue = rawValue
    }

    private init(name: StaticString) {
        self.rawValue = "\(name)"
    }

    public var description: String { rawValue }

    /// Whether someone who gave their address on this channel to book is written to there about their
    /// bookings until they say otherwise: email, which they gave for it. On any other channel they are
    /// written to only once they agreed (`MessageConsent`).
    public var consentedUnlessWithdrawn: Bool { self == .email }
}

/// Whether a guest or customer, reached at `address` on `channel`, agrees to a property's messages there:
/// kept per property, channel and address, as the desk records what the guest said.
public struct MessageConsent: Sendable, Hashable {
    public var channel: MessageChannel
    public var address: String
    public var granted: Bool
    /// Milliseconds since 1970: when it was last said.
    public var changedAt: Int

    public init(channel: MessageChannel, address: String, granted: Bool, changedAt: Int = 0) {
        self.channel = channel
        self.address = address
        self.granted = granted
        self.changedAt = changedAt
    }

    /// The longest address, in bytes (an email address's bound; the other channels' ids are shorter).
    public static let addressLimit = 320

    /// An address as consents are kept under it: without spaces around, in lowercase.
    public static func normalized(_ address: String) -> String {
        address.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// Whether a message on `channel` to `address` is written, by what was said (`consent`, nil when
    /// nothing was) and the channel's own rule.
    public static func allows(_ consent: MessageConsent?, on channel: MessageChannel) -> Bool {
        consent?.granted ?? channel.consentedUnlessWithdrawn
    }
}
