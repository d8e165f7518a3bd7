import Booking
import Storage

/// Each place's nights held, as counts per room type and night (`RoomNightCounts`), kept in memory for
/// the guest site's search and counted again for a place only when its event sequence has moved (a
/// booking, a change, a cancellation, a room out of service, whichever server instance made it), the
/// inventory's generation has (rooms added or removed), or the day has: a search reads the sequence
/// numbers of its own places instead of every run of nights of hundreds of places.
actor HeldNights {
    private var places: [Int: (seq: Int, generation: Int, counts: RoomNightCounts)] = [:]

    /// The nights the counts cover from `today` (in UTC): from the day before, for places whose today is
    /// still yesterday, to the last departure a guest can book online.
    static func window(from today: Day) -> Nights {
        try! Nights(
            arrival: today.adding(days: -1),
            departure: today.adding(days: Stay.onlineHorizonDays + Stay.maxNightsOnline + 2))
    }

    /// The counts of `places` as of sequence numbers read now, counting again those that moved.
    func counts(for places: [Property], in inventory: GuestInventory, store: Store) async throws -> [Int:
        RoomNightCounts]
    {
        let window = Self.window(from: Day.today(in: .gmt, now: store.clock.now()))
        let seqs = try await store.latestSeqs(of: places.map(\.id))
        let stale = places.filter { place in
            guard let kept = self.places[place.id] else { return true }
            return kept.seq != seqs[place.id] || kept.generation != inventory.generation || kept.counts.window != window
        }
        if !stale.isEmpty {
            let holds = try await store.holds(propertyIDs: stale.map(\.id), overlapping: window)
            for place in stale {
                let seq = seqs[place.id] ?? 0
                // Another request may have counted it meanwhile, as of a later number.
                if let kept = self.places[place.id], kept.seq > seq, kept.generation >= inventory.generation {
                    continue
                }
                self.places[place.id] = (
                    seq, inventory.generation,
                    RoomNightCounts(
                        window: window, rooms: inventory.rooms[place.id] ?? [], holds: holds[place.id] ?? [])
                )
            }
        }
        var counts: [Int: RoomNightCounts] = [:]
        for place in places { counts[place.id] = self.places[place.id]?.counts }
        return counts
    }
}
