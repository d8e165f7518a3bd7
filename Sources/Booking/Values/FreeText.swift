/// Free text typed by staff or guests (notes, requests, names): anything printable, up to a length.
public enum FreeText {
    /// A note's length, in characters: a stay's, an appointment's, a customer's record.
    public static let notesLimit = 2_000

    /// Checks a length and refuses control characters (NUL cut the text on SQLite and failed the
    /// write on PostgreSQL); `lines` lets tabs and line breaks through, for notes.
    public static func validate(_ text: String, field: String, limit: Int, lines: Bool = true) throws(DomainError) {
        // Printable ASCII, most text, is no longer than its bytes and holds no control character: it
        // needs no look at Unicode's tables (a file of stays has hundreds of thousands of names).
        if text.utf8.count <= limit, text.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) { return }
        guard text.count <= limit else {
            throw .invalid(
                field, "at most \(limit) characters", reason: .textTooLong, params: ["limit": String(limit)])
        }
        let allowed: Set<Unicode.Scalar> = lines ? ["\n", "\r", "\t"] : []
        guard
            !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && !allowed.contains($0) })
        else { throw .invalid(field, "must not contain control characters", reason: .textControl) }
    }
}
