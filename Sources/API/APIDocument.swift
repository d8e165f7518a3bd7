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
