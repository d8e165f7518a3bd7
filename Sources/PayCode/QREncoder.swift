/// A QR code symbol (ISO/IEC 18004 model 2), encoded in byte mode, as a square grid of modules.
///
/// Build one from the payload text (UTF-8) or raw bytes; the encoder picks the smallest version that fits
/// at the requested error-correction level, adds Reed–Solomon codewords, interleaves the blocks, and keeps the
/// data mask with the lowest penalty score. Render it with ``svg(label:pixelsPerModule:)`` or read modules with
/// ``isDark(x:y:)``.
public struct QRCode: Sendable, Hashable {
    /// The version, 1...40; the side is `4 × version + 17` modules.
    public let version: Int
    /// The error-correction level.
    public let errorCorrection: QRErrorCorrection
    /// The data mask pattern that was applied, 0...7.
    public let mask: Int
    /// Modules per side, without the quiet zone.
    public let size: Int
    /// Row-major module colours, true is dark.
    private let modules: [Bool]

    /// Encodes the UTF-8 bytes of `text` (no ECI header: EMV payloads are ASCII, which every reader handles).
    ///
    /// - Parameters:
    ///   - errorCorrection: the recovery level, medium (M) by default.
    ///   - minimumVersion: the smallest version to consider (1...40), to keep a fixed size across payloads.
    ///   - mask: force a mask pattern (0...7) instead of choosing the lowest penalty; for tests and comparisons.
    /// - Throws: ``PayCodeError`` naming ``PayCodeField/qrData`` when the data does not fit in version 40,
    ///   ``PayCodeField/qrVersion`` or ``PayCodeField/qrMask`` when those arguments are out of range.
    public init(
        text: String, errorCorrection: QRErrorCorrection = .medium, minimumVersion: Int = 1, mask: Int? = nil
    ) throws(PayCodeError) {
        try self.init(
            bytes: Array(text.utf8), errorCorrection: errorCorrection, minimumVersion: minimumVersion,
            mask: mask)
    }

    /// Encodes `bytes` in byte mode; see ``init(text:errorCorrection:minimumVersion:mask:)``.
    public init(
        bytes: [UInt8], errorCorrection: QRErrorCorrection = .medium, minimumVersion: Int = 1, mask: Int? = nil
    ) throws(PayCodeError) {
        guard (1...40).contains(minimumVersion) else {
            throw PayCodeError(.qrVersion, "minimum version must be 1...40, got \(minimumVersion)")
        }
        if let mask, !(0...7).contains(mask) {
            throw PayCodeError(.qrMask, "mask must be 0...7, got \(mask)")
        }
        guard
            let version = (minimumVersion...40).first(where: {
                bytes.count <= Self.byteCapacity(version: $0, errorCorrection: errorCorrection)
            })
        else {
            throw PayCodeError(
                .qrData,
                "\(bytes.count) bytes do not fit in a version 40 symbol at this error-correction level "
                    + "(at most \(Self.byteCapacity(version: 40, errorCorrection: errorCorrection)))")
        }
        let dataCodewords = Self.dataCodewords(bytes: bytes, version: version, level: errorCorrection)
        let codewords = Self.interleavedWithErrorCorrection(dataCodewords, version: version, level: errorCorrection)

        var matrix = QRMatrix(version: version)
        matrix.placeCodewords(codewords)
        let chosenMask: Int
        if let mask {
            chosenMask = mask
        } else {
            var best = (mask: 0, penalty: Int.max)
            for candidate in 0..<8 {
                var trial = matrix
                trial.applyMask(candidate)
                trial.drawFormatBits(level: errorCorrection, mask: candidate)
                let penalty = trial.penalty()
                if penalty < best.penalty { best = (candidate, penalty) }
            }
            chosenMask = best.mask
        }
        matrix.applyMask(chosenMask)
        matrix.drawFormatBits(level: errorCorrection, mask: chosenMask)

        self.version = version
        self.errorCorrection = errorCorrection
        self.mask = chosenMask
        self.size = matrix.size
        self.modules = matrix.dark
    }

