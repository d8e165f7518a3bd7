import API
import Booking

extension FrontdeskAPI {
    /// Every field's bound, as the domain checks it (`FieldLimits`), for the pages to put on their fields.
    func getFieldLimits(_ input: Operations.GetFieldLimits.Input) async throws -> Operations.GetFieldLimits.Output {
        let fields = FieldLimits.all.mapValues {
            Components.Schemas.FieldBound(min: $0.min, max: $0.max, choices: $0.choices)
        }
        return .ok(.init(body: .json(.init(fields: .init(additionalProperties: fields)))))
    }
}
