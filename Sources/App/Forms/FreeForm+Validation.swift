import Booking

extension FreeForm {
    /// What to do with a submitted key that names no row.
    enum UnknownKeys: Sendable {
        /// A form's own submission: a stray key is a mistake worth saying.
        case refuse
        /// An API body checked by a form: the API ignores fields it does not know, and keeps doing so.
        case ignore
    }

    /// Checks submitted values against the declaration and returns those of the rows that show. A hidden
    /// row is neither required nor checked, and its value is dropped.
    ///
    /// - Throws: `DomainError.invalid` naming the first row at fault (money rows name `key.amount` or
    ///   `key.currency`, as the API does), with the problem in words.
    func validate(_ values: [String: FormValue], unknownKeys: UnknownKeys = .refuse) throws(DomainError)
        -> [String: FormValue]
    {
        let rows = self.rows.filter { $0.kind != .button }
        if unknownKeys == .refuse {
            let known = Set(rows.map(\.key))
            if let unknown = values.keys.sorted().first(where: { !known.contains($0) }) {
                throw .invalid(
                    unknown,
                    "'\(unknown)' is not a field of the \(name) form (\(rows.map(\.key).joined(separator: ", ")))")
            }
        }
        var clean: [String: FormValue] = [:]
        for row in rows where isVisible(row, in: values) {
            guard let value = values[row.key], !value.isBlank else {
                if row.required { throw .invalid(row.key, "'\(row.key)' is required") }
                continue
            }
            try check(value, of: row, among: values)
            clean[row.key] = value
        }
        return clean
    }

    /// Whether a row shows with these values: its condition holds, and so does that of the row it
    /// depends on, all the way up.
    func isVisible(_ row: FormRow, in values: [String: FormValue]) -> Bool {
        var current = row
        var seen: Set<String> = []
        while let condition = current.visibleWhen {
            guard seen.insert(current.key).inserted, let value = values[condition.row],
                condition.values.contains(value), let next = self.row(condition.row)
            else { return false }
            current = next
        }
        return true
    }

    private func check(_ value: FormValue, of row: FormRow, among values: [String: FormValue]) throws(DomainError) {
        let key = row.key
        switch row.kind {
        case .text, .textarea:
            try checkLength(try Self.text(value, key), of: row)
        case .email:
            let text = try Self.text(value, key)
            try checkLength(text, of: row)
            do { try Guest.validate(name: "-", email: text, phone: "") } catch { throw .invalid(key, error.message) }
        case .phone:
            let text = try Self.text(value, key)
            try checkLength(text, of: row)
            do { try Guest.validate(name: "-", email: "", phone: text) } catch { throw .invalid(key, error.message) }
        case .date:
            let day = try Day.parse(try Self.text(value, key), field: key)
            try checkBounds(day.number, of: row, field: key, among: values)
        case .dateTime:
            let text = try Self.text(value, key)
            guard let minute = Self.wallMinute(text) else {
                throw .invalid(key, "'\(text)' is not a date and time like 2026-11-22T10:30")
            }
            try checkBounds(minute, of: row, field: key, among: values)
        case .stepper:
            guard case .integer(let number) = value else { throw .invalid(key, "'\(key)' must be a whole number") }
            try checkBounds(number, of: row, field: key, among: values)
            if let step = row.step, step > 1 {
                let base = row.min.flatMap { resolve($0, for: row, among: values) } ?? 0
                guard (number - base) % step == 0 else { throw .invalid(key, "'\(key)' goes in steps of \(step)") }
            }
        case .choice, .segmented:
            try checkChoice(value, of: row)
        case .switch:
            guard case .bool = value else { throw .invalid(key, "'\(key)' must be true or false") }
        case .money:
            guard case .object(let money) = value else {
                throw .invalid(key, "'\(key)' must be money like {\"amount\": 1500, \"currency\": \"THB\"}")
            }
            guard case .integer(let amount)? = money["amount"] else {
                throw .invalid("\(key).amount", "'\(key).amount' must be a whole number of minor units")
            }
            guard case .string(let code)? = money["currency"] else {
                throw .invalid("\(key).currency", "'\(key).currency' must be a currency code like THB")
            }
            _ = try Currency.named(code, field: "\(key).currency")
            try checkBounds(amount, of: row, field: "\(key).amount", among: values)
        case .button:
            break
        }
    }

    private func checkLength(_ text: String, of row: FormRow) throws(DomainError) {
        if let limit = row.maxLength, text.count > limit { throw .invalid(row.key, "at most \(limit) characters") }
    }

    private func checkChoice(_ value: FormValue, of row: FormRow) throws(DomainError) {
        if let options = row.options {
            guard case .string(let text) = value, options.contains(where: { $0.value == text }) else {
                throw .invalid(
                    row.key, "'\(value.text)' is not one of \(options.map(\.value).joined(separator: ", "))")
            }
            return
        }
        // Options the client loads (rooms, staff) are ids; whether the id exists is the endpoint's to say.
        switch value {
        case .integer(let id) where id > 0: return
        case .string(let id) where !id.isEmpty: return
        default: throw .invalid(row.key, "'\(value.text)' is not one of the \(row.optionsFrom ?? "options")")
        }
    }

