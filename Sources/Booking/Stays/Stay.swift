import Foundation

/// Where a stay is in its life.
public enum StayState: String, Sendable, CaseIterable {
    case booked
    case checkedIn = "checked_in"
    case checkedOut = "checked_out"
    case cancelled
    case noShow = "no_show"

    /// Whether the stay holds its room: cancelled and no-show stays free their nights.
    public var holdsRoom: Bool { self != .cancelled && self != .noShow }
}

/// How a stay reached the hotel.
public enum StaySource: String, Sendable, CaseIterable {
    case frontDesk = "front_desk"
    case online
    case ical
}

/// A run of a stay's nights in one room, or unassigned (only a room type). A room move from a night
/// ends one segment there and starts another.
public struct StaySegment: Hashable, Sendable {
    /// nil while the stay waits for a room of its type.
    public var roomID: Int?
    public var nights: Nights

    public init(roomID: Int?, nights: Nights) {
        self.roomID = roomID
        self.nights = nights
    }
}

/// A hotel reservation: one guest's nights, in one room or, after a move, in several in turn.
public struct Stay: Hashable, Sendable, Identifiable {
    public var id: Int
    public var propertyID: Int
    public var roomTypeID: Int
    public var guestID: Int
    /// The nights in order, each run in one room; together they cover `nights` without gaps.
    public var segments: [StaySegment]
    public var adults: Int
    public var children: Int
    /// Under-twos: they sleep in a cot, so they do not count against the room's capacity, but the
    /// hotel wants to know of them.
    public var infants: Int
    public var source: StaySource
    public var state: StayState
    /// Bumped on every change; clients send it back (`If-Match`) so a stale edit is refused.
    public var version: Int
    /// What the guest quotes: "FD-7K2Q9XAB".
    public var confirmationCode: String
    public var notes: String
    /// The property's rate plan it was booked on; nil: its standard terms.
    public var ratePlanID: Int?
    /// Whether its guest sent the online check-in before arriving (`OnlineCheckIn`): the board and
    /// Today show it.
    public var checkedInOnline = false
    /// The booking of several rooms it is one of (`BookingGroup`); nil for a stay booked alone.
    public var groupID: Int?

    public init(
        id: Int, propertyID: Int, roomTypeID: Int, guestID: Int, roomID: Int?, nights: Nights, adults: Int,
        children: Int = 0, infants: Int = 0, source: StaySource = .frontDesk, state: StayState = .booked,
        version: Int = 1, confirmationCode: String = "", notes: String = "", ratePlanID: Int? = nil
    ) {
        self.id = id
        self.propertyID = propertyID
        self.roomTypeID = roomTypeID
        self.guestID = guestID
        self.segments = [StaySegment(roomID: roomID, nights: nights)]
        self.adults = adults
        self.children = children
        self.infants = infants
        self.source = source
        self.state = state
        self.version = version
        self.confirmationCode = confirmationCode
        self.notes = notes
        self.ratePlanID = ratePlanID
    }

    public var nights: Nights {
        // Segments are never empty and are contiguous, so the first and the last bound the stay.
        try! Nights(arrival: segments[0].nights.arrival, departure: segments[segments.count - 1].nights.departure)
    }

    public var arrival: Day { segments[0].nights.arrival }
    public var departure: Day { segments[segments.count - 1].nights.departure }

    /// The room the guest sleeps in on a night, if assigned.
    public func roomID(on night: Day) -> Int? {
        segments.first { $0.nights.contains(night) }?.roomID
    }

    /// The room at the end of the stay (where the guest is, or will be, last).
    public var currentRoomID: Int? { segments[segments.count - 1].roomID }

    /// The longest a stay's notes may be.
    public static let notesLimit = FreeText.notesLimit

    /// Checks a stay's notes: free text, but not a novel.
    public static func validate(notes: String) throws(DomainError) {
        try FreeText.validate(notes, field: "notes", limit: notesLimit)
    }

    /// The most infants one stay may bring (cots are few).
    public static let maxInfants = 5

    /// The most adults, and the most children, of one stay: a party in one room.
    public static let maxGuests = 16

    /// The longest stay the front desk books (a long-stay guest, by the month).
    public static let maxNights = 366

    /// The longest stay a guest books online; longer ones are the front desk's to arrange.
    public static let maxNightsOnline = 60
    /// The most days a board shows at once: three years.
    public static let boardDays = 3 * 366

