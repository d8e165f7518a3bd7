import Booking
import Foundation
import Logging
import ServiceLifecycle
import Storage

/// Works the salons' waitlists every `interval`: offers that ran out pass on, waits whose last day passed
/// end, and each customer waiting is offered a time that has freed up (`SalonDesk.offerTimes`). A `Service`
/// of the application; instances running it at once offer a time to one customer (the offer and its hold
/// are written with the salon locked).
struct WaitlistRounds: ServiceLifecycle.Service {
    let store: Store
    let interval: Duration
    let logger: Logger
    /// What the salons' free times keep from round to round while nothing changes at a salon, as the
    /// booking page's do: a round asks many days of each salon.
    let memory = SalonMemory()

    func run() async {
        await store.workInRounds(every: interval) {
            do {
                return try await round()
            } catch {
                logger.warning("could not work the waitlists", metadata: ["error": "\(error)"])
                return 0
            }
        }
    }

    /// One round by the store's clock: how many times were offered.
    @discardableResult
    func round() async throws -> Int {
        let desk = SalonDesk(storage: store, now: store.clock.now, memory: memory)
        _ = try await desk.lapseOffers()
        var made = 0
        for salon in try await store.salonsWithWaitlist() {
            try await desk.endPastWaits(propertyID: salon)
            made += try await desk.offerTimes(propertyID: salon).count
        }
        return made
    }
}
