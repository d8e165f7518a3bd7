import API
import Booking
import Foundation
import HTTPTypes
import Hummingbird
import Storage

/// The guest site's search and map, served by hand: a search answers hundreds of places with their
/// offers, written by `CompactJSON` (which `JSONEncoder` spent most of a search's time on), and the map
/// is SVG. The guest site's other operations (a place, booking, managing a booking, suggestions) are
/// `FrontdeskAPI`'s, and share this inventory and these offers.
struct PublicController {
    let store: Store
    /// What hotels sell, kept while the inventory's generation stands still.
    let inventoryCache = InventoryCache()
    /// The places' held nights as counts, kept while their event sequences stand still.
    let heldNights = HeldNights()

    func register(on group: RouterGroup<AppRequestContext>) {
        group.get("search", use: search)
        group.get("properties/{id}/map.svg", use: map)
    }

    /// The guest inventory, read again only when a property, room type, rate or room has changed since.
    func inventory() async throws -> GuestInventory {
        let generation = try await store.inventoryGeneration()
        return try await inventoryCache.inventory(at: generation) {
            try GuestInventory(try await store.hotelInventory())
        }
    }

    // MARK: - Search

    /// What a guest asked for: where, when, how many.
    struct Query {
        var nights: Nights
        var adults: Int
        var children: Int
        /// The rooms asked for (2 to `BookingGroup.maxRoomsOnline`); nil: as many as the party needs, one
        /// when a room holds it.
        var rooms: Int?

        var guests: Int { adults + children }
        var party: Party { Party(adults: adults, children: children) }

        init(_ request: Request, requireDates: Bool, now: Date) throws {
            let parameters = request.uri.queryParameters
            try self.init(
                arrival: parameters.get("arrival"), departure: parameters.get("departure"),
                adults: try parameters.get("adults").map {
                    try Self.count($0, field: "adults", default: 2, range: 1...Stay.maxGuests)
                },
                children: try parameters.get("children").map {
                    try Self.count($0, field: "children", default: 0, range: 0...Stay.maxGuests)
                }, requireDates: requireDates, now: now)
            rooms = try parameters.get("rooms").map {
                try Self.count($0, field: "rooms", default: 1, range: GuestCombination.searchRooms)
            }.flatMap { $0 > 1 ? $0 : nil }
            // Each place checks its own today (`offers`); no place's today is before yesterday in UTC.
            try Stay.validateOnline(nights, today: Day.today(in: .gmt, now: now).adding(days: -1))
        }

        init(arrival: String?, departure: String?, adults: Int?, children: Int?, requireDates: Bool, now: Date) throws {
            guard let arrival, let departure else {
                if requireDates { throw DomainError.invalid("arrival", "give arrival and departure dates") }
                let today = Day.today(in: .gmt, now: now)
                nights = try Nights(arrival: today, departure: today.adding(days: 1))
                self.adults = 1
                self.children = 0
                return
            }
            nights = try Nights(
                arrival: try Day.parse(arrival, field: "arrival"),
                departure: try Day.parse(departure, field: "departure"))
            self.adults = try Self.bounded(adults ?? 2, field: "adults", range: 1...Stay.maxGuests)
            self.children = try Self.bounded(children ?? 0, field: "children", range: 0...Stay.maxGuests)
        }

        static func bounded(_ number: Int, field: String, range: ClosedRange<Int>) throws -> Int {
            guard range.contains(number) else { throw DomainError.outOfRange(field, number, range) }
            return number
        }

        static func count(_ text: String?, field: String, default value: Int, range: ClosedRange<Int>) throws -> Int {
            guard let text else { return value }
            guard let number = Int(text), range.contains(number) else {
                throw DomainError.outOfRange(field, text, range)
            }
            return number
        }
    }

