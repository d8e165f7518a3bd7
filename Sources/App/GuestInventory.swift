import API
import Booking
import Foundation
import Storage

/// What the guest site sells, as read at one inventory generation: the hotels, their room types and
/// rooms, and the cities and regions they are in. Search, suggestions and maps read it from memory;
/// only the nights held by stays, which change with every booking, are read per request.
struct GuestInventory: Sendable {
    /// A city or a region with bookable hotels, as the guest site suggests it.
    struct Area: Sendable {
        enum Kind: String, Sendable {
            case city
            case region
        }

        var kind: Kind
        /// The stored (English) name.
        var name: String
        /// A city's region.
        var region: String?
        /// Its hotels with rooms.
        var places: Int
        /// The mean of its hotels' positions.
        var centre: Coordinate
    }

    var generation: Int
    /// Every hotel, in id order (salons sell no nights and are left out).
    var hotels: [Property]
    var hotelByID: [Int: Property]
    var roomTypes: [Int: [RoomType]]
    var rooms: [Int: [Room]]
    /// Cities and regions with a hotel that has rooms: most places first.
    var areas: [Area]
    /// The positions in `hotels` of the hotels in each city and each region, by its stored name, in id
    /// order: a search matches the names, not every hotel.
    private var hotelsInArea: [String: [Int]]
    var names: PlaceNames
    /// Each hotel as `Components.Schemas.PublicProperty`, encoded once: search results carry hundreds of them.
    private var encodedHotels: [Int: [UInt8]]
    /// The hotels whose manager worded their texts, encoded once a language.
    private var encodedWordedHotels: [Int: [Language: [UInt8]]]
    /// Each hotel's search pin but what the search works out (`SearchJSON.Pin.opening(of:)`).
    private var pinOpenings: [Int: [UInt8]]

    init(_ inventory: PropertyRepository.HotelInventory, names: PlaceNames = .standard) throws {
        generation = inventory.generation
        hotels = inventory.hotels
        hotelByID = Dictionary(uniqueKeysWithValues: hotels.map { ($0.id, $0) })
        roomTypes = inventory.roomTypes
        rooms = inventory.rooms
        self.names = names.knowing(hotels.flatMap { [$0.city, $0.region] })
        let bookable = hotels.filter { !(inventory.rooms[$0.id] ?? []).isEmpty }
        let cities = Dictionary(grouping: bookable) { [$0.city, $0.region] }.map { key, places in
            Area(
                kind: .city, name: key[0], region: key[1], places: places.count,
                centre: Coordinate.centre(of: places.map(\.coordinate))!)
        }
        let regions = Dictionary(grouping: bookable, by: \.region).map { name, places in
            Area(
                kind: .region, name: name, places: places.count,
                centre: Coordinate.centre(of: places.map(\.coordinate))!)
        }
        areas = (cities + regions).sorted(by: Self.ordered)
        var hotelsInArea: [String: [Int]] = [:]
        for (index, hotel) in hotels.enumerated() {
            hotelsInArea[hotel.city, default: []].append(index)
            if hotel.region != hotel.city { hotelsInArea[hotel.region, default: []].append(index) }
        }
        self.hotelsInArea = hotelsInArea
        let encoder = JSONEncoder()
        encodedHotels = Dictionary(
            uniqueKeysWithValues: try hotels.map {
                ($0.id, Array(try encoder.encode(Components.Schemas.PublicProperty($0))))
            })
        pinOpenings = Dictionary(uniqueKeysWithValues: hotels.map { ($0.id, SearchJSON.Pin.opening(of: $0)) })
        encodedWordedHotels = Dictionary(
            uniqueKeysWithValues: try hotels.filter { !$0.translations.isEmpty }.map { hotel in
                (
                    hotel.id,
                    Dictionary(
                        uniqueKeysWithValues: try Language.allCases.map { language in
                            (
                                language,
                                Array(try encoder.encode(Components.Schemas.PublicProperty(hotel.worded(in: language))))
                            )
                        })
                )
            })
    }

    /// The first day any hotel sells: the earliest of their todays, read once a time zone. Without
    /// hotels, today in UTC.
    func firstDayOnSale(now: Date) -> Day {
        var todays: [String: Day] = [:]
        for hotel in hotels where todays[hotel.timeZoneID] == nil {
            todays[hotel.timeZoneID] = hotel.today(now: now)
        }
        return todays.values.min() ?? Day.today(in: .gmt, now: now)
    }

    /// A hotel as `Components.Schemas.PublicProperty` in `language` (its texts as stored without one),
    /// encoded.
    func propertyJSON(_ id: Int, in language: Language? = nil) throws -> [UInt8] {
        if let language, let encoded = encodedWordedHotels[id]?[language] { return encoded }
        if let encoded = encodedHotels[id] { return encoded }
        guard let hotel = hotelByID[id] else { throw DomainError(.notFound, "no place \(id)") }
        return Array(try JSONEncoder().encode(Components.Schemas.PublicProperty(hotel)))
    }

    /// A hotel's search pin as far as the inventory knows it.
    func pinOpening(_ hotel: Property) -> [UInt8] {
        pinOpenings[hotel.id] ?? SearchJSON.Pin.opening(of: hotel)
    }

    /// Most places first, then cities before regions, then by name.
    private static func ordered(_ lhs: Area, _ rhs: Area) -> Bool {
        if lhs.places != rhs.places { return lhs.places > rhs.places }
        if lhs.kind != rhs.kind { return lhs.kind == .city }
        return (lhs.name, lhs.region ?? "") < (rhs.name, rhs.region ?? "")
    }

    /// The cities and regions whose name in any language matches `query`, best match first (a whole
    /// name, a name's start, a word's start, anywhere), then as `areas` orders them.
    ///
    /// - Complexity: O(*a*) matches for *a* areas.
    func areas(matching query: String) -> [Area] {
        let query = PlaceNames.Query(query)
        return areas.compactMap { area in names.match(query, name: area.name).map { (area, $0) } }
            .enumerated()
            .sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }
            .map(\.element.0)
    }

    /// The hotels whose city or region matches `query` in any language, in id order.
    ///
    /// - Complexity: O(*n* + *m* log *m*) for *n* distinct city and region names and *m* hotels found:
    ///   a search of one region of 10,000 hotels does the work of its own.
    func hotels(matching query: String) -> [Property] {
        let query = PlaceNames.Query(query)
        var found: [Int] = []
        var lists = 0
        for (name, indices) in hotelsInArea where names.match(query, name: name) != nil {
            found += indices
            lists += 1
        }
        // A hotel whose city and region both match is in two lists.
        if lists > 1 { found = Array(Set(found)).sorted() }
        return found.map { hotels[$0] }
    }
}

/// The guest inventory as last read, while its generation stands still. Requests that find it out of
/// date while it is being read again wait for that reading instead of starting their own.
actor InventoryCache {
    private var current: GuestInventory?
    private var reading: (generation: Int, task: Task<GuestInventory, any Error>)?

    /// The inventory at `generation` or later: kept, being read, or read now with `read`.
    func inventory(
        at generation: Int, read: @escaping @Sendable () async throws -> GuestInventory
    ) async throws -> GuestInventory {
        if let current, current.generation >= generation { return current }
        if let reading, reading.generation >= generation { return try await reading.task.value }
        let task = Task { try await read() }
        reading = (generation, task)
        let result = await task.result
        if reading?.generation == generation { reading = nil }
        let inventory = try result.get()
        if (current?.generation ?? -1) <= inventory.generation { current = inventory }
        return inventory
    }
}
