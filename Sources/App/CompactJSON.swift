import Booking
import Foundation
import Hummingbird

/// Writes large arrays of numbers and names as JSON straight into a buffer: the board's hundreds of
/// thousands of items, which `JSONEncoder` takes over a second to encode.
enum CompactJSON {
    /// `head` (any `Encodable` object) as JSON, with more members appended to it by `appendMembers`,
    /// each written as `,"name":value`.
    static func object<Head: Encodable>(
        _ head: Head, capacity: Int, appendMembers: (inout ByteBuffer) -> Void
    ) throws -> ByteBuffer {
        object(opening: try opening(head), capacity: capacity, appendMembers: appendMembers)
    }

    /// `head` (any `Encodable` object) as JSON without its closing brace, to be given to
    /// `object(opening:capacity:appendMembers:)`, once or many times.
    static func opening<Head: Encodable>(_ head: Head) throws -> ByteBuffer {
        var data = try JSONEncoder().encode(head)
        guard data.last == UInt8(ascii: "}") else {
            throw EncodingError.invalidValue(head, .init(codingPath: [], debugDescription: "not a JSON object"))
        }
        data.removeLast()
        return ByteBuffer(bytes: data)
    }

    /// An object's `opening` (from `opening(_:)`) with more members appended to it by `appendMembers`.
    static func object(opening: ByteBuffer, capacity: Int, appendMembers: (inout ByteBuffer) -> Void) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(opening.readableBytes + capacity)
        buffer.writeImmutableBuffer(opening)
        appendMembers(&buffer)
        buffer.writeStaticString("}")
        return buffer
    }

    /// Appends `,"name":[1,2,3]`.
    static func append(_ name: StaticString, integers: [Int], to buffer: inout ByteBuffer) {
        member(name, &buffer)
        buffer.writeStaticString("[")
        // Straight into the buffer's memory: `String(value)` for each of a board's 200,000 numbers was
        // most of the time it took to write them.
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: integers.count * 21) { bytes in
            var end = 0
            for (index, value) in integers.enumerated() {
                if index > 0 {
                    bytes[end] = UInt8(ascii: ",")
                    end += 1
                }
                end += write(value, into: bytes, at: end)
            }
            return end
        }
        buffer.writeStaticString("]")
    }

    /// Appends one number.
    static func appendInteger(_ value: Int, to buffer: inout ByteBuffer) {
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: 20) { write(value, into: $0, at: 0) }
    }

    /// Appends `value` with `decimals` (1...9) digits after the point, as `PlaceMap.fixed` writes it, without
    /// making a string of it: a search writes three for each of hundreds of places.
    static func appendFixed(_ value: Double, decimals: Int, to buffer: inout ByteBuffer) {
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((abs(value) * Double(scale)).rounded())
        if value < 0 && scaled != 0 { buffer.writeStaticString("-") }
        appendInteger(scaled / scale, to: &buffer)
        buffer.writeStaticString(".")
        let fraction = scaled % scale
        var zeros = scale / 10
        while zeros > 1 && fraction < zeros {
            buffer.writeStaticString("0")
            zeros /= 10
        }
        appendInteger(fraction, to: &buffer)
    }

    /// Writes `value`'s decimal digits at `offset` (at most 20 bytes), and says how many.
    private static func write(_ value: Int, into bytes: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        var magnitude = value.magnitude
        var digits = 0
        repeat {
            digits += 1
            magnitude /= 10
        } while magnitude > 0
        let sign = value < 0 ? 1 : 0
        if sign == 1 { bytes[offset] = UInt8(ascii: "-") }
        magnitude = value.magnitude
        for position in stride(from: offset + sign + digits - 1, through: offset + sign, by: -1) {
            bytes[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        }
        return sign + digits
    }

    /// Appends `,"name":["a","b"]`, escaping what JSON requires.
    static func append(_ name: StaticString, strings: [String], to buffer: inout ByteBuffer) {
        member(name, &buffer)
        buffer.writeStaticString("[")
        for (index, value) in strings.enumerated() {
            if index > 0 { buffer.writeStaticString(",") }
            appendString(value, to: &buffer)
        }
        buffer.writeStaticString("]")
    }

    /// Appends `,"name":[…]`, each element written by `write`.
    static func append<Element>(
        _ name: StaticString, array: [Element], to buffer: inout ByteBuffer,
        write: (Element, inout ByteBuffer) -> Void
    ) {
        member(name, &buffer)
        buffer.writeStaticString("[")
        for (index, element) in array.enumerated() {
            if index > 0 { buffer.writeStaticString(",") }
            write(element, &buffer)
        }
        buffer.writeStaticString("]")
    }

    /// Appends money as the API writes it, `{"amount":120000,"currency":"THB"}`.
    static func append(money: Money, to buffer: inout ByteBuffer) {
        buffer.writeStaticString("{\"amount\":")
        appendInteger(money.amount, to: &buffer)
        buffer.writeStaticString(",\"currency\":")
        appendString(money.currency.code, to: &buffer)
        buffer.writeStaticString("}")
    }

    static func appendString(_ value: String, to buffer: inout ByteBuffer) {
        buffer.writeStaticString("\"")
        if value.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            buffer.writeString(value)
        } else {
            for byte in value.utf8 {
                switch byte {
                case UInt8(ascii: "\""): buffer.writeStaticString("\\\"")
                case UInt8(ascii: "\\"): buffer.writeStaticString("\\\\")
                case UInt8(ascii: "\n"): buffer.writeStaticString("\\n")
                case UInt8(ascii: "\r"): buffer.writeStaticString("\\r")
                case UInt8(ascii: "\t"): buffer.writeStaticString("\\t")
                case ..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    buffer.writeStaticString("\\u00")
                    buffer.writeBytes([hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                default: buffer.writeInteger(byte)
                }
            }
        }
        buffer.writeStaticString("\"")
    }

    private static func member(_ name: StaticString, _ buffer: inout ByteBuffer) {
        buffer.writeStaticString(",\"")
        buffer.writeStaticString(name)
        buffer.writeStaticString("\":")
    }
}
