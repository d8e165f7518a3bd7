/// A booking on the board: a stay on a day axis, an appointment on a minute axis.
public struct Item: Equatable, Sendable {
    public var id: Int
    /// The id of the row (room, staff member, or a group header row for unassigned items).
    public var row: Int
    /// The first unit (day or minute) the item covers.
    public var start: Int
    /// The unit after the last one the item covers: `[start, end)`, so back-to-back items do not overlap.
    public var end: Int
    /// A small code of the caller's (state, kind) given back with the item, for colouring.
    public var style: Int

    public init(id: Int, row: Int, start: Int, end: Int, style: Int = 0) {
        self.id = id
        self.row = row
        self.start = start
        self.end = end
        self.style = style
    }

    func overlaps(start otherStart: Int, end otherEnd: Int) -> Bool {
        start < otherEnd && otherStart < end
    }

    /// The packing order: by start, ties broken by id, so packing is stable.
    func precedes(_ other: Item) -> Bool {
        start != other.start ? start < other.start : id < other.id
    }
}

/// What a row is: a member (room, staff member) or the header row of a group (room type, team).
public enum RowKind: Int, Equatable, Sendable {
    case member = 0
    case groupHeader = 1
}

/// A row as the caller describes it. A group header row starts a group; the member rows after it
/// belong to it until the next group header.
public struct RowSpec: Equatable, Sendable {
    public var id: Int
    public var kind: RowKind
    /// Hotel rooms forbid overlap: overlapping items are still drawn, in extra lanes, and reported
    /// as conflicts. Staff rows allow it (seed 004: overlapping bookings stack).
    public var forbidsOverlap: Bool

    public init(id: Int, kind: RowKind = .member, forbidsOverlap: Bool = false) {
        self.id = id
        self.kind = kind
        self.forbidsOverlap = forbidsOverlap
    }
}

/// An error at the engine's boundary, with the id it concerns.
public struct TimelineError: Error, Equatable, Sendable {
    public enum Code: Int32, Equatable, Sendable {
        case unknownRow = 1
        case duplicateItem = 2
        case unknownItem = 3
        case emptyRange = 4
        case noDayAxis = 5
        case duplicateRow = 6
    }

    public var code: Code
    /// The row or item id in question.
    public var id: Int

    public init(_ code: Code, id: Int) {
        self.code = code
        self.id = id
    }
}
