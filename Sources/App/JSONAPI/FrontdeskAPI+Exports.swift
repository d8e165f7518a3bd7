import API
import Booking
import OpenAPIRuntime

/// A hotel's records as files it can take elsewhere: every stay (the form `frontdesk import` reads) and
/// its guest list.
extension FrontdeskAPI {
    func exportStays(_ input: Operations.ExportStays.Input) async throws -> Operations.ExportStays.Output {
        .ok(.init(body: .csv(HTTPBody(try await exports.stays(propertyID: input.path.id, by: try staff)))))
    }

    func exportGuests(_ input: Operations.ExportGuests.Input) async throws -> Operations.ExportGuests.Output {
        .ok(.init(body: .csv(HTTPBody(try await exports.guests(propertyID: input.path.id, by: try staff)))))
    }
}
