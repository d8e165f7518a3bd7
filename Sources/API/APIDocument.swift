import Foundation
import Yams

/// The API's OpenAPI document, `openapi.yaml` beside this file: the one description of the API. The
/// server serves it as written at `/openapi.yaml` and as JSON (keys in the document's order) at
/// `/openapi.json`.
public enum APIDocument {
    /// The document as written.
    public static let yaml: String = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { fatalError("openapi.yaml is missing from the API module's resources") }
        return text
    }()

    /// The document as JSON.
    public static let json: String = {
        do {
            guard let node = try Yams.compose(yaml: yaml) else { fatalError("openapi.yaml is empty") }
            var text = ""
            try write(node, to: &text)
            return text
        } catch {
            fatalError("openapi.yaml is not YAML: \(error)")
        }
    }()

    /// A path or query parameter of an operation, as the document declares it.
    public struct Parameter: Sendable, Equatable {
        public enum Location: String, Sendable { case path, query }

        public var name: String
        public var location: Location
        public var required: Bool
        /// What its schema says of each value.
        public var value: ValueSchema
        /// Declared `type: array` (`services=3&services=5`): the bounds on how many, each value checked by `value`.
        public var items: ClosedRange<Int>?
    }

    /// The rules of a parameter's schema that a value's text is checked by: its type (`integer`, `number`,
    /// `boolean`, `string`), bounds, lengths, choices and pattern.
    public struct ValueSchema: Sendable, Equatable {
        public var type: String?
        public var minimum: Double?
        public var maximum: Double?
        public var minLength: Int?
        public var maxLength: Int?
        public var choices: [String]?
        public var pattern: String?

        init(_ schema: [String: Any]) {
            type = schema["type"] as? String
            minimum = (schema["minimum"] as? NSNumber)?.doubleValue
            maximum = (schema["maximum"] as? NSNumber)?.doubleValue
            minLength = schema["minLength"] as? Int
            maxLength = schema["maxLength"] as? Int
            choices = (schema["enum"] as? [Any])?.map { "\($0)" }
            pattern = schema["pattern"] as? String
        }

        /// Why `text` breaks the schema, in words, or nil when it does not.
        public func violation(of text: String) -> String? {
            switch type {
            case "integer":
                guard let number = Int(text) else { return "'\(text)' is not a whole number" }
                return range(Double(number))
            case "number":
                guard let number = Double(text), number.isFinite else { return "'\(text)' is not a number" }
                return range(number)
            case "boolean":
                return ["true", "false"].contains(text) ? nil : "'\(text)' is not true or false"
            default:
                if let maxLength, text.count > maxLength { return "at most \(maxLength) characters" }
                if let minLength, text.count < minLength { return "at least \(minLength) characters" }
                if let choices, !choices.contains(text) {
                    return "'\(text)' is not one of \(choices.joined(separator: ", "))"
                }
                if let pattern, text.range(of: pattern, options: .regularExpression) == nil {
                    return "'\(text)' is not of the form \(pattern)"
                }
                return nil
            }
        }

        private func range(_ number: Double) -> String? {
            let shown = { (bound: Double) in bound == bound.rounded() ? String(Int(bound)) : String(bound) }
            if let minimum, number < minimum { return "at least \(shown(minimum))" }
            if let maximum, number > maximum { return "at most \(shown(maximum))" }
            return nil
        }
    }

    /// Who may make a change, as its operation states it (`x-access`), checked before its body is read: the
    /// thing its path names (`stay`), by which parameter (`id`), and the work a role must allow (`deskWork`).
    public struct Access: Sendable, Equatable {
        public var holder: String
        public var parameter: String
        public var work: String
    }

    /// Each operation's path and query parameters, by operation id (its path's and its own).
    public static var parameters: [String: [Parameter]] { operations.parameters }

    /// Each change's `x-access`, by operation id.
    public static var access: [String: Access] { operations.access }

    /// Each operation's id, by its method and path: `"POST /api/v1/properties/{id}/stays"`.
    public static var operationIDs: [String: String] { operations.ids }

    /// Both tables, from one reading of the document's paths.
    private static let operations:
        (parameters: [String: [Parameter]], ids: [String: String], access: [String: Access]) =
            {
                guard let document = try? Yams.load(yaml: yaml) as? [String: Any],
                    let paths = document["paths"] as? [String: [String: Any]]
                else { fatalError("openapi.yaml has no paths") }
                let shared =
                    (document["components"] as? [String: Any])?["parameters"] as? [String: [String: Any]] ?? [:]
                func parameter(_ declared: [String: Any]) -> Parameter? {
                    var declared = declared
                    if let reference = declared["$ref"] as? String {
                        declared = shared[String(reference.split(separator: "/").last ?? "")] ?? [:]
                    }
                    guard let name = declared["name"] as? String,
                        let location = Parameter.Location(rawValue: declared["in"] as? String ?? "")
                    else { return nil }
                    let schema = declared["schema"] as? [String: Any] ?? [:]
                    let isArray = schema["type"] as? String == "array"
                    return Parameter(
                        name: name, location: location, required: declared["required"] as? Bool ?? false,
                        value: ValueSchema(isArray ? schema["items"] as? [String: Any] ?? [:] : schema),
                        items: isArray ? (schema["minItems"] as? Int ?? 0)...(schema["maxItems"] as? Int ?? .max) : nil)
                }
                var parameters: [String: [Parameter]] = [:]
                var ids: [String: String] = [:]
                var access: [String: Access] = [:]
                for (path, item) in paths {
                    let common = (item["parameters"] as? [[String: Any]] ?? []).compactMap(parameter)
                    for case let (method, operation as [String: Any]) in item {
                        guard let id = operation["operationId"] as? String else { continue }
                        parameters[id] =
                            common + (operation["parameters"] as? [[String: Any]] ?? []).compactMap(parameter)
                        ids["\(method.uppercased()) \(path)"] = id
                        if let stated = operation["x-access"] as? [String: Any],
                            let holder = stated["holder"] as? String,
                            let parameter = stated["parameter"] as? String, let work = stated["work"] as? String
                        {
                            access[id] = Access(holder: holder, parameter: parameter, work: work)
                        }
                    }
                }
                return (parameters, ids, access)
            }()

    /// JSON of a YAML node: mappings in their order, scalars by YAML's core schema (a number, `true`,
    /// `null`, else a string).
    private static func write(_ node: Node, to text: inout String) throws {
        switch node {
        case .mapping(let mapping):
            text += "{"
            for (index, pair) in mapping.enumerated() {
                if index > 0 { text += "," }
                try write(.scalar(.init(pair.key.string ?? "")), asString: true, to: &text)
                text += ":"
                try write(pair.value, to: &text)
            }
            text += "}"
        case .sequence(let sequence):
            text += "["
            for (index, element) in sequence.enumerated() {
                if index > 0 { text += "," }
                try write(element, to: &text)
            }
            text += "]"
        case .scalar:
            try write(node, asString: false, to: &text)
        case .alias:
            throw YamlError.representer(problem: "openapi.yaml must not use aliases")
        }
    }

    private static func write(_ node: Node, asString: Bool, to text: inout String) throws {
        let value: Any = asString ? (node.string ?? "") : Constructor.default.any(from: node)
        let fragment =
            value is NSNull
            ? "null"
            : String(
                decoding: try JSONSerialization.data(
                    withJSONObject: value, options: [.fragmentsAllowed, .withoutEscapingSlashes]), as: UTF8.self)
        text += fragment
    }
}
