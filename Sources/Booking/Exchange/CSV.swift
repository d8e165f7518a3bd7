/// Comma-separated values as RFC 4180 writes them: fields separated by commas, records by CRLF or LF,
/// a field in double quotes when it holds a comma, a quote (doubled) or a line break. Text is UTF-8,
/// with or without a byte order mark. What hotels export from spreadsheets and other systems.
public enum CSV {
    /// One record of a file.
    public struct Record: Sendable, Equatable {
        /// The line of the file the record starts on, from 1 (a quoted line break makes a record longer
        /// than one line, and the next record starts further down).
        public var line: Int
        public var fields: [String]
        /// What made the record unreadable, if anything: then `fields` holds only what could be read.
        public var problem: String?

        public init(line: Int, fields: [String], problem: String? = nil) {
            self.line = line
            self.fields = fields
            self.problem = problem
        }
    }

    /// Reads the records of a file's bytes one at a time. Lines that are wholly empty are skipped
    /// (a file's last line break, a blank line between records).
    ///
    /// - Complexity: O(n) in the bytes, each read once.
    public struct Reader: Sequence, IteratorProtocol {
        private let bytes: [UInt8]
        private var index: Int
        private var line = 1

        public init(_ bytes: [UInt8]) {
            self.bytes = bytes
            let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
            index = bytes.starts(with: bom) ? bom.count : 0
        }

        public mutating func next() -> Record? {
            while index < bytes.count {
                let record = readRecord()
                let blank = record.fields == [""] && record.problem == nil && !record.quoted
                if !blank { return Record(line: record.line, fields: record.fields, problem: record.problem) }
            }
            return nil
        }

        private mutating func readRecord() -> (line: Int, fields: [String], problem: String?, quoted: Bool) {
            let start = line
            var fields: [String] = []
            var problem: String?
            var quoted = false
            while true {
                let text: String?
                if index < bytes.count, bytes[index] == Byte.quote {
                    quoted = true
                    var field: [UInt8] = []
                    if let trouble = readQuoted(into: &field, opening: line) { problem = problem ?? trouble }
                    text = Self.text(field[...])
                } else {
                    let begin = index
                    while index < bytes.count, !Byte.isEnd(bytes[index]) {
                        if bytes[index] == Byte.quote {
                            problem =
                                problem
                                ?? "a quote inside a field that does not start with one (quote the whole field and "
                                + "double the quotes in it)"
                        }
                        index += 1
                    }
                    text = Self.text(bytes[begin..<index])
                }
                if let text {
                    fields.append(text)
                } else {
                    problem = problem ?? "field \(fields.count + 1) is not UTF-8 text"
                    fields.append("")
                }
                guard index < bytes.count else { return (start, fields, problem, quoted) }
                switch bytes[index] {
                case Byte.comma:
                    index += 1
                case Byte.carriageReturn:
                    index += 1
                    if index < bytes.count, bytes[index] == Byte.lineFeed { index += 1 }
                    line += 1
                    return (start, fields, problem, quoted)
                default:
                    index += 1
                    line += 1
                    return (start, fields, problem, quoted)
                }
            }
        }

        /// A field's bytes as text, nil when they are not UTF-8 (ASCII, most fields, decoded directly).
        private static func text(_ bytes: ArraySlice<UInt8>) -> String? {
            bytes.withUnsafeBufferPointer { buffer in
                buffer.allSatisfy { $0 < 0x80 }
                    ? String(decoding: buffer, as: UTF8.self) : String(validating: buffer, as: UTF8.self)
            }
        }

