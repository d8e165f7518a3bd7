/// Stays a hotel brings from another system, as a CSV file with a header row (what other systems
/// export, and what `frontdesk export` writes): one stay a row, checked here by the domain's rules
/// before anything is stored. A file is taken whole or not at all, so every problem of every row is
/// found first, each named by its line in the file and its column.
///
/// Reading needs only the property, its room types and its rooms (`read`); the rows are then checked
/// against each other and against what the database already holds (`conflicts`): confirmation codes
/// taken, rooms taken by other stays or out of service.
public struct StayImport: Sendable {
    /// The file's columns, in the order `frontdesk export` writes them.
    public enum Column: String, CaseIterable, Sendable {
        case confirmationCode = "confirmation_code"
        case guestName = "guest_name"
        case email
        case phone
        case room
        case roomType = "room_type"
        case arrival
        case departure
        case adults
        case children
        case state
        case amountPaid = "amount_paid"

        /// Its place among `allCases`: a row's cells are kept in an array in this order.
        var position: Int {
            switch self {
            case .confirmationCode: 0
            case .guestName: 1
            case .email: 2
            case .phone: 3
            case .room: 4
            case .roomType: 5
            case .arrival: 6
            case .departure: 7
            case .adults: 8
            case .children: 9
            case .state: 10
            case .amountPaid: 11
            }
        }
    }

    /// The columns a file must have (and `room` or `room_type`, or both); a column left out is empty
    /// in every row: a new confirmation code, no email or phone, no children, nothing paid.
    public static let requiredColumns: [Column] = [.guestName, .arrival, .departure, .adults, .state]

    /// The longest confirmation code, ours or one kept from another system.
    public static let codeLimit = 40

    /// What is wrong with a row (or with the file's header, on line 1).
    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// The line of the file the row starts on, from 1 (the header).
        public var line: Int
        /// The column concerned, as the header names it (`header` or `csv` for the file's form).
        public var field: String
        public var message: String

        public init(line: Int, field: String, message: String) {
            self.line = line
            self.field = field
            self.message = message
        }

