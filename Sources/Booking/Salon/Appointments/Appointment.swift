/// Where an appointment is in its life.
public enum AppointmentState: String, Sendable, CaseIterable {
    case booked
    case checkedIn = "checked_in"
    case completed
    case cancelled
    case noShow = "no_show"
}

/// A salon booking: one staff member, one service, from a minute for a number of minutes. A staff
/// member may hold overlapping appointments (seed 004: they stack in lanes on the board).
public struct Appointment: Hashable, Sendable, Identifiable {
    public var id: Int
    public var propertyID: Int
    public var staffID: Int
    public var serviceID: Int
    /// The customer's record (`Customer`).
    public var customerID: Int
    /// Minutes since 1970-01-01 at UTC.
    public var startMinute: Int
    public var durationMinutes: Int
    public var state: AppointmentState
    public var version: Int
    public var notes: String
    /// What the stylist wrote about the visit (カルテ: a colour formula, what was used).
    public var visitNotes: String
    /// The repeat series it was booked in (`SalonDesk.bookSeries`): its first appointment's id.
    public var seriesID: Int?
    /// The stay at the hotel the salon charges whose guest the visit is for (`RoomGuest`): its checkout
    /// offers to charge it to their room.
    public var stayID: Int?

    public init(
        id: Int, propertyID: Int, staffID: Int, serviceID: Int, customerID: Int, startMinute: Int,
        durationMinutes: Int, state: AppointmentState = .booked, version: Int = 1, notes: String = "",
        visitNotes: String = "", seriesID: Int? = nil, stayID: Int? = nil
    ) {
        self.seriesID = seriesID
        self.stayID = stayID
        self.id = id
        self.propertyID = propertyID
        self.staffID = staffID
        self.serviceID = serviceID
        self.customerID = customerID
        self.startMinute = startMinute
        self.durationMinutes = durationMinutes
        self.state = state
        self.version = version
        self.notes = notes
        self.visitNotes = visitNotes
    }

    public var endMinute: Int { startMinute + durationMinutes }

    /// Whether there is (or will be) a visit to write about: not one called off or missed.
    public var hasVisit: Bool { state != .cancelled && state != .noShow }

    public static func validate(notes: String, field: String = "notes") throws(DomainError) {
        try FreeText.validate(notes, field: field, limit: FreeText.notesLimit)
    }

    public static func validate(durationMinutes: Int) throws(DomainError) {
        guard (5...(12 * 60)).contains(durationMinutes) else {
            throw .invalid("durationMinutes", "an appointment lasts 5 minutes to 12 hours")
        }
    }

    /// Moves or resizes the appointment, or gives it to another staff member: only while it is to come
    /// or under way.
    public mutating func reschedule(staffID: Int, startMinute: Int, durationMinutes: Int) throws(DomainError) {
        guard state == .booked || state == .checkedIn else {
            throw DomainError(
                .notAllowed, "a \(state.rawValue.replacingOccurrences(of: "_", with: "-")) appointment cannot move")
        }
        try Self.validate(durationMinutes: durationMinutes)
        self.staffID = staffID
        self.startMinute = startMinute
        self.durationMinutes = durationMinutes
    }

    public mutating func transition(to next: AppointmentState) throws(DomainError) {
        let allowed: [AppointmentState: Set<AppointmentState>] = [
            .booked: [.checkedIn, .cancelled, .noShow, .completed],
            .checkedIn: [.completed],
        ]
        guard allowed[state]?.contains(next) == true else {
            throw DomainError(.notAllowed, "an appointment that is \(state.rawValue) cannot become \(next.rawValue)")
        }
        state = next
    }
}
