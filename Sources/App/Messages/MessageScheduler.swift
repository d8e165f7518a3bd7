import Booking
import Foundation
import Logging
import ServiceLifecycle
import Storage

/// Writes the messages that are due by the clock rather than by a change: a salon's reminder some hours
/// before a visit, a hotel's pre-arrival message some days before a stay (`MessageSettings`). A `Service`
/// of the application, every `interval`; each visit or stay gets its message once, whichever instance
/// finds it first. Messages are written whether or not a mail server is set up (kept, then), so turning
/// one on later sends them.
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

    /// Writes what is due now, by the store's clock: how many messages.
    @discardableResult
    func round() async throws -> Int {
        let now = store.clock.now()
        var properties: [Int: (Property, MessageSettings)?] = [:]
        func property(_ id: Int) async throws -> (Property, MessageSettings)? {
            if let known = properties[id] { return known }
            var found: (Property, MessageSettings)?
            if let place = try await store.properties.property(id: id) {
                found = (place, try await store.messages.settings(propertyID: id))
            }
            properties[id] = found
            return found
        }
        var written = 0
        let minute = Int(now.timeIntervalSince1970 / 60)
        for visit in try await store.messages.upcomingVisits(now: minute) {
            guard let (salon, settings) = try await property(visit.propertyID),
                settings.remindsNow(start: visit.startMinute, now: minute),
                let message = settings.applied(to: .reminder(of: visit, salon: salon))
            else { continue }
            if try await store.messages.enqueueOnce(message) { written += 1 }
        }
        // The key of check-in links, read once a round, when a pre-arrival message is due.
        var checkInKey: String?
        for stay in try await store.messages.upcomingStays(around: Day.today(in: .gmt, now: now).adding(days: -1)) {
            guard let (hotel, settings) = try await property(stay.propertyID) else { continue }
            let today = hotel.today(now: now)
            let local = Calendar.current.dateComponents(in: hotel.timeZone, from: now)
            let minuteOfDay = (local.hour ?? 0) * 60 + (local.minute ?? 0)
            guard settings.preArrivalNow(arrival: stay.arrival, today: today, minute: minuteOfDay),
                var message = settings.applied(to: .preArrival(of: stay, hotel: hotel))
            else { continue }
            let key: String
            if let known = checkInKey {
                key = known
            } else {
                key = try await store.secret(CheckInLink.secretName)
                checkInKey = key
            }
            message.facts.checkInToken = CheckInLink(stayID: stay.stayID, departure: stay.departure).token(key: key)
            if try await store.messages.enqueueOnce(message) { written += 1 }
        }
        return written
    }
}
