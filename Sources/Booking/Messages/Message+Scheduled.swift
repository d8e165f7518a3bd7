import Foundation

/// A salon's visit still to come, as its reminder needs it: its appointments (booked under one code
/// online, or one booked at the desk), when it starts, its customer and what they will have.
public struct UpcomingVisit: Sendable, Hashable {
    public var appointmentIDs: [Int]
    public var propertyID: Int
    public var code: String
    /// Minutes since 1970 at UTC.
    public var startMinute: Int
    public var customerName: String
    public var email: String
    /// The services' names as stored, in the order they are done, and their prices' sum.
    public var services: [String]
    public var total: Int
    public var staffName: String?
    /// The language of the customer's earlier messages, if any.
    public var language: Language?

    public init(
        appointmentIDs: [Int], propertyID: Int, code: String, startMinute: Int, customerName: String, email: String,
        services: [String], total: Int, staffName: String?, language: Language?
    ) {
        self.appointmentIDs = appointmentIDs
        self.propertyID = propertyID
        self.code = code
        self.startMinute = startMinute
        self.customerName = customerName
        self.email = email
        self.services = services
        self.total = total
        self.staffName = staffName
        self.language = language
    }
}

/// A hotel stay still to come, as its pre-arrival message needs it.
public struct UpcomingStay: Sendable, Hashable {
    public var stayID: Int
    public var propertyID: Int
    public var code: String
    public var arrival: Day
    public var departure: Day
    public var guestName: String
    public var email: String
    public var roomType: String
    /// The language of the guest's earlier messages, if any.
    public var language: Language?

    public init(
        stayID: Int, propertyID: Int, code: String, arrival: Day, departure: Day, guestName: String, email: String,
        roomType: String, language: Language?
    ) {
        self.stayID = stayID
        self.propertyID = propertyID
        self.code = code
        self.arrival = arrival
        self.departure = departure
        self.guestName = guestName
        self.email = email
        self.roomType = roomType
        self.language = language
    }
}

extension MessageSettings {
    /// Whether a visit starting at `start` is reminded now (minutes since 1970 at UTC): from
    /// `reminderHours` before it until it starts.
    public func remindsNow(start: Int, now: Int) -> Bool {
        guard let hours = reminderHours else { return false }
        return start > now && start <= now + hours * 60
    }

    /// Whether a stay arriving on `arrival` is sent its pre-arrival message now, on the property's
    /// `today` at `minute` of its day: from `preArrivalDays` before the arrival (from 09:00 that day)
    /// until the day before it.
    public func preArrivalNow(arrival: Day, today: Day, minute: Int) -> Bool {
        guard let days = preArrivalDays, today < arrival else { return false }
        let first = arrival.adding(days: -days)
        return today > first || (today == first && minute >= Self.preArrivalFromMinute)
    }

    /// `message` as this property sends it (with its own line in the message's language), or nil when
    /// it sends none of its kind.
    public func applied(to message: NewMessage?) -> NewMessage? {
        guard var message, sends(message.kind) else { return nil }
        message.facts.note = notes[message.language]
        return message
    }
}

extension NewMessage {
    /// A salon visit's reminder, in the language the customer booked in.
    public static func reminder(of visit: UpcomingVisit, salon: Property) -> NewMessage? {
        about(visit, kind: .reminder, salon: salon)
    }

    /// What the desk's change of an appointment from `before` to `after` tells the customer of its
    /// `visit` (as it is after): a cancellation, with the `fee` the terms kept, or a new time or member of
    /// staff (`change`); nil when nothing they booked changed. `later` visits of its series went with it
    /// (one message says so, rather than one a visit).
    public static func deskChange(
        of visit: UpcomingVisit, from before: Appointment, to after: Appointment, fee: Money?, salon: Property,
        later: Int = 0
    ) -> NewMessage? {
        var message: NewMessage?
        if before.state == .booked, after.state == .cancelled {
            message = about(visit, kind: .cancellation, salon: salon, fee: fee ?? .zero(salon.currency))
        } else if after.state == .booked,
            before.startMinute != after.startMinute || before.staffID != after.staffID
                || before.serviceID != after.serviceID
        {
            message = about(visit, kind: .change, salon: salon)
        }
        if later > 0 { message?.facts.laterVisits = later }
        return message
    }

    /// A visit booked at the desk, confirmed to its customer in the `language` the desk chose for them
    /// (which their later messages follow): nil when they have no email.
    public static func confirmation(ofDeskBooked visit: UpcomingVisit, salon: Property, language: Language)
        -> NewMessage?
    {
        var visit = visit
        visit.language = language
        return about(visit, kind: .confirmation, salon: salon)
    }

    /// A message of `kind` about a salon visit to its customer, in the language they booked in.
    static func about(_ visit: UpcomingVisit, kind: MessageKind, salon: Property, fee: Money? = nil) -> NewMessage? {
        guard !visit.email.isEmpty, let first = visit.appointmentIDs.first else { return nil }
        let language = visit.language ?? .en
        return NewMessage(
            kind: kind, propertyID: salon.id, appointmentID: first, recipient: visit.email,
            recipientName: visit.customerName, language: language,
            facts: MessageFacts(
                propertyName: salon.name, guestName: visit.customerName, confirmationCode: visit.code,
                timeZoneID: salon.timeZoneID, startMinute: visit.startMinute,
                services: visit.services.map { salon.translations.word($0, in: language) }, staffName: visit.staffName,
                currency: salon.currency.code, total: visit.total, fee: fee?.amount))
    }

    /// A hotel stay's pre-arrival message, in the language the guest booked in.
    public static func preArrival(of stay: UpcomingStay, hotel: Property) -> NewMessage? {
        guard !stay.email.isEmpty else { return nil }
        let language = stay.language ?? .en
        var facts = MessageFacts(
            propertyName: hotel.name, guestName: stay.guestName, confirmationCode: stay.code,
            timeZoneID: hotel.timeZoneID, arrival: stay.arrival.iso, departure: stay.departure.iso,
            nights: stay.departure.number - stay.arrival.number,
            roomType: hotel.translations.word(stay.roomType, in: language))
        facts.checkInMinute = hotel.checkInMinute
        return NewMessage(
            kind: .preArrival, propertyID: hotel.id, stayID: stay.stayID, recipient: stay.email,
            recipientName: stay.guestName, language: language, facts: facts)
    }
}

extension NewMessage {
    /// Whether a message due by the clock still has something to say when it goes out: its visit or stay
    /// still booked (`booked`) and still to come. A mail server down for a day, or a booking cancelled
    /// after its reminder was written, must not remind anyone of a visit that is not coming.
    public func stillTimely(now: Date, booked: Bool) -> Bool {
        switch kind {
        case .confirmation, .cancellation, .change, .document:
            return true
        case .reminder:
            return booked && (facts.startMinute ?? 0) > Int(now.timeIntervalSince1970 / 60)
        case .preArrival:
            guard booked, let arrival = facts.arrival.flatMap(Day.init(iso:)) else { return false }
            return Day.today(in: TimeZone(identifier: facts.timeZoneID) ?? .gmt, now: now) < arrival
        case .waitlistOffer:
            // An offer that lapsed meanwhile has passed to the next customer: telling of it would mislead.
            return (facts.heldUntilMinute ?? 0) > Int(now.timeIntervalSince1970 / 60)
        }
    }
}
