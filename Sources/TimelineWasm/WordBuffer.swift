// Compiled together with Timeline for wasm32 (one module there); an ordinary dependency natively.
#if canImport(Timeline)
    import Timeline
#endif

/// A growable array of 32-bit words in memory the module owns: JavaScript reads and writes it
/// through typed arrays, so it must not be a Swift array that may move on its own.
struct WordBuffer {
    private(set) var base: UnsafeMutablePointer<UInt32>
    private(set) var capacity: Int
    /// Words written since the last `clear()`.
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = capacity
        base = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
    }

    /// Makes room for at least `words` words; the contents are kept.
    mutating func reserve(_ words: Int) {
        guard words > capacity else { return }
        var newCapacity = capacity * 2
        while newCapacity < words { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt32>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    mutating func clear() { count = 0 }

    mutating func append(_ value: Int) {
        reserve(count + 1)
        base[count] = UInt32(bitPattern: Int32(truncatingIfNeeded: value))
        count += 1
    }

    mutating func append(_ value: Double) {
        reserve(count + 1)
        base[count] = Float(value).bitPattern
        count += 1
    }

    mutating func append(_ rect: Rect) {
        append(rect.x)
        append(rect.y)
        append(rect.width)
        append(rect.height)
    }

    /// The word at an index, read as a signed integer.
    func int(at index: Int) -> Int {
        Int(Int32(bitPattern: base[index]))
    }
}
