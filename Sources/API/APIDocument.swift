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
        /// Declared `type: integer`: a whole number.
        public var isInteger: Bool
    }

    /// Each operation's path and query parameters, by operation id (its path's and its own).
    public static var parameters: [String: [Parameter]] { operations.parameters }

    /// Each operation's id, by its method and path: `"POST /api/v1/properties/{id}/stays"`.
    public static var operationIDs: [String: String] { operations.ids }

    /// Both tables, from one reading of the document's paths.
    private static let operations: (parameters: [String: [Parameter]], ids: [String: String]) = {
        guard let document = try? Yams.load(yaml: yaml) as? [String: Any],
            let paths = document["paths"] as? [String: [String: Any]]
        else { fatalError("openapi.yaml has no paths") }
        let shared = (document["components"] as? [String: Any])?["parameters"] as? [String: [String: Any]] ?? [:]
        func parameter(_ declared: [String: Any]) -> Parameter? {
            var declared = declared
            if let reference = declared["$ref"] as? String {
                declared = shared[String(reference.split(separator: "/").last ?? "")] ?? [:]
            }
            guard let name = declared["name"] as? String,
                let location = Parameter.Location(rawValue: declared["in"] as? String ?? "")
            else { return nil }
            let schema = declared["schema"] as? [String: Any] ?? [:]
            return Parameter(
                name: name, location: location, required: declared["required"] as? Bool ?? false,
                isInteger: schema["type"] as? String == "integer")
        }
        var parameters: [String: [Parameter]] = [:]
        var ids: [String: String] = [:]
        for (path, item) in paths {
            let common = (item["parameters"] as? [[String: Any]] ?? []).compactMap(parameter)
            for case let (method, operation as [String: Any]) in item {
                guard let id = operation["operationId"] as? String else { continue }
                parameters[id] = common + (operation["parameters"] as? [[String: Any]] ?? []).compactMap(parameter)
                ids["\(method.uppercased()) \(path)"] = id
            }
        }
        return (parameters, ids)
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