        public var description: String { "line \(line): \(field): \(message)" }
    }

    /// One stay as the file carries it.
    public struct Row: Sendable, Equatable {
        /// Its line in the file (0 for a row written by an export).
        public var line: Int
        /// The code the guest holds; empty when the stay is to be given a new one.
        public var confirmationCode: String
        public var guestName: String
        public var email: String
        public var phone: String
        /// nil: the stay waits for a room of its type.
        public var roomID: Int?
        public var roomTypeID: Int
        public var nights: Nights
        public var adults: Int
        public var children: Int
        public var state: StayState
        /// Payments less refunds, in the property's currency.
        public var amountPaid: Money

        public init(
            line: Int, confirmationCode: String, guestName: String, email: String, phone: String, roomID: Int?,
            roomTypeID: Int, nights: Nights, adults: Int, children: Int, state: StayState, amountPaid: Money
        ) {
            self.line = line
            self.confirmationCode = confirmationCode
            self.guestName = guestName
            self.email = email
            self.phone = phone
            self.roomID = roomID
            self.roomTypeID = roomTypeID
            self.nights = nights
            self.adults = adults
            self.children = children
            self.state = state
            self.amountPaid = amountPaid
        }
    }

    /// Nights a room is held before the import: by a stay not cancelled, or out of service.
    public struct Holding: Sendable, Equatable {
        public var roomID: Int
        public var nights: Nights
        /// What holds it, as a problem names it: `stay FD-7K2Q9XAB` or `a block (Air conditioning broken)`.
        public var holder: String

        public init(roomID: Int, nights: Nights, holder: String) {
            self.roomID = roomID
            self.nights = nights
            self.holder = holder
        }
    }

    /// A file as read: the rows that can be checked against others, and every problem found.
    public struct Reading: Sendable {
        /// Rows whose code, room, room type, dates and state could be read; a row here may still have
        /// problems in its other columns. When `problems` is empty, every row of the file.
        public var rows: [Row] = []
        public var problems: [Problem] = []
        /// The rows of the file, good and bad (the header and blank lines aside).
        public var rowCount = 0
        /// Every confirmation code the file gives, with its line.
        public var codes: [(line: Int, code: String)] = []

        /// How many rows have a problem.
        public var badRowCount: Int { Set(problems.map(\.line)).count }

        /// Adds problems found later (`conflicts`), keeping all in the file's order.
        public mutating func add(_ more: [Problem]) {
            problems = (problems + more).sorted(by: StayImport.ordered)
        }
    }

    public let property: Property
    private let roomsByNumber: [String: Room]
    private let roomsByID: [Int: Room]
    private let roomTypesByName: [String: [RoomType]]
    private let roomTypesByID: [Int: RoomType]

    public init(property: Property, roomTypes: [RoomType], rooms: [Room]) {
        self.property = property
        roomsByNumber = Dictionary(rooms.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
        roomsByID = Dictionary(rooms.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        roomTypesByName = Dictionary(grouping: roomTypes, by: \.name)
        roomTypesByID = Dictionary(roomTypes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    // MARK: - Reading

    /// Reads a file: its header, then each row by the rules that need only the property: dates, length,
    /// room and room type, guests against the room type's capacity, state, amount, the guest's details,
    /// a code given twice. A header it cannot use is one problem on line 1, and no rows are read.
    ///
    /// - Complexity: O(n) in the file's bytes.
    public func read(_ bytes: [UInt8]) -> Reading {
        var reading = Reading()
        var records = CSV.Reader(bytes)
        guard let header = records.next() else {
            reading.problems = [Problem(line: 1, field: "header", message: "the file is empty: it needs a header row")]
            return reading
        }
        let columns: [Column]
        do {
            columns = try Self.columns(of: header)
        } catch {
            reading.problems = [error]
            return reading
        }
        var firstLineOfCode: [String: Int] = [:]
        for record in records {
            reading.rowCount += 1
            if let problem = record.problem {
                reading.problems.append(Problem(line: record.line, field: "csv", message: problem))
                continue
            }
            guard record.fields.count == columns.count else {
                reading.problems.append(
                    Problem(
                        line: record.line, field: "csv",
                        message: "\(record.fields.count) fields where the header has \(columns.count)"))
                continue
            }
            var cells = Array(repeating: "", count: Column.allCases.count)
            for (column, field) in zip(columns, record.fields) { cells[column.position] = field }
            let (row, problems) = read(cells, line: record.line)
            reading.problems += problems
            if let row { reading.rows.append(row) }
            let code = Self.trimmed(cells[Column.confirmationCode.position])
            if !code.isEmpty, !problems.contains(where: { $0.field == Column.confirmationCode.rawValue }) {
                if let first = firstLineOfCode[code] {
                    reading.problems.append(
                        Problem(
                            line: record.line, field: Column.confirmationCode.rawValue,
                            message: "'\(code)' is also the code on line \(first)"))
                } else {
                    firstLineOfCode[code] = record.line
                    reading.codes.append((record.line, code))
                }
            }
        }
        reading.problems.sort(by: Self.ordered)
        return reading
    }

    /// The header's columns in the file's order: names matched without regard to case or surrounding
    /// spaces; an unknown, repeated or missing column is refused, naming them all.
    static func columns(of header: CSV.Record) throws(Problem) -> [Column] {
        if let problem = header.problem { throw Problem(line: header.line, field: "header", message: problem) }
        var columns: [Column] = []
        var unknown: [String] = []
        var repeated: [String] = []
        for name in header.fields {
            let key = trimmed(name).lowercased()
            guard let column = Column(rawValue: key) else {
                unknown.append("'\(name.prefix(40))'")
                continue
            }
            if columns.contains(column) { repeated.append(column.rawValue) }
            columns.append(column)
        }
        var missing = requiredColumns.filter { !columns.contains($0) }.map(\.rawValue)
        if !columns.contains(.room) && !columns.contains(.roomType) { missing.append("room or room_type") }
        var faults: [String] = []
        if !unknown.isEmpty { faults.append("unknown column\(unknown.count == 1 ? "" : "s") \(list(unknown))") }
        if !repeated.isEmpty { faults.append("repeated column\(repeated.count == 1 ? "" : "s") \(list(repeated))") }
        if !missing.isEmpty { faults.append("missing column\(missing.count == 1 ? "" : "s") \(list(missing))") }
        guard faults.isEmpty else {
            throw Problem(
                line: header.line, field: "header",
                message: faults.joined(separator: "; ") + " (the columns are \(list(Column.allCases.map(\.rawValue))))")
        }
        return columns
    }

    /// One row's cells as a row, and what is wrong with them (at most one problem a column). The row is
    /// nil when its code, room, room type, dates or state cannot be read (it cannot then be checked
    /// against others); otherwise a column with a problem holds a stand-in value.
    func read(_ cells: [String], line: Int) -> (Row?, [Problem]) {
        var problems: [Problem] = []
        func check<T>(_ column: Column, _ body: () throws(DomainError) -> T) -> T? {
            do {
                return try body()
            } catch {
                problems.append(Problem(line: line, field: column.rawValue, message: error.message))
                return nil
            }
        }
        func cell(_ column: Column) -> String { cells[column.position] }

        let code = check(.confirmationCode) { () throws(DomainError) in
            let code = Self.trimmed(cell(.confirmationCode))
            try Self.validate(code: code)
            return code
        }
        let guestName = cell(.guestName)
        _ = check(.guestName) { () throws(DomainError) in try Guest.validate(name: guestName, email: "", phone: "") }
        _ = check(.email) { () throws(DomainError) in try Guest.validate(name: "-", email: cell(.email), phone: "") }
        _ = check(.phone) { () throws(DomainError) in try Guest.validate(name: "-", email: "", phone: cell(.phone)) }
        let room = check(.room) { () throws(DomainError) in try self.room(Self.trimmed(cell(.room))) }
        let roomType = check(.roomType) { () throws(DomainError) in
            try self.roomType(Self.trimmed(cell(.roomType)), room: room ?? nil, roomCellRead: room != nil)
        }
        let arrival = check(.arrival) { () throws(DomainError) in
            try Day.parse(Self.trimmed(cell(.arrival)), field: Column.arrival.rawValue)
        }
        let departure = check(.departure) { () throws(DomainError) in
            try Day.parse(Self.trimmed(cell(.departure)), field: Column.departure.rawValue)
        }
        var nights: Nights?
        if let arrival, let departure {
            nights = check(.departure) { () throws(DomainError) in
                let nights = try Nights(arrival: arrival, departure: departure)
                try Stay.validate(nights: nights)
                return nights
            }
        }
        let adults = check(.adults) { () throws(DomainError) in
            try Self.count(Self.trimmed(cell(.adults)), field: .adults, in: 1...Stay.maxGuests, empty: nil)
        }
        let children = check(.children) { () throws(DomainError) in
            try Self.count(Self.trimmed(cell(.children)), field: .children, in: 0...Stay.maxGuests, empty: 0)
        }
        if let adults, let children, let roomType = roomType ?? nil {
            _ = check(.adults) { () throws(DomainError) in
                try Stay.validateGuests(adults: adults, children: children, capacity: roomType.capacity)
            }
        }
        let state = check(.state) { () throws(DomainError) in try Self.state(Self.trimmed(cell(.state))) }
        if let state, state == .checkedIn || state == .checkedOut, room == .some(nil) {
            problems.append(
                Problem(
                    line: line, field: Column.room.rawValue,
                    message: "a \(state.rawValue.replacingOccurrences(of: "_", with: "-")) stay needs its room"))
        }
        let paid = check(.amountPaid) { () throws(DomainError) in
            let text = Self.trimmed(cell(.amountPaid))
            return try text.isEmpty
                ? Money.zero(property.currency)
                : Money.parse(decimal: text, property.currency, field: Column.amountPaid.rawValue)
        }

        guard let code, let room, let roomType = roomType ?? nil, let nights, let state else { return (nil, problems) }
        let row = Row(
            line: line, confirmationCode: code, guestName: guestName, email: cell(.email), phone: cell(.phone),
            roomID: room?.id, roomTypeID: roomType.id, nights: nights, adults: adults ?? 1, children: children ?? 0,
            state: state, amountPaid: paid ?? .zero(property.currency))
        return (row, problems)
    }

    /// A code kept from another system: up to `codeLimit` characters, no spaces or control characters.
    static func validate(code: String) throws(DomainError) {
        // Printable ASCII without spaces, most codes, needs no look at Unicode's tables.
        if code.utf8.count <= codeLimit, code.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) { return }
        guard code.count <= codeLimit else {
            throw .invalid(Column.confirmationCode.rawValue, "at most \(codeLimit) characters")
        }
        guard
            !code.unicodeScalars.contains(where: {
                $0.properties.isWhitespace || $0.properties.generalCategory == .control
            })
        else { throw .invalid(Column.confirmationCode.rawValue, "must not contain spaces or control characters") }
    }

    /// The room a cell names by its number; nil for an empty cell.
    private func room(_ number: String) throws(DomainError) -> Room? {
        guard !number.isEmpty else { return nil }
        guard let room = roomsByNumber[number] else {
            throw .invalid(Column.room.rawValue, "\(property.name) has no room '\(number.prefix(40))'")
        }
        return room
    }

    /// The room type a cell names, or the room's when the cell is empty: it must be the room's when
    /// both are given. `roomCellRead` is false when the room cell named no room of the property (a
    /// problem of its own).
    private func roomType(_ name: String, room: Room?, roomCellRead: Bool) throws(DomainError) -> RoomType? {
        let field = Column.roomType.rawValue
        guard !name.isEmpty else {
            if let room { return roomTypesByID[room.roomTypeID] }
            guard roomCellRead else { return nil }
            throw .invalid(field, "give a room, a room type, or both")
        }
        guard let named = roomTypesByName[name] else {
            throw .invalid(field, "\(property.name) has no room type '\(name.prefix(40))'")
        }
        guard let room else {
            guard named.count == 1 else {
                throw .invalid(field, "\(named.count) room types are named '\(name)': give the room as well")
            }
            return named[0]
        }
        guard let roomType = named.first(where: { $0.id == room.roomTypeID }) else {
            let actual = roomTypesByID[room.roomTypeID]?.name ?? "another room type"
            throw .invalid(field, "room \(room.number) is a \(actual), not a \(name)")
        }
        return roomType
    }

    /// A count of guests: digits only, checked against its bound before it becomes a number.
    private static func count(_ text: String, field: Column, in range: ClosedRange<Int>, empty: Int?)
        throws(DomainError)
        -> Int
    {
        guard !text.isEmpty else {
            guard let empty else { throw .invalid(field.rawValue, "a number from \(range.lowerBound) is required") }
            return empty
        }
        guard text.count <= 3, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let count = Int(text), range.contains(count)
        else { throw DomainError.outOfRange(field.rawValue, text.prefix(40), range) }
        return count
    }

    private static func state(_ text: String) throws(DomainError) -> StayState {
        guard let state = StayState(rawValue: text.lowercased()) else {
            throw .invalid(
                Column.state.rawValue,
                "'\(text.prefix(40))' is not a state (\(list(StayState.allCases.map(\.rawValue))))")
        }
        return state
    }

    // MARK: - Conflicts

    /// The problems of a file's rows with each other and with what the database holds: a code the
    /// database already has (`takenCodes`, of those in `reading.codes`), and two stays in one room on a
    /// night, whether both rows or a row and a stay or block already there. Cancelled and no-show rows
    /// hold no room. A row in the way of an earlier one (by arrival) is the one named.
    ///
    /// - Complexity: O(r log r + h log h) for r rows and h holdings.
    public func conflicts(in reading: Reading, holdings: [Holding], takenCodes: Set<String>) -> [Problem] {
        var problems: [Problem] = []
        for (line, code) in reading.codes where takenCodes.contains(code) {
            problems.append(
                Problem(
                    line: line, field: Column.confirmationCode.rawValue,
                    message: "'\(code)' is already a stay's code in this database"))
        }
        let held = Dictionary(grouping: holdings, by: \.roomID).mapValues {
            $0.sorted { $0.nights.arrival < $1.nights.arrival }
        }
        let rowsByRoom = Dictionary(grouping: reading.rows.filter { $0.roomID != nil && $0.state.holdsRoom }) {
            $0.roomID!
        }
        for (roomID, rows) in rowsByRoom {
            let number = roomsByID[roomID]?.number ?? String(roomID)
            let holdings = held[roomID] ?? []
            var furthest: Row?
            for row in rows.sorted(by: { ($0.nights.arrival, $0.line) < ($1.nights.arrival, $1.line) }) {
                if let furthest, row.nights.arrival < furthest.nights.departure {
                    problems.append(
                        Problem(
                            line: row.line, field: Column.room.rawValue,
                            message: "room \(number) is also taken by line \(furthest.line) "
                                + "(\(furthest.nights.arrival) to \(furthest.nights.departure))"))
                }
                if furthest.map({ row.nights.departure > $0.nights.departure }) ?? true { furthest = row }
                if let holding = Self.firstOverlap(of: row.nights, in: holdings) {
                    problems.append(
                        Problem(
                            line: row.line, field: Column.room.rawValue,
                            message: "room \(number) is taken by \(holding.holder) "
                                + "(\(holding.nights.arrival) to \(holding.nights.departure))"))
                }
            }
        }
        return problems.sorted(by: Self.ordered)
    }

    /// The first holding over some of `nights`, in holdings sorted by arrival that do not overlap each
    /// other (the database's rule), so that their departures are sorted too.
    static func firstOverlap(of nights: Nights, in holdings: [Holding]) -> Holding? {
        var low = 0
        var high = holdings.count
        while low < high {
            let middle = (low + high) / 2
            if holdings[middle].nights.departure > nights.arrival { high = middle } else { low = middle + 1 }
        }
        guard low < holdings.count, holdings[low].nights.arrival < nights.departure else { return nil }
        return holdings[low]
    }

    // MARK: - Writing

    /// The file's header row.
    public static var header: String { CSV.line(Column.allCases.map(\.rawValue)) }

    /// A stay as a row of the file, in the columns' order.
    public func line(for row: Row) -> String {
        var fields: [String] = []
        fields.reserveCapacity(Column.allCases.count)
        for column in Column.allCases {
            switch column {
            case .confirmationCode: fields.append(row.confirmationCode)
            case .guestName: fields.append(row.guestName)
            case .email: fields.append(row.email)
            case .phone: fields.append(row.phone)
            case .room: fields.append(row.roomID.flatMap { roomsByID[$0]?.number } ?? "")
            case .roomType: fields.append(roomTypesByID[row.roomTypeID]?.name ?? "")
            case .arrival: fields.append(row.nights.arrival.iso)
            case .departure: fields.append(row.nights.departure.iso)
            case .adults: fields.append(String(row.adults))
            case .children: fields.append(String(row.children))
            case .state: fields.append(row.state.rawValue)
            case .amountPaid: fields.append(row.amountPaid.decimal)
            }
        }
        return CSV.line(fields)
    }

    // MARK: - Helpers

    static func ordered(_ first: Problem, _ second: Problem) -> Bool {
        let columns = Column.allCases.map(\.rawValue)
        let rank = { (field: String) in columns.firstIndex(of: field) ?? -1 }
        return (first.line, rank(first.field)) < (second.line, rank(second.field))
    }

    /// A cell without the spaces and tabs around it.
    static func trimmed(_ text: String) -> String {
        let isBlank = { (scalar: Unicode.Scalar) in scalar == " " || scalar == "\t" }
        let blankByte = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        if let first = text.utf8.first, let last = text.utf8.last, !blankByte(first), !blankByte(last) { return text }
        guard let first = text.unicodeScalars.firstIndex(where: { !isBlank($0) }) else { return "" }
        let last = text.unicodeScalars.lastIndex(where: { !isBlank($0) })!
        return String(text.unicodeScalars[first...last])
    }

    private static func list(_ names: [String]) -> String { names.joined(separator: ", ") }
}
