/// A run of nights held in one room (or waiting for a room of its type): a stay's segment, all that
/// availability needs to know of a stay; or a room out of service (`RoomBlock`), with stay id 0.
public struct RoomHold: Hashable, Sendable {
    /// 0 for a room out of service.
    public var stayID: Int
    public var roomTypeID: Int
    /// Nil while the stay waits for a room.
    public var roomID: Int?
    public var nights: Nights

    public init(stayID: Int, roomTypeID: Int, roomID: Int?, nights: Nights) {
        self.stayID = stayID
        self.roomTypeID = roomTypeID
        self.roomID = roomID
        self.nights = nights
    }
}

/// What is free to sell: room types with at least one room on every night asked for.
public struct Availability: Sendable {
    public var roomTypes: [RoomType]
    public var rooms: [Room]
    /// The nights held by stays that hold rooms (cancelled and no-show ones hold none).
    public var holds: [RoomHold]

    public init(roomTypes: [RoomType], rooms: [Room], holds: [RoomHold]) {
        self.roomTypes = roomTypes
        self.rooms = rooms
        self.holds = holds
    }

    public init(roomTypes: [RoomType], rooms: [Room], stays: [Stay]) {
        self.init(
            roomTypes: roomTypes, rooms: rooms,
            holds: stays.filter { $0.state.holdsRoom }.flatMap { stay in
                stay.segments.map {
                    RoomHold(stayID: stay.id, roomTypeID: stay.roomTypeID, roomID: $0.roomID, nights: $0.nights)
                }
            })
    }

    /// How many more stays of a room type fit on every one of the nights: per night, its rooms that no
    /// stay sleeps in and no block takes out of service, less its stays still waiting for a room; the
    /// least over the nights.
    public func freeCount(of roomTypeID: Int, for nights: Nights) -> Int {
        let roomsOfType = rooms.filter { $0.roomTypeID == roomTypeID }
        let roomIDs = Set(roomsOfType.map(\.id))
        var least = Int.max
        for night in nights {
            var taken = Set<Int>()
            var waiting = 0
            for hold in holds where hold.nights.contains(night) {
                if let roomID = hold.roomID {
                    if roomIDs.contains(roomID) { taken.insert(roomID) }
                } else if hold.roomTypeID == roomTypeID {
                    waiting += 1
                }
            }
            least = min(least, roomsOfType.count - taken.count - waiting)
        }
        return max(least == Int.max ? roomsOfType.count : least, 0)
    }

    /// How many guests could still book a room type online for the nights. An online booking takes one
    /// room for all of them (the guest site cannot move a guest between rooms), so it is at most the
    /// type's rooms free on every night, and at most what the count leaves beside stays waiting for a
    /// room (`freeCount`). Counts per night alone can show a type free on nights no one room is free on
    /// all of.
    public func bookableOnline(of roomTypeID: Int, for nights: Nights) -> Int {
        min(freeCount(of: roomTypeID, for: nights), freeRooms(of: roomTypeID, for: nights).count)
    }

    /// The room types that sleep the guests and have a room free on every night.
    public func availableRoomTypes(for nights: Nights, guests: Int) -> [RoomType] {
        roomTypes.filter { $0.capacity >= guests && freeCount(of: $0.id, for: nights) > 0 }
    }

    /// The rooms of a type that no stay holds on any of the nights, for assigning a room.
    public func freeRooms(of roomTypeID: Int, for nights: Nights, ignoring stayID: Int? = nil) -> [Room] {
        rooms.filter { room in
            room.roomTypeID == roomTypeID
                && !holds.contains { $0.stayID != stayID && $0.roomID == room.id && $0.nights.overlaps(nights) }
        }
    }
}

/// The front desk's day (seed 000's home screen): who arrives, who leaves, who is in the house.
public struct FrontDeskDay: Sendable {
    public var day: Day
    public var arrivals: [Stay]
    public var departures: [Stay]
    public var inHouse: [Stay]

    /// Today's lists from a property's stays. Arrivals: booked or already checked in today.
    /// Departures: due out today, checked out or not yet. In house: checked in and staying tonight.
    public init(day: Day, stays: [Stay]) {
        self.day = day
        arrivals = stays.filter { $0.arrival == day && ($0.state == .booked || $0.state == .checkedIn) }
        departures = stays.filter { $0.departure == day && ($0.state == .checkedIn || $0.state == .checkedOut) }
        inHouse = stays.filter { $0.state == .checkedIn && $0.nights.contains(day) }
    }
}

/// A day's figures for the revenue dashboard.
public struct DailyStats: Hashable, Sendable {
    public var day: Day
    /// Rooms that could be sold: not out of service, nor blocked by an imported calendar.
    public var roomsAvailable: Int
    /// Rooms slept in (or held) that night.
    public var roomsSold: Int
    public var roomRevenue: Money

    /// Rooms sold over rooms available, 0...1.
    public var occupancy: Double { roomsAvailable == 0 ? 0 : Double(roomsSold) / Double(roomsAvailable) }
    /// Average daily rate: room revenue per room sold.
    public var adr: Money { Money(roomsSold == 0 ? 0 : roomRevenue.amount / roomsSold, roomRevenue.currency) }
    /// Revenue per available room.
    public var revPAR: Money {
        Money(roomsAvailable == 0 ? 0 : roomRevenue.amount / roomsAvailable, roomRevenue.currency)
    }

    public init(day: Day, roomsAvailable: Int, roomsSold: Int, roomRevenue: Money) {
        self.day = day
        self.roomsAvailable = roomsAvailable
        self.roomsSold = roomsSold
        self.roomRevenue = roomRevenue
    }

    /// A range's figures as one: room-nights available and sold and revenue added up, so that its
    /// occupancy, ADR and RevPAR are over the whole range (not averages of daily ratios).
    public static func total(of days: [DailyStats], from day: Day, currency: Currency) -> DailyStats {
        DailyStats(
            day: day, roomsAvailable: days.map(\.roomsAvailable).saturatedSum(),
            roomsSold: days.map(\.roomsSold).saturatedSum(),
            roomRevenue: Money(days.map(\.roomRevenue.amount).saturatedSum(), currency))
    }

    /// Occupancy, ADR and RevPAR per day over a range, from the stays that hold rooms and their
    /// nightly rates (the same rates the folio charges). Nights blocked by an imported calendar are
    /// neither available nor sold here: what they earned, if anything, is another system's to know.
    /// Nor are a room's nights out of service (`blocks`).
    public static func compute(
        over days: Nights, property: Property, roomTypes: [RoomType], rooms: [Room], stays: [Stay],
        blocks: [RoomBlock] = []
    ) -> [DailyStats] {
        let typeByID = Dictionary(uniqueKeysWithValues: roomTypes.map { ($0.id, $0) })
        return days.map { day in
            var sold = 0
            var blocked = blocks.count { $0.nights.contains(day) }
            var revenue = 0
            for stay in stays where stay.state.holdsRoom && stay.nights.contains(day) {
                if stay.source == .ical {
                    blocked += 1
                    continue
                }
                sold += 1
                revenue = revenue.addingSaturated(typeByID[stay.roomTypeID]?.rate(for: day).amount ?? 0)
            }
            return DailyStats(
                day: day, roomsAvailable: max(rooms.count - blocked, 0), roomsSold: sold,
                roomRevenue: Money(revenue, property.currency))
        }
    }
}
