import Booking

/// The last few hotel boards sent, each as of the property's event sequence number it was read at. A
/// front desk opens the same board on several devices, and reloads it after a gap in the live stream;
/// and a busy hotel changes something every few seconds, so a board is brought up to date from the one
/// kept (`HotelBoard.updated`) rather than read whole again. Requests for a board being read wait for
/// that reading instead of starting their own.
actor BoardCache<Board: Sendable> {
    struct Key: Hashable {
        var propertyID: Int
        var from: Day
        var to: Day
        var today: Day
    }

    /// Boards kept; the least recently used goes first.
    static var capacity: Int { 8 }

    private var entries: [Key: (seq: Int, board: Board, used: Int)] = [:]
    private var reading: [Key: (seq: Int, task: Task<Board, any Error>)] = [:]
    private var clock = 0

    /// The board for `key` as of `seq`: kept, being read, or made now by `read`, which gets the board
    /// last kept for `key` (as of an older number) to bring up to date, if there is one.
    func board(for key: Key, seq: Int, read: @escaping @Sendable (_ kept: Board?) async throws -> Board)
        async throws -> Board
    {
        clock += 1
        if let entry = entries[key], entry.seq == seq {
            entries[key]?.used = clock
            return entry.board
        }
        if let current = reading[key], current.seq == seq { return try await current.task.value }
        let kept = entries[key].flatMap { $0.seq < seq ? $0.board : nil }
        let task = Task { try await read(kept) }
        reading[key] = (seq, task)
        let result = await task.result
        if reading[key]?.seq == seq { reading[key] = nil }
        let board = try result.get()
        if (entries[key]?.seq ?? -1) <= seq { entries[key] = (seq, board, clock) }
        if entries.count > Self.capacity, let oldest = entries.min(by: { $0.value.used < $1.value.used })?.key {
            entries[oldest] = nil
        }
        return board
    }
}
