extension QRCode {
    /// Renders the symbol, with its 4-module quiet zone, as a PNG (RFC 2083): for a mail, whose readers
    /// show a PNG where many drop an SVG.
    ///
    /// The image is 1-bit greyscale (black 0, white 1), each module `pixelsPerModule` pixels square, no
    /// interlace. Its pixels go in stored (uncompressed) deflate blocks inside the zlib stream (RFC 1950,
    /// RFC 1951 §3.2.4): a code of a few dozen modules a side packed a bit a pixel is a few kilobytes, and
    /// nothing here needs a compressor.
    public func png(pixelsPerModule: Int = 6) -> [UInt8] {
        let scale = min(max(pixelsPerModule, 1), 32)
        let side = (size + 2 * Self.quietZone) * scale
        let rowBytes = (side + 7) / 8
        var pixels: [UInt8] = []
        pixels.reserveCapacity((rowBytes + 1) * side)
        for y in 0..<side {
            pixels.append(0)  // filter type None
            var row = [UInt8](repeating: 0xFF, count: rowBytes)
            let moduleY = y / scale - Self.quietZone
            for x in 0..<side {
                let moduleX = x / scale - Self.quietZone
                let inside = (0..<size).contains(moduleX) && (0..<size).contains(moduleY)
                if inside && isDark(x: moduleX, y: moduleY) { row[x / 8] &= ~(0x80 >> UInt8(x % 8)) }
            }
            pixels += row
        }
        var header: [UInt8] = []
        header += PNG.bigEndian(UInt32(side))
        header += PNG.bigEndian(UInt32(side))
        header += [1, 0, 0, 0, 0]  // bit depth 1, greyscale, deflate, adaptive filters, no interlace
        return PNG.signature + PNG.chunk("IHDR", header) + PNG.chunk("IDAT", PNG.zlibStored(pixels))
            + PNG.chunk("IEND", [])
    }
}

/// The few parts of PNG a code's image needs: chunks with their CRC-32, and a zlib stream of stored blocks.
enum PNG {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc32(typeBytes + data))
    }

    /// `data` as a zlib stream: its header (deflate, 32 KiB window, no dictionary), stored blocks of at most
    /// 65,535 bytes, and the Adler-32 of `data`.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let length = min(65_535, data.count - start)
            let final: UInt8 = start + length == data.count ? 1 : 0
            out.append(final)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += data[start..<(start + length)]
            start += length
        } while start < data.count
        return out + bigEndian(adler32(data))
    }

    private static let crcTable: [UInt32] = (0..<256).map { byte in
        var crc = UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        return crc
    }

    /// CRC-32 (ISO 3309, reflected, as PNG and zip use it); "123456789" gives 0xCBF43926.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    /// Adler-32 (RFC 1950 §8); "Wikipedia" gives 0x11E60398.
    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
