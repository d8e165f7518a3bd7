import Testing

@testable import PayCode

@Suite("EMV TLV payloads")
struct EMVPayloadTests {
    @Test("a built payload decodes back to the same data objects, nested templates included")
    func roundTrip() throws {
        let merchant = try TLV(
            "29", children: [try TLV("00", PromptPay.applicationID), try TLV("02", "1234567890123")])
        let elements = [
            try TLV("00", "01"), try TLV("01", "12"), merchant, try TLV("58", "TH"), try TLV("53", "764"),
            try TLV("54", "250.75"), try TLV("62", children: [try TLV("05", "INV-0001")]),
        ]
        let payload = EMVPayload(elements: elements).string
        let decoded = try EMVPayload.decode(payload)
        #expect(decoded.elements == elements)
        #expect(try decoded.template("29") == [try TLV("00", PromptPay.applicationID), try TLV("02", "1234567890123")])
        #expect(try decoded.template("62")?.value(for: "05") == "INV-0001")
        #expect(try decoded.template("38") == nil)
        #expect(decoded.value(for: "54") == "250.75")
    }

    @Test("the CRC covers everything before it including the 6304 header")
    func crcCoversHeader() {
        let payload = EMVPayload(elements: [TLV(unchecked: "00", "01")]).string
        #expect(payload == "0002016304" + CRC16.hex(CRC16.ccittFalse("0002016304")))
    }

    @Test("the published payload vectors decode and pass their CRC")
    func vectorsDecode() throws {
        let promptPay = try EMVPayload.decode(PublishedVectors.promptPayStatic)
        #expect(try promptPay.template("29")?.value(for: "01") == "0066801234567")
        let vietQR = try EMVPayload.decode(PublishedVectors.vietQRStatic)
        let organisation = try #require(try vietQR.template("38")?.value(for: "01"))
        #expect(try TLV.parse(organisation) == [try TLV("00", "970423"), try TLV("01", "0099999999")])
    }

    @Test("changing any one character of a payload makes the CRC check fail", arguments: [0, 10, 30, 60, 69])
    func corruptedPayloadFailsCRC(position: Int) throws {
        var characters = Array(PublishedVectors.promptPayStatic)
        // Swap a digit for another digit (or a letter for another letter) so the TLV structure stays readable.
        characters[position] = characters[position] == "1" ? "2" : (characters[position].isNumber ? "1" : "B")
        let corrupted = String(characters)
        let error = #expect(throws: PayCodeError.self) { try EMVPayload.decode(corrupted) }
        #expect(error?.field == .crc || error?.field == .payload)
        // Changes inside values leave the structure intact, so the CRC is what catches them.
        if position >= 30 && position < 69 { #expect(error?.field == .crc) }
    }

    @Test("a wrong CRC value is refused naming the crc field")
    func wrongCRC() {
        let payload = String(PublishedVectors.vietQRStatic.dropLast(4)) + "0000"
        let error = #expect(throws: PayCodeError.self) { try EMVPayload.decode(payload) }
        #expect(error?.field == .crc)
    }

    @Test("a lowercase CRC is accepted, as some generators emit it")
    func lowercaseCRC() throws {
        let payload = String(PublishedVectors.vietQRStatic.dropLast(4)) + "cbb4"
        #expect(try EMVPayload.decode(payload).value(for: "58") == "VN")
    }

    @Test("a payload without a trailing CRC is refused naming the crc field")
    func missingCRC() {
        let error = #expect(throws: PayCodeError.self) { try EMVPayload.decode("000201010211") }
        #expect(error?.field == .crc)
    }

    @Test(
        "broken TLV structure is refused naming the payload field",
        arguments: ["", "0002", "00020", "0002010199x", "AB02010102", "000201010011", "010211000201"])
    func brokenStructure(payload: String) {
        let error = #expect(throws: PayCodeError.self) { try EMVPayload.decode(payload) }
        #expect(error?.field == .payload)
    }

    @Test("TLV refuses a tag that is not two digits and a value outside 1...99 characters")
    func tlvValidation() {
        #expect(#expect(throws: PayCodeError.self) { try TLV("5", "x") }?.field == .tag)
        #expect(#expect(throws: PayCodeError.self) { try TLV("5A", "x") }?.field == .tag)
        #expect(#expect(throws: PayCodeError.self) { try TLV("62", "") }?.field == .value)
        #expect(
            #expect(throws: PayCodeError.self) { try TLV("62", String(repeating: "x", count: 100)) }?.field == .value)
    }

    @Test("the length of a 99-character value is written as 99 and a 5-character one as 05")
    func lengthFormatting() throws {
        #expect(try TLV("62", String(repeating: "x", count: 99)).encoded.prefix(4) == "6299")
        #expect(try TLV("08", "hello").encoded == "0805hello")
    }
}

/// The published example payloads every implementation is checked against.
enum PublishedVectors {
    /// PromptPay static, no amount (the widely used promptpay-qr example). Its proxy is `0066801234567`,
    /// i.e. mobile 080-123-4567, even where it is captioned 0812345678.
    static let promptPayStatic = "00020101021129370016A000000677010111011300668012345675802TH53037646304" + "6197"
    /// VietQR to account 0099999999 at BIN 970423, static, no amount (the NAPAS/VietQR example).
    static let vietQRStatic =
        "00020101021138540010A00000072701240006970423011000999999990208QRIBFTTA53037045802VN6304" + "CBB4"
}
