import Booking
import Hummingbird

// The API's JSON shapes: dates `YYYY-MM-DD`, money `{"amount": minor units, "currency": "THB"}`.

struct MoneyJSON: Codable, Equatable {
    var amount: Int
    var currency: String

    init(_ money: Money) {
        amount = money.amount
        currency = money.currency.code
    }
}

struct PropertyJSON: ResponseEncodable, Decodable {
    struct RoomTypeJSON: Codable {
        var id: Int
        var name: String
        var capacity: Int
        var baseRate: MoneyJSON
    }

    struct RoomJSON: Codable {
        var id: Int
        var roomTypeId: Int
        var number: String
        var floor: Int
        var housekeeping: String
    }

    var id: Int
    var name: String
    var kind: String
    var region: String
    var city: String
    var latitude: Double
    var longitude: Double
    var timeZone: String
    var currency: String
    var checkIn: String
    var checkOut: String
    var summary: String
    var amenities: [String]
    var photos: [String]
    var roomTypes: [RoomTypeJSON]?
    var rooms: [RoomJSON]?
    var staff: [SalonBoardJSON.Staff]?
    var services: [SalonBoardJSON.Service]?

    init(
        _ property: Property, roomTypes: [RoomType]? = nil, rooms: [Room]? = nil, staff: [StaffMember]? = nil,
        services: [Service]? = nil
    ) {
        id = property.id
        name = property.name
        kind = property.kind.rawValue
        region = property.region
        city = property.city
        latitude = property.latitude
        longitude = property.longitude
        timeZone = property.timeZoneID
        currency = property.currency.code
        checkIn = Self.clock(property.checkInMinute)
        checkOut = Self.clock(property.checkOutMinute)
        summary = property.summary
        amenities = property.amenities
        photos = property.photos
        self.roomTypes = roomTypes?.map {
            RoomTypeJSON(id: $0.id, name: $0.name, capacity: $0.capacity, baseRate: MoneyJSON($0.baseRate))
        }
        self.rooms = rooms?.map {
            RoomJSON(
                id: $0.id, roomTypeId: $0.roomTypeID, number: $0.number, floor: $0.floor,
                housekeeping: $0.housekeeping.rawValue)
        }
        self.staff = staff.map { SalonBoardJSON.roster($0).staff }
        self.services = services?.map(SalonBoardJSON.Service.init)
    }

    /// `14:00` from minutes after midnight.
    static func clock(_ minute: Int) -> String {
        let hours = minute / 60
        let minutes = minute % 60
        return "\(hours < 10 ? "0" : "")\(hours):\(minutes < 10 ? "0" : "")\(minutes)"
    }
}

struct PropertyList: ResponseEncodable {
    var properties: [PropertyJSON]
}

/// A stay as the API shows it: the one JSON form of a stay, also written to the audit log and the
/// event stream (`StaySnapshot` in Booking).
typealias StayJSON = StaySnapshot

extension StaySnapshot: ResponseEncodable {}

/// `POST /api/v1/properties/{id}/stays`.
struct CreateStayRequest: Decodable {
    struct GuestJSON: Decodable {
        var name: String
        var email: String?
        var phone: String?
    }

    var roomId: Int?
    var roomTypeId: Int?
    var arrival: String
    var departure: String
    var adults: Int
    var children: Int?
    var infants: Int?
    var guest: GuestJSON
    var notes: String?
}
