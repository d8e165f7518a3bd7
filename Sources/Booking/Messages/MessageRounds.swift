import Foundation

/// What scheduled messages read besides the outbox: the visits and stays coming up.
public protocol ScheduledMessageStorage: MessageStorage {
    func property(id: Int) async throws -> Property?
    /// Salon visits still booked that start after `now` (minutes since 1970), with their customers' contact.
    func upcomingVisits(now: Int) async throws -> [UpcomingVisit]
    /// Hotel stays still booked arriving within the longest pre-arrival window from `day`.
    func upcomingStays(around day: Day) async throws -> [UpcomingStay]
}

/// The messages due by the clock rather than by a change: a salon's reminder some hours before a visit, a
/// hotel's pre-arrival message some days before a stay (`MessageSettings`), each written once whichever
/// instance finds it first (`Notices.sendOnce`).
public struct MessageRounds<Storage: ScheduledMessageStorage>: Sendable {
    public let storage: Storage
    public let now: @Sendable () -> Date

    public init(storage: Storage, now: @escaping @Sendable () -> Date) {
        self.storage = storage
        self.now = now
    }

    /// Writes what is due now: how many messages. A pre-arrival message carries its stay's online check-in
    /// link, whose token `checkInToken` signs.
    public func writeDue(checkInToken: @Sendable (UpcomingStay) async throws -> String) async throws -> Int {
        let now = now()
        let notices = Notices(storage: storage)
        var properties: [Int: (Property, MessageSettings)?] = [:]
        func property(_ id: Int) async throws -> (Property, MessageSettings)? {
            if let known = properties[id] { return known }
            var found: (Property, MessageSettings)?
            if let place = try await storage.property(id: id) {
                found = (place, try await storage.messageSettings(propertyID: id))
            }
            properties[id] = found
            return found
        }
        var written = 0
        let minute = Int(now.timeIntervalSince1970 / 60)
        for visit in try await storage.upcomingVisits(now: minute) {
            guard let (salon, settings) = try await property(visit.propertyID),
                settings.remindsNow(start: visit.startMinute, now: minute)
            else { continue }
            if try await notices.sendOnce(settings.applied(to: .reminder(of: visit, salon: salon))) { written += 1 }
        }
        for stay in try await storage.upcomingStays(around: Day.today(in: .gmt, now: now).adding(days: -1)) {
            guard let (hotel, settings) = try await property(stay.propertyID) else { continue }
            let local = Calendar.current.dateComponents(in: hotel.timeZone, from: now)
            let minuteOfDay = (local.hour ?? 0) * 60 + (local.minute ?? 0)
            guard settings.preArrivalNow(arrival: stay.arrival, today: hotel.today(now: now), minute: minuteOfDay),
                var message = settings.applied(to: .preArrival(of: stay, hotel: hotel))
            else { continue }
            message.facts.checkInToken = try await checkInToken(stay)
            if try await notices.sendOnce(message) { written += 1 }
        }
        return written
    }
}
