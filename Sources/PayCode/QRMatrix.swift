/// The module grid under construction: function patterns, codeword placement, masking and penalty scoring
/// (ISO/IEC 18004 sections 6.3, 6.7, 6.8 and 6.9). Coordinates are x = column, y = row, origin top left.
struct QRMatrix: Sendable {
    let version: Int
    let size: Int
    /// Module colours, row by row; true is dark.
    private(set) var dark: [Bool]
    /// True where a module belongs to a function pattern (finder, timing, alignment, format, version, dark module)
    /// and so must not receive data or be masked.
    private(set) var isFunction: [Bool]

    /// A grid for `version` with every function pattern drawn and the format area reserved (drawn as light).
    init(version: Int) {
        self.version = version
        size = QRTables.size(version: version)
        dark = [Bool](repeating: false, count: size * size)
        isFunction = [Bool](repeating: false, count: size * size)
        drawFunctionPatterns()
    }

    subscript(x: Int, y: Int) -> Bool { dark[y * size + x] }

    private mutating func setFunction(_ x: Int, _ y: Int, _ isDark: Bool) {
        dark[y * size + x] = isDark
        isFunction[y * size + x] = true
    }

    private mutating func drawFunctionPatterns() {
        // Timing patterns: alternating modules on row 6 and column 6 (finders overwrite their ends below).
        for index in 0..<size {
            setFunction(6, index, index % 2 == 0)
            setFunction(index, 6, index % 2 == 0)
        }
        // Finder patterns with their light separators, in three corners.
        drawFinder(centerX: 3, centerY: 3)
        drawFinder(centerX: size - 4, centerY: 3)
        drawFinder(centerX: 3, centerY: size - 4)
        // Alignment patterns at every pair of centres, except the three that would overlap finders.
        let positions = QRTables.alignmentPositions(version: version)
        let last = positions.count - 1
        for (row, y) in positions.enumerated() {
            for (column, x) in positions.enumerated() {
                let overlapsFinder =
                    (row == 0 && column == 0) || (row == 0 && column == last)
                    || (row == last && column == 0)
                if !overlapsFinder { drawAlignment(centerX: x, centerY: y) }
            }
        }
        // Reserve the format areas (drawn for real once the mask is known) and draw the version blocks.
        drawFormatBits(level: .medium, mask: 0)
        drawVersionBits()
    }

