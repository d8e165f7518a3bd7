import Foundation

/// A salon's customer record (顧客 / カルテ): one person, with every appointment booked for them at the
/// desk or online. Kept per salon: a chain's shops each know their own customers.
public struct Customer: Hashable, Sendable, Identifiable {
    /// How the name is read (フリガナ, or a romanised form), in characters.
    public static let readingLimit = 200
    /// Notes and allergies, in characters: as a stay's notes.
    public static let notesLimit = FreeText.notesLimit
    /// The most customers a search lists.
    public static let searchLimit = 20
    /// The longest search the desk sends, in characters.
    public static let queryLimit = 100

    public var id: Int
    public var propertyID: Int
    public var name: String
    public var reading: String
    public var phone: String
    public var email: String
    public var birthday: Day?
    public var notes: String
    public var allergies: String
    /// The person's details were erased on request; their visits stay for the accounts.
    public var erased: Bool
    public var version: Int

    public init(
        id: Int = 0, propertyID: Int, name: String, reading: String = "", phone: String = "", email: String = "",
        birthday: Day? = nil, notes: String = "", allergies: String = "", erased: Bool = false, version: Int = 1
    ) {
        self.id = id
        self.propertyID = propertyID
        self.name = name
        self.reading = reading
        self.phone = phone
        self.email = email
        self.birthday = birthday
        self.notes = notes
        self.allergies = allergies
        self.erased = erased
        self.version = version
    }

    /// Checks the record as typed: a name (one line, `Guest.nameLimit`), its reading, a phone number and
    /// an email as a guest's, a birthday from 1900 to `today`, notes and allergies.
    public func validate(today: Day) throws(DomainError) {
        do {
            try Guest.validate(name: name, email: email, phone: phone)
        } catch {
            // Named as the customer's fields, not a guest's.
            var refusal = error
            refusal.field = error.field.map { $0.replacingOccurrences(of: "guest.", with: "") }
            throw refusal
        }
        try FreeText.validate(reading, field: "reading", limit: Self.readingLimit, lines: false)
        try FreeText.validate(notes, field: "notes", limit: Self.notesLimit)
        try FreeText.validate(allergies, field: "allergies", limit: Self.notesLimit)
        if let birthday, !(Day(year: 1900, month: 1, day: 1)...today).contains(birthday) {
            throw .invalid(
                "birthday", "a birthday is from 1900 to today", reason: .guestBirthDate, params: ["today": today.iso])
        }
    }

    /// What a search compares typed text with: the name, its reading and the phone's digits, folded by
    /// `Customer.folded`.
    public var searchText: String {
        [Self.folded(name), Self.folded(reading), Self.digits(phone)].joined(separator: "\u{1F}")
    }

    /// What a search for `query` looks for in `searchText`: a phone number as typed (`090-1234-5678`,
    /// `(090) 1234`) by its digits, anything else folded.
    public static func searchKey(_ query: String) -> String {
        let folded = folded(query.trimmingCharacters(in: .whitespaces))
        let phoneLike = folded.unicodeScalars.allSatisfy {
            ("0"..."9").contains($0) || " +-()".unicodeScalars.contains($0)
        }
        return phoneLike && folded.unicodeScalars.contains(where: { ("0"..."9").contains($0) })
            ? digits(folded) : folded
    }

    /// The phone's digits: what matches a booking to a record, and what a search by number compares.
    public static func digits(_ phone: String) -> String {
        String(phone.unicodeScalars.filter { ("0"..."9").contains($0) }.map(Character.init))
    }

