/// The board's horizontal axis: a range of days or of minutes, mapped to x and back.
///
/// Positions are axis-relative (x = 0 is the left edge of the first column); `Board` adds the row
/// header's width. Items are half-open ranges of units, `[start, end)`.
public struct Axis: Equatable, Sendable {
    public enum Unit: Equatable, Sendable {
        /// Units are calendar days (days since 1970-01-01); a column is one day.
        case day
        /// Units are minutes (of a day, or since 1970-01-01 at UTC for longer ranges).
        case minute
    }

    public var unit: Unit
    /// The first unit on the axis.
    public var start: Int
    /// The unit after the last one on the axis.
    public var end: Int
    public var unitsPerColumn: Int
    public var columnWidth: Double
    /// Where an item enters its first unit, as a fraction of a unit: a stay's check-in afternoon.
    public var entryOffset: Double
    /// Where an item leaves through its end unit, as a fraction of a unit: a stay's check-out morning.
    public var exitOffset: Double

    /// A day axis. By default a stay enters at half a column and leaves at half a column (seed 000's
    /// offset: check-in in the afternoon, check-out in the morning).
    public static func days(
        first: Int, count: Int, columnWidth: Double = 48, checkIn: Double = 0.5, checkOut: Double = 0.5
    ) -> Axis {
        Axis(
            unit: .day, start: first, end: first + max(count, 1), unitsPerColumn: 1, columnWidth: columnWidth,
            entryOffset: checkIn, exitOffset: checkOut)
    }

    /// A time axis over minutes, by default 0:00 to 24:00 of one day.
    public static func minutes(
        start: Int = 0, end: Int = 1440, minutesPerColumn: Int = 60, columnWidth: Double = 96
    ) -> Axis {
        Axis(
            unit: .minute, start: start, end: max(end, start + 1), unitsPerColumn: max(minutesPerColumn, 1),
            columnWidth: columnWidth, entryOffset: 0, exitOffset: 0)
    }

    public var unitWidth: Double { columnWidth / Double(unitsPerColumn) }

    public var columnCount: Int { (end - start + unitsPerColumn - 1) / unitsPerColumn }

    public var width: Double { Double(columnCount) * columnWidth }

    /// The x of a unit's left edge.
    public func x(of unit: Int) -> Double {
        Double(unit - start) * unitWidth
    }

    /// The x of a fractional unit, such as "now" (a day plus minutes / 1440).
    public func x(ofFractionalUnit unit: Double) -> Double {
        (unit - Double(start)) * unitWidth
    }

    /// The fractional unit at an x, relative to the axis start (the inverse of `x(ofFractionalUnit:)`
    /// less `start`, to keep precision for minutes since 1970).
    public func unitOffset(atX x: Double) -> Double {
        x / unitWidth
    }

    /// Where an item's bar starts and ends.
    public func barSpan(start itemStart: Int, end itemEnd: Int) -> (minX: Double, maxX: Double) {
        (x(of: itemStart) + entryOffset * unitWidth, x(of: itemEnd) + exitOffset * unitWidth)
    }

    /// The snapped cell under an x: the night whose bar covers x (day axis), or the `step`-minute slot
    /// that x falls in (minute axis). Steps count from the axis start.
    public func cell(atX x: Double, step: Int) -> Int {
        let step = max(step, 1)
        let slots = ((unitOffset(atX: x) - entryOffset) / Double(step)).rounded(.down)
        return start + Int(slots) * step
    }

    /// The `step` boundary nearest to x, for the edge of a resize or the start of a move.
    public func boundary(atX x: Double, step: Int) -> Int {
        let step = max(step, 1)
        let slots = ((unitOffset(atX: x) - entryOffset) / Double(step)).rounded(.toNearestOrAwayFromZero)
        return start + Int(slots) * step
    }

    /// The columns intersecting `[minX, maxX)`, as a range of column indices (empty when none).
    ///
    /// - Complexity: O(1).
    public func columns(intersecting minX: Double, _ maxX: Double) -> Range<Int> {
        guard maxX > minX, maxX > 0, minX < width else { return 0..<0 }
        let first = max(0, Int((minX / columnWidth).rounded(.down)))
        let last = min(columnCount - 1, Int((maxX / columnWidth).rounded(.up)) - 1)
        return first <= last ? first..<(last + 1) : 0..<0
    }

    /// The first unit of a column.
    public func columnStart(_ column: Int) -> Int {
        start + column * unitsPerColumn
    }
}