        /// Reads a quoted field from its opening quote to its closing one, `""` read as one quote; then
        /// skips anything wrongly after the closing quote up to the field's end. Returns what is wrong.
        private mutating func readQuoted(into field: inout [UInt8], opening: Int) -> String? {
            index += 1
            var segment = index
            while true {
                guard index < bytes.count else {
                    field += bytes[segment..<index]
                    return "the quoted field opened on line \(opening) is never closed"
                }
                let byte = bytes[index]
                if byte == Byte.quote {
                    if index + 1 < bytes.count, bytes[index + 1] == Byte.quote {
                        field += bytes[segment...index]
                        index += 2
                        segment = index
                        continue
                    }
                    field += bytes[segment..<index]
                    index += 1
                    break
                }
                if byte == Byte.lineFeed { line += 1 }
                index += 1
            }
            guard index < bytes.count, !Byte.isEnd(bytes[index]) else { return nil }
            while index < bytes.count, !Byte.isEnd(bytes[index]) { index += 1 }
            return "text after a quoted field's closing quote (a quote inside a quoted field is written twice)"
        }
    }

    /// Reads a whole file's records.
    public static func records(_ bytes: [UInt8]) -> [Record] {
        Array(Reader(bytes))
    }

    /// One record as a line of a file, ending in CRLF: a field is quoted (its quotes doubled) when it
    /// holds a comma, a quote or a line break, or starts or ends with a space; one a spreadsheet would
    /// run as a formula is neutralised first.
    public static func line(_ fields: [String]) -> String {
        var line = ""
        for (position, field) in fields.enumerated() {
            if position > 0 { line += "," }
            line += quotedIfNeeded(neutralised(field))
        }
        return line + "\r\n"
    }

    /// A field a spreadsheet would run as a formula (CSV injection: a guest named `=HYPERLINK(...)`),
    /// written with an apostrophe first, which spreadsheets read as "text": one starting with `=`, `@`,
    /// a tab or a carriage return, or with `+` or `-` before anything but a number or a phone number
    /// (`-1500`, `+66 81 234 5678` stay as they are).
    static func neutralised(_ field: String) -> String {
        guard let first = field.unicodeScalars.first else { return field }
        switch first {
        case "=", "@", "\t", "\r":
            return "'" + field
        case "+", "-":
            let plain = field.unicodeScalars.allSatisfy { "0123456789 .,()-+/".unicodeScalars.contains($0) }
            return plain ? field : "'" + field
        default:
            return field
        }
    }

    static func quotedIfNeeded(_ field: String) -> String {
        let needsQuotes =
            field.utf8.contains {
                $0 == Byte.comma || $0 == Byte.quote || $0 == Byte.lineFeed || $0 == Byte.carriageReturn
            }
            || field.utf8.first == Byte.space || field.utf8.last == Byte.space
        guard needsQuotes else { return field }
        var quoted = "\""
        for character in field.unicodeScalars {
            if character == "\"" { quoted += "\"" }
            quoted.unicodeScalars.append(character)
        }
        return quoted + "\""
    }

    private enum Byte {
        static let quote = UInt8(ascii: "\"")
        static let comma = UInt8(ascii: ",")
        static let lineFeed = UInt8(ascii: "\n")
        static let carriageReturn = UInt8(ascii: "\r")
        static let space = UInt8(ascii: " ")

        static func isEnd(_ byte: UInt8) -> Bool { byte == comma || byte == lineFeed || byte == carriageReturn }
    }
}

/// A property's guests as a CSV file: one row a guest, with their contact, their registration details
/// and their stays at the property (how many, the first arrival, the last departure).
public enum GuestList {
    public struct Entry: Hashable, Sendable {
        public var guest: Guest
        public var stays: Int
        public var firstArrival: Day
        public var lastDeparture: Day

        public init(guest: Guest, stays: Int, firstArrival: Day, lastDeparture: Day) {
            self.guest = guest
            self.stays = stays
            self.firstArrival = firstArrival
            self.lastDeparture = lastDeparture
        }
    }

    public static let header = CSV.line([
        "name", "email", "phone", "nationality", "document_number", "birth_date", "stays", "first_arrival",
        "last_departure",
    ])

    public static func line(for entry: Entry) -> String {
        let guest = entry.guest
        return CSV.line([
            guest.name, guest.email, guest.phone, guest.nationality, guest.documentNumber, guest.birthDate?.iso ?? "",
            String(entry.stays), entry.firstArrival.iso, entry.lastDeparture.iso,
        ])
    }
}
