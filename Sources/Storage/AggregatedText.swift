import Booking

/// A cursor over rows that the database wrote as one text (`string_agg` on PostgreSQL, `group_concat` on
/// SQLite): the drivers then decode one value, not a value per column per row, which for thousands of rows
/// was most of a read (PostgresKit decodes each value through `Decodable`). Numbers and words end at a
/// comma (or at the byte given); texts are written `length:text`, the length in bytes, so any text parses,
/// and a row's last text runs straight into the next row.
///
/// Lives only inside `rows(of:what:_:)`, which holds the text's bytes.
struct AggregatedText {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// What the rows are, for the error when they do not parse ("stay runs").
    private let what: String

    private init(bytes: UnsafeBufferPointer<UInt8>, what: String) {
        self.bytes = bytes
        self.what = what
    }

    /// The rows of `text`, each read by `row` until the text ends.
    static func rows<Row>(of text: String, what: String, _ row: (inout AggregatedText) throws -> Row) throws -> [Row] {
        var text = text
        return try text.withUTF8 { bytes in
            var cursor = AggregatedText(bytes: bytes, what: what)
            var rows: [Row] = []
            while cursor.index < bytes.count { rows.append(try row(&cursor)) }
            return rows
        }
    }

    private func unreadable() -> DomainError {
        DomainError(.invalid, "unreadable \(what) at byte \(index) of \(bytes.count)")
    }

    /// A whole number (at most 18 digits, maybe negative) and the byte `end` after it.
    mutating func number(endingAt end: UInt8 = UInt8(ascii: ",")) throws -> Int {
        let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var value = 0
        var digits = 0
        while index < bytes.count, bytes[index] != end {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10, digits < 18 else { throw unreadable() }
            value = value * 10 + Int(digit)
            digits += 1
            index += 1
        }
        guard index < bytes.count, digits > 0 else { throw unreadable() }
        index += 1
        return negative ? -value : value
    }

    /// A word without commas (a state, a source) and the comma after it.
    mutating func word() throws -> String {
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: ",") { index += 1 }
        guard index < bytes.count else { throw unreadable() }
        defer { index += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    /// A text written `length:text`.
    mutating func text() throws -> String {
        let count = try number(endingAt: UInt8(ascii: ":"))
        guard count >= 0, count <= bytes.count - index else { throw unreadable() }
        let start = index
        index += count
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }
}
