import Testing

@testable import PayCode

@Suite("QR encoder")
struct QREncoderTests {
    @Test("our symbol equals the independent reference encoder's, module for module", arguments: referenceSymbols)
    func matchesReference(reference: ReferenceSymbol) throws {
        let code = try QRCode(text: reference.text, errorCorrection: reference.level)
        #expect(code.version == reference.version)
        #expect(code.mask == reference.mask)
        #expect(code.size == reference.version * 4 + 17)
        var mismatches: [String] = []
        for y in 0..<code.size {
            let expected = reference.bits(row: y, size: code.size)
            for x in 0..<code.size where code.isDark(x: x, y: y) != expected[x] { mismatches.append("(\(x),\(y))") }
        }
        #expect(mismatches.isEmpty, "modules differ at \(mismatches.prefix(20).joined(separator: " "))")
    }

    @Test("a forced mask is applied and written into the format information")
    func forcedMaskIsApplied() throws {
        let reference = referenceSymbols[0]
        for mask in 0..<8 {
            let code = try QRCode(text: reference.text, errorCorrection: reference.level, mask: mask)
            #expect(code.mask == mask)
            // Format information around the top-left finder encodes level M and this mask.
            let expected = QRMatrix.formatBits(level: .medium, mask: mask)
            let read = (0...5).map { code.isDark(x: 8, y: $0) } + [code.isDark(x: 8, y: 7)]
            #expect(read == (0...6).map { (expected >> $0) & 1 == 1 })
        }
    }

    @Test("Reed–Solomon reproduces the ISO/IEC 18004 Annex I example codewords for \"01234567\" at 1-M")
    func reedSolomonISOExample() {
        let data: [UInt8] = [
            0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11,
        ]
        let ecc = ReedSolomon.remainder(of: data, generator: ReedSolomon.generator(degree: 10))
        #expect(ecc == [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55])
    }

    @Test("format information words match the published table (BCH 15,5 with mask 0x5412)")
    func formatInformation() {
        #expect(QRMatrix.formatBits(level: .medium, mask: 0) == 0x5412)
        #expect(QRMatrix.formatBits(level: .low, mask: 0) == 0x77C4)
        #expect(QRMatrix.formatBits(level: .quartile, mask: 0) == 0x355F)
        #expect(QRMatrix.formatBits(level: .high, mask: 0) == 0x1689)
        #expect(QRMatrix.formatBits(level: .high, mask: 7) == 0x083B)
    }

    @Test("version information words match the published table (BCH 18,6)")
    func versionInformation() {
        #expect(QRMatrix.versionBits(version: 7) == 0x07C94)
        #expect(QRMatrix.versionBits(version: 10) == 0x0A4D3)
        #expect(QRMatrix.versionBits(version: 40) == 0x28C69)
    }

    @Test("alignment pattern centres match the standard's table")
    func alignmentPositions() {
        #expect(QRTables.alignmentPositions(version: 1) == [])
        #expect(QRTables.alignmentPositions(version: 2) == [6, 18])
        #expect(QRTables.alignmentPositions(version: 7) == [6, 22, 38])
        #expect(QRTables.alignmentPositions(version: 32) == [6, 34, 60, 86, 112, 138])
        #expect(QRTables.alignmentPositions(version: 40) == [6, 30, 58, 86, 114, 142, 170])
    }

    @Test("byte capacities match the standard's table at the corners")
    func capacities() {
        #expect(QRCode.byteCapacity(version: 1, errorCorrection: .low) == 17)
        #expect(QRCode.byteCapacity(version: 1, errorCorrection: .medium) == 14)
        #expect(QRCode.byteCapacity(version: 1, errorCorrection: .high) == 7)
        #expect(QRCode.byteCapacity(version: 10, errorCorrection: .medium) == 213)
        #expect(QRCode.byteCapacity(version: 40, errorCorrection: .low) == 2953)
        #expect(QRCode.byteCapacity(version: 40, errorCorrection: .high) == 1273)
    }

    @Test("the smallest version that holds the data is chosen, and a minimum version is honoured")
    func versionSelection() throws {
        #expect(try QRCode(text: String(repeating: "a", count: 14)).version == 1)
        #expect(try QRCode(text: String(repeating: "a", count: 15)).version == 2)
        #expect(try QRCode(text: "a", minimumVersion: 5).version == 5)
        #expect(try QRCode(text: PublishedVectors.promptPayStatic).version == 5)
    }

    @Test("the dark module sits at (8, 4·version + 9) and out-of-range coordinates read as light")
    func darkModuleAndBounds() throws {
        let code = try QRCode(text: "Frontdesk", minimumVersion: 3)
        #expect(code.isDark(x: 8, y: code.size - 8))
        #expect(!code.isDark(x: -1, y: 0))
        #expect(!code.isDark(x: 0, y: code.size))
    }

    @Test("refusals name their field: data too long, version or mask out of range")
    func refusals() {
        let tooLong = [UInt8](repeating: 0x41, count: 2954)
        #expect(
            #expect(throws: PayCodeError.self) { try QRCode(bytes: tooLong, errorCorrection: .low) }?.field == .qrData)
        #expect(#expect(throws: PayCodeError.self) { try QRCode(text: "a", minimumVersion: 0) }?.field == .qrVersion)
        #expect(#expect(throws: PayCodeError.self) { try QRCode(text: "a", minimumVersion: 41) }?.field == .qrVersion)
        #expect(#expect(throws: PayCodeError.self) { try QRCode(text: "a", mask: 8) }?.field == .qrMask)
    }

    @Test("a full version 40-L symbol is produced")
    func largestSymbol() throws {
        let code = try QRCode(bytes: [UInt8](repeating: 0x5A, count: 2953), errorCorrection: .low)
        #expect(code.version == 40)
        #expect(code.size == 177)
    }
}
