import Booking
import Foundation
import Testing

@testable import App

/// Every message in every language from the shipped templates: its facts stated as the language writes
/// them, a working link back to the booking, and no English word left in another language's message.
struct MessageComposerTests {
    static func outgoing(_ kind: MessageKind, _ language: Language, salon: Bool = false) -> OutgoingMessage {
        let stated =
            salon
            ? MessageFacts(
                propertyName: "Salon Hana", guestName: "Sato Yui", confirmationCode: "AB12CD34",
                timeZoneID: "Asia/Tokyo",
                startMinute: 29_900_000, services: ["Cut", "Colour"], staffName: "Aoi", currency: "JPY", total: 12_000,
                fee: kind == .cancellation ? 3_000 : nil)
            : MessageFacts(
                propertyName: "Baan Suan", guestName: "Sato Yui", confirmationCode: "FD-7QK2M4",
                timeZoneID: "Asia/Bangkok",
                arrival: "2026-12-18", departure: "2026-12-20", nights: 2, roomType: "Garden Double", currency: "THB",
                total: 393_120, fee: kind == .cancellation ? 0 : nil)
        var facts = stated
        // A series' visit changed or cancelled with the rest after it.
        if salon, kind == .change || kind == .cancellation { facts.laterVisits = 2 }
        return OutgoingMessage(
            id: 1,
            message: NewMessage(
                kind: kind, propertyID: 1, stayID: salon ? nil : 5, appointmentID: salon ? 9 : nil,
                recipient: "yui+test@example.com", recipientName: "Sato Yui", language: language, facts: facts),
            messageID: "abc", state: .queued, attempts: 0, dueAt: 0, lastError: nil, createdAt: 0, sentAt: nil)
    }

