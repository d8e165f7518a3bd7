import Booking
import Foundation
import Logging
import ServiceLifecycle
import Storage

/// Writes the messages that are due by the clock rather than by a change (`MessageRounds`): a `Service`
/// of the application, every `interval`. Messages are written whether or not a mail server is set up
/// (kept, then), so turning one on later sends them.
struct MessageScheduler: ServiceLifecycle.Service {
    let store: Store
    let interval: Duration
    let logger: Logger

    func run() async {
        await store.workInRounds(every: interval) {
            do {
                return try await round()
            } catch {
                logger.warning("could not write the messages due", metadata: ["error": "\(error)"])
                return 0
            }
        }
    }

    /// Writes what is due now, by the store's clock: how many messages (`MessageRounds`).
    @discardableResult
    func round() async throws -> Int {
        // The key of check-in links, read once a round, when a pre-arrival message is due.
        let key = CheckInKey(store: store)
        return try await MessageRounds(storage: store, now: store.clock.now).writeDue { stay in
            CheckInLink(stayID: stay.stayID, departure: stay.departure).token(key: try await key.value())
        }
    }
}

/// The installation's key of check-in links, read on first use.
private actor CheckInKey {
    let store: Store
    var known: String?

    init(store: Store) { self.store = store }

    func value() async throws -> String {
        if let known { return known }
        let key = try await store.secret(CheckInLink.secretName)
        known = key
        return key
    }
}
