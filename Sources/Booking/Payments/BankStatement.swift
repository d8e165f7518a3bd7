import Foundation

/// How one bank writes its statement as CSV: which columns hold the day, the money in and the text where
/// the payer's reference stands, and how it writes dates and amounts. The desk maps a bank's columns
/// once; the property keeps the mapping by the bank's name.
public struct StatementFormat: Hashable, Sendable {
    /// How a bank writes a day. A Thai bank's year may be the Buddhist era's (2569 for 2026).
    public enum DateOrder: String, Sendable, CaseIterable {
        /// 2026-12-01 (or 2026/12/01).
        case yearMonthDay = "ymd"
        /// 01/12/2026 (or 01-12-2026, 01.12.2026): Thailand's and Vietnam's banks.
        case dayMonthYear = "dmy"
        /// 12/01/2026.
        case monthDayYear = "mdy"
    }

    /// The bank's name as the desk knows it ("Kasikornbank", "Vietcombank").
    public var bank: String
    /// The header of the column with the day the money arrived.
    public var dateColumn: String
    /// The header of the column with the money in (a credit); a line with nothing, zero or less there
    /// is not money received, and is passed over.
    public var amountColumn: String
    /// The header of the column with the transfer's text, where the payer's reference (the booking's
    /// code) stands.
    public var textColumn: String
    /// The header of the column with the bank's own reference of the transaction; "" when it has none.
    public var referenceColumn: String
    public var dateOrder: DateOrder
    /// Amounts written 1.177,00 rather than 1,177.00.
    public var decimalComma: Bool

    public init(
        bank: String, dateColumn: String, amountColumn: String, textColumn: String, referenceColumn: String = "",
        dateOrder: DateOrder = .yearMonthDay, decimalComma: Bool = false
    ) {
        self.bank = bank
        self.dateColumn = dateColumn
        self.amountColumn = amountColumn
        self.textColumn = textColumn
        self.referenceColumn = referenceColumn
        self.dateOrder = dateOrder
        self.decimalComma = decimalComma
    }

    public static let nameLimit = 60
    /// The most banks one property keeps a format for.
    public static let perProperty = 20

    /// Checks the names: the bank's and each column's, one line of 1 to 60 characters (the reference's may
    /// be empty), each column another.
    public func validate() throws(DomainError) {
        try FreeText.validate(bank, field: "bank", limit: Self.nameLimit, lines: false)
        let named = [
            ("dateColumn", dateColumn), ("amountColumn", amountColumn), ("textColumn", textColumn),
            ("referenceColumn", referenceColumn),
        ]
        for (field, column) in named {
            try FreeText.validate(column, field: field, limit: Self.nameLimit, lines: false)
            guard !column.isEmpty || field == "referenceColumn" else {
                throw .invalid(field, "name the column's header as the bank's file writes it")
            }
        }
        let columns = named.map(\.1).filter { !$0.isEmpty }
        guard Set(columns).count == columns.count else {
            throw .invalid("textColumn", "each column is another of the file's", reason: .statementColumns)
        }
    }
}

/// One line of a bank's statement that is money received, as read by its format.
public struct StatementLine: Hashable, Sendable {
    /// The record's line in the file, from 1.
    public var line: Int
    public var day: Day
    public var amount: Money
    /// The transfer's text, trimmed, at most `textLimit` characters.
    public var text: String
    /// The bank's reference of the transaction; "" when its statement has none.
    public var bankReference: String
    /// What tells this line from every other the bank could send: its day, amount, reference and text,
    /// and which of the file's lines alike it is. The same statement imported twice gives the same ones.
    public var fingerprint: String

    public static let textLimit = 200

    public init(line: Int, day: Day, amount: Money, text: String, bankReference: String, fingerprint: String) {
        self.line = line
        self.day = day
        self.amount = amount
        self.text = text
        self.bankReference = bankReference
        self.fingerprint = fingerprint
    }