    @Test func everyKindIsWrittenInEveryLanguageWithNoEnglishLeft() async throws {
        let composer = try await MessageComposer.bundled(siteURL: "https://book.example.com/")
        let english = Set(
            "dear thank your booking confirmed cancelled arrival departure room total see cancel services when with fee no charged automatically sent message nights reminder visit look forward welcoming check invoice receipt issued paid balance please find below series same way after too"
                .split(separator: " ").map(String.init))
        // A booking's messages; an invoice's (which states no booking) is below.
        for kind in MessageKind.allCases where kind != .document && kind != .waitlistOffer {
            for language in Language.allCases {
                for salon in [false, true] {
                    let composed = try composer.compose(Self.outgoing(kind, language, salon: salon))
                    let code = salon ? "AB12CD34" : "FD-7QK2M4"
                    #expect(composed.subject.contains(code))
                    #expect(composed.text.contains(code) && composed.html.contains(code))
                    #expect(!composed.text.contains("{{") && !composed.html.contains("{{"))
                    #expect(composed.text.contains("Sato Yui"))
                    let page = salon ? "visit" : "manage"
                    // All but a cancellation link to the booking, its guest's address escaped as a query's.
                    let link =
                        "https://book.example.com/#/\(page)?code=\(code)&email=yui%2Btest@example.com&lang=\(language.rawValue)"
                    #expect(composed.text.contains(link) == (kind != .cancellation))
                    guard language != .en else { continue }
                    // The facts' own words (names, the code, the link) are the only Latin ones left.
                    let stated = [
                        "Sato", "Yui", "Baan", "Suan", "Salon", "Hana", "Garden", "Double", "Cut", "Colour", "Aoi",
                    ]
                    let prose = composed.text.split(separator: "\n").filter { !$0.hasPrefix("http") }.joined(
                        separator: "\n")
                    let words = prose.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init)
                    let left = words.filter { english.contains($0) && !stated.map { $0.lowercased() }.contains($0) }
                    #expect(left.isEmpty, "English left in the \(language) \(kind): \(left)")
                }
            }
        }
    }

    /// A waitlist's offer states the time, who does it, until when it is held, and links to the offer, in
    /// every language with no English left.
    @Test func aWaitlistOfferSaysTheTimeHowLongItIsHeldAndLinksToIt() async throws {
        let composer = try await MessageComposer.bundled(siteURL: "https://book.example.com/")
        for language in Language.allCases {
            var outgoing = Self.outgoing(.waitlistOffer, language, salon: true)
            outgoing.message.facts.confirmationCode = ""
            outgoing.message.facts.offerToken = "0123abcd"
            outgoing.message.facts.heldUntilMinute = 29_900_000 - 60
            let composed = try composer.compose(outgoing)
            #expect(composed.subject.contains("Salon Hana"))
            #expect(composed.text.contains("https://book.example.com/#/offer?token=0123abcd&lang=\(language.rawValue)"))
            #expect(composed.html.contains("#/offer?token=0123abcd"))
            #expect(composed.text.contains("Cut, Colour") && composed.text.contains("Aoi"))
            #expect(!composed.text.contains("{{") && !composed.html.contains("{{"))
            var tokyo = Calendar(identifier: .gregorian)
            tokyo.timeZone = TimeZone(identifier: "Asia/Tokyo")!
            let held = Date(timeIntervalSince1970: Double(29_900_000 - 60) * 60)
            let clock =
                "\(tokyo.component(.hour, from: held)):\(String(format: "%02d", tokyo.component(.minute, from: held)))"
            #expect(composed.text.contains(clock), "\(language): \(clock)")
            // No deposit asked, none said; one asked is said with its amount.
            let amount = MessageComposer.money(
                1_980, currency: "JPY", locale: Locale(identifier: MessageComposer.localeIDs[language] ?? "en-GB"))
            #expect(!composed.text.contains(amount) && !composed.html.contains(amount))
            outgoing.message.facts.deposit = 1_980
            let asking = try composer.compose(outgoing)
            #expect(asking.text.contains(amount) && asking.html.contains(amount), "\(language): \(asking.text)")
            guard language != .en else { continue }
            let english = ["time", "opened", "held", "until", "book", "next", "customer", "see"]
            let prose = composed.text.split(separator: "\n").filter { !$0.hasPrefix("http") }.joined(separator: " ")
            let left = prose.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init).filter {
                english.contains($0)
            }
            #expect(left.isEmpty, "English left in the \(language) offer: \(left)")
        }
    }

    /// A visit booked at the desk has no code: its messages name none and link to no page it cannot open.
    @Test func aVisitWithoutACodeNamesNoneAndLinksNowhere() async throws {
        let composer = try await MessageComposer.bundled(siteURL: "https://book.example.com")
        for kind in [MessageKind.confirmation, .change, .reminder] {
            for language in Language.allCases {
                var outgoing = Self.outgoing(kind, language, salon: true)
                outgoing.message.facts.confirmationCode = ""
                let composed = try composer.compose(outgoing)
                #expect(!composed.subject.contains("()") && !composed.subject.contains("（）"), "\(composed.subject)")
                #expect(!composed.text.contains("book.example.com") && !composed.html.contains("book.example.com"))
                #expect(composed.text.contains("Cut, Colour"))
                let codeWord = try composer.compose(Self.outgoing(kind, language, salon: true)).text
                    .split(separator: "\n").first { $0.hasSuffix("AB12CD34") }?.split(separator: ":").first
                #expect(codeWord.map { !composed.text.contains($0) } ?? false, "\(language) \(kind)")
            }
        }
    }

    @Test func factsAreWrittenAsTheLanguageWritesThem() async throws {
        let composer = try await MessageComposer.bundled(siteURL: "https://book.example.com")
        let japanese = try composer.compose(Self.outgoing(.confirmation, .ja))
        #expect(japanese.subject == "ご予約確定：Baan Suan（FD-7QK2M4）")
        #expect(japanese.text.contains("2026年12月18日"))
        #expect(japanese.text.contains("2泊"))
        // Thai years are the Buddhist era's, as the guest site writes them.
        #expect(try composer.compose(Self.outgoing(.confirmation, .th)).text.contains("2569"))
        let english = try composer.compose(Self.outgoing(.confirmation, .en))
        #expect(english.text.contains("Friday 18 December 2026") || english.text.contains("Friday, 18 December 2026"))
        #expect(english.text.contains("3,931.20"))
        // A salon's visit, in the salon's time zone; a cancellation states its fee.
        let visit = try composer.compose(Self.outgoing(.cancellation, .en, salon: true))
        let start = Date(timeIntervalSince1970: 29_900_000 * 60)
        var tokyo = Calendar(identifier: .gregorian)
        tokyo.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        let hour = tokyo.component(.hour, from: start)
        #expect(visit.text.contains(String(format: "%02d:", hour)))
        #expect(visit.text.contains("Cut, Colour"))
        #expect(visit.text.contains("3,000"))
        let free = try composer.compose(Self.outgoing(.cancellation, .en))
        #expect(free.text.contains("No cancellation fee"))
        // The property's own line, in the message's language, ends the message; a hotel's check-in time.
        var noted = Self.outgoing(.preArrival, .ja)
        noted.message.facts.note = "駐車場は裏手にございます。"
        noted.message.facts.checkInMinute = 15 * 60
        let arriving = try composer.compose(noted)
        #expect(arriving.subject.hasPrefix("ご滞在が近づいています"))
        #expect(arriving.text.contains("駐車場は裏手にございます。") && arriving.html.contains("駐車場は裏手にございます。"))
        #expect(arriving.text.contains("チェックイン開始: 15:00"))
        // An invoice, as issued, in Japanese.
        var invoice = Self.outgoing(.document, .ja)
        invoice.message.facts.document = DocumentFacts(
            FolioDocument(
                id: 1, propertyID: 1, stayID: 5, kind: .invoice, number: 42,
                issuedOn: Day(year: 2026, month: 12, day: 20),
                issuer: Issuer(name: "Baan Suan Co., Ltd.", address: "1 Nimman Rd", taxID: "0105551234567"),
                guestName: "Sato Yui", confirmationCode: "FD-7QK2M4",
                nights: try Nights(
                    arrival: Day(year: 2026, month: 12, day: 18), departure: Day(year: 2026, month: 12, day: 20)),
                rooms: ["101"], currency: .thb, charges: [.init(description: "Minibar", amount: Money(18_000, .thb))],
                taxes: [.init(name: "VAT 7%", basis: nil, basisPoints: 700, perNight: nil, amount: Money(1_260, .thb))],
                payments: []))
        let sent = try composer.compose(invoice)
        #expect(sent.subject == "Baan Suanの請求書（INV-000042）")
        #expect(sent.text.contains("請求書 INV-000042") && sent.text.contains("0105551234567"))
        #expect(sent.text.contains("Minibar: THB 180.00") || sent.text.contains("Minibar: THB\u{a0}180.00"))
        #expect(sent.html.contains("INV-000042"))
        // HTML escapes what the facts hold.
        var tricky = Self.outgoing(.confirmation, .en)
        tricky.message.facts.guestName = "<b>Ann</b>"
        let html = try composer.compose(tricky).html
        #expect(!html.contains("<b>Ann</b>") && html.contains("&lt;b&gt;Ann&lt;/b&gt;"))
    }
}