    private func checkBounds(_ number: Int, of row: FormRow, field: String, among values: [String: FormValue])
        throws(DomainError)
    {
        let inTime = row.kind == .date || row.kind == .dateTime
        if let bound = row.min, let limit = resolve(bound, for: row, among: values),
            number < limit || (bound.isExclusive && number == limit)
        {
            let words =
                inTime ? (bound.isExclusive ? "after" : "on or after") : (bound.isExclusive ? "more than" : "at least")
            throw .invalid(field, "'\(field)' must be \(words) \(show(limit, of: row))\(origin(of: bound))")
        }
        if let bound = row.max, let limit = resolve(bound, for: row, among: values),
            number > limit || (bound.isExclusive && number == limit)
        {
            let words =
                inTime ? (bound.isExclusive ? "before" : "on or before") : (bound.isExclusive ? "less than" : "at most")
            throw .invalid(field, "'\(field)' must be \(words) \(show(limit, of: row))\(origin(of: bound))")
        }
    }

    /// A bound as a number in the row's own terms (a day's number, a minute, minor units), or nil when it
    /// depends on a row that is hidden, empty or wrong: that row's own check says so.
    func resolve(_ bound: FormBound, for row: FormRow, among values: [String: FormValue]) -> Int? {
        let base: FormValue
        let offset: Int
        if let key = bound.row {
            guard let other = self.row(key), isVisible(other, in: values), let value = values[key] else { return nil }
            base = value
            offset = row.kind == .dateTime ? (bound.days ?? 0) * 24 * 60 + (bound.minutes ?? 0) : (bound.days ?? 0)
        } else {
            guard let value = bound.value else { return nil }
            base = value
            offset = 0
        }
        switch (row.kind, base) {
        case (.date, .string(let text)): return Day(iso: text).map { $0.number + offset }
        case (.dateTime, .string(let text)): return Self.wallMinute(text).map { $0 + offset }
        case (_, .integer(let number)): return number + offset
        default: return nil
        }
    }

    private func show(_ limit: Int, of row: FormRow) -> String {
        switch row.kind {
        case .date: return Day(limit).iso
        case .dateTime:
            let day = limit >= 0 ? limit / (24 * 60) : (limit - 24 * 60 + 1) / (24 * 60)
            let minute = limit - day * 24 * 60
            let hours = minute / 60 < 10 ? "0\(minute / 60)" : "\(minute / 60)"
            let minutes = minute % 60 < 10 ? "0\(minute % 60)" : "\(minute % 60)"
            return "\(Day(day).iso)T\(hours):\(minutes)"
        default: return "\(limit)"
        }
    }

    /// ` (1 day after 'arrival')` for a relative bound; nothing for a fixed one.
    private func origin(of bound: FormBound) -> String {
        guard let key = bound.row else { return "" }
        var parts: [String] = []
        if let days = bound.days, days != 0 { parts.append("\(abs(days)) day\(abs(days) == 1 ? "" : "s")") }
        if let minutes = bound.minutes, minutes != 0 { parts.append("\(abs(minutes)) minutes") }
        guard !parts.isEmpty else { return " ('\(key)')" }
        let direction = (bound.days ?? 0) * 24 * 60 + (bound.minutes ?? 0) < 0 ? "before" : "after"
        return " (\(parts.joined(separator: " and ")) \(direction) '\(key)')"
    }

    private static func text(_ value: FormValue, _ key: String) throws(DomainError) -> String {
        guard case .string(let text) = value else { throw .invalid(key, "'\(key)' must be text") }
        return text
    }

    /// Minutes since 1970-01-01T00:00 of a wall-clock time `YYYY-MM-DDTHH:MM`, optionally with seconds
    /// and an offset (`:00+09:00`, `Z`), which bounds do not compare: a form's times are the property's
    /// wall clock.
    static func wallMinute(_ text: String) -> Int? {
        let characters = Array(text)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= characters.count,
                characters[range].allSatisfy({ $0.isASCII && $0.isNumber })
            else { return nil }
            return Int(String(characters[range]))
        }
        guard characters.count >= 16, characters[10] == "T", characters[13] == ":",
            let day = Day(iso: String(characters[0..<10])), let hour = number(11..<13), let minute = number(14..<16),
            hour < 24, minute < 60
        else { return nil }
        var rest = characters[16...]
        if rest.first == ":" {
            guard number(17..<19) != nil else { return nil }
            rest = rest.dropFirst(3)
        }
        let zone = String(rest)
        let offset =
            zone.count == 6 && (zone.first == "+" || zone.first == "-") && Array(zone)[3] == ":"
            && number((characters.count - 5)..<(characters.count - 3)) != nil
            && number((characters.count - 2)..<characters.count) != nil
        guard zone.isEmpty || zone == "Z" || offset else { return nil }
        return day.number * 24 * 60 + hour * 60 + minute
    }
}

extension FormValue {
    /// Nothing given: null, or text of nothing but spaces.
    var isBlank: Bool {
        switch self {
        case .null: true
        case .string(let text): text.allSatisfy(\.isWhitespace)
        default: false
        }
    }
}