    /// True when the module at column `x`, row `y` is dark. Coordinates outside the symbol (the quiet zone)
    /// are light.
    public func isDark(x: Int, y: Int) -> Bool {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
        return modules[y * size + x]
    }

    /// The most bytes a symbol of `version` holds in byte mode at `errorCorrection` (0 for a bad version).
    public static func byteCapacity(version: Int, errorCorrection: QRErrorCorrection) -> Int {
        guard (1...40).contains(version) else { return 0 }
        let bits = QRTables.dataCodewords(version: version, level: errorCorrection) * 8
        return (bits - 4 - characterCountBits(version: version)) / 8
    }

    /// Width of the byte-mode character count field: 8 bits up to version 9, 16 bits from version 10.
    static func characterCountBits(version: Int) -> Int { version <= 9 ? 8 : 16 }

    /// The data codewords: mode 0100, count, the bytes, up to four terminator zeros, zero bits to a byte
    /// boundary, then the pad bytes 0xEC and 0x11 alternately up to the capacity.
    static func dataCodewords(bytes: [UInt8], version: Int, level: QRErrorCorrection) -> [UInt8] {
        let capacity = QRTables.dataCodewords(version: version, level: level)
        var writer = BitWriter()
        writer.append(0b0100, bitCount: 4)
        writer.append(bytes.count, bitCount: characterCountBits(version: version))
        for byte in bytes { writer.append(Int(byte), bitCount: 8) }
        writer.append(0, bitCount: min(4, capacity * 8 - writer.bitCount))
        writer.append(0, bitCount: (8 - writer.bitCount % 8) % 8)
        var codewords = writer.bytes
        var pad: UInt8 = 0xEC
        while codewords.count < capacity {
            codewords.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return codewords
    }

    /// Splits the data into blocks (the shorter blocks first), appends each block's Reed–Solomon codewords,
    /// and interleaves: first data codeword of every block, then the second, ..., then the ECC the same way.
    static func interleavedWithErrorCorrection(_ data: [UInt8], version: Int, level: QRErrorCorrection) -> [UInt8] {
        let blockCount = QRTables.blockCount[level.tableRow][version]
        let eccLength = QRTables.eccCodewordsPerBlock[level.tableRow][version]
        let total = QRTables.totalCodewords(version: version)
        let longBlockCount = total % blockCount
        let shortDataLength = total / blockCount - eccLength
        let generator = ReedSolomon.generator(degree: eccLength)

        var dataBlocks: [[UInt8]] = []
        var eccBlocks: [[UInt8]] = []
        var offset = 0
        for block in 0..<blockCount {
            let length = shortDataLength + (block >= blockCount - longBlockCount ? 1 : 0)
            let blockData = Array(data[offset..<(offset + length)])
            offset += length
            dataBlocks.append(blockData)
            eccBlocks.append(ReedSolomon.remainder(of: blockData, generator: generator))
        }

        var result: [UInt8] = []
        result.reserveCapacity(total)
        for index in 0...shortDataLength {
            for block in dataBlocks where index < block.count { result.append(block[index]) }
        }
        for index in 0..<eccLength {
            for block in eccBlocks { result.append(block[index]) }
        }
        return result
    }
}

/// Collects bits most significant first and packs them into bytes.
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private(set) var bitCount = 0

    /// Appends the low `bitCount` bits of `value`, most significant first.
    mutating func append(_ value: Int, bitCount count: Int) {
        guard count > 0 else { return }
        for shift in stride(from: count - 1, through: 0, by: -1) {
            if bitCount % 8 == 0 { bytes.append(0) }
            if (value >> shift) & 1 != 0 {
                bytes[bytes.count - 1] |= 0x80 >> UInt8(bitCount % 8)
            }
            bitCount += 1
        }
    }
}
