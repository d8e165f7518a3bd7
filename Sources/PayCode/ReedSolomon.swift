/// Arithmetic in GF(2^8) with the QR code field polynomial x^8 + x^4 + x^3 + x^2 + 1 (0x11D), generator α = 2.
enum GF256 {
    /// `exp[i]` is α^i, doubled in length so `exp[log a + log b]` needs no modulo.
    static let exp: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 512)
        var value = 1
        for index in 0..<255 {
            table[index] = UInt8(value)
            value <<= 1
            if value & 0x100 != 0 { value ^= 0x11D }
        }
        for index in 255..<512 { table[index] = table[index - 255] }
        return table
    }()

    /// `log[a]` is the i with α^i = a, for a ≠ 0 (`log[0]` is unused).
    static let log: [Int] = {
        var table = [Int](repeating: 0, count: 256)
        for index in 0..<255 { table[Int(exp[index])] = index }
        return table
    }()

    /// The product of `a` and `b` in the field.
    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        guard a != 0, b != 0 else { return 0 }
        return exp[log[Int(a)] + log[Int(b)]]
    }
}

/// The Reed–Solomon error-correction codewords of ISO/IEC 18004 (systematic code over ``GF256``).
enum ReedSolomon {
    /// The generator polynomial of `degree`: the product of (x − α^i) for i in 0..<degree.
    ///
    /// Coefficients run from the highest power down; the leading 1 is included, so the count is `degree + 1`.
    static func generator(degree: Int) -> [UInt8] {
        var polynomial: [UInt8] = [1]
        for power in 0..<degree {
            let root = GF256.exp[power]
            var next = [UInt8](repeating: 0, count: polynomial.count + 1)
            for (index, coefficient) in polynomial.enumerated() {
                next[index] ^= coefficient
                next[index + 1] ^= GF256.multiply(coefficient, root)
            }
            polynomial = next
        }
        return polynomial
    }

    /// The `generator.count - 1` error-correction codewords for `data`: the remainder of data·x^n ÷ generator.
    static func remainder(of data: [UInt8], generator: [UInt8]) -> [UInt8] {
        let degree = generator.count - 1
        var remainder = [UInt8](repeating: 0, count: degree)
        for byte in data {
            let factor = byte ^ remainder[0]
            remainder.removeFirst()
            remainder.append(0)
            for index in 0..<degree {
                remainder[index] ^= GF256.multiply(generator[index + 1], factor)
            }
        }
        return remainder
    }
}
