/// A stay as asked for, before it has an id: from the front desk, the guest site or an iCal feed.
public struct NewStay: Sendable {
    public var propertyID: Int
    /// nil: the type of `roomID` (the desk books a room it tapped on the board). `FrontDesk.book`
    /// resolves it before the stay is stored.
    public var roomTypeID: Int?
    /// nil books the room type without a room yet.
    public var roomID: Int?
    public var nights: Nights
    public var adults: Int
    public var children: Int
    public var infants: Int
    public var guestName: String
    public var guestEmail: String
    public var guestPhone: String
    public var source: StaySource
    public var notes: String
    /// The nightly rates the guest agreed to (the quote they were shown). nil: the room type's rates as
    /// they stand when the stay is booked. Either way they are kept with the stay, and its price at
    /// check-in holds to them (`StayPrice.quote(agreedRates:)`).
    public var agreedRates: [Day: Money]?
    /// The rate plan it is booked on; nil: the property's standard terms.
    public var ratePlanID: Int?

    public init(
        propertyID: Int, roomTypeID: Int?, roomID: Int?, nights: Nights, adults: Int, children: Int = 0,
        infants: Int = 0, guestName: String, guestEmail: String = "", guestPhone: String = "",
        source: StaySource = .frontDesk, notes: String = "", agreedRates: [Day: Money]? = nil, ratePlanID: Int? = nil
    ) {
        self.propertyID = propertyID
        self.roomTypeID = roomTypeID
        self.roomID = roomID
        self.nights = nights
        self.adults = adults
        self.children = children
        self.infants = infants
        self.guestName = guestName
        self.guestEmail = guestEmail
        self.guestPhone = guestPhone
        self.source = source
        self.notes = notes
        self.agreedRates = agreedRates
        self.ratePlanID = ratePlanID
    }
}
