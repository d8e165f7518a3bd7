import API
import Booking
import OpenAPIRuntime
import Storage

/// A hotel's records as files it can take elsewhere: every stay (the form `frontdesk import` reads) and
/// its guest list.
extension FrontdeskAPI {
    func exportStays(_ input: Operations.ExportStays.Input) async throws -> Operations.ExportStays.Output {
        try context.requireAccess(to: input.path.id, for: .accounts)
        let stays = store.stays
        let form = try await stays.importForm(propertyID: input.path.id)
        let text = TextBox(StayImport.header)
        _ = try await stays.exportStays(propertyID: input.path.id) { rows in
            for row in rows { text.append(form.line(for: row)) }
        }
        return .ok(.init(body: .csv(HTTPBody(text.value))))
    }

    func exportGuests(_ input: Operations.ExportGuests.Input) async throws -> Operations.ExportGuests.Output {
        try context.requireAccess(to: input.path.id, for: .accounts)
        _ = try await property(input.path.id)
        let entries = try await store.stays.guestList(propertyID: input.path.id)
        return .ok(.init(body: .csv(HTTPBody(GuestList.header + entries.map(GuestList.line(for:)).joined()))))
    }
}

/// Text gathered by a `@Sendable` closure called page by page, one page at a time.
private final class TextBox: @unchecked Sendable {
    private(set) var value: String

    init(_ value: String) { self.value = value }

    func append(_ text: String) { value += text }
}
