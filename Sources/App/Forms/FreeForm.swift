/// A form declared once, on the server: the front desk's web app renders it from its JSON
/// (`GET /api/v1/forms/{name}`), and the server checks what is submitted against the same declaration
/// (`validate(_:unknownKeys:)`). Labels and titles are translation keys; the client translates them.
struct FreeForm: Codable, Sendable, Equatable {
    var name: String
    var sections: [Section]

    struct Section: Codable, Sendable, Equatable {
        var id: String
        var titleKey: String
        var rows: [FormRow]
    }

    /// Every row, in the order shown.
    var rows: [FormRow] { sections.flatMap(\.rows) }

    func row(_ key: String) -> FormRow? { rows.first { $0.key == key } }
}

/// One line of a form: what it holds (`kind`), what it is called, and what its value must be.
struct FormRow: Codable, Sendable, Equatable {
    enum Kind: String, Codable, Sendable, CaseIterable {
        case text, textarea, email, phone, date, dateTime, choice, segmented, stepper, `switch`, money, button
    }

    /// The name of the value in the submitted JSON (`guest.name` is one flat key, named as the API's
    /// errors name the field).
    var key: String
    var kind: Kind
    var labelKey: String
    var required: Bool
    /// Characters, for text rows.
    var maxLength: Int?
    /// A stepper's whole numbers, a money row's minor units, a date's or time's earliest and latest.
    var min: FormBound?
    var max: FormBound?
    var step: Int?
    /// The values a choice or segmented row offers.
    var options: [FormOption]?
    /// Options the client fills from the property's own data (`rooms`, `staff`, `services`).
    var optionsFrom: String?
    /// Shown only while another row has one of some values; a hidden row is neither required nor checked.
    var visibleWhen: FormCondition?
    /// What a button asks the client to do.
    var action: String?

    init(
        key: String, kind: Kind, labelKey: String, required: Bool = false, maxLength: Int? = nil,
        min: FormBound? = nil, max: FormBound? = nil, step: Int? = nil, options: [FormOption]? = nil,
        optionsFrom: String? = nil, visibleWhen: FormCondition? = nil, action: String? = nil
    ) {
        self.key = key
        self.kind = kind
        self.labelKey = labelKey
        self.required = required
        self.maxLength = maxLength
        self.min = min
        self.max = max
        self.step = step
        self.options = options
        self.optionsFrom = optionsFrom
        self.visibleWhen = visibleWhen
        self.action = action
    }
}

/// A limit on a row's value: fixed (`{"value": 1}`, `{"value": "2026-12-01"}`), or relative to another
/// row's value (`{"row": "arrival", "days": 1}`, `{"row": "start", "minutes": 30}`). `exclusive` makes
/// it strict (`{"value": 0, "exclusive": true}`: more than zero).
struct FormBound: Codable, Sendable, Equatable {
    var value: FormValue?
    var row: String?
    var days: Int?
    var minutes: Int?
    var exclusive: Bool?

    static func value(_ number: Int, exclusive: Bool = false) -> FormBound {
        FormBound(value: .integer(number), exclusive: exclusive ? true : nil)
    }

    static func date(_ iso: String) -> FormBound { FormBound(value: .string(iso)) }

    /// Another row's date plus some days (or its time plus some minutes).
    static func row(_ key: String, days: Int? = nil, minutes: Int? = nil) -> FormBound {
        FormBound(row: key, days: days, minutes: minutes)
    }

    var isExclusive: Bool { exclusive ?? false }
}

struct FormOption: Codable, Sendable, Equatable {
    var value: String
    var labelKey: String
}

/// A row shows while the row named has one of `values`.
struct FormCondition: Codable, Sendable, Equatable {
    var row: String
    var values: [FormValue]
}

/// A JSON value as submitted: enough to check a form without `Any`.
enum FormValue: Codable, Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([FormValue])
    case object([String: FormValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let integer = try? container.decode(Int.self) {
            self = .integer(integer)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([FormValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: FormValue].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value as a message shows it.
    var text: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .integer(let value): "\(value)"
        case .number(let value): "\(value)"
        case .string(let value): value
        case .array: "a list"
        case .object: "an object"
        }
    }
}

/// Values written as literals in declarations and tests: `"cash"`, `2`, `true`, `["amount": 500]`.
extension FormValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByDictionaryLiteral
{
    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .integer(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(dictionaryLiteral elements: (String, FormValue)...) {
        self = .object(Dictionary(uniqueKeysWithValues: elements))
    }
}

// MARK: - Building declarations

extension FormRow {
    static func text(
        _ key: String, label: String, required: Bool = false, maxLength: Int? = nil,
        visibleWhen: FormCondition? = nil
    ) -> FormRow {
        FormRow(
            key: key, kind: .text, labelKey: label, required: required, maxLength: maxLength, visibleWhen: visibleWhen)
    }

    static func textarea(_ key: String, label: String, required: Bool = false, maxLength: Int) -> FormRow {
        FormRow(key: key, kind: .textarea, labelKey: label, required: required, maxLength: maxLength)
    }

    static func email(_ key: String, label: String, required: Bool = false) -> FormRow {
        FormRow(key: key, kind: .email, labelKey: label, required: required)
    }

    static func phone(_ key: String, label: String, required: Bool = false) -> FormRow {
        FormRow(key: key, kind: .phone, labelKey: label, required: required)
    }

    static func date(
        _ key: String, label: String, required: Bool = false, min: FormBound? = nil, max: FormBound? = nil
    ) -> FormRow {
        FormRow(key: key, kind: .date, labelKey: label, required: required, min: min, max: max)
    }

    static func dateTime(
        _ key: String, label: String, required: Bool = false, min: FormBound? = nil, max: FormBound? = nil
    ) -> FormRow {
        FormRow(key: key, kind: .dateTime, labelKey: label, required: required, min: min, max: max)
    }

    static func stepper(_ key: String, label: String, required: Bool = false, range: ClosedRange<Int>, step: Int = 1)
        -> FormRow
    {
        FormRow(
            key: key, kind: .stepper, labelKey: label, required: required, min: .value(range.lowerBound),
            max: .value(range.upperBound), step: step)
    }

    /// A choice among fixed values; each option's label is `label.value`.
    static func choice(_ key: String, label: String, required: Bool = false, values: [String]) -> FormRow {
        FormRow(
            key: key, kind: .choice, labelKey: label, required: required,
            options: values.map { FormOption(value: $0, labelKey: "\(label).\($0)") })
    }

    /// A choice among what the client loads (`rooms`, `staff`, `services`): the value is an id.
    static func choice(_ key: String, label: String, required: Bool = false, optionsFrom source: String) -> FormRow {
        FormRow(key: key, kind: .choice, labelKey: label, required: required, optionsFrom: source)
    }

    static func segmented(_ key: String, label: String, required: Bool = false, values: [String]) -> FormRow {
        FormRow(
            key: key, kind: .segmented, labelKey: label, required: required,
            options: values.map { FormOption(value: $0, labelKey: "\(label).\($0)") })
    }

    static func toggle(_ key: String, label: String) -> FormRow {
        FormRow(key: key, kind: .switch, labelKey: label)
    }

    static func money(
        _ key: String, label: String, required: Bool = false, min: FormBound? = nil, max: FormBound? = nil
    ) -> FormRow {
        FormRow(key: key, kind: .money, labelKey: label, required: required, min: min, max: max)
    }

    static func button(_ key: String, label: String, action: String) -> FormRow {
        FormRow(key: key, kind: .button, labelKey: label, action: action)
    }
}