    /// The furthest ahead a guest books online, in days from the property's today: hotels open their
    /// calendars about a year and a season ahead, and a 2099 stay is a mistake, not a booking.
    public static let onlineHorizonDays = 500

    /// Checks a stay a guest books (or is quoted) online on the property's `today`: arriving from
    /// today, at most `onlineHorizonDays` ahead, for at most `maxNightsOnline` nights.
    public static func validateOnline(_ nights: Nights, today: Day) throws(DomainError) {
        guard nights.arrival >= today else {
            throw .invalid(
                "arrival", "the arrival date has passed", reason: .stayArrivalPassed, params: ["today": today.iso])
        }
        let last = today.adding(days: onlineHorizonDays)
        guard nights.arrival <= last else {
            throw .invalid(
                "arrival", "online bookings open at most \(onlineHorizonDays) days ahead (until \(last))",
                reason: .stayBeyondHorizon, params: ["last": last.iso])
        }
        try validate(nights: nights, limit: maxNightsOnline)
    }

    /// Checks a stay's length: at most `limit` nights.
    public static func validate(nights: Nights, limit: Int = maxNights) throws(DomainError) {
        guard nights.count <= limit else {
            throw .invalid(
                "departure", "a stay is at most \(limit) nights, not \(nights.count)", reason: .stayTooLong,
                params: ["limit": String(limit), "nights": String(nights.count)])
        }
    }

    /// Checks the guest count against a room type's capacity; infants do not count against it. Each
    /// count is checked against its own bound before they are added up.
    public static func validateGuests(adults: Int, children: Int, infants: Int = 0, capacity: Int) throws(DomainError) {
        guard (1...maxGuests).contains(adults) else { throw .outOfRange("adults", adults, 1...maxGuests) }
        guard (0...maxGuests).contains(children) else { throw .outOfRange("children", children, 0...maxGuests) }
        guard (0...maxInfants).contains(infants) else { throw .outOfRange("infants", infants, 0...maxInfants) }
        guard adults + children <= capacity else {
            throw .invalid(
                "adults", "\(adults + children) guests is more than the room sleeps (\(capacity))",
                reason: .stayOverCapacity,
                params: ["guests": String(adults + children), "capacity": String(capacity)])
        }
    }

    // MARK: - Changes

    /// Moves the guest to another room from a night on: the nights before stay where they were.
    /// Moving from the arrival night moves the whole stay.
    public mutating func move(toRoom roomID: Int, fromNight night: Day) throws(DomainError) {
        guard state == .booked || state == .checkedIn else {
            throw DomainError(
                .notAllowed, "a \(state.rawValue.replacingOccurrences(of: "_", with: "-")) stay cannot move")
        }
        guard nights.contains(night) else {
            throw .invalid("fromDate", "\(night) is not one of the stay's nights (\(arrival) to \(departure))")
        }
        var kept: [StaySegment] = []
        for segment in segments where segment.nights.arrival < night {
            var before = segment
            if segment.nights.departure > night {
                before.nights = try Nights(arrival: segment.nights.arrival, departure: night)
            }
            kept.append(before)
        }
        let moved = StaySegment(roomID: roomID, nights: try Nights(arrival: night, departure: departure))
        // A move back into the room of the night before joins the two runs.
        if let last = kept.last, last.roomID == roomID {
            kept[kept.count - 1].nights = try Nights(arrival: last.nights.arrival, departure: departure)
        } else {
            kept.append(moved)
        }
        segments = kept
    }

    /// Changes the dates of a booked stay (a drag on the board): in one room, or keeping the first
    /// segment's room when the stay was moved (the later rooms are let go). A checked-in stay changes
    /// only its departure (`changeDeparture`), and its room only from today (`move`).
    public mutating func reschedule(to newNights: Nights, roomID: Int?) throws(DomainError) {
        guard state == .booked else {
            throw DomainError(
                .notAllowed,
                state == .checkedIn
                    ? "a checked-in stay changes only its departure, and its room from today"
                    : "a \(state.rawValue.replacingOccurrences(of: "_", with: "-")) stay cannot change its dates")
        }
        try Self.validate(nights: newNights)
        segments = [StaySegment(roomID: roomID, nights: newNights)]
    }

