import Booking
import Foundation
import Hummingbird

/// The forms the web app renders: their names, and each declaration as JSON.
struct FormController {
    func register(on group: RouterGroup<AppRequestContext>) {
        group.get("forms", use: list)
        group.get("forms/{name}", use: show)
    }

    struct FormList: ResponseEncodable, Decodable {
        var forms: [String]
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> FormList {
        FormList(forms: FormCatalog.all.map(\.name))
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> FreeForm {
        let name = context.parameters.get("name") ?? ""
        guard let form = FormCatalog.form(named: name) else {
            throw DomainError(
                .notFound, "no form '\(name)' (\(FormCatalog.all.map(\.name).joined(separator: ", ")))", field: "name")
        }
        return form
    }
}

extension FreeForm: ResponseEncodable {}

extension Request {
    /// Decodes a JSON body that a form's declaration checks first (unknown fields ignored, as the API
    /// does), then as the endpoint's own type, so that its checks still run.
    func decodeJSON<Value: Decodable>(as type: Value.Type, checkedBy form: FreeForm, context: some RequestContext)
        async throws -> Value
    {
        let values = try await decodeJSON(as: [String: FormValue].self, context: context)
        _ = try form.validate(values, unknownKeys: .ignore)
        return try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(values))
    }
}
