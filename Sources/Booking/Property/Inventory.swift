import EmailSyntax
import Foundation

/// A kind of room a hotel sells: its capacity and its nightly rates.
public struct RoomType: Hashable, Sendable, Identifiable {
    public var id: Int
    public var propertyID: Int
    public var name: String
    /// The most guests (adults and children) it sleeps.
    public var capacity: Int
    public var baseRate: Money
    /// Rates for particular nights (weekends, festivals), overriding the base rate.
    public var rateOverrides: [Day: Money]
    /// What guests booking online may do, by night (`NightRestriction`).
    public var restrictions: [Day: NightRestriction]

    public init(
        id: Int, propertyID: Int, name: String, capacity: Int, baseRate: Money, rateOverrides: [Day: Money] = [:],
        restrictions: [Day: NightRestriction] = [:]
    ) {
        self.id = id
        self.propertyID = propertyID
        self.name = name
        self.capacity = capacity
        self.baseRate = baseRate
        self.rateOverrides = rateOverrides
        self.restrictions = restrictions
    }

    /// The rate for one night.
    public func rate(for night: Day) -> Money { rateOverrides[night] ?? baseRate }

    /// Checks a nightly rate a manager sets: none below zero (a free night is zero), none over
    /// `Money.maxAmount`.
    public static func validate(rate amount: Int, field: String = "amount") throws(DomainError) {
        try Money.validate(amount: amount, field: field, in: 0...Money.maxAmount)
    }
}

/// Whether a room is ready for the next guest: made dirty by a departure (or a guest moved out of
/// it), clean once a housekeeper has done it, inspected once a supervisor has checked. A room out of
/// service is not a status but a `RoomBlock` over its nights.
public enum HousekeepingStatus: String, Sendable, CaseIterable {
    case clean
    case dirty
    case inspected

    /// Whether a guest may be checked into it without an override.
    public var isReadyForGuest: Bool { self == .clean || self == .inspected }
}

/// A room that can be slept in.
public struct Room: Hashable, Sendable, Identifiable {
    public var id: Int
    public var propertyID: Int
    public var roomTypeID: Int
    /// What is on the door: "101".
    public var number: String
    public var floor: Int
    public var housekeeping: HousekeepingStatus
    /// Who cleans it today, as the housekeeping list assigns it; empty when nobody is.
    public var housekeeper: String

    public init(
        id: Int, propertyID: Int, roomTypeID: Int, number: String, floor: Int,
        housekeeping: HousekeepingStatus = .clean, housekeeper: String = ""
    ) {
        self.id = id
        self.propertyID = propertyID
        self.roomTypeID = roomTypeID
        self.number = number
        self.floor = floor
        self.housekeeping = housekeeping
        self.housekeeper = housekeeper
    }
}

/// Someone who takes appointments (a stylist), in a team.
public struct StaffMember: Hashable, Sendable, Identifiable {
    public var id: Int
    public var propertyID: Int
    public var name: String
    public var team: String
    /// Working hours as minutes after midnight, `[start, end)`: the member's shift every day until the
    /// salon sets their shifts (`SalonSchedule.shifts`, which the desk's and the booking page's rules read).
    public var workingHours: Range<Int>
    /// Whether customers may choose this member on the booking page (and "anyone" may be them).
    public var bookableOnline: Bool
    /// The colour of the member's row on the board, `#RRGGBB`; "" for the board's own.
    public var colour: String

    /// The longest name of a member, in characters (one line).
    public static let nameLimit = 100
    /// The longest name of a team.
    public static let teamLimit = 60

    public init(
        id: Int, propertyID: Int, name: String, team: String, workingHours: Range<Int>, bookableOnline: Bool = true,
        colour: String = ""
    ) {
        self.id = id
        self.propertyID = propertyID
        self.name = name
        self.team = team
        self.workingHours = workingHours
        self.bookableOnline = bookableOnline
        self.colour = colour
    }

    /// Whether `text` is a colour as the board takes it: `#` and six hexadecimal digits.
    public static func isColour(_ text: String) -> Bool {
        text.utf8.count == 7 && text.first == "#"
            && text.utf8.dropFirst().allSatisfy { byte in
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
            }
    }
}

/// Something a salon sells by the appointment: a cut, a colour.
public struct Service: Hashable, Sendable, Identifiable {
    /// The longest name of a service, in characters (one line).
    public static let nameLimit = 100

