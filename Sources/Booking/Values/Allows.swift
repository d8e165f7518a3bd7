/// Whether `change` would succeed on a copy of `value`: how a thing's `actions` are decided by the very
/// transitions its operations make, without making them.
func allows<Value>(_ value: Value, _ change: (inout Value) throws -> Void) -> Bool {
    var copy = value
    do {
        try change(&copy)
        return true
    } catch {
        return false
    }
}
