import Booking

/// Small factories for the domain's values, built in code.
enum Make {
    static let arrival = Day(year: 2026, month: 11, day: 20)

    static func hotel(currency: Currency = .thb, fees: [Fee] = [], taxes: [Tax] = [], timeZone: String = "Asia/Bangkok")
        -> Property
    {
        Property(
            id: 1, name: "Baan Suan", kind: .hotel, region: "Northern Thailand", city: "Chiang Mai", latitude: 18.79,
            longitude: 98.98, timeZoneID: timeZone, currency: currency, fees: fees, taxes: taxes)
    }

    static func roomType(id: Int = 1, capacity: Int = 2, rate: Money = .whole(1200, .thb)) -> RoomType {
        RoomType(id: id, propertyID: 1, name: "Garden Double", capacity: capacity, baseRate: rate)
    }

    static func room(id: Int, type: Int = 1, status: HousekeepingStatus = .clean) -> Room {
        Room(id: id, propertyID: 1, roomTypeID: type, number: "\(100 + id)", floor: 1, housekeeping: status)
    }

    static func nights(_ from: Day = arrival, _ count: Int) -> Nights {
        try! Nights(arrival: from, departure: from.adding(days: count))
    }

    static func stay(
        id: Int, room: Int?, from: Day = arrival, nights count: Int = 2, type: Int = 1, state: StayState = .booked
    ) -> Stay {
        Stay(
            id: id, propertyID: 1, roomTypeID: type, guestID: id, roomID: room, nights: nights(from, count), adults: 2,
            state: state)
    }
}