    public var id: Int
    public var propertyID: Int
    public var name: String
    public var durationMinutes: Int
    public var price: Money

    public init(id: Int, propertyID: Int, name: String, durationMinutes: Int, price: Money) {
        self.id = id
        self.propertyID = propertyID
        self.name = name
        self.durationMinutes = durationMinutes
        self.price = price
    }
}

/// A guest of a hotel or a customer of a salon.
public struct Guest: Hashable, Sendable, Identifiable {
    /// The longest name of a guest or a salon's customer, in characters (one line).
    public static let nameLimit = 200
    /// The longest phone number, in characters: digits, spaces and `+-()`.
    public static let phoneLimit = 40

    public var id: Int
    public var name: String
    public var email: String
    public var phone: String
    public var notes: String
    /// What the police registration of foreign guests asks (Thailand's TM30, Vietnam's temporary residence
    /// declaration): the country of the guest's passport or card (ISO 3166 alpha-2, "" not yet known), its
    /// number, and the guest's date of birth.
    public var nationality: String
    public var documentNumber: String
    public var birthDate: Day?

    public init(
        id: Int, name: String, email: String = "", phone: String = "", notes: String = "", nationality: String = "",
        documentNumber: String = "", birthDate: Day? = nil
    ) {
        self.id = id
        self.name = name
        self.email = email
        self.phone = phone
        self.notes = notes
        self.nationality = nationality
        self.documentNumber = documentNumber
        self.birthDate = birthDate
    }

    /// Checks a guest's registration details: a country's ISO 3166-1 code (`CountryCode`, or none), a
    /// document number of at most 40 letters, digits, spaces and dashes, and a birth date from 1900 up
    /// to `today`.
    public static func validateRegistration(nationality: String, documentNumber: String, birthDate: Day?, today: Day)
        throws(DomainError)
    {
        guard nationality.isEmpty || CountryCode.isCountry(nationality) else {
            throw .invalid(
                "guest.nationality", "'\(nationality)' is not a country's code of two capital letters (TH, VN, JP)",
                reason: .guestNationality)
        }
        let documentByte = { (byte: UInt8) in
            (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == 32
                || byte == 45
        }
        guard documentNumber.utf8.count <= 40, documentNumber.utf8.allSatisfy(documentByte) else {
            throw .invalid(
                "guest.documentNumber", "a document number has at most 40 letters, digits, spaces and dashes",
                reason: .guestDocumentNumber)
        }
        if let birthDate {
            guard birthDate >= Day(year: 1900, month: 1, day: 1), birthDate <= today else {
                throw .invalid(
                    "guest.birthDate", "a birth date is from 1900 to today", reason: .guestBirthDate,
                    params: ["today": today.iso])
            }
        }
    }

    /// Checks a guest's details as typed into a form or a booking request.
    public static func validate(name: String, email: String, phone: String) throws(DomainError) {
        // Text all in ASCII (most) is read byte by byte, which says the same as the Unicode-aware checks
        // below and costs far less: a file of stays has hundreds of thousands of guests.
        let ascii = { (text: String) in text.utf8.allSatisfy { $0 < 0x80 } }
        let blank =
            ascii(name)
            ? name.utf8.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            : name.trimmingCharacters(in: .whitespaces).isEmpty
        guard !blank else {
            throw .invalid("guest.name", "a guest needs a name", reason: .textRequired)
        }
        try FreeText.validate(name, field: "guest.name", limit: nameLimit, lines: false)
        if !email.isEmpty {
            // The SMTP client's own rule (`EmailSyntax`): an address taken here can be written to. A guest's
            // needs a domain with a dot besides, to be reached from the internet.
            guard EmailSyntax.problem(email) == nil, EmailSyntax.hasDottedDomain(email) else {
                throw .invalid("guest.email", "'\(email)' is not an email address", reason: .emailInvalid)
            }
        }
        let phoneByte = { (byte: UInt8) in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || " +-()".utf8.contains(byte)
        }
        let phoneOK =
            ascii(phone)
            ? phone.utf8.count <= phoneLimit && phone.utf8.allSatisfy(phoneByte)
            : phone.count <= phoneLimit && phone.allSatisfy({ $0.isNumber || " +-()".contains($0) })
        guard phoneOK else {
            throw .invalid("guest.phone", "'\(phone)' is not a phone number", reason: .phoneInvalid)
        }
    }
}
