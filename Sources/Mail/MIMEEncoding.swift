import Foundation

/// The encodings a 7-bit safe RFC 5322 / MIME message needs: header folding, RFC 2047 encoded words,
/// quoted-printable and base64 bodies, dates and multipart boundaries.
enum MIME {
    static let crlf: [UInt8] = [13, 10]

    /// The longest header line we aim for, without the CRLF (RFC 5322 section 2.1.1).
    static let maxLineLength = 78

    /// The most UTF-8 bytes one encoded word can carry: 45 bytes -> 60 base64 characters -> a 72-character word.
    static let maxEncodedWordBytes = 45

    // MARK: Bodies

    /// A body part's bytes in a transfer encoding, with the value of its Content-Transfer-Encoding header.
    struct EncodedBody {
        var transferEncoding: String
        var bytes: [UInt8]
    }

    /// Encodes UTF-8 text as quoted-printable, or as base64 when that is shorter (text that is mostly non-Latin).
    /// Line breaks of any kind become CRLF first.
    static func encodeBody(_ text: String) -> EncodedBody {
        let bytes = normalizedLines(text)
        let qp = quotedPrintable(bytes)
        let b64 = base64(bytes)
        return qp.count <= b64.count
            ? EncodedBody(transferEncoding: "quoted-printable", bytes: qp)
            : EncodedBody(transferEncoding: "base64", bytes: b64)
    }

    /// The UTF-8 bytes of `text` with every CR, LF or CRLF turned into CRLF.
    static func normalizedLines(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        var previousWasCR = false
        for byte in text.utf8 {
            switch byte {
            case 13:
                out += crlf
                previousWasCR = true
            case 10:
                if !previousWasCR { out += crlf }
                previousWasCR = false
            default:
                out.append(byte)
                previousWasCR = false
            }
        }
        return out
    }

