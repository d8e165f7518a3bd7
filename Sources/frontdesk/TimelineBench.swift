import ArgumentParser
import Timeline

/// `frontdesk bench timeline`: the layout engine's figures on a synthetic hotel board.
///
/// `scripts/bench-wasm.mjs` prints the same figures for the WebAssembly build with the same board
/// (same seed, axis and metrics), so native and wasm compare in one run.
struct TimelineBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: "Lay out a synthetic board, then time viewport queries and incremental moves."
    )

    @Option(help: "Rooms on the board.") var rows = 2000
    @Option(help: "Days on the axis.") var days = 730
    @Option(help: "Stays to generate (at most rows x days).") var stays = 200_000
    @Option(help: "The viewport, WIDTHxHEIGHT in CSS pixels.") var viewport = "1024x768"
    @Option(help: "Viewport queries and moves to time.") var samples = 1000

    static let seed: UInt64 = 42
    static let firstDay = 20_000

    func validate() throws {
        guard rows > 0, days > 0, stays >= 0 else {
            throw ValidationError("--rows and --days must be positive and --stays not negative.")
        }
        guard Self.viewportSize(viewport) != nil else {
            throw ValidationError("--viewport must look like 1024x768, got '\(viewport)'.")
        }
        guard samples > 0 else { throw ValidationError("--samples must be positive.") }
    }

    static func viewportSize(_ text: String) -> (width: Double, height: Double)? {
        let parts = text.split(separator: "x")
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]), width > 0, height > 0
        else { return nil }
        return (width, height)
    }

    func run() throws {
        let (viewportWidth, viewportHeight) = Self.viewportSize(viewport)!
        let hotel = SyntheticBoard.hotel(
            rooms: rows, firstDay: Self.firstDay, days: days, stays: stays, seed: Self.seed)
        var board = Board(axis: .days(first: Self.firstDay, count: days))

        var layoutTimes: [Double] = []
        for _ in 0..<5 {
            var fresh = Board(axis: board.axis)
            layoutTimes.append(
                try Self.microseconds {
                    try fresh.load(rows: hotel.rows)
                    try fresh.load(items: hotel.items)
                })
            board = fresh
        }

        var random = SeededGenerator(seed: Self.seed)
        var queryTimes: [Double] = []
        var elements: [Double] = []
        let maxScrollX = max(board.contentWidth - viewportWidth, 0)
        let maxScrollY = max(board.contentHeight - viewportHeight, 0)
        for _ in 0..<samples {
            let scrollX = Double(random.next(below: Int(maxScrollX) + 1))
            let scrollY = Double(random.next(below: Int(maxScrollY) + 1))
            let body = board.panes(
                scrollX: scrollX, scrollY: scrollY, viewportWidth: viewportWidth, viewportHeight: viewportHeight
            ).body
            var found = 0
            queryTimes.append(Self.microseconds { board.forEachItem(in: body) { _ in found += 1 } })
            var rowsVisible = 0
            board.forEachRow(intersecting: body.y, body.maxY) { _ in rowsVisible += 1 }
            var columnsVisible = 0
            board.forEachColumn(intersecting: body.x, body.maxX) { _ in columnsVisible += 1 }
            elements.append(Double(found + rowsVisible + columnsVisible))
        }

        var moveTimes: [Double] = []
        if !hotel.items.isEmpty {
            for _ in 0..<samples {
                let item = hotel.items[random.next(below: hotel.items.count)]
                let current = board.placedItem(id: item.id)!.item
                let shift = 1 + random.next(below: 3)
                moveTimes.append(
                    try Self.microseconds {
                        try board.move(
                            itemID: item.id, toRow: current.row, start: current.start + shift, end: current.end + shift)
                    })
                moveTimes.append(
                    try Self.microseconds {
                        try board.move(itemID: item.id, toRow: current.row, start: current.start, end: current.end)
                    })
            }
        }

        print("rows: \(rows)")
        print("days: \(days)")
        print("stays: \(hotel.items.count)")
        print("viewport: \(viewport)")
        print("layout_ms: \(Self.format(Self.percentile(layoutTimes, 0.5) / 1000))")
        print("query_us_median: \(Self.format(Self.percentile(queryTimes, 0.5)))")
        print("query_us_p99: \(Self.format(Self.percentile(queryTimes, 0.99)))")
        print("move_us_median: \(Self.format(Self.percentile(moveTimes, 0.5)))")
        print("move_us_p99: \(Self.format(Self.percentile(moveTimes, 0.99)))")
        print("elements_in_viewport: \(Int(Self.percentile(elements, 0.5)))")
    }

    static func microseconds(_ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        let elapsed = clock.now - start
        let (seconds, attoseconds) = elapsed.components
        return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
    }

    /// The value at a fraction of the sorted samples (nearest rank); 0 for none.
    static func percentile(_ samples: [Double], _ fraction: Double) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    static func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