    /// Changes a checked-in stay's departure (the guest stays longer, or leaves early): the nights
    /// already slept keep their rooms and none of them is given up; a longer stay goes on in the room
    /// of its last night. Its folio is then corrected by `StayCharges`.
    public mutating func changeDeparture(to newDeparture: Day, today: Day) throws(DomainError) {
        guard state == .checkedIn else {
            throw wrongState("only a checked-in stay changes its departure alone", action: "changeDeparture")
        }
        guard newDeparture >= today else {
            throw .invalid(
                "departure", "the guest has slept here until today (\(today)): the stay cannot end before it",
                reason: .staySleptUntil, params: ["today": today.iso])
        }
        let newNights = try Nights(arrival: arrival, departure: newDeparture)
        try Self.validate(nights: newNights)
        var kept: [StaySegment] = []
        for segment in segments where segment.nights.arrival < newDeparture {
            kept.append(segment)
        }
        let last = kept[kept.count - 1]
        kept[kept.count - 1].nights = try Nights(arrival: last.nights.arrival, departure: newDeparture)
        segments = kept
    }

    /// Checks the guest in: not before the arrival date, and into a ready room unless overridden.
    public mutating func checkIn(today: Day, room: Room?, override: Bool = false) throws(DomainError) {
        guard state == .booked else {
            throw wrongState("only a booked stay can check in", action: "checkIn")
        }
        guard today >= arrival else {
            throw DomainError(
                .notAllowed, "arrival is \(arrival); check-in opens on that day", reason: .stayNotYetArrival,
                params: ["arrival": arrival.iso])
        }
        guard today < departure else { throw ended() }
        guard let room, room.id == roomID(on: today) else {
            throw DomainError(.notAllowed, "assign a room before check-in", field: "roomId")
        }
        if !room.housekeeping.isReadyForGuest && !override {
            throw DomainError(
                .notAllowed,
                "room \(room.number) is \(room.housekeeping.rawValue.replacingOccurrences(of: "_", with: " ")): check in with an override",
                field: "override", reason: .roomNotReady,
                params: ["room": room.number, "status": room.housekeeping.rawValue])
        }
        state = .checkedIn
    }

    /// Checks the guest out: the folio must be settled unless a manager forces it.
    public mutating func checkOut(balance: Money, forcedByManager: Bool = false) throws(DomainError) {
        guard state == .checkedIn else {
            throw wrongState("only a checked-in stay can check out", action: "checkOut")
        }
        if balance.amount != 0 && !forcedByManager {
            throw DomainError(
                .notAllowed,
                "the folio has an open balance of \(balance); settle it or have a manager force the check-out",
                field: "force", reason: .folioOpenBalance,
                params: ["balance": String(balance.amount), "currency": balance.currency.code])
        }
        state = .checkedOut
    }

    public mutating func cancel() throws(DomainError) {
        guard state == .booked else {
            throw wrongState("only a booked stay can be cancelled", action: "cancel")
        }
        state = .cancelled
    }

    /// Takes back a cancellation or a no-show made by mistake: booked again, if its stay has not
    /// ended by `today`. Whether its room is still free is the database's to refuse.
    public mutating func reinstate(today: Day) throws(DomainError) {
        guard state == .cancelled || state == .noShow else {
            throw wrongState("only a cancelled stay or a no-show can be reinstated", action: "reinstate")
        }
        guard departure > today else { throw ended("; book the guest again instead") }
        state = .booked
    }

    /// Marks a guest who never came: only on or after the arrival date.
    public mutating func markNoShow(today: Day) throws(DomainError) {
        guard state == .booked else {
            throw wrongState("only a booked stay can be a no-show", action: "noShow")
        }
        guard today >= arrival else {
            throw DomainError(
                .notAllowed, "a guest cannot be a no-show before \(arrival)", reason: .stayNotYetArrival,
                params: ["arrival": arrival.iso])
        }
        state = .noShow
    }

    /// A change the stay's state does not allow: `action` names the change for the client's words.
    private func wrongState(_ rule: String, action: String) -> DomainError {
        DomainError(
            .notAllowed, "\(rule) (it is \(state.rawValue))", reason: .stayState,
            params: ["action": action, "state": state.rawValue])
    }

    /// A change to a stay whose departure has passed.
    private func ended(_ advice: String = "") -> DomainError {
        DomainError(
            .notAllowed, "the stay ended on \(departure)\(advice)", reason: .stayEnded,
            params: ["departure": departure.iso])
    }
}
