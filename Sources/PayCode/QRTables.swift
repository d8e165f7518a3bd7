/// The error-correction level of a QR code: how much of the symbol may be damaged and still decode.
public enum QRErrorCorrection: Sendable, Hashable, CaseIterable {
    /// About 7 % recovery.
    case low
    /// About 15 % recovery; the default here, a common choice for payment codes shown on screens and paper.
    case medium
    /// About 25 % recovery.
    case quartile
    /// About 30 % recovery.
    case high

    /// The two format-information bits of ISO/IEC 18004 (L = 01, M = 00, Q = 11, H = 10).
    var formatBits: Int {
        switch self {
        case .low: 1
        case .medium: 0
        case .quartile: 3
        case .high: 2
        }
    }

    /// Index into the per-level rows of ``QRTables``.
    var tableRow: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .quartile: 2
        case .high: 3
        }
    }
}

/// Version-dependent constants of ISO/IEC 18004 (Table 9 and Annex E), indexed by version 1...40.
///
/// Index 0 of each row is a placeholder so that `row[version]` reads naturally.
enum QRTables {
    /// Error-correction codewords in each block, per level (L, M, Q, H) and version.
    static let eccCodewordsPerBlock: [[Int]] = [
        [
            0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
            28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
            26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
        ],
        [
            0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
            28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
            30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
    ]

    /// Number of error-correction blocks, per level (L, M, Q, H) and version.
    static let blockCount: [[Int]] = [
        [
            0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
            8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25,
        ],
        [
            0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
            17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
        ],
        [
            0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
            23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
        ],
        [
            0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
            25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
        ],
    ]

    /// Side length in modules.
    static func size(version: Int) -> Int { version * 4 + 17 }

    /// Modules left for codewords after the function patterns, including the 0...7 remainder bits.
    static func rawDataModules(version: Int) -> Int {
        var result = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignmentCount = version / 7 + 2
            result -= (25 * alignmentCount - 10) * alignmentCount - 55
            if version >= 7 { result -= 36 }
        }
        return result
    }

    /// All codewords (data and error correction) of a version.
    static func totalCodewords(version: Int) -> Int { rawDataModules(version: version) / 8 }

    /// Data codewords available at a version and level.
    static func dataCodewords(version: Int, level: QRErrorCorrection) -> Int {
        totalCodewords(version: version) - eccCodewordsPerBlock[level.tableRow][version]
            * blockCount[level.tableRow][version]
    }

    /// Row/column centres of the alignment patterns (Annex E): 6, then evenly spaced steps ending at size − 7.
    static func alignmentPositions(version: Int) -> [Int] {
        guard version >= 2 else { return [] }
        let count = version / 7 + 2
        let step = (version * 8 + count * 3 + 5) / (count * 4 - 4) * 2
        var positions: [Int] = []
        var position = size(version: version) - 7
        while positions.count < count - 1 {
            positions.insert(position, at: 0)
            position -= step
        }
        return [6] + positions
    }
}