    /// Text as searched: compatibility forms unified (full-width Ｔａｎａｋａ is Tanaka, half-width ｶﾅ is
    /// カナ and ﾀﾞ is ダ), lower case, and katakana as hiragana, so that たなか finds タナカ.
    public static func folded(_ text: String) -> String {
        // Composed once more: on Linux the compatibility mapping leaves half-width ﾀﾞ as タ and a combining
        // voiced mark (U+3099), which no stored ダ contains.
        let unified = text.precomposedStringWithCompatibilityMapping.precomposedStringWithCanonicalMapping
            .lowercased()
        var scalars = String.UnicodeScalarView()
        for scalar in unified.unicodeScalars {
            // Katakana ァ (U+30A1) to ヶ (U+30F6) sit 0x60 above their hiragana.
            if (0x30A1...0x30F6).contains(scalar.value), let hiragana = Unicode.Scalar(scalar.value - 0x60) {
                scalars.append(hiragana)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// The fewest digits a phone number has for a booking to be matched to a record by it: fewer is a
    /// fragment, not someone's number.
    public static let matchingDigitsMinimum = 6

    /// The digits a booking is matched to a record by: none for a number too short to be one.
    public static func matchingDigits(_ phone: String) -> String {
        let digits = digits(phone)
        return digits.count >= matchingDigitsMinimum ? digits : ""
    }

    /// The email as compared when matching a booking to a record.
    public static func matchingEmail(_ email: String) -> String {
        email.trimmingCharacters(in: .whitespaces).lowercased()
    }
}

/// One appointment of a customer, as their record lists it.
public struct CustomerVisit: Hashable, Sendable {
    public var appointment: Appointment
    public var serviceName: String
    public var staffName: String
    /// What the visit was checked out at (its service's line, less its discount), or, until it is, the
    /// service's price.
    public var price: Money?

    public init(appointment: Appointment, serviceName: String, staffName: String, price: Money?) {
        self.appointment = appointment
        self.serviceName = serviceName
        self.staffName = staffName
        self.price = price
    }
}

/// A customer's record as the desk reads it: their details, visits and figures.
public struct CustomerRecord: Sendable {
    public var customer: Customer
    /// Past visits (begun, or called off), newest first: at most `CustomerRecord.visitLimit`.
    public var visits: [CustomerVisit]
    /// Appointments still booked to come, soonest first.
    public var upcoming: [CustomerVisit]
    /// Visits completed in the 365 days up to now.
    public var visitsLastYear: Int
    /// What their completed visits came to; nil for a role that reads no money.
    public var spent: Money?
    /// The sales they still owe on (a fee for a visit not kept), oldest first; nil for a role that reads
    /// no money.
    public var owing: [Sale]?

    /// The most visits a record lists.
    public static let visitLimit = 100
}

/// A customer as a search lists them.
public struct CustomerSummary: Hashable, Sendable {
    public var customer: Customer
    /// The start of their last visit begun (minutes since 1970 at UTC), and of their next booked one.
    public var lastVisitMinute: Int?
    public var nextVisitMinute: Int?

    public init(customer: Customer, lastVisitMinute: Int?, nextVisitMinute: Int?) {
        self.customer = customer
        self.lastVisitMinute = lastVisitMinute
        self.nextVisitMinute = nextVisitMinute
    }
}

/// A customer as the salon's list of them exports them.
public struct CustomerListEntry: Hashable, Sendable {
    public var customer: Customer
    public var completedVisits: Int
    /// Minutes since 1970 at UTC.
    public var lastVisitMinute: Int?
    public var nextVisitMinute: Int?
    /// What their completed visits came to at the services' prices, in the salon's currency's minor units.
    public var spent: Int

    public init(customer: Customer, completedVisits: Int, lastVisitMinute: Int?, nextVisitMinute: Int?, spent: Int) {
        self.customer = customer
        self.completedVisits = completedVisits
        self.lastVisitMinute = lastVisitMinute
        self.nextVisitMinute = nextVisitMinute
        self.spent = spent
    }
}

/// What a change to a customer sets; nil leaves a field as it is (`birthday: .some(nil)` forgets it).
public struct CustomerChange: Sendable {
    public var name: String?
    public var reading: String?
    public var phone: String?
    public var email: String?
    public var birthday: Day??
    public var notes: String?
    public var allergies: String?

    public init(
        name: String? = nil, reading: String? = nil, phone: String? = nil, email: String? = nil,
        birthday: Day?? = nil, notes: String? = nil, allergies: String? = nil
    ) {
        self.name = name
        self.reading = reading
        self.phone = phone
        self.email = email
        self.birthday = birthday
        self.notes = notes
        self.allergies = allergies
    }

    func apply(to customer: inout Customer) {
        if let name { customer.name = name }
        if let reading { customer.reading = reading }
        if let phone { customer.phone = phone }
        if let email { customer.email = email }
        if let birthday { customer.birthday = birthday }
        if let notes { customer.notes = notes }
        if let allergies { customer.allergies = allergies }
    }
}
