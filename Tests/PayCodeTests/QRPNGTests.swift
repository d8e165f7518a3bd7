import Foundation
import Testing

@testable import PayCode

/// The code as a PNG, for a mail: its checksums against their published check values, its header, and the
/// image read back by Debian's zbarimg as exactly the payload.
@Suite("Drawing a code as a PNG")
struct QRPNGTests {
    @Test func theChecksumsGiveTheirPublishedCheckValues() {
        #expect(PNG.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(PNG.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
    }

    @Test func theImageIsOneBitGreyOfTheCodeAndItsQuietZoneAtTheScaleAsked() throws {
        let code = try QRCode(text: PublishedVectors.promptPayStatic, errorCorrection: .medium)
        let png = code.png(pixelsPerModule: 5)
        #expect(Array(png.prefix(8)) == PNG.signature)
        #expect(String(decoding: png[12..<16], as: UTF8.self) == "IHDR")
        let side = (code.size + 2 * QRCode.quietZone) * 5
        #expect(Array(png[16..<24]) == PNG.bigEndian(UInt32(side)) + PNG.bigEndian(UInt32(side)))
        #expect(Array(png[24..<26]) == [1, 0], "bit depth 1, greyscale")
        #expect(String(decoding: png.suffix(8).prefix(4), as: UTF8.self) == "IEND")
    }

    @Test func aStreamLongerThanOneStoredBlockSplitsIntoBlocksTheLastMarkedFinal() {
        let data = [UInt8](repeating: 7, count: 70_000)
        let stream = PNG.zlibStored(data)
        #expect(stream.count == 2 + (5 + 65_535) + (5 + 4_465) + 4)
        #expect(stream[2] == 0 && stream[2 + 5 + 65_535] == 1)
    }

    @Test(
        "a payment's code as a PNG decodes to exactly its payload",
        arguments: [PublishedVectors.promptPayStatic, PublishedVectors.vietQRStatic])
    func decodes(payload: String) throws {
        guard let tools = try ZbarDecodeTests.tools() else { return }
        let file = tools.directory.appendingPathComponent("paycode-\(UUID().uuidString).png")
        try Data(try QRCode(text: payload, errorCorrection: .medium).png()).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var output = String(
            decoding: try ZbarDecodeTests.run(tools.zbarimg, ["--raw", "-q", file.path]), as: UTF8.self)
        if output.hasSuffix("\n") { output.removeLast() }
        #expect(output == payload)
    }
}
