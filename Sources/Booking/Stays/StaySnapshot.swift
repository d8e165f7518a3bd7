/// A stay as JSON: what the API answers, and what the audit log and the event stream record, so that
/// a client can apply an event exactly as it would a response.
public struct StaySnapshot: Codable, Equatable, Sendable {
    public struct Segment: Codable, Equatable, Sendable {
        public var roomId: Int?
        public var arrival: String
        public var departure: String
    }

    public var id: Int
    public var propertyId: Int
    public var roomTypeId: Int
    public var roomId: Int?
    public var guestId: Int
    public var arrival: String
    public var departure: String
    public var nights: Int
    public var segments: [Segment]
    public var adults: Int
    public var children: Int
    public var infants: Int
    public var source: String
    public var state: String
    public var version: Int
    public var confirmationCode: String
    public var notes: String
    /// Present (true) once the guest checked in online; absent in snapshots written before there was.
    public var checkedInOnline: Bool?

    public init(_ stay: Stay) {
        id = stay.id
        propertyId = stay.propertyID
        roomTypeId = stay.roomTypeID
        roomId = stay.currentRoomID
        guestId = stay.guestID
        arrival = stay.arrival.iso
        departure = stay.departure.iso
        nights = stay.nights.count
        segments = stay.segments.map {
            Segment(roomId: $0.roomID, arrival: $0.nights.arrival.iso, departure: $0.nights.departure.iso)
        }
        adults = stay.adults
        children = stay.children
        infants = stay.infants
        source = stay.source.rawValue
        state = stay.state.rawValue
        version = stay.version
        confirmationCode = stay.confirmationCode
        notes = stay.notes
        checkedInOnline = stay.checkedInOnline ? true : nil
    }
}