    /// The room types of a place free for the dates and the party, each with its price.
    func offers(for property: Property, _ query: Query) async throws -> [GuestOffer] {
        // One room type each: the place's page offers several rooms of its own.
        var query = query
        query.rooms = nil
        return try await offers(
            for: [property], query, roomTypes: [property.id: try await store.roomTypes(propertyID: property.id)],
            rooms: [property.id: try await store.rooms(propertyID: property.id)], itemised: true
        )[property.id] ?? []
    }

    /// Each place's bookable room types for the query, by place, cheapest total first: the room types
    /// and rooms given (the guest inventory), and the nights their stays hold: from the places' `counts`
    /// where given and the nights are within them, else read now, in one query. Prices have their
    /// nights' lines named when `itemised`, for a page that shows them.
    func offers(
        for places: [Property], _ query: Query, roomTypes: [Int: [RoomType]], rooms: [Int: [Room]],
        counts: [Int: RoomNightCounts] = [:], itemised: Bool = false
    ) async throws -> [Int: [GuestOffer]] {
        try await choices(
            for: places, query, roomTypes: roomTypes, rooms: rooms, counts: counts, itemised: itemised, combining: false
        ).offers
    }

    /// `offers`, and, `combining`, for each place where the query asks for several rooms (`Query.rooms`) or no
    /// one room holds the party, the cheapest set of rooms that does (`GuestCombination`), by place.
    func choices(
        for places: [Property], _ query: Query, roomTypes: [Int: [RoomType]], rooms: [Int: [Room]],
        counts: [Int: RoomNightCounts] = [:], itemised: Bool = false, combining: Bool = true
    ) async throws -> (offers: [Int: [GuestOffer]], combinations: [Int: GuestCombination]) {
        let uncounted = places.filter { counts[$0.id]?.covers(query.nights) != true }.map(\.id)
        let holds =
            uncounted.isEmpty
            ? [:] : try await store.holds(propertyIDs: uncounted, overlapping: query.nights)
        var offers: [Int: [GuestOffer]] = [:]
        var combinations: [Int: GuestCombination] = [:]
        // Read once a time zone, not once a place: hundreds of places share a few zones.
        var todays: [String: Day] = [:]
        let now = store.clock.now()
        for place in places {
            let today = todays[place.timeZoneID] ?? place.today(now: now)
            todays[place.timeZoneID] = today
            // Counted nights answer without the place's rooms and holds.
            let counted = counts[place.id].flatMap { $0.covers(query.nights) ? $0 : nil }
            let types = roomTypes[place.id] ?? []
            let availability =
                counted == nil
                ? Availability(roomTypes: types, rooms: rooms[place.id] ?? [], holds: holds[place.id] ?? []) : nil
            let free = { (roomType: RoomType) in
                counted?.bookableOnline(of: roomType.id, for: query.nights)
                    ?? availability?.bookableOnline(of: roomType.id, for: query.nights) ?? 0
            }
            let single =
                query.rooms == nil
                ? try GuestOffer.offers(
                    at: place, roomTypes: types, nights: query.nights, party: query.party, today: today,
                    itemised: itemised, free: free) : []
            offers[place.id] = single
            if combining, single.isEmpty,
                let combination = try GuestCombination.cheapest(
                    at: place, roomTypes: types, nights: query.nights, party: query.party, rooms: query.rooms,
                    today: today, free: free)
            {
                combinations[place.id] = combination
            }
        }
        return (offers, combinations)
    }

    /// How search results are ordered.
    enum SortOrder: String {
        /// Cheapest total first.
        case price
        /// Nearest the centre of the city or region searched first.
        case distance
    }

    /// Places a page of search results holds unless asked otherwise: more than a first screen shows,
    /// on a phone or beside the map.
    static let defaultPageSize = 20
    /// The most places one page holds, and the furthest a page may start.
    static let pageSizes = 1...100
    static let offsets = 0...100_000

    /// A place with an offer within the price range, before paging.
    private struct Found {
        var place: Property
        /// Every offer, before the price filter, cheapest total first.
        var offers: [GuestOffer]
        /// The cheapest offer within the price range, or the set of rooms offered instead.
        var cheapest: Choice
        var offersInRange: Int
        var distance: Double
    }

