/// The board's fixed sizes, in CSS pixels.
public struct Metrics: Equatable, Sendable {
    /// The width of the frozen left pane (row headers).
    public var rowHeaderWidth: Double
    /// The height of the frozen top pane (column headers).
    public var columnHeaderHeight: Double
    /// The height of one lane in a member row; a row is as tall as its lanes.
    public var laneHeight: Double
    /// The height of a group header row that holds no items.
    public var groupHeaderHeight: Double
    /// The space left above and below a bar within its lane.
    public var barInset: Double

    public init(
        rowHeaderWidth: Double = 160, columnHeaderHeight: Double = 56, laneHeight: Double = 36,
        groupHeaderHeight: Double = 28, barInset: Double = 4
    ) {
        self.rowHeaderWidth = rowHeaderWidth
        self.columnHeaderHeight = columnHeaderHeight
        self.laneHeight = laneHeight
        self.groupHeaderHeight = groupHeaderHeight
        self.barInset = barInset
    }
}
