import Testing

@testable import PayCode

@Suite("CRC-16/CCITT-FALSE")
struct CRC16Tests {
    @Test("the standard check value of \"123456789\" is 0x29B1")
    func checkValue() {
        #expect(CRC16.ccittFalse("123456789") == 0x29B1)
    }

    @Test("an empty input leaves the initial value 0xFFFF")
    func emptyInput() {
        #expect(CRC16.ccittFalse([UInt8]()) == 0xFFFF)
    }

    @Test("hex formatting is four uppercase digits with leading zeros")
    func hexFormatting() {
        #expect(CRC16.hex(0x29B1) == "29B1")
        #expect(CRC16.hex(0x00AF) == "00AF")
        #expect(CRC16.hex(0xCBB4) == "CBB4")
    }
}
