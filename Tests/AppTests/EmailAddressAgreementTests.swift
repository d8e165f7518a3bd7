import Booking
import Foundation
import Mail
import PropertyBased
import Testing

/// One rule for an email address: what the domain takes from a guest (`Guest.validate`), the SMTP client
/// sends to (`MailAddress.validate`). What SMTP would refuse is refused at the door, naming the field.
struct EmailAddressAgreementTests {
    static let refused = [
        "a@x.test\r\nBcc: other@x.test", "a..b@x.test", "(c)a@x.test", "a.@x.test", ".a@x.test", "a@x.test\n",
        "a b@x.test", "a@-x.test", "a@x..test", "<a@x.test>", "a\"b@x.test", "a@b@x.test", "a@localhost",
        String(repeating: "a", count: 65) + "@x.test",
    ]

    @Test(arguments: refused)
    func anAddressSMTPWouldRefuseIsRefusedNamingTheField(_ email: String) {
        let refusal = #expect(throws: DomainError.self) { try Guest.validate(name: "Ann", email: email, phone: "") }
        #expect(refusal?.field == "guest.email" && refusal?.reason == .emailInvalid, "\(email)")
    }

    @Test(arguments: ["guest@example.com", "a.b+tag@sub.example.co.th", "山田@example.jp", "o'brien@x.test"])
    func anAddressTheDomainTakesTheClientSendsTo(_ email: String) throws {
        try Guest.validate(name: "Ann", email: email, phone: "")
        _ = try MailAddress.parse(email)
    }

    /// At random, from the characters that matter (dots, @, the structural ones, line breaks, non-ASCII):
    /// every address the domain takes, the SMTP client takes too.
    @Test func everyAddressTheDomainTakesTheClientTakesToo() async {
        let alphabet = Array("ab.@-_+\"(),:;<>[]\\ \r\n\tü山x")
        let text = Gen.int(in: 0..<alphabet.count).array(of: 1...24).map { String($0.map { alphabet[$0] }) }
        await propertyCheck(count: 2_000, input: text) { typed in
            let email = typed + (typed.contains("@") ? ".test" : "@x.test")
            guard (try? Guest.validate(name: "Ann", email: email, phone: "")) != nil else { return }
            #expect(throws: Never.self, "\(email.debugDescription)") { _ = try MailAddress.parse(email) }
        }
    }
}
