/// CRC-16/CCITT-FALSE, the checksum EMVCo QR payloads carry in tag 63.
///
/// Parameters: polynomial 0x1021, initial value 0xFFFF, no input or output reflection, no final XOR.
/// The check value for the ASCII string "123456789" is 0x29B1.
public enum CRC16 {
    /// The lookup table for one byte at a time, built once at first use.
    private static let table: [UInt16] = (0..<256).map { byte in
        var crc = UInt16(byte) << 8
        for _ in 0..<8 {
            crc = (crc & 0x8000) != 0 ? (crc << 1) ^ 0x1021 : crc << 1
        }
        return crc
    }

    /// Returns the CRC-16/CCITT-FALSE of `bytes`.
    public static func ccittFalse<Bytes: Sequence>(_ bytes: Bytes) -> UInt16 where Bytes.Element == UInt8 {
        var crc: UInt16 = 0xFFFF
        for byte in bytes {
            crc = (crc << 8) ^ table[Int(UInt8(truncatingIfNeeded: crc >> 8) ^ byte)]
        }
        return crc
    }

    /// Returns the CRC-16/CCITT-FALSE of the UTF-8 bytes of `text`.
    public static func ccittFalse(_ text: String) -> UInt16 {
        ccittFalse(text.utf8)
    }

    /// Formats a CRC as the four uppercase hexadecimal digits EMVCo puts in tag 63 (for example "6197").
    public static func hex(_ crc: UInt16) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([12, 8, 4, 0].map { digits[Int((crc >> UInt16($0)) & 0xF)] })
    }
}
