extension Int {
    /// The sum, held at `Int.max` or `Int.min` instead of trapping. Amounts the API takes are bounded
    /// (`Money.maxAmount`) so that sums of them never get near; this is for rows written before those
    /// bounds, which must not take the server down for every hotel on it.
    public func addingSaturated(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other > 0 ? .max : .min
    }

    /// The difference, held at `Int.max` or `Int.min` instead of trapping.
    public func subtractingSaturated(_ other: Int) -> Int {
        let (difference, overflow) = subtractingReportingOverflow(other)
        guard overflow else { return difference }
        return other < 0 ? .max : .min
    }

    /// The product, held at `Int.max` or `Int.min` instead of trapping.
    public func multipliedSaturated(by other: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        guard overflow else { return product }
        return (self < 0) == (other < 0) ? .max : .min
    }
}

extension Sequence where Element == Int {
    /// The sum, held at `Int.max` or `Int.min` instead of trapping (see `Int.addingSaturated`).
    public func saturatedSum() -> Int { reduce(0) { $0.addingSaturated($1) } }
}