    /// The booking codes (`FD-` and eight letters or digits) its text may hold, as a bank may write them:
    /// upper or lower case, the hyphen dropped or a space in its place; in the order they stand.
    public var bookingCodes: [String] {
        let letters = Array(
            text.uppercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
        var codes: [String] = []
        var index = 0
        while index + 10 <= letters.count {
            let candidate = letters[index..<index + 10]
            if candidate.starts(with: ["F", "D"]), candidate.dropFirst(2).allSatisfy(Self.isCodeCharacter) {
                let code = "FD-" + String(String.UnicodeScalarView(candidate.dropFirst(2)))
                if !codes.contains(code) { codes.append(code) }
            }
            // Every place is tried: "FDFD-ABCDEFGH" holds a code from its third letter.
            index += 1
        }
        return codes
    }

    private static func isCodeCharacter(_ scalar: Unicode.Scalar) -> Bool {
        ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}

/// A bank's statement read by its format: the lines of money received, each with its fingerprint.
public enum BankStatement {
    /// The most lines one import reads: a year of a small hotel's transfers, many times over.
    public static let lineLimit = 5_000

    /// Reads `bytes` (CSV, UTF-8) by `format` in `currency`: the first record holding the format's
    /// date, amount and text headers is the header (what a bank writes above it, its account and period,
    /// is passed over); each record after it with money in is a line. A record that cannot be read is
    /// refused by its line (`statement`), so that nothing is half imported.
    public static func read(_ bytes: [UInt8], format: StatementFormat, currency: Currency) throws(DomainError)
        -> [StatementLine]
    {
        var records = CSV.Reader(bytes)
        var columns: (date: Int, amount: Int, text: Int, reference: Int?)?
        while columns == nil, let record = records.next() {
            let names = record.fields.map { $0.trimmingCharacters(in: .whitespaces) }
            if let date = names.firstIndex(of: format.dateColumn),
                let amount = names.firstIndex(of: format.amountColumn),
                let text = names.firstIndex(of: format.textColumn)
            {
                columns = (date, amount, text, names.firstIndex(of: format.referenceColumn))
            }
        }
        guard let columns else {
            let names = [format.dateColumn, format.amountColumn, format.textColumn].joined(separator: ", ")
            throw .invalid(
                "statement", "no line of the file names the columns \(names) as \(format.bank)'s format does",
                reason: .statementNoHeader, params: ["columns": names])
        }
        var lines: [StatementLine] = []
        var seen: [String: Int] = [:]
        for record in records {
            if let problem = record.problem { throw unreadable(record.line, problem, bank: format.bank) }
            let cell = { (index: Int) in
                index < record.fields.count ? record.fields[index].trimmingCharacters(in: .whitespaces) : ""
            }
            let written = cell(columns.amount)
            let amount: Money?
            do {
                amount = try Self.amount(written, decimalComma: format.decimalComma, currency)
            } catch {
                throw unreadable(record.line, error.message, bank: format.bank)
            }
            guard let amount, amount.amount > 0 else { continue }
            guard lines.count < lineLimit else {
                throw .invalid("statement", "a statement takes at most \(lineLimit) lines of money received")
            }
            guard let day = Self.day(cell(columns.date), order: format.dateOrder) else {
                throw unreadable(
                    record.line, "'\(cell(columns.date).prefix(40))' is not a date as the format writes it",
                    bank: format.bank)
            }
            let text = String(
                cell(columns.text).split(whereSeparator: \.isWhitespace).joined(separator: " ").prefix(
                    StatementLine.textLimit))
            let reference = String(columns.reference.map(cell)?.prefix(StatementLine.textLimit) ?? "")
            let key = "\(day.iso)|\(amount.amount)|\(reference)|\(text)"
            let occurrence = seen[key, default: 0] + 1
            seen[key] = occurrence
            lines.append(
                StatementLine(
                    line: record.line, day: day, amount: amount, text: text, bankReference: reference,
                    fingerprint: "\(key)|\(occurrence)"))
        }
        return lines
    }

    /// The money in a cell: digits with thousands separators, the currency's decimals, a sign or symbol
    /// passed over; nil for an empty cell or a debit (a minus sign or brackets).
    static func amount(_ text: String, decimalComma: Bool, _ currency: Currency) throws(DomainError) -> Money? {
        let (point, grouping): (Character, Character) = decimalComma ? (",", ".") : (".", ",")
        var kept = ""
        for character in text {
            if character == "-" || character == "(" { return nil }
            if character.isNumber, character.isASCII {
                kept.append(character)
            } else if character == point {
                kept.append(".")
            } else if character == grouping || character == " " || character == "+" || !character.isASCII
                || character.isLetter
            {
                continue
            } else {
                throw .invalid("statement", "'\(text.prefix(40))' is not an amount")
            }
        }
        guard !kept.isEmpty else { return nil }
        // A bank writing more decimals than the currency has (VND 1,177,000.00) writes zeros.
        if let dot = kept.firstIndex(of: "."),
            kept.distance(from: dot, to: kept.endIndex) - 1 > currency.minorUnitDigits
        {
            let extra = kept[kept.index(dot, offsetBy: 1 + currency.minorUnitDigits)...]
            guard extra.allSatisfy({ $0 == "0" }) else {
                throw .invalid("statement", "'\(text.prefix(40))' has more decimals than \(currency.code)")
            }
            kept = String(
                kept[..<kept.index(dot, offsetBy: currency.minorUnitDigits == 0 ? 0 : 1 + currency.minorUnitDigits)])
        }
        return try Money.parse(decimal: kept, currency, field: "statement")
    }

    /// A day as the format orders it, its parts separated by `/`, `-` or `.`, a time after it passed over;
    /// a year of the Buddhist era (from 2400) read as the common era's.
    static func day(_ text: String, order: StatementFormat.DateOrder) -> Day? {
        let date = text.split(separator: " ").first.map(String.init) ?? ""
        let parts = date.split(whereSeparator: { $0 == "/" || $0 == "-" || $0 == "." }).map { Int($0) }
        guard parts.count == 3, let a = parts[0], let b = parts[1], let c = parts[2] else { return nil }
        let (written, month, day) =
            switch order {
            case .yearMonthDay: (a, b, c)
            case .dayMonthYear: (c, b, a)
            case .monthDayYear: (c, a, b)
            }
        let year = written >= 2400 ? written - 543 : written
        guard (0...9999).contains(year), (0...99).contains(month), (0...99).contains(day) else { return nil }
        return Day(iso: String(format: "%04d-%02d-%02d", year, month, day))
    }

    /// A line the format cannot read, refused by its place in the file.
    private static func unreadable(_ line: Int, _ problem: String, bank: String) -> DomainError {
        .invalid(
            "statement", "line \(line): \(problem)", reason: .statementUnreadable,
            params: ["line": String(line), "bank": bank])
    }
}
