import Foundation
import MailTesting
import Testing

@testable import PayCode

/// End-to-end check with independent tools: our SVG → PNG (rsvg-convert, Debian package librsvg2-bin) →
/// decoded by zbarimg (Debian package zbar-tools), which must return the payload byte for byte.
///
/// If the tools are missing these tests fail with a message saying what to install, unless the environment
/// sets FRONTDESK_SKIP_ZBAR=1.
@Suite("Decoding our SVGs with zbarimg")
struct ZbarDecodeTests {
    /// One payload to round-trip, with a readable name for the test report.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let level: QRErrorCorrection
        /// The version the encoder must choose, when the case is about versions.
        var expectedVersion: Int? = nil
        var testDescription: String { name }
    }

    static let payloadCases: [Case] = {
        var cases = [
            Case(name: "PromptPay published vector", text: PublishedVectors.promptPayStatic, level: .medium),
            Case(name: "VietQR published vector", text: PublishedVectors.vietQRStatic, level: .medium),
        ]
        if let promptPay = try? PromptPay(
            recipient: .mobile("081-234-5678"), amountSatang: 150_050, reference: "BK-2024-0042")
        {
            cases.append(Case(name: "PromptPay with amount and reference", text: promptPay.payload, level: .medium))
        }
        if let promptPay = try? PromptPay(recipient: .nationalID("1234567890123"), amountSatang: 99) {
            cases.append(Case(name: "PromptPay national ID with amount", text: promptPay.payload, level: .high))
        }
        if let vietQR = try? VietQR(
            bankBIN: "970436", beneficiary: .account("1234567890123"), amountDong: 2_500_000,
            reference: "Booking 42 Room 101")
        {
            cases.append(Case(name: "VietQR with amount and reference", text: vietQR.payload, level: .medium))
        }
        if let vietQR = try? VietQR(bankBIN: "970423", beneficiary: .card("9704230012345678"), amountDong: 50_000) {
            cases.append(Case(name: "VietQR card with amount", text: vietQR.payload, level: .quartile))
        }
        return cases
    }()

    /// For each version 1...12 and each level, a string that exactly fills that version, so the encoder must
    /// pick it; plus versions 20 and 40 at one level each. Content is varied printable ASCII.
    static let versionCases: [Case] = {
        let levels: [(QRErrorCorrection, String)] = [(.low, "L"), (.medium, "M"), (.quartile, "Q"), (.high, "H")]
        let pairs =
            (1...12).flatMap { version in levels.map { (version, $0.0, $0.1) } }
            + [(20, .quartile, "Q"), (40, .low, "L")]
        return pairs.map { version, level, letter in
            let length = QRCode.byteCapacity(version: version, errorCorrection: level)
            return Case(
                name: "version \(version)-\(letter)", text: sampleText(length: length, seed: version), level: level,
                expectedVersion: version)
        }
    }()

    /// Deterministic printable ASCII text (a linear congruential generator over 0x20...0x7E).
    static func sampleText(length: Int, seed: Int) -> String {
        var state = UInt32(truncatingIfNeeded: seed &* 2_654_435_761 &+ 1)
        var scalars = String.UnicodeScalarView()
        for _ in 0..<length {
            state = state &* 1_664_525 &+ 1_013_904_223
            scalars.append(Unicode.Scalar(UInt8(0x20 + (state >> 16) % 95)))
        }
        return String(scalars)
    }

    @Test("payment payloads decode to exactly the payload", arguments: payloadCases)
    func paymentPayloads(testCase: Case) throws {
        try Self.expectRoundTrip(testCase)
    }

    @Test("each version 1...12 at each level, and 20-Q and 40-L, decodes exactly", arguments: versionCases)
    func versionsAndLevels(testCase: Case) throws {
        let code = try QRCode(text: testCase.text, errorCorrection: testCase.level)
        #expect(code.version == testCase.expectedVersion)
        try Self.expectRoundTrip(testCase)
    }

    /// UTF-8 text (a Thai hotel name) is stored as raw bytes without an ECI header. zbarimg then guesses the
    /// character set: `--raw` alone happens to get long Thai text right but turns short UTF-8 such as "Café"
    /// into Shift-JIS mojibake, so the exact bytes are only guaranteed with `-Sbinary`. EMV payloads from this
    /// module are ASCII, where the guess cannot go wrong.
    @Test(
        "UTF-8 text decodes byte for byte with zbarimg -Sbinary",
        arguments: ["โรงแรมกรุงเทพ Bangkok", "Café Đà Lạt"])
    func utf8(text: String) throws {
        guard let tools = try Self.tools() else { return }
        let png = try Self.renderPNG(try QRCode(text: text), tools: tools)
        defer { try? FileManager.default.removeItem(at: png) }
        let output = try Self.run(tools.zbarimg, ["--raw", "-q", "-Sbinary", png.path])
        #expect(String(decoding: output, as: UTF8.self) == text)
    }

    // MARK: - Helpers

    struct Tools {
        let rsvgConvert: URL
        let zbarimg: URL
        let directory: URL
    }

    static func expectRoundTrip(_ testCase: Case) throws {
        guard let tools = try tools() else { return }
        let code = try QRCode(text: testCase.text, errorCorrection: testCase.level)
        let png = try renderPNG(code, tools: tools)
        defer { try? FileManager.default.removeItem(at: png) }
        var output = String(decoding: try run(tools.zbarimg, ["--raw", "-q", png.path]), as: UTF8.self)
        // zbarimg ends each decoded symbol with a newline.
        if output.hasSuffix("\n") { output.removeLast() }
        #expect(output == testCase.text, "zbarimg read a different text for \(testCase.name) (v\(code.version))")
    }

    /// Finds the tools, or returns nil when FRONTDESK_SKIP_ZBAR=1; otherwise a missing tool is a test failure.
    static func tools() throws -> Tools? {
        let environment = ProcessInfo.processInfo.environment
        if environment["FRONTDESK_SKIP_ZBAR"] == "1" { return nil }
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        func find(_ name: String) -> URL? {
            path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
                .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        }
        let rsvg = find("rsvg-convert")
        let zbar = find("zbarimg")
        guard let rsvg, let zbar else {
            var missing: [String] = []
            if rsvg == nil { missing.append("rsvg-convert (apt-get install librsvg2-bin)") }
            if zbar == nil { missing.append("zbarimg (apt-get install zbar-tools)") }
            Issue.record(
                "Missing \(missing.joined(separator: " and ")). Install, or set FRONTDESK_SKIP_ZBAR=1 to skip.")
            return nil
        }
        return Tools(rsvgConvert: rsvg, zbarimg: zbar, directory: FileManager.default.temporaryDirectory)
    }

    /// Writes the SVG at 4 pixels per module to a temporary file and converts it to a PNG; returns the PNG's
    /// location, which the caller deletes.
    static func renderPNG(_ code: QRCode, tools: Tools) throws -> URL {
        let base = tools.directory.appendingPathComponent("paycode-\(UUID().uuidString)")
        let svgURL = base.appendingPathExtension("svg")
        let pngURL = base.appendingPathExtension("png")
        try code.svg(label: "test", pixelsPerModule: 4).write(to: svgURL, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: svgURL) }
        _ = try run(tools.rsvgConvert, ["--format=png", "-o", pngURL.path, svgURL.path])
        return pngURL
    }

    /// Runs a tool and returns its standard output; a non-zero exit is an error carrying the exit status.
    /// Standard error is discarded (zbarimg prints D-Bus connection warnings there on headless machines).
    static func run(_ executable: URL, _ arguments: [String]) throws -> Data {
        let result = try TestTools.runBlocking(executable.path, arguments)
        guard result.status == 0 else {
            throw ToolFailure(tool: executable.lastPathComponent, status: result.status)
        }
        return Data(result.stdout.utf8)
    }

    struct ToolFailure: Error, CustomStringConvertible {
        let tool: String
        let status: Int32
        var description: String { "\(tool) exited with status \(status) (zbarimg: 4 means no symbol found)" }
    }
}