    /// Quoted-printable (RFC 2045 section 6.7) of bytes whose line breaks are CRLF: encoded lines are at most
    /// 76 characters, trailing blanks are encoded, and a line starting with "From " gets its F encoded.
    static func quotedPrintable(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8)
        let hex = Array("0123456789ABCDEF".utf8)
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == 13, index + 1 < bytes.count, bytes[index + 1] == 10 {
                lines.append(bytes[start..<index])
                index += 2
                start = index
            } else {
                index += 1
            }
        }
        lines.append(bytes[start..<bytes.count])
        let fromPrefix = Array("From ".utf8)
        for (lineNumber, line) in lines.enumerated() {
            if lineNumber > 0 { out += crlf }
            var column = 0
            let startsWithFrom = line.starts(with: fromPrefix)
            for (offset, byte) in line.enumerated() {
                let isLast = offset == line.count - 1
                let literal: Bool
                switch byte {
                case 32, 9: literal = !isLast
                case 61: literal = false
                case 33...126: literal = !(offset == 0 && startsWithFrom)
                default: literal = false
                }
                let width = literal ? 1 : 3
                // Keep room for the "=" of a soft line break unless this is the line's last character.
                if column + width > (isLast ? 76 : 75) {
                    out += [61, 13, 10]
                    column = 0
                }
                if literal {
                    out.append(byte)
                } else {
                    out += [61, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
                }
                column += width
            }
        }
        return out
    }

    /// Base64 in lines of 76 characters separated by CRLF.
    static func base64(_ bytes: [UInt8]) -> [UInt8] {
        let encoded = Array(Data(bytes).base64EncodedString().utf8)
        var out: [UInt8] = []
        out.reserveCapacity(encoded.count + encoded.count / 38)
        for start in stride(from: 0, to: encoded.count, by: 76) {
            if start > 0 { out += crlf }
            out += encoded[start..<Swift.min(start + 76, encoded.count)]
        }
        return out
    }

    /// A multipart boundary that cannot occur in quoted-printable or base64 text: "=_" is never produced by either.
    static func makeBoundary() -> String {
        var generator = SystemRandomNumberGenerator()
        let random = (0..<2).map { _ in String(generator.next() as UInt64, radix: 16) }
        return "=_Frontdesk_" + random.map { String(repeating: "0", count: 16 - $0.count) + $0 }.joined()
    }

    // MARK: Headers

    /// A header field with an unstructured value (Subject, or an extra header), folded, ending in CRLF.
    /// Plain printable ASCII is folded at spaces; anything else, or a word too long to fold, becomes RFC 2047
    /// encoded words. `encodeLongWords` false keeps long ASCII words as they are (for structured extra headers
    /// such as List-Unsubscribe, whose URLs must not be encoded).
    static func unstructuredHeader(_ name: String, _ value: String, encodeLongWords: Bool = true) -> String {
        let value = withoutControlCharacters(value)
        if let words = asciiWords(value), !value.contains("=?"),
            !encodeLongWords || words.allSatisfy({ $0.utf8.count <= maxLineLength - 1 })
        {
            return fold(name, words)
        }
        return fold(name, encodedWords(value, firstLineUsed: name.utf8.count + 2))
    }

    /// An address-list header (From, To, Reply-To), folded between addresses and inside encoded display names.
    static func addressHeader(_ name: String, _ addresses: [MailAddress]) -> String {
        var tokens: [String] = []
        for (index, address) in addresses.enumerated() {
            var addressTokens: [String] = []
            let displayName = address.name.map(withoutControlCharacters)?.trimmingCharacters(in: .whitespaces) ?? ""
            if displayName.isEmpty {
                addressTokens.append(address.email)
            } else {
                let used = tokens.isEmpty ? name.utf8.count + 2 : maxLineLength
                addressTokens += phrase(displayName, firstLineUsed: used)
                addressTokens.append("<\(address.email)>")
            }
            if index < addresses.count - 1, let last = addressTokens.popLast() {
                addressTokens.append(last + ",")
            }
            tokens += addressTokens
        }
        return fold(name, tokens)
    }

    /// A display name as atoms, one quoted string, or encoded words.
    static func phrase(_ text: String, firstLineUsed: Int) -> [String] {
        let atext = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-/=?^_`{|}~ ".utf8)
        if !text.contains("=?"), let words = asciiWords(text) {
            if text.utf8.allSatisfy(atext.contains) {
                return words
            }
            var quoted = "\""
            for character in text {
                if character == "\"" || character == "\\" { quoted.append("\\") }
                quoted.append(character)
            }
            quoted.append("\"")
            if quoted.utf8.count <= maxLineLength - 1 { return [quoted] }
        }
        return encodedWords(text, firstLineUsed: firstLineUsed)
    }

    /// RFC 2047 "B" encoded words of the UTF-8 text, each at most 75 characters, split between characters;
    /// the first is sized to fit after `firstLineUsed` characters already on its line.
    static func encodedWords(_ text: String, firstLineUsed: Int) -> [String] {
        let overhead = "=?UTF-8?B??=".utf8.count
        let firstRoom = (maxLineLength - firstLineUsed - 1 - overhead) / 4 * 3
        var budget = firstRoom >= 4 ? min(firstRoom, maxEncodedWordBytes) : maxEncodedWordBytes
        var chunks: [[UInt8]] = []
        var current: [UInt8] = []
        func append(_ piece: [UInt8]) {
            if current.count + piece.count > budget, !current.isEmpty {
                chunks.append(current)
                current = []
                budget = maxEncodedWordBytes
            }
            current += piece
        }
        for character in text {
            let bytes = Array(String(character).utf8)
            if bytes.count <= maxEncodedWordBytes {
                append(bytes)
            } else {
                // An enormous grapheme cluster: split it between scalars, which decoders join back.
                for scalar in character.unicodeScalars { append(Array(String(scalar).utf8)) }
            }
        }
        if !current.isEmpty || chunks.isEmpty { chunks.append(current) }
        return chunks.map { "=?UTF-8?B?" + Data($0).base64EncodedString() + "?=" }
    }

    /// The words of a value of printable ASCII split at single spaces; a run of spaces stays with the following
    /// word so that folding never leaves a blank line. Nil when the value has other characters or outer spaces.
    static func asciiWords(_ value: String) -> [String]? {
        guard value.utf8.allSatisfy({ (32...126).contains($0) }), !value.hasPrefix(" "), !value.hasSuffix(" ") else {
            return nil
        }
        var words: [String] = []
        var pendingSpaces = ""
        for part in value.split(separator: " ", omittingEmptySubsequences: false) {
            if part.isEmpty {
                pendingSpaces += " "
            } else {
                words.append(pendingSpaces + part)
                pendingSpaces = ""
            }
        }
        return words
    }

    /// `Name: token token …` with a fold (CRLF and a space) instead of a joining space wherever the line would
    /// pass 78 characters. A token longer than a line stays whole on its own line.
    static func fold(_ name: String, _ tokens: [String]) -> String {
        var out = name + ":"
        var lineLength = out.utf8.count
        for token in tokens {
            let length = token.utf8.count
            if lineLength + 1 + length > maxLineLength, lineLength > 1 {
                out += "\r\n "
                lineLength = 1
            } else {
                out += " "
                lineLength += 1
            }
            out += token
            lineLength += length
        }
        return out + "\r\n"
    }

    /// The text with every control character (CR, LF, tab, …) replaced by a space.
    static func withoutControlCharacters(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(isControl(scalar) ? " " : scalar)
        }
        return String(scalars)
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    /// An RFC 5322 date-time in UTC, e.g. `Tue, 01 Jul 2025 09:30:00 +0000`.
    static func date(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int?) -> String {
            let value = value ?? 0
            return value < 10 ? "0\(value)" : "\(value)"
        }
        let weekday = days[((parts.weekday ?? 1) - 1 + 7) % 7]
        let month = months[((parts.month ?? 1) - 1 + 12) % 12]
        return "\(weekday), \(two(parts.day)) \(month) \(parts.year ?? 1970) "
            + "\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)) +0000"
    }
}