    /// A 7×7 finder (dark ring, light ring, 3×3 dark core) plus the one-module light separator around it.
    private mutating func drawFinder(centerX: Int, centerY: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let x = centerX + dx
                let y = centerY + dy
                guard (0..<size).contains(x), (0..<size).contains(y) else { continue }
                let ring = max(abs(dx), abs(dy))
                setFunction(x, y, ring != 2 && ring != 4)
            }
        }
    }

    /// A 5×5 alignment pattern: dark ring, light ring, dark centre.
    private mutating func drawAlignment(centerX: Int, centerY: Int) {
        for dy in -2...2 {
            for dx in -2...2 {
                setFunction(centerX + dx, centerY + dy, max(abs(dx), abs(dy)) != 1)
            }
        }
    }

    /// The 15 format bits: 2 level bits and 3 mask bits, BCH(15,5)-protected, XORed with 0x5412, written twice;
    /// also the always-dark module next to the lower-left finder.
    mutating func drawFormatBits(level: QRErrorCorrection, mask: Int) {
        let bits = Self.formatBits(level: level, mask: mask)
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 != 0 }
        // First copy, around the top-left finder.
        for index in 0...5 { setFunction(8, index, bit(index)) }
        setFunction(8, 7, bit(6))
        setFunction(8, 8, bit(7))
        setFunction(7, 8, bit(8))
        for index in 9..<15 { setFunction(14 - index, 8, bit(index)) }
        // Second copy, split between the top-right and bottom-left finders.
        for index in 0..<8 { setFunction(size - 1 - index, 8, bit(index)) }
        for index in 8..<15 { setFunction(8, size - 15 + index, bit(index)) }
        setFunction(8, size - 8, true)
    }

    /// The 15-bit format information word for a level and mask.
    static func formatBits(level: QRErrorCorrection, mask: Int) -> Int {
        let data = level.formatBits << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        return (data << 10 | remainder) ^ 0x5412
    }

    /// The 18-bit version information word (BCH(18,6), generator 0x1F25), for versions 7 and up.
    static func versionBits(version: Int) -> Int {
        var remainder = version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        return version << 12 | remainder
    }

    /// Two 6×3 copies of the version information, beside the top-right and bottom-left finders.
    private mutating func drawVersionBits() {
        guard version >= 7 else { return }
        let bits = Self.versionBits(version: version)
        for index in 0..<18 {
            let isDark = (bits >> index) & 1 != 0
            let a = size - 11 + index % 3
            let b = index / 3
            setFunction(a, b, isDark)
            setFunction(b, a, isDark)
        }
    }

    /// Writes `codewords` most significant bit first in the two-column zigzag from the bottom-right corner,
    /// skipping function modules and the vertical timing column. Leftover remainder modules stay light.
    mutating func placeCodewords(_ codewords: [UInt8]) {
        let bitCount = codewords.count * 8
        var bitIndex = 0
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upward = (right + 1) & 2 == 0
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                for x in [right, right - 1] where !isFunction[y * size + x] && bitIndex < bitCount {
                    dark[y * size + x] = (codewords[bitIndex >> 3] >> (7 - UInt8(bitIndex & 7))) & 1 != 0
                    bitIndex += 1
                }
            }
            right -= 2
        }
    }

    /// Inverts every non-function module where mask pattern `mask` (0...7) is true. Applying twice undoes it.
    mutating func applyMask(_ mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !isFunction[y * size + x] && Self.maskCondition(mask, x: x, y: y) {
                dark[y * size + x].toggle()
            }
        }
    }

    /// The eight data mask conditions of ISO/IEC 18004 Table 10 (i = row = y, j = column = x).
    static func maskCondition(_ mask: Int, x: Int, y: Int) -> Bool {
        switch mask {
        case 0: (x + y) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (x + y) % 3 == 0
        case 4: (x / 3 + y / 2) % 2 == 0
        case 5: (x * y) % 2 + (x * y) % 3 == 0
        case 6: ((x * y) % 2 + (x * y) % 3) % 2 == 0
        default: ((x + y) % 2 + (x * y) % 3) % 2 == 0
        }
    }

    /// The penalty score of ISO/IEC 18004 section 7.8.3 for the whole symbol; the encoder keeps the mask with
    /// the lowest score. Rule 3 reads "1:1:3:1:1 ratio" literally (on run lengths) and treats the quiet zone as
    /// light, as Nayuki's qrcodegen does; the standard's wording leaves room and encoders differ (python-qrcode
    /// and ZXing match a fixed 7-module sequence), so two correct encoders may pick different masks for the same
    /// data. Any mask decodes; the choice only affects how easily.
    func penalty() -> Int {
        var score = 0
        var line = [Bool](repeating: false, count: size)
        for horizontal in [true, false] {
            for index in 0..<size {
                for position in 0..<size {
                    line[position] = horizontal ? self[position, index] : self[index, position]
                }
                score += Self.runPenalty(line) + Self.finderLikePenalty(line)
            }
        }
        // Rule 2: each 2×2 block of one colour.
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let colour = self[x, y]
                if colour == self[x + 1, y] && colour == self[x, y + 1] && colour == self[x + 1, y + 1] {
                    score += 3
                }
            }
        }
        // Rule 4: 10 points for each full 5 % step the dark proportion is away from 50 %.
        let darkCount = dark.reduce(0) { $0 + ($1 ? 1 : 0) }
        let total = size * size
        score += abs(darkCount * 20 - total * 10) / total * 10
        return score
    }

    /// Rule 1: each run of five or more same-coloured modules scores 3, plus 1 per module beyond five.
    static func runPenalty(_ line: [Bool]) -> Int {
        var score = 0
        var runLength = 0
        var previous: Bool?
        for module in line {
            if module == previous {
                runLength += 1
            } else {
                if runLength >= 5 { score += runLength - 2 }
                runLength = 1
                previous = module
            }
        }
        if runLength >= 5 { score += runLength - 2 }
        return score
    }

    /// Rule 3: each dark:light:dark:light:dark sequence of runs in the ratio 1:1:3:1:1 (any unit width n) scores
    /// 40 for each side on which it has a light run of at least 4n, provided the other side is light too.
    ///
    /// Working on run lengths means the outer dark runs must be exactly n wide, as the ratio requires; a run of
    /// light at either end of the line is extended by the quiet zone.
    static func finderLikePenalty(_ line: [Bool]) -> Int {
        // Alternating run lengths, starting and ending with a light run: light, dark, light, ..., light.
        var runs: [Int] = []
        var colour = false
        var length = line.count
        for module in line {
            if module == colour {
                length += 1
            } else {
                runs.append(length)
                colour = module
                length = 1
            }
        }
        if colour {
            runs.append(length)
            length = 0
        }
        runs.append(length + line.count)

        var score = 0
        for first in stride(from: 1, to: runs.count - 5, by: 2) {
            let unit = runs[first]
            guard runs[first + 1] == unit, runs[first + 2] == 3 * unit, runs[first + 3] == unit,
                runs[first + 4] == unit
            else { continue }
            let before = runs[first - 1]
            let after = runs[first + 5]
            if before >= 4 * unit && after >= unit { score += 40 }
            if after >= 4 * unit && before >= unit { score += 40 }
        }
        return score
    }
}
