import App
import Booking
import Configuration
import Foundation
import Mail

/// How this installation sends mail, from the settings (`frontdesk.smtp.*`, or `FRONTDESK_SMTP_HOST`,
/// `FRONTDESK_SMTP_PORT`, ... in the environment). Without a host no mail is sent: messages wait in the
/// outbox, and the desk shows them as not sent.
extension Settings {
    enum MailKey {
        static let host: ConfigKey = "frontdesk.smtp.host"
        static let port: ConfigKey = "frontdesk.smtp.port"
        static let security: ConfigKey = "frontdesk.smtp.security"
        static let user: ConfigKey = "frontdesk.smtp.user"
        static let password: ConfigKey = "frontdesk.smtp.password"
        static let trustRoots: ConfigKey = "frontdesk.smtp.trust-roots"
        static let sender: ConfigKey = "frontdesk.mail.sender"
        static let siteURL: ConfigKey = "frontdesk.site-url"
        static let retrySeconds: ConfigKey = "frontdesk.mail.retry-seconds"
        static let leaseSeconds: ConfigKey = "frontdesk.mail.lease-seconds"
        static let waitlistSeconds: ConfigKey = "frontdesk.waitlist-seconds"
    }

    /// The messaging settings; `host` and `port` are the server's own, for the links messages give when no
    /// `frontdesk.site-url` is set.
    func messaging(host: String, port: Int) async throws -> MessagingSettings {
        let siteURL = try await string(MailKey.siteURL, default: "http://\(host):\(port)")
        guard let url = URL(string: siteURL), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
            throw SettingsError("\(MailKey.siteURL) must be an http or https address, got \"\(siteURL)\".")
        }
        let senderText = try await string(MailKey.sender, default: "frontdesk@localhost")
        let sender: MailAddress
        do {
            sender = try MailAddress.parse(senderText)
        } catch {
            throw SettingsError("\(MailKey.sender) must be an email address, got \"\(senderText)\".")
        }
        var settings = MessagingSettings(
            sender: sender, siteURL: siteURL,
            retries: MessageRetries(baseSeconds: try await int(MailKey.retrySeconds, default: 15, in: 1...3600)),
            leaseSeconds: try await int(MailKey.leaseSeconds, default: 120, in: 5...3600))
        guard let host = try await optionalString(MailKey.host), !host.isEmpty else { return settings }
        let securityName = try await string(MailKey.security, default: "starttls")
        let security: SMTPConfiguration.Security
        switch securityName {
        case "none": security = .none
        case "starttls": security = .startTLS
        case "tls": security = .tls
        default: throw SettingsError("\(MailKey.security) must be none, starttls or tls, got \"\(securityName)\".")
        }
        let defaultPort = security == .tls ? 465 : 587
        settings.smtp = SMTPConfiguration(
            host: host, port: try await int(MailKey.port, default: defaultPort, in: 1...65535), security: security,
            username: try await optionalString(MailKey.user).flatMap { $0.isEmpty ? nil : $0 },
            password: try await optionalString(MailKey.password, secret: true),
            trustRootsFile: try await optionalString(MailKey.trustRoots).flatMap { $0.isEmpty ? nil : $0 })
        return settings
    }

    /// The background work's settings: the waitlists' interval, and webhooks retried as messages are.
    func background() async throws -> BackgroundWork {
        var work = BackgroundWork()
        work.waitlistInterval = .seconds(try await int(MailKey.waitlistSeconds, default: 30, in: 1...3600))
        work.webhookRetries = MessageRetries(
            baseSeconds: try await int(MailKey.retrySeconds, default: 15, in: 1...3600))
        return work
    }
}
