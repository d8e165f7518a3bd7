/// What a property sends its guests or customers, as its manager sets it: the confirmation and the
/// cancellation on or off, the salon's reminder some hours before a visit and the hotel's pre-arrival
/// message some days before a stay (nil: not sent), and a line of the property's own in each language,
/// added to every message in that language.
public struct MessageSettings: Hashable, Sendable {
    public static let reminderHours = 1...72
    public static let preArrivalDays = 1...14
    /// The longest line of the property's own, in characters.
    public static let noteLimit = 500
    /// The hour of the property's day from which a pre-arrival message goes out (none at night).
    public static let preArrivalFromMinute = 9 * 60

    public var confirmation: Bool
    public var cancellation: Bool
    public var reminderHours: Int?
    public var preArrivalDays: Int?
    public var notes: [Language: String]

    public init(
        confirmation: Bool = true, cancellation: Bool = true, reminderHours: Int? = 24, preArrivalDays: Int? = 2,
        notes: [Language: String] = [:]
    ) {
        self.confirmation = confirmation
        self.cancellation = cancellation
        self.reminderHours = reminderHours
        self.preArrivalDays = preArrivalDays
        self.notes = notes.filter { !$0.value.isEmpty }
    }

    /// Refuses a timing out of its bounds or a line too long, naming the field.
    public func validate() throws(DomainError) {
        if let hours = reminderHours, !Self.reminderHours.contains(hours) {
            throw .outOfRange("reminderHours", hours, Self.reminderHours)
        }
        if let days = preArrivalDays, !Self.preArrivalDays.contains(days) {
            throw .outOfRange("preArrivalDays", days, Self.preArrivalDays)
        }
        for language in Language.allCases {
            try FreeText.validate(notes[language] ?? "", field: "notes.\(language.rawValue)", limit: Self.noteLimit)
        }
    }

    /// Whether a message of `kind` is sent at all.
    public func sends(_ kind: MessageKind) -> Bool {
        switch kind {
        // A change states the booking again, as its confirmation did.
        case .confirmation, .change: confirmation
        case .cancellation: cancellation
        case .reminder: reminderHours != nil
        case .preArrival: preArrivalDays != nil
        // Sent when the desk asks, whatever the settings; an offer is the customer's only word of it.
        case .document, .waitlistOffer: true
        }
    }
}
