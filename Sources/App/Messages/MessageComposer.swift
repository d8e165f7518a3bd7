import Booking
import Foundation
import Mail
import Mustache

/// A message as its recipient reads it: its subject, and its body in plain text and in HTML.
struct ComposedMessage: Sendable, Hashable {
    var subject: String
    var text: String
    var html: String
    /// The images its HTML shows by their content ID: a code to pay.
    var images: [InlineImage] = []
}

/// Writes each message from its templates (`Templates/{kind}-text.mustache` and `-html.mustache`, with
/// their partials) in the recipient's language: the words are `Templates/words/{language}.json`, each
/// itself a small template over the message's facts. Dates, times and amounts are written as that
/// language writes them, in the property's time zone.
struct MessageComposer: Sendable {
    let library: MustacheLibrary
    let words: [Language: [String: MustacheTemplate]]
    /// Where the guest site is reached (`https://book.example.com`), for the links a message gives.
    let siteURL: String

    /// The templates as the server ships them.
    static func bundled(siteURL: String) async throws -> MessageComposer {
        guard let folder = Bundle.module.url(forResource: "Templates", withExtension: nil) else {
            throw MessageTemplateError("the message templates are missing from the server's resources")
        }
        return try await MessageComposer(folder: folder, siteURL: siteURL)
    }

    init(folder: URL, siteURL: String) async throws {
        library = try await MustacheLibrary(directory: folder.path)
        var words: [Language: [String: MustacheTemplate]] = [:]
        for language in Language.allCases {
            let file = folder.appending(path: "words/\(language.rawValue).json")
            let table = try JSONDecoder().decode([String: String].self, from: try Data(contentsOf: file))
            words[language] = try table.mapValues { try MustacheTemplate(string: "{{% CONTENT_TYPE: TEXT}}" + $0) }
        }
        guard let english = words[.en], words.values.allSatisfy({ Set($0.keys) == Set(english.keys) }) else {
            throw MessageTemplateError("every language's words must have the same keys as English's")
        }
        self.words = words
        self.siteURL = siteURL.hasSuffix("/") ? String(siteURL.dropLast()) : siteURL
    }

    func compose(_ outgoing: OutgoingMessage) throws -> ComposedMessage {
        let message = outgoing.message
        let facts = message.facts
        let language = message.language
        let locale = Locale(identifier: Self.localeIDs[language] ?? "en-GB")
        let zone = TimeZone(identifier: facts.timeZoneID) ?? .gmt
        // A visit booked at the desk has no code: its messages then name none and link to no page.
        let code = facts.confirmationCode.isEmpty ? nil : facts.confirmationCode
        var slots: [String: Any] = ["propertyName": facts.propertyName, "guestName": facts.guestName]
        if let code { slots["code"] = code }
        let said = { (key: String) -> String in
            (words[language]?[key] ?? words[.en]?[key])?.render(slots) ?? key
        }
        if let nights = facts.nights {
            slots["count"] = nights
        }
        var context: [String: Any] = slots
        context["language"] = language.rawValue
        let money = { (amount: Int) in Self.money(amount, currency: facts.currency, locale: locale) }
        if let arrival = facts.arrival, let departure = facts.departure {
            context["stay"] = [
                "code": facts.confirmationCode, "arrival": Self.day(arrival, locale: locale),
                "departure": Self.day(departure, locale: locale),
                "nights": facts.nights == 1 ? said("night") : said("nights"), "roomType": facts.roomType ?? "",
            ]
        }
        if let start = facts.startMinute {
            var visit: [String: Any] = [
                "start": Self.time(start, locale: locale, zone: zone),
                "services": (facts.services ?? []).joined(separator: ", "),
            ]
            if let code { visit["code"] = code }
            if let staff = facts.staffName { visit["staff"] = staff }
            context["visit"] = visit
        }
        if let total = facts.total { context["total"] = money(total) }
        if let later = facts.laterVisits, later > 0 {
            slots["count"] = later
            let key =
                switch message.kind {
                case .cancellation: "laterCancelled"
                case .confirmation: "laterBooked"
                default: "laterChanged"
                }
            context["later"] = said(later == 1 ? key + "One" : key)
        }
        if let note = facts.note, !note.isEmpty { context["note"] = note }
        if let document = facts.document {
            let line = { (line: DocumentFacts.Line) -> [String: Any] in
                ["description": line.description, "amount": money(line.amount)]
            }
            slots["kindName"] = said(document.kind)
            slots["reference"] = document.reference
            context["document"] = [
                "kindName": said(document.kind), "reference": document.reference,
                "issuedOn": Self.day(document.issuedOn, locale: locale), "issuer": document.issuer,
                "issuerAddress": document.issuerAddress, "taxID": document.taxID, "charges": document.charges.map(line),
                "taxes": document.taxes.map(line), "total": money(document.total), "paid": money(document.paid),
                "balance": money(document.balance),
            ]
        }
        var images: [InlineImage] = []
        if let deposit = facts.deposit {
            let amount = money(deposit)
            slots["amount"] = amount
            var asked: [String: Any] = ["amount": amount]
            if let pay = facts.payCode {
                let scheme = Self.schemeNames[pay.scheme] ?? pay.scheme
                slots["scheme"] = scheme
                let image = InlineImage(
                    contentID: "paycode@frontdesk", mediaType: "image/png", filename: "pay-\(pay.reference).png",
                    data: pay.png())
                images.append(image)
                asked["payCode"] = ["cid": image.contentID, "scheme": scheme]
            }
            context["deposit"] = asked
        }
        if let checkIn = facts.checkInMinute {
            context["checkIn"] = String(format: "%02d:%02d", checkIn / 60, checkIn % 60)
        }
        if let fee = facts.fee, fee > 0 { context["fee"] = money(fee) }
        if code != nil { context["manageURL"] = manageURL(for: message) }
        if let token = facts.offerToken {
            context["offerURL"] = "\(siteURL)/#/offer?token=\(token)&lang=\(language.rawValue)"
        }
        if let until = facts.heldUntilMinute { context["heldUntil"] = Self.time(until, locale: locale, zone: zone) }
        if let token = facts.checkInToken {
            context["checkInURL"] = CheckInLink.url(site: siteURL, token: token, language: language)
        }
        var table: [String: String] = [:]
        for key in words[.en]?.keys ?? [:].keys { table[key] = said(key) }
        context["w"] = table
        let subject = said("subject.\(message.kind.rawValue)")
        context["subject"] = subject
        guard let text = library.render(context, withTemplate: "\(message.kind.rawValue)-text"),
            let html = library.render(context, withTemplate: "\(message.kind.rawValue)-html")
        else { throw MessageTemplateError("no templates for \(message.kind.rawValue) messages") }
        return ComposedMessage(subject: subject, text: Self.tidy(text), html: html, images: images)
    }

