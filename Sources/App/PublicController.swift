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
        let repository = PropertyRepository(store: store)
        let generation = try await repository.inventoryGeneration()
        return try await inventoryCache.inventory(at: generation) {
            try GuestInventory(try await repository.hotelInventory())
        }
    }

    // MARK: - Search

    /// What a guest asked for: where, when, how many.
    struct Query {
        var nights: Nights
        var adults: Int
        var children: Int

        var guests: Int { adults + children }

        init(_ request: Request, requireDates: Bool) throws {
            let parameters = request.uri.queryParameters
            try self.init(
                arrival: parameters.get("arrival"), departure: parameters.get("departure"),
                adults: try parameters.get("adults").map {
                    try Self.count($0, field: "adults", default: 2, range: 1...Stay.maxGuests)
                },
                children: try parameters.get("children").map {
                    try Self.count($0, field: "children", default: 0, range: 0...Stay.maxGuests)
                }, requireDates: requireDates)
            // Each place checks its own today (`offers`); no place's today is before yesterday in UTC.
            try Stay.validateOnline(nights, today: Day.today(in: .gmt).adding(days: -1))
        }

        init(arrival: String?, departure: String?, adults: Int?, children: Int?, requireDates: Bool) throws {
            guard let arrival, let departure else {
                if requireDates { throw DomainError.invalid("arrival", "give arrival and departure dates") }
                let today = Day.today(in: .gmt)
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

    /// A room type on offer for the dates, priced.
    struct Offer {
        var roomType: RoomType
        var price: StayPrice
        var available: Int

        var nightly: Int { price.perNight.amount }

        /// Cheapest total first, then the cheapest night, then by room type.
        static func cheaperFirst(_ lhs: Offer, _ rhs: Offer) -> Bool {
            let (left, right) = (lhs.price.total.amount, rhs.price.total.amount)
            return (left, lhs.nightly, lhs.roomType.id) < (right, rhs.nightly, rhs.roomType.id)
        }
    }

    /// The room types of a place free for the dates and the party, each with its price.
    func offers(for property: Property, _ query: Query) async throws -> [Offer] {
        let properties = PropertyRepository(store: store)
        return try await offers(
            for: [property], query, roomTypes: [property.id: try await properties.roomTypes(propertyID: property.id)],
            rooms: [property.id: try await properties.rooms(propertyID: property.id)]
        )[property.id] ?? []
    }

    /// Each place's bookable room types for the query, by place, cheapest total first: the room types
    /// and rooms given (the guest inventory), and the nights their stays hold: from the places' `counts`
    /// where given and the nights are within them, else read now, in one query.
    func offers(
        for places: [Property], _ query: Query, roomTypes: [Int: [RoomType]], rooms: [Int: [Room]],
        counts: [Int: RoomNightCounts] = [:]
    ) async throws -> [Int: [Offer]] {
        let uncounted = places.filter { counts[$0.id]?.covers(query.nights) != true }.map(\.id)
        let holds =
            uncounted.isEmpty
            ? [:] : try await StayRepository(store: store).holds(propertyIDs: uncounted, overlapping: query.nights)
        var offers: [Int: [Offer]] = [:]
        // Read once a time zone, not once a place: hundreds of places share a few zones.
        var todays: [String: Day] = [:]
        for place in places {
            let today = todays[place.timeZoneID] ?? place.today()
            todays[place.timeZoneID] = today
            // Dates the place does not sell online (already past in its time zone) have no offers.
            guard (try? Stay.validateOnline(query.nights, today: today)) != nil else {
                offers[place.id] = []
                continue
            }
            let types = roomTypes[place.id] ?? []
            let availability = Availability(
                roomTypes: types, rooms: rooms[place.id] ?? [], holds: holds[place.id] ?? [])
            let counted = counts[place.id]
            offers[place.id] = try types.compactMap { roomType in
                guard roomType.capacity >= query.guests else { return nil }
                let free =
                    counted?.freeCount(of: roomType.id, for: query.nights)
                    ?? availability.freeCount(of: roomType.id, for: query.nights)
                guard free > 0 else { return nil }
                return Offer(
                    roomType: roomType,
                    price: try StayPrice.quote(roomType: roomType, nights: query.nights, property: place),
                    available: free)
            }.sorted(by: Offer.cheaperFirst)
        }
        return offers
    }

    /// How search results are ordered.
    enum SortOrder: String {
        /// Cheapest total first.
        case price
        /// Nearest the centre of the city or region searched first.
        case distance
    }

    /// `GET /api/v1/public/search?region=&arrival=&departure=&adults=&children=&minPrice=&maxPrice=&sort=&lang=`:
    /// places in a city or region (named in any of the guest site's languages) with a room free for the
    /// dates, each with every room type on offer and its distance from the area's centre, cheapest (or
    /// nearest) first, and a histogram of the nightly prices (before the price filter) for the slider.
    /// Prices are in minor units; the places' own texts (room types, summaries, amenities) are in `lang`
    /// where their managers worded them.
    ///
    /// The hotels, room types and rooms come from the guest inventory in memory; only the matched
    /// places' held nights are read, so that a booking made or cancelled shows in the next search.
    @Sendable func search(_ request: Request, context: AppRequestContext) async throws -> Response {
        let parameters = request.uri.queryParameters
        let region = String(parameters.get("region") ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        guard !region.isEmpty else { throw DomainError.invalid("region", "give a city or region") }
        let query = try Query(request, requireDates: true)
        let minPrice = try parameters.get("minPrice").map {
            try Query.count($0, field: "minPrice", default: 0, range: 0...Money.maxAmount)
        }
        let maxPrice = try parameters.get("maxPrice").map {
            try Query.count($0, field: "maxPrice", default: 0, range: 0...Money.maxAmount)
        }
        if let minPrice, let maxPrice, minPrice > maxPrice {
            throw DomainError.invalid("maxPrice", "must not be below minPrice")
        }
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
        var results: [(result: SearchJSON.Result, distance: Double)] = []
        var nightlyPrices: [Int] = []
        var currency: Currency?
        let offersByPlace = try await offers(
            for: places, query, roomTypes: inventory.roomTypes, rooms: inventory.rooms,
            counts: try await heldNights.counts(for: places, in: inventory, store: store))
        for place in places {
            let offers = offersByPlace[place.id] ?? []
            guard !offers.isEmpty else { continue }
            currency = currency ?? place.currency
            if place.currency == currency { nightlyPrices += offers.map(\.nightly) }
            let inRange = offers.filter { offer in
                (minPrice.map { offer.nightly >= $0 } ?? true) && (maxPrice.map { offer.nightly <= $0 } ?? true)
            }
            guard let cheapest = inRange.first else { continue }
            let distance = centre.map { $0.kilometres(to: place.coordinate) } ?? 0
            results.append(
                (
                    SearchJSON.Result(
                        propertyID: place.id, propertyJSON: try inventory.propertyJSON(place.id, in: language),
                        roomTypeId: cheapest.roomType.id,
                        roomType: place.translations.word(cheapest.roomType.name, in: language),
                        nightly: Money(cheapest.nightly, place.currency), total: cheapest.price.total,
                        nights: query.nights.count, roomTypes: inRange.count,
                        offers: offers.map {
                            SearchJSON.Offer(
                                $0, name: place.translations.word($0.roomType.name, in: language),
                                currency: place.currency)
                        },
                        distanceKm: (distance * 10).rounded() / 10),
                    distance
                ))
        }
        switch sort {
        case .price:
            results.sort {
                ($0.result.total.amount, $0.distance, $0.result.propertyID)
                    < ($1.result.total.amount, $1.distance, $1.result.propertyID)
            }
        case .distance:
            results.sort {
                ($0.distance, $0.result.total.amount, $0.result.propertyID)
                    < ($1.distance, $1.result.total.amount, $1.result.propertyID)
            }
        }
        let step = currency.map { $0.minorUnitDigits == 0 ? ($0 == .jpy ? 100 : 1_000) : 1_000 } ?? 1
        let histogram = PriceHistogram(prices: nightlyPrices, count: 20, step: step)
        return try SearchJSON(
            region: region, arrival: query.nights.arrival.iso, departure: query.nights.departure.iso,
            adults: query.adults, children: query.children, sort: sort.rawValue, count: results.count,
            currency: currency?.code, centre: centre.map(CoordinateJSON.init),
            histogram: histogram.buckets.map { .init(from: $0.from, to: $0.to, count: $0.count) },
            results: results.map(\.result),
            labels: inventory.names.labels(of: results.compactMap { inventory.hotelByID[$0.result.propertyID] })
        ).response()
    }
}

struct SearchJSON: Encodable {
    struct Bucket: Codable {
        var from: Int
        var to: Int
        var count: Int
    }

    /// A room type on offer for the dates and the party, whatever the price filter.
    struct Offer {
        var roomTypeId: Int
        var roomType: String
        var capacity: Int
        var nightly: Money
        var total: Money
        /// Rooms of the type free on every night.
        var available: Int

        /// The offer, its room type named `name` (in the guest's language).
        init(_ offer: PublicController.Offer, name: String, currency: Currency) {
            roomTypeId = offer.roomType.id
            roomType = name
            capacity = offer.roomType.capacity
            nightly = Money(offer.nightly, currency)
            total = offer.price.total
            available = offer.available
        }

        /// `{"roomTypeId","roomType","capacity","nightly","total","available"}`.
        func write(to buffer: inout ByteBuffer) {
            buffer.writeStaticString("{\"roomTypeId\":")
            buffer.writeString(String(roomTypeId))
            buffer.writeStaticString(",\"roomType\":")
            CompactJSON.appendString(roomType, to: &buffer)
            buffer.writeStaticString(",\"capacity\":")
            buffer.writeString(String(capacity))
            buffer.writeStaticString(",\"nightly\":")
            CompactJSON.append(money: nightly, to: &buffer)
            buffer.writeStaticString(",\"total\":")
            CompactJSON.append(money: total, to: &buffer)
            buffer.writeStaticString(",\"available\":")
            buffer.writeString(String(available))
            buffer.writeStaticString("}")
        }
    }

    /// A place found: `{"property", "roomTypeId", "roomType", "nightly", "total", "nights", "roomTypes",
    /// "offers", "distanceKm"}`, the property as `Components.Schemas.PublicProperty` encoded once per inventory.
    struct Result {
        var propertyID: Int
        /// The place as `Components.Schemas.PublicProperty`, encoded.
        var propertyJSON: [UInt8]
        var roomTypeId: Int
        var roomType: String
        var nightly: Money
        var total: Money
        var nights: Int
        /// Room types on offer within the price range.
        var roomTypes: Int
        /// Every room type on offer, before the price filter, cheapest total first.
        var offers: [Offer]
        /// From the centre of the city or region searched, great-circle, to one decimal.
        var distanceKm: Double

        func write(to buffer: inout ByteBuffer) {
            buffer.writeStaticString("{\"property\":")
            buffer.writeBytes(propertyJSON)
            buffer.writeStaticString(",\"roomTypeId\":")
            buffer.writeString(String(roomTypeId))
            buffer.writeStaticString(",\"roomType\":")
            CompactJSON.appendString(roomType, to: &buffer)
            buffer.writeStaticString(",\"nightly\":")
            CompactJSON.append(money: nightly, to: &buffer)
            buffer.writeStaticString(",\"total\":")
            CompactJSON.append(money: total, to: &buffer)
            buffer.writeStaticString(",\"nights\":")
            buffer.writeString(String(nights))
            buffer.writeStaticString(",\"roomTypes\":")
            buffer.writeString(String(roomTypes))
            buffer.writeStaticString(",\"offers\":[")
            for (index, offer) in offers.enumerated() {
                if index > 0 { buffer.writeStaticString(",") }
                offer.write(to: &buffer)
            }
            buffer.writeStaticString("],\"distanceKm\":")
            buffer.writeString(PlaceMap.fixed(distanceKm, decimals: 1))
            buffer.writeStaticString("}")
        }
    }

    var region: String
    var arrival: String
    var departure: String
    var adults: Int
    var children: Int
    /// `price` or `distance`.
    var sort: String
    var count: Int
    var currency: String?
    /// The centre of the city or region that best matches `region`; absent when nothing matches.
    var centre: CoordinateJSON?
    var histogram: [Bucket]
    var results: [Result]
    /// The results' cities and regions in each language, by stored name.
    var labels: [String: Components.Schemas.PlaceLabel]

    private enum CodingKeys: String, CodingKey {
        case region, arrival, departure, adults, children, sort, count, currency, centre, histogram, labels
    }

    /// The JSON, with `results` (hundreds of places with their offers, which `JSONEncoder` spends most of
    /// a search's time on) written by `CompactJSON`.
    func response() throws -> Response {
        let body = try CompactJSON.object(self, capacity: results.count * 1_024) { buffer in
            CompactJSON.append("results", array: results, to: &buffer) { $0.write(to: &$1) }
        }
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: body))
    }
}

/// A position in degrees.
struct CoordinateJSON: Codable, Equatable {
    var latitude: Double
    var longitude: Double

    /// Rounded to six decimals (a tenth of a metre): a mean of places need not show its float noise.
    init(_ coordinate: Coordinate) {
        latitude = (coordinate.latitude * 1e6).rounded() / 1e6
        longitude = (coordinate.longitude * 1e6).rounded() / 1e6
    }
}

extension Request {
    /// The language the hand-written guest routes (search, the map) are asked for the places' own
    /// texts in (`lang=th`), checked as the generated operations check theirs (`Language.asked`); nil
    /// for the texts as stored.
    func language() throws -> Language? {
        try Language.asked(uri.queryParameters.get("lang").map { String($0) })
    }
}