    /// What a place is listed by: one room type, or several rooms for the party together.
    private enum Choice {
        case room(GuestOffer)
        case rooms(GuestCombination)

        var total: Int {
            switch self {
            case .room(let offer): offer.total
            case .rooms(let combination): combination.total
            }
        }
        var nightly: Int {
            switch self {
            case .room(let offer): offer.nightly
            case .rooms(let combination): combination.nightly
            }
        }
        /// The room type named: the offer's, or the set's first.
        var roomType: RoomType {
            switch self {
            case .room(let offer): offer.roomType
            case .rooms(let combination): combination.rooms[0].roomType
            }
        }
    }

    /// `GET /api/v1/public/search?region=&arrival=&departure=&adults=&children=&minPrice=&maxPrice=&sort=&offset=&limit=&lang=`:
    /// places in a city or region (named in any of the guest site's languages) with a room free for the
    /// dates, cheapest (or nearest) first, a page at a time: each with every room type on offer and its
    /// distance from the area's centre. Beside the page, every place found as a pin (position, name and
    /// offers' prices), so that a map shows them all and a price slider counts them, and a histogram of
    /// the nightly prices (before the price filter). Prices are in minor units; the places' own texts
    /// (room types, summaries, amenities) are in `lang` where their managers worded them.
    ///
    /// The hotels, room types and rooms come from the guest inventory in memory, the nights held from
    /// counts kept per place (`HeldNights`), so that a booking made or cancelled shows in the next search.
    @Sendable func search(_ request: Request, context: AppRequestContext) async throws -> Response {
        let parameters = request.uri.queryParameters
        let region = String(parameters.get("region") ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        guard !region.isEmpty else { throw DomainError.invalid("region", "give a city or region") }
        let query = try Query(request, requireDates: true, now: store.clock.now())
        // A number asked for, within its bounds; nil when not asked.
        let number = { (field: String, range: ClosedRange<Int>) throws -> Int? in
            try parameters.get(field).map { try Query.count($0, field: field, default: 0, range: range) }
        }
        let minPrice = try number("minPrice", 0...Money.maxAmount)
        let maxPrice = try number("maxPrice", 0...Money.maxAmount)
        if let minPrice, let maxPrice, minPrice > maxPrice {
            throw DomainError.invalid("maxPrice", "must not be below minPrice")
        }
        let offset = try number("offset", Self.offsets) ?? 0
        let limit = try number("limit", Self.pageSizes) ?? Self.defaultPageSize
        let sort =
            try parameters.get("sort").map { text in
                guard let order = SortOrder(rawValue: text) else {
                    throw DomainError.invalid("sort", "'\(text)' is not a sort order: price or distance")
                }
                return order
            } ?? .price
        let language = try request.language()
        let inventory = try await inventory()
        let places = inventory.hotels(matching: region)
        let centre =
            inventory.areas(matching: region).first?.centre ?? Coordinate.centre(of: places.map(\.coordinate))
        var found: [Found] = []
        var pins: [SearchJSON.Pin] = []
        var nightlyPrices: [Int] = []
        var currency: Currency?
        let choices = try await choices(
            for: places, query, roomTypes: inventory.roomTypes, rooms: inventory.rooms,
            counts: try await heldNights.counts(for: places, in: inventory, store: store))
        for place in places {
            let offers = choices.offers[place.id] ?? []
            let combination = choices.combinations[place.id]
            // One room type each, or the set of rooms offered instead.
            let listed = offers.map(Choice.room) + (combination.map { [Choice.rooms($0)] } ?? [])
            guard !listed.isEmpty else { continue }
            currency = currency ?? place.currency
            if place.currency == currency { nightlyPrices += listed.map(\.nightly) }
            let distance = centre.map { $0.kilometres(to: place.coordinate) } ?? 0
            pins.append(
                SearchJSON.Pin(
                    opening: inventory.pinOpening(place), nightly: listed.map(\.nightly), total: listed.map(\.total),
                    distanceKm: Self.tenths(distance)))
            let inRange = listed.filter { offer in
                (minPrice.map { offer.nightly >= $0 } ?? true) && (maxPrice.map { offer.nightly <= $0 } ?? true)
            }
            guard let cheapest = inRange.first else { continue }
            found.append(
                Found(
                    place: place, offers: offers, cheapest: cheapest, offersInRange: inRange.count, distance: distance))
        }
        // Sorted as indices: moving hundreds of places with their offers costs more than comparing them.
        let keys = found.map { (total: $0.cheapest.total, distance: $0.distance, id: $0.place.id) }
        var order = Array(found.indices)
        switch sort {
        case .price:
            order.sort {
                (keys[$0].total, keys[$0].distance, keys[$0].id) < (keys[$1].total, keys[$1].distance, keys[$1].id)
            }
        case .distance:
            order.sort {
                (keys[$0].distance, keys[$0].total, keys[$0].id) < (keys[$1].distance, keys[$1].total, keys[$1].id)
            }
        }
        let page = order.dropFirst(offset).prefix(limit).map { found[$0] }
        let step = currency.map { $0.minorUnitDigits == 0 ? ($0 == .jpy ? 100 : 1_000) : 1_000 } ?? 1
        let histogram = PriceHistogram(prices: nightlyPrices, count: 20, step: step)
        return try SearchJSON(
            region: region, arrival: query.nights.arrival.iso, departure: query.nights.departure.iso,
            adults: query.adults, children: query.children, sort: sort.rawValue, count: found.count, offset: offset,
            limit: limit, currency: currency?.code, centre: centre.map(CoordinateJSON.init),
            histogram: histogram.buckets.map { .init(from: $0.from, to: $0.to, count: $0.count) },
            results: try page.map { try result($0, nights: query.nights, in: inventory, language: language) },
            pins: pins, labels: inventory.names.labels(of: page.map(\.place))
        ).response()
    }

    /// A place found as a page of results lists it, its texts in `language`.
    private func result(
        _ found: Found, nights: Nights, in inventory: GuestInventory, language: Language?
    ) throws -> SearchJSON.Result {
        let place = found.place
        return SearchJSON.Result(
            propertyID: place.id, propertyJSON: try inventory.propertyJSON(place.id, in: language),
            roomTypeId: found.cheapest.roomType.id,
            roomType: place.translations.word(found.cheapest.roomType.name, in: language),
            rooms: Self.rooms(of: found.cheapest, place: place, language: language),
            nightly: Money(found.cheapest.nightly, place.currency), total: Money(found.cheapest.total, place.currency),
            nights: nights.count, roomTypes: found.offersInRange,
            offers: found.offers.map {
                SearchJSON.Offer(
                    $0, name: place.translations.word($0.roomType.name, in: language), currency: place.currency)
            },
            distanceKm: Self.tenths(found.distance))
    }

    /// The rooms a place is listed by when it offers several together, each its type and share of the party.
    private static func rooms(of choice: Choice, place: Property, language: Language?) -> [SearchJSON.SetRoom] {
        guard case .rooms(let combination) = choice else { return [] }
        return combination.rooms.map { room in
            SearchJSON.SetRoom(
                roomTypeId: room.roomType.id, roomType: place.translations.word(room.roomType.name, in: language),
                adults: room.party.adults, children: room.party.children,
                total: Money(room.price.total.amount, place.currency))
        }
    }

    /// A distance in km to one decimal, as results and pins give it.
    private static func tenths(_ kilometres: Double) -> Double { (kilometres * 10).rounded() / 10 }
}

extension Request {
    /// The language the hand-written guest routes (search, the map) are asked for the places' own
    /// texts in (`lang=th`), checked as the generated operations check theirs (`Language.asked`); nil
    /// for the texts as stored.
    func language() throws -> Language? {
        try Language.asked(uri.queryParameters.get("lang").map { String($0) })
    }
}