    /// The guest site's page for the booking, opened with its code and email filled in.
    func manageURL(for message: NewMessage) -> String {
        var query = URLComponents()
        query.queryItems = [
            URLQueryItem(name: "code", value: message.facts.confirmationCode),
            URLQueryItem(name: "email", value: message.recipient),
            URLQueryItem(name: "lang", value: message.language.rawValue),
        ]
        let page = message.appointmentID == nil ? "manage" : "visit"
        // A page reads its query as a form does, where `+` is a space: an address's own is escaped.
        let encoded = (query.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
        return "\(siteURL)/#/\(page)?\(encoded)"
    }

    /// A scheme's own name, the same in every language.
    static let schemeNames = ["promptpay": "PromptPay", "vietqr": "VietQR"]

    static let localeIDs: [Language: String] = [.en: "en-GB", .th: "th-TH", .ja: "ja-JP", .ko: "ko-KR", .vi: "vi-VN"]

    /// A day (`YYYY-MM-DD`) as the language writes it, weekday included.
    static func day(_ iso: String, locale: Locale) -> String {
        guard let day = Day(iso: iso) else { return iso }
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.calendar = calendar(of: locale)
        formatter.timeZone = .gmt
        formatter.setLocalizedDateFormatFromTemplate("yMMMMdEEEE")
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(day.number) * 86_400))
    }

    /// A minute since 1970 (UTC) in the property's zone, date and time.
    static func time(_ minute: Int, locale: Locale, zone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.calendar = calendar(of: locale)
        formatter.timeZone = zone
        formatter.setLocalizedDateFormatFromTemplate("yMMMMdEEEEHHmm")
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(minute) * 60))
    }

    /// Thai dates count the Buddhist era's years (as the guest site writes them); the others the
    /// Gregorian calendar's.
    static func calendar(of locale: Locale) -> Calendar {
        var calendar = Calendar(identifier: locale.identifier.hasPrefix("th") ? .buddhist : .gregorian)
        calendar.locale = locale
        return calendar
    }

    static func money(_ minor: Int, currency code: String?, locale: Locale) -> String {
        guard let code, let currency = try? Currency.named(code) else { return String(minor) }
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .currency
        formatter.currencyCode = code
        formatter.minimumFractionDigits = currency.minorUnitDigits
        formatter.maximumFractionDigits = currency.minorUnitDigits
        var scale = 1.0
        for _ in 0..<currency.minorUnitDigits { scale *= 10 }
        return formatter.string(from: NSNumber(value: Double(minor) / scale)) ?? "\(code) \(minor)"
    }

    /// Plain text without the blank lines the templates' sections leave behind, three in a row at most.
    static func tidy(_ text: String) -> String {
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).isEmpty, lines.last?.isEmpty ?? true { continue }
            lines.append(line.trimmingCharacters(in: .whitespaces).isEmpty ? "" : line)
        }
        return lines.joined(separator: "\n").trimmingCharacters(in: .newlines) + "\n"
    }
}

struct MessageTemplateError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
