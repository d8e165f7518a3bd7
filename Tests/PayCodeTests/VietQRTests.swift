import Testing

@testable import PayCode

@Suite("VietQR payloads")
struct VietQRTests {
    @Test("BIN 970423 account 0099999999, static, reproduces the published vector exactly")
    func publishedVector() throws {
        let code = try VietQR(bankBIN: "970423", beneficiary: .account("0099999999"))
        #expect(code.payload == PublishedVectors.vietQRStatic)
    }

    @Test("an amount in đồng is an integer in tag 54, between tags 53 and 58, and makes the code dynamic")
    func amount() throws {
        let payload = try VietQR(bankBIN: "970423", beneficiary: .account("0099999999"), amountDong: 150_000).payload
        #expect(payload.hasPrefix("000201010212"))
        let decoded = try EMVPayload.decode(payload)
        #expect(decoded.elements.map(\.tag) == ["00", "01", "38", "53", "54", "58"])
        #expect(decoded.value(for: "54") == "150000")
    }

    @Test("a reference goes in tag 62 sub-tag 08 (purpose of transaction)")
    func reference() throws {
        let payload = try VietQR(
            bankBIN: "970436", beneficiary: .account("1234567890123"), amountDong: 2_500_000,
            reference: "Booking 42 Room 101"
        ).payload
        let decoded = try EMVPayload.decode(payload)
        #expect(decoded.elements.map(\.tag) == ["00", "01", "38", "53", "54", "58", "62"])
        #expect(try decoded.template("62") == [try TLV("08", "Booking 42 Room 101")])
    }

    @Test("a card beneficiary uses service code QRIBFTTC")
    func card() throws {
        let payload = try VietQR(bankBIN: "970423", beneficiary: .card("9704 2300 1234 5678")).payload
        let merchant = try #require(try EMVPayload.decode(payload).template("38"))
        #expect(merchant.value(for: "02") == "QRIBFTTC")
        #expect(try TLV.parse(try #require(merchant.value(for: "01"))).value(for: "01") == "9704230012345678")
    }

    @Test("a 19-character alphanumeric account (a bank virtual account) is accepted")
    func longAlphanumericAccount() throws {
        let payload = try VietQR(bankBIN: "970422", beneficiary: .account("VQRQ0001234ABCDEF99")).payload
        #expect(payload.contains("0119VQRQ0001234ABCDEF99"))
    }

    @Test("the largest 13-digit amount is accepted and a 14-digit one is refused")
    func amountBound() throws {
        _ = try VietQR(bankBIN: "970423", beneficiary: .account("0099999999"), amountDong: 9_999_999_999_999)
        let error = #expect(throws: PayCodeError.self) {
            try VietQR(bankBIN: "970423", beneficiary: .account("0099999999"), amountDong: 10_000_000_000_000)
        }
        #expect(error?.field == .amount)
    }

    @Test(
        "a BIN that is not 6 digits is refused naming the bankBIN field",
        arguments: ["", "97042", "9704230", "97042A", "９７０４２３"])
    func badBIN(bin: String) {
        let error = #expect(throws: PayCodeError.self) { try VietQR(bankBIN: bin, beneficiary: .account("0099999999")) }
        #expect(error?.field == .bankBIN)
    }

    @Test(
        "an account that is empty, over 19 characters or not alphanumeric is refused naming the accountNumber field",
        arguments: ["", "12345678901234567890", "0099-999999", "0099 999999", "tài khoản"])
    func badAccount(account: String) {
        let error = #expect(throws: PayCodeError.self) { try VietQR(bankBIN: "970423", beneficiary: .account(account)) }
        #expect(error?.field == .accountNumber)
    }

    @Test(
        "a card number that is not 1...19 digits is refused naming the cardNumber field",
        arguments: ["", "12345678901234567890", "9704X"])
    func badCard(card: String) {
        let error = #expect(throws: PayCodeError.self) { try VietQR(bankBIN: "970423", beneficiary: .card(card)) }
        #expect(error?.field == .cardNumber)
    }

    @Test("a zero or negative amount is refused naming the amount field", arguments: [0, -50_000])
    func badAmount(dong: Int) {
        let error = #expect(throws: PayCodeError.self) {
            try VietQR(bankBIN: "970423", beneficiary: .account("0099999999"), amountDong: dong)
        }
        #expect(error?.field == .amount)
    }

    @Test(
        "a reference with diacritics or over 25 characters is refused naming the reference field",
        arguments: ["Đặt phòng 42", String(repeating: "x", count: 26), ""])
    func badReference(reference: String) {
        let error = #expect(throws: PayCodeError.self) {
            try VietQR(bankBIN: "970423", beneficiary: .account("0099999999"), reference: reference)
        }
        #expect(error?.field == .reference)
    }
}
