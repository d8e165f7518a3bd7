import Synchronization

/// What a salon's booking page reads for every day of free times asked (the salon's set-up, and what its
/// appointments keep busy around a day), kept as of the salon's change number: the number of its last
/// event, which every booking, change of one and change of the set-up moves on in its own transaction
/// (`SalonStorage.latestSeq`). While the number stands, free times read only it and the times held; the
/// first request after a change reads the rest again. Kept for the `salonLimit` salons asked last,
/// `dayLimit` days each.
public final class SalonMemory: Sendable {
    private struct Kept {
        var seq: Int
        var setUp: OnlineSetUp?
        var days: [Day: [Occupancy]] = [:]
        var used: Int
    }

    private let kept = Mutex<(salons: [Int: Kept], clock: Int)>(([:], 0))
    let salonLimit: Int
    /// The most days kept for one salon: about two months of a booking page's days.
    public static var dayLimit: Int { 62 }

    public init(salons: Int = 256) {
        salonLimit = salons
    }

    /// A memory that keeps nothing: each request reads whole.
    public static let keepingNothing = SalonMemory(salons: 0)

    /// Whether it keeps anything (else there is no change number to read).
    var keeps: Bool { salonLimit > 0 }

    /// The salon's set-up kept at `seq`, or `read` and kept; always `read` without a number.
    func remembered(_ salonID: Int, at seq: Int?, read: () async throws -> OnlineSetUp) async throws -> OnlineSetUp {
        guard let seq else { return try await read() }
        if let known = look(salonID, seq, { $0.setUp }) { return known }
        let setUp = try await read()
        keep(salonID, seq) { $0.setUp = setUp }
        return setUp
    }

    /// What the salon's appointments keep busy around `day` at `seq`, or `read` and kept.
    func remembered(_ salonID: Int, on day: Day, at seq: Int?, read: () async throws -> [Occupancy]) async throws
        -> [Occupancy]
    {
        guard let seq else { return try await read() }
        if let known = look(salonID, seq, { $0.days[day] }) { return known }
        let booked = try await read()
        keep(salonID, seq) { kept in
            if kept.days.count >= Self.dayLimit { kept.days.removeAll() }
            kept.days[day] = booked
        }
        return booked
    }

    private func look<T>(_ salonID: Int, _ seq: Int, _ part: (Kept) -> T?) -> T? {
        kept.withLock { state in
            guard let kept = state.salons[salonID], kept.seq == seq, let found = part(kept) else { return nil }
            state.clock += 1
            state.salons[salonID]?.used = state.clock
            return found
        }
    }

    /// Keeps a part read at `seq`: what was kept at an older number goes; nothing is kept over a newer one.
    private func keep(_ salonID: Int, _ seq: Int, _ change: (inout Kept) -> Void) {
        guard keeps else { return }
        kept.withLock { state in
            state.clock += 1
            var kept = state.salons[salonID] ?? Kept(seq: seq, used: state.clock)
            guard kept.seq <= seq else { return }
            if kept.seq < seq { kept = Kept(seq: seq, used: state.clock) }
            change(&kept)
            kept.used = state.clock
            state.salons[salonID] = kept
            if state.salons.count > salonLimit,
                let oldest = state.salons.min(by: { $0.value.used < $1.value.used })?.key
            {
                state.salons[oldest] = nil
            }
        }
    }
}
