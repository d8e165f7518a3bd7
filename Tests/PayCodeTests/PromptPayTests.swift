import Testing

@testable import PayCode

@Suite("PromptPay payloads")
struct PromptPayTests {
    /// The published vector is often captioned "0812345678", but its tag 29 sub-tag 01 is `0066801234567`,
    /// which is mobile 080-123-4567 (the CRC 6197 matches that text). We reproduce it from that number.
    @Test("mobile 080-123-4567, static, reproduces the published vector exactly")
    func publishedVector() throws {
        let code = try PromptPay(recipient: .mobile("0801234567"))
        #expect(code.payload == PublishedVectors.promptPayStatic)
    }

    /// CRC 5D82 was computed independently (a bitwise CRC-16/CCITT-FALSE in Python) for this exact text.
    @Test("mobile 0812345678, static, drops the leading 0 and prefixes 0066")
    func mobile0812345678() throws {
        let code = try PromptPay(recipient: .mobile("0812345678"))
        #expect(code.payload == "00020101021129370016A000000677010111011300668123456785802TH53037646304" + "5D82")
    }

    @Test(
        "common ways of writing the same mobile number give the same payload",
        arguments: [
            "080-123-4567", "080 123 4567", "+66801234567", "+66 80 123 4567", "0066801234567", "(080) 123-4567",
        ])
    func mobileFormats(phone: String) throws {
        #expect(try PromptPay(recipient: .mobile(phone)).payload == PublishedVectors.promptPayStatic)
    }

    @Test("an amount makes the code dynamic (010212) and is written with two decimals after tag 53")
    func amount() throws {
        let payload = try PromptPay(recipient: .mobile("0812345678"), amountSatang: 10_000).payload
        #expect(payload.hasPrefix("000201010212"))
        let decoded = try EMVPayload.decode(payload)
        #expect(decoded.elements.map(\.tag) == ["00", "01", "29", "58", "53", "54"])
        #expect(decoded.value(for: "54") == "100.00")
    }

    @Test(
        "satang amounts keep their leading zeros",
        arguments: [(1, "0.01"), (5, "0.05"), (99, "0.99"), (100, "1.00"), (123_456, "1234.56")])
    func amountFormatting(satang: Int, expected: String) throws {
        let payload = try PromptPay(recipient: .mobile("0812345678"), amountSatang: satang).payload
        #expect(try EMVPayload.decode(payload).value(for: "54") == expected)
    }

    @Test("the largest amount that fits 13 characters is accepted, one satang more is refused")
    func amountBound() throws {
        let largest = try PromptPay(recipient: .mobile("0812345678"), amountSatang: 999_999_999_999)
        #expect(try EMVPayload.decode(largest.payload).value(for: "54") == "9999999999.99")
        let error = #expect(throws: PayCodeError.self) {
            try PromptPay(recipient: .mobile("0812345678"), amountSatang: 1_000_000_000_000)
        }
        #expect(error?.field == .amount)
    }

    @Test("a reference goes in tag 62 sub-tag 05, after the amount")
    func reference() throws {
        let payload = try PromptPay(recipient: .mobile("0812345678"), amountSatang: 150_050, reference: "BK-2024-0042")
            .payload
        let decoded = try EMVPayload.decode(payload)
        #expect(decoded.elements.map(\.tag) == ["00", "01", "29", "58", "53", "54", "62"])
        #expect(try decoded.template("62") == [try TLV("05", "BK-2024-0042")])
        #expect(payload.contains("54071500.50621605" + "12BK-2024-0042"))
    }

    @Test("a national ID goes in sub-tag 02 and an e-wallet ID in sub-tag 03")
    func otherProxies() throws {
        let national = try EMVPayload.decode(try PromptPay(recipient: .nationalID("1-2345-67890-12-3")).payload)
        #expect(
            try national.template("29") == [try TLV("00", PromptPay.applicationID), try TLV("02", "1234567890123")])
        let wallet = try EMVPayload.decode(try PromptPay(recipient: .eWallet("123456789012345")).payload)
        #expect(try wallet.template("29")?.value(for: "03") == "123456789012345")
    }

    @Test(
        "a bad mobile number is refused naming the phone field",
        arguments: [
            "", "812345678", "081234567", "08123456789", "0212345678", "08l2345678", "+6681234567", "+1 812 345 6789",
        ])
    func badPhone(phone: String) {
        let error = #expect(throws: PayCodeError.self) { try PromptPay(recipient: .mobile(phone)) }
        #expect(error?.field == .phone)
    }

    @Test(
        "a national ID that is not 13 digits is refused naming the nationalID field",
        arguments: ["", "123456789012", "12345678901234", "123456789012X"])
    func badNationalID(id: String) {
        let error = #expect(throws: PayCodeError.self) { try PromptPay(recipient: .nationalID(id)) }
        #expect(error?.field == .nationalID)
    }

    @Test(
        "an e-wallet ID that is not 15 digits is refused naming the eWalletID field",
        arguments: ["12345678901234", "1234567890123456", "12345678901234A"])
    func badEWallet(id: String) {
        let error = #expect(throws: PayCodeError.self) { try PromptPay(recipient: .eWallet(id)) }
        #expect(error?.field == .eWalletID)
    }

    @Test("a zero or negative amount is refused naming the amount field", arguments: [0, -1, Int.min])
    func badAmount(satang: Int) {
        let error = #expect(throws: PayCodeError.self) {
            try PromptPay(recipient: .mobile("0812345678"), amountSatang: satang)
        }
        #expect(error?.field == .amount)
    }

    @Test(
        "a reference that is empty, longer than 25 or not printable ASCII is refused naming the reference field",
        arguments: ["", String(repeating: "A", count: 26), "ห้อง 101", "Tab\there", "Line\n"])
    func badReference(reference: String) {
        let error = #expect(throws: PayCodeError.self) {
            try PromptPay(recipient: .mobile("0812345678"), reference: reference)
        }
        #expect(error?.field == .reference)
    }

    @Test("a 25-character reference with spaces and punctuation is accepted")
    func longestReference() throws {
        let reference = "Room 101 / 2024-05-01 #7!"
        #expect(reference.count == 25)
        let payload = try PromptPay(recipient: .mobile("0812345678"), reference: reference).payload
        #expect(try EMVPayload.decode(payload).template("62")?.value(for: "05") == reference)
    }
}
