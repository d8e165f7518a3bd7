/// A map from integer ids to values: an open-addressing hash table with linear probing.
///
/// The standard library's `Dictionary` hashes with SipHash, which dominated loading 200,000 items;
/// ids are integers chosen by a database, so a multiplicative hash spreads them well enough.
struct IDTable<Value>: Sendable where Value: Sendable {
    private var ids: [Int]
    private var values: [Value]
    /// What fills a free slot; never returned.
    private let empty: Value
    /// Whether each slot holds an entry.
    private var occupied: [Bool]
    private(set) var count = 0
    private var mask: Int

    init(capacity: Int = 0, empty: Value) {
        self.empty = empty
        var slots = 16
        while slots < capacity * 2 { slots *= 2 }
        ids = Array(repeating: 0, count: slots)
        values = Array(repeating: empty, count: slots)
        occupied = Array(repeating: false, count: slots)
        mask = slots - 1
    }

    /// - Complexity: O(1) expected.
    subscript(id: Int) -> Value? {
        var slot = home(of: id)
        while occupied[slot] {
            if ids[slot] == id { return values[slot] }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Sets an id's value and returns the one it replaced, if any.
    ///
    /// - Complexity: O(1) amortized.
    @discardableResult
    mutating func updateValue(_ value: Value, forID id: Int) -> Value? {
        if (count + 1) * 2 > occupied.count { grow() }
        var slot = home(of: id)
        while occupied[slot] {
            if ids[slot] == id {
                let old = values[slot]
                values[slot] = value
                return old
            }
            slot = (slot + 1) & mask
        }
        occupied[slot] = true
        ids[slot] = id
        values[slot] = value
        count += 1
        return nil
    }

    /// Removes an id, shifting later entries of its probe run back so that no tombstones are needed.
    ///
    /// - Complexity: O(1) expected.
    mutating func removeValue(forID id: Int) {
        var slot = home(of: id)
        while occupied[slot] && ids[slot] != id { slot = (slot + 1) & mask }
        guard occupied[slot] else { return }
        occupied[slot] = false
        count -= 1
        var next = (slot + 1) & mask
        while occupied[next] {
            let wanted = home(of: ids[next])
            // Move the entry back into the hole unless its home lies cyclically in (hole, next].
            let stays = slot <= next ? (wanted > slot && wanted <= next) : (wanted > slot || wanted <= next)
            if !stays {
                ids[slot] = ids[next]
                values[slot] = values[next]
                occupied[slot] = true
                occupied[next] = false
                slot = next
            }
            next = (next + 1) & mask
        }
    }

    private func home(of id: Int) -> Int {
        // Fibonacci hashing: the high bits of the product are well mixed.
        let product = UInt64(truncatingIfNeeded: id) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: product >> 32) & mask
    }

    private mutating func grow() {
        var bigger = IDTable(capacity: occupied.count, empty: empty)
        for slot in occupied.indices where occupied[slot] {
            bigger.updateValue(values[slot], forID: ids[slot])
        }
        self = bigger
    }
}
