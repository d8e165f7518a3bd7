import Foundation

/// One adult of a stay as the police registration of foreign guests lists them (Thailand's TM30,
/// Vietnam's declaration): the name in the passport, its country, its number and the date of birth.
public struct RegisteredGuest: Hashable, Sendable {
    public var name: String
    /// ISO 3166 alpha-2; "" not yet known.
    public var nationality: String
    public var documentNumber: String
    public var birthDate: Day?

    public init(name: String, nationality: String = "", documentNumber: String = "", birthDate: Day? = nil) {
        self.name = name
        self.nationality = nationality
        self.documentNumber = documentNumber
        self.birthDate = birthDate
    }

    /// The booking's guest's own registration.
    public init(_ guest: Guest) {
        self.init(
            name: guest.name, nationality: guest.nationality, documentNumber: guest.documentNumber,
            birthDate: guest.birthDate)
    }

    /// Checks what a guest sent for the adult at `index`: every part given, each by the registration's
    /// rules (`Guest.validateRegistration`), refusals naming `guests[index].part`.
    func validate(at index: Int, today: Day) throws(DomainError) {
        let field = "guests[\(index)]"
        do {
            try Guest.validate(name: name, email: "", phone: "")
            try Guest.validateRegistration(
                nationality: nationality, documentNumber: documentNumber, birthDate: birthDate, today: today)
        } catch {
            throw DomainError(
                error.code, error.message, field: error.field.map { $0.replacingOccurrences(of: "guest", with: field) },
                reason: error.reason, params: error.params)
        }
        for (part, value) in [("nationality", nationality), ("documentNumber", documentNumber)] where value.isEmpty {
            throw .invalid("\(field).\(part)", "required for the police registration", reason: .textRequired)
        }
        if birthDate == nil {
            throw .invalid("\(field).birthDate", "required for the police registration", reason: .textRequired)
        }
    }
}

/// What a hotel's guest tells it before arriving, from the link in the pre-arrival message: each adult's
/// registration (the first is the booking's own guest), when they expect to arrive, and what they ask
/// for. It fills the stay's registration, so the police list is ready before the guest is at the desk;
/// nothing in it can change the stay's dates, room or money.
public struct OnlineCheckIn: Hashable, Sendable {
    /// The longest request, in characters.
    public static let requestsLimit = 500

    /// One per adult, the booking's guest first.
    public var guests: [RegisteredGuest]
    /// Minutes of the hotel's day the guest expects to arrive at; nil not said.
    public var arrivalMinute: Int?
    public var requests: String
    /// When the guest last sent it.
    public var submittedAt: Date

    public init(guests: [RegisteredGuest], arrivalMinute: Int? = nil, requests: String = "", submittedAt: Date) {
        self.guests = guests
        self.arrivalMinute = arrivalMinute
        self.requests = requests
        self.submittedAt = submittedAt
    }

    /// The adults after the booking's guest.
    public var companions: [RegisteredGuest] { Array(guests.dropFirst()) }

    /// Checks it for `stay` on the hotel's `today`: one complete registration for each of its adults, an
    /// arrival time within the day, requests of at most `requestsLimit` characters.
    public func validate(for stay: Stay, today: Day) throws(DomainError) {
        guard guests.count == stay.adults else {
            throw .invalid(
                "guests", "give the details of each of the \(stay.adults) adults", reason: .checkInGuests,
                params: ["adults": String(stay.adults)])
        }
        for (index, guest) in guests.enumerated() { try guest.validate(at: index, today: today) }
        if let arrivalMinute, !(0...1439).contains(arrivalMinute) {
            throw .outOfRange("arrivalTime", arrivalMinute, 0...1439)
        }
        try FreeText.validate(requests, field: "requests", limit: Self.requestsLimit)
    }

    /// Whether the guest may still send or correct it: while the stay is booked and has not begun by
    /// the hotel's `today` (on the arrival day itself, until the desk checks them in).
    public static func isOpen(_ stay: Stay, today: Day) -> Bool {
        stay.state == .booked && today <= stay.arrival
    }

    /// Refuses when the guest may no longer send it (`isOpen`).
    public static func requireOpen(_ stay: Stay, today: Day) throws(DomainError) {
        guard isOpen(stay, today: today) else {
            throw DomainError(
                .notAllowed, "online check-in is closed for this booking (\(stay.state.rawValue))",
                reason: .checkInClosed)
        }
    }

    /// The day a stay's check-in link stops working: its departure. A link is for one stay and no more.
    public static func linkExpiry(departure: Day) -> Day { departure }

    /// Refuses a link whose day has come (`linkExpiry`) by the hotel's `today`.
    public static func requireUnexpired(_ expiresOn: Day, today: Day) throws(DomainError) {
        guard today < expiresOn else {
            throw DomainError(
                .forbidden, "this check-in link expired on \(expiresOn.iso); ask the hotel for a new one",
                reason: .checkInExpired, params: ["date": expiresOn.iso])
        }
    }
}
