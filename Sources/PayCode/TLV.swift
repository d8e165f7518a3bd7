/// One EMVCo data object: a two-digit tag, a two-digit length and a value.
///
/// EMVCo merchant-presented QR payloads are a flat string of these, some of which ("templates", such as tag 29,
/// 38 or 62) contain further data objects in their value. The length counts characters; every value this module
/// builds is ASCII, so characters, Unicode scalars and UTF-8 bytes coincide. When parsing foreign payloads the
/// length is read as a count of Unicode scalars (EMVCo's "characters"), while the CRC always covers UTF-8 bytes.
public struct TLV: Sendable, Hashable {
    /// The two-digit tag, for example "29".
    public let tag: String
    /// The value, 1...99 characters long.
    public let value: String

    /// Creates a data object after checking that `tag` is two ASCII digits and `value` is 1...99 characters long.
    public init(_ tag: String, _ value: String) throws(PayCodeError) {
        guard tag.utf8.count == 2, tag.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw PayCodeError(.tag, "tag must be two digits, got \"\(tag)\"")
        }
        let length = value.unicodeScalars.count
        guard (1...99).contains(length) else {
            throw PayCodeError(.value, "value of tag \(tag) must be 1...99 characters, got \(length)")
        }
        self.tag = tag
        self.value = value
    }

    /// Creates a template data object whose value is the encoding of `children`, in the given order.
    public init(_ tag: String, children: [TLV]) throws(PayCodeError) {
        try self.init(tag, TLV.encode(children))
    }

    /// The data object as it appears in a payload: tag, two-digit length, value.
    public var encoded: String {
        let length = value.unicodeScalars.count
        return tag + (length < 10 ? "0" : "") + String(length) + value
    }

    /// Concatenates the encodings of `elements`, keeping their order.
    public static func encode(_ elements: [TLV]) -> String {
        elements.map(\.encoded).joined()
    }

    /// Splits `text` into consecutive data objects (one level only; parse a template's ``value`` again to descend).
    ///
    /// Throws a ``PayCodeError`` naming ``PayCodeField/payload`` when a tag or length is not two digits, a length
    /// is zero, or a value runs past the end of the text.
    public static func parse(_ text: String) throws(PayCodeError) -> [TLV] {
        let scalars = Array(text.unicodeScalars)
        var elements: [TLV] = []
        var offset = 0
        while offset < scalars.count {
            guard offset + 4 <= scalars.count,
                let tagHigh = digit(scalars[offset]), let tagLow = digit(scalars[offset + 1]),
                let lengthHigh = digit(scalars[offset + 2]), let lengthLow = digit(scalars[offset + 3])
            else {
                throw PayCodeError(.payload, "expected a two-digit tag and length at offset \(offset)")
            }
            let length = lengthHigh * 10 + lengthLow
            let start = offset + 4
            guard length > 0, start + length <= scalars.count else {
                throw PayCodeError(
                    .payload, "length \(length) of tag \(tagHigh)\(tagLow) at offset \(offset) is invalid")
            }
            var value = String.UnicodeScalarView()
            value.append(contentsOf: scalars[start..<(start + length)])
            elements.append(TLV(unchecked: "\(tagHigh)\(tagLow)", String(value)))
            offset = start + length
        }
        return elements
    }

    /// Creates a data object without validation, for values already known to be well formed.
    init(unchecked tag: String, _ value: String) {
        self.tag = tag
        self.value = value
    }

    private static func digit(_ scalar: Unicode.Scalar) -> Int? {
        (48...57).contains(scalar.value) ? Int(scalar.value - 48) : nil
    }
}

extension Array where Element == TLV {
    /// The value of the first data object with `tag`, or nil when absent.
    public func value(for tag: String) -> String? {
        first { $0.tag == tag }?.value
    }
}
