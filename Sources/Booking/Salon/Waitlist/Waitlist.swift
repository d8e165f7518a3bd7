import Foundation

/// A salon's waitlist (キャンセル待ち): a customer asks for a service on a day or a range of days that
/// shows no free time. When a time that fits frees up (a cancellation, a move, a shift added), the first
/// customer waiting is offered it: the time is held for them for `offerMinutes`, and goes to the next
/// customer if they do not take it. Each offer and its answer is kept.
///
/// One customer at a time: an offer holds its time (`SalonHold`), so no other customer is offered it or
/// can book it online while it is open, and a customer has at most one offer open.
public enum Waitlist {
    /// How long an offer holds its time for the customer.
    public static let offerMinutes = 30
    /// The most days one request spans after its first.
    public static let longestSpan = 14
    /// The most customers one round of offers considers at a salon.
    public static let roundLimit = 50
    /// The hours of the salon's day (minutes of its day) an offer's half hour runs in: an offer made at
    /// night is held until half an hour after 8:00, so that it does not lapse while its customer sleeps.
    public static let answeringHours = (8 * 60)..<(21 * 60)

    /// How many minutes an offer made at `now` holds a time starting at `start` (minutes since 1970 at
    /// UTC) at a salon in `zone`: `offerMinutes`, or at night until `offerMinutes` past the morning's
    /// `answeringHours`; never closer to the start than `offerMinutes` (the booking page's notice keeps
    /// starts at least an hour off, so it is always at least `offerMinutes`).
    public static func holdMinutes(now: Date, start: Int, in zone: TimeZone) -> Int {
        let nowMinute = Int((now.timeIntervalSince1970 / 60).rounded(.up))
        let local = nowMinute + zone.secondsFromGMT(for: now) / 60
        let ofDay = (local % 1440 + 1440) % 1440
        var until = nowMinute + offerMinutes
        if !answeringHours.contains(ofDay) {
            let toMorning = (answeringHours.lowerBound - ofDay + 1440) % 1440
            until = max(until, nowMinute + toMorning + offerMinutes)
        }
        return max(offerMinutes, min(until, start - offerMinutes) - nowMinute)
    }
}

/// Where a customer's wait stands.
public enum WaitlistState: String, Sendable, Hashable, CaseIterable {
    /// Waiting for a time.
    case waiting
    /// Offered one now.
    case offered
    /// Took a time offered.
    case booked
    /// Taken off the list at the desk.
    case withdrawn
    /// Their last day passed.
    case ended

    /// Whether the customer is still after a time.
    public var isLive: Bool { self == .waiting || self == .offered }
}

/// A customer's request, as the booking page or the desk takes it.
public struct NewWaitlistEntry: Sendable, Hashable {
    public var propertyID: Int
    public var serviceID: Int
    /// The member asked for; nil for anyone who does the service.
    public var staffID: Int?
    public var from: Day
    public var to: Day
    public var customerName: String
    public var email: String
    public var phone: String
    /// The language their offers are written in.
    public var language: Language

    public init(
        propertyID: Int, serviceID: Int, staffID: Int?, from: Day, to: Day, customerName: String, email: String,
        phone: String, language: Language
    ) {
        self.propertyID = propertyID
        self.serviceID = serviceID
        self.staffID = staffID
        self.from = from
        self.to = to
        self.customerName = customerName
        self.email = email
        self.phone = phone
        self.language = language
    }

    /// Checks the days against the salon's `today` and the last day it books (`lastDay`), and the customer's
    /// details as an online booking checks them; each refusal names its field.
    public func validate(today: Day, lastDay: Day) throws(DomainError) {
        guard from >= today else {
            throw .invalid("from", "the first day must not be before the salon's today", reason: .waitlistPast)
        }
        let days = ["days": "\(Waitlist.longestSpan)"]
        guard to >= from, to.number - from.number <= Waitlist.longestSpan, to <= lastDay else {
            throw .invalid(
                "to", "from the first day to at most \(Waitlist.longestSpan) days later, by \(lastDay.iso)",
                reason: .waitlistRange, params: days)
        }
        try BookingContact(name: customerName, email: email, phone: phone).validateOnline()
    }
}

/// A customer on the list.
public struct WaitlistEntry: Sendable, Hashable {
    public var id: Int
    public var request: NewWaitlistEntry
    public var state: WaitlistState
    /// Milliseconds since 1970: the order customers are offered times in.
    public var createdAt: Int64

    public init(id: Int, request: NewWaitlistEntry, state: WaitlistState, createdAt: Int64) {
        self.id = id
        self.request = request
        self.state = state
        self.createdAt = createdAt
    }

    /// What the booking page would ask for them on one day.
    public var visitRequest: VisitRequest {
        VisitRequest(
            propertyID: request.propertyID, serviceIDs: [request.serviceID],
            staff: request.staffID.map(StaffChoice.member) ?? .anyone)
    }
}

/// What became of a time offered.
public enum WaitlistOfferState: String, Sendable, Hashable, CaseIterable {
    /// Held for the customer until it expires.
    case open
    case accepted
    case declined
    /// Not answered in time: passed on.
    case lapsed
    /// The customer was taken off the list.
    case withdrawn
}

/// A time offered to a customer on the list.
public struct WaitlistOffer: Sendable, Hashable {
    public var id: Int
    public var entryID: Int
    public var propertyID: Int
    /// Secret to the customer: the link in their email carries it.
    public var token: String
    /// The hold that keeps the time for them.
    public var holdToken: String
    /// Minutes since 1970 at UTC.
    public var start: Int
    public var staffID: Int
    /// Milliseconds since 1970.
    public var expiresAt: Int64
    public var state: WaitlistOfferState
    public var createdAt: Int64
    public var answeredAt: Int64?
    /// The visit it booked, once accepted.
    public var visitCode: String?

    public init(
        id: Int, entryID: Int, propertyID: Int, token: String, holdToken: String, start: Int, staffID: Int,
        expiresAt: Int64, state: WaitlistOfferState, createdAt: Int64, answeredAt: Int64? = nil,
        visitCode: String? = nil
    ) {
        self.visitCode = visitCode
        self.id = id
        self.entryID = entryID
        self.propertyID = propertyID
        self.token = token
        self.holdToken = holdToken
        self.start = start
        self.staffID = staffID
        self.expiresAt = expiresAt
        self.state = state
        self.createdAt = createdAt
        self.answeredAt = answeredAt
    }

    /// Whether the customer may still take it at `millis`.
    public func isOpen(at millis: Int64) -> Bool { state == .open && millis < expiresAt }
}

extension Waitlist {
    /// The time to offer `entry` among `free` (a day's free times, in order): the first it was not
    /// offered before (`offered`, as start and member), so that a time declined or let lapse is not
    /// offered to them again.
    public static func choose(among free: [FreeTime], offered: Set<FreeTime>) -> FreeTime? {
        free.first { !offered.contains($0) }
    }
}
