import Booking
import Foundation
import HTTPTypes
import Hummingbird
import Storage

/// The guest site's API, without a session: suggestions of cities and regions, search, a place's details,
/// prices and map, booking, and a guest managing their booking (in the extensions beside this file).
struct PublicController {
    let store: Store
    /// What hotels sell, kept while the inventory's generation stands still.
    let inventoryCache = InventoryCache()

    func register(on group: RouterGroup<AppRequestContext>) {
        group.get("regions", use: regions)
        group.get("search", use: search)
        group.get("properties/{id}", use: property)
        group.get("properties/{id}/map.svg", use: map)
        group.post("bookings", use: book)
        group.get("bookings/{code}", use: booking)
        group.post("bookings/{code}/cancel", use: cancelBooking)
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
            guard let arrival = parameters.get("arrival"), let departure = parameters.get("departure") else {
                if requireDates { throw DomainError.invalid("arrival", "give arrival and departure dates") }
                let today = Day.today(in: .gmt)
                nights = try Nights(arrival: today, departure: today.adding(days: 1))
                adults = 1
                children = 0
                return
            }
            nights = try Nights(
                arrival: try Day.parse(String(arrival), field: "arrival"),
                departure: try Day.parse(String(departure), field: "departure"))
            try Stay.validate(nights: nights, limit: Stay.maxNightsOnline)
            adults = try Self.count(parameters.get("adults"), field: "adults", default: 2, range: 1...Stay.maxGuests)
            children = try Self.count(
                parameters.get("children"), field: "children", default: 0, range: 0...Stay.maxGuests)
        }

        static func count(_ text: String?, field: String, default value: Int, range: ClosedRange<Int>) throws -> Int {
            guard let text else { return value }
            guard let number = Int(text), range.contains(number) else {
                throw DomainError.invalid(
                    field, "'\(text)' is not a number from \(range.lowerBound) to \(range.upperBound)")
            }
            return number
        }
    }

    /// A room type on offer for the dates, priced.
    struct Offer {
        var roomType: RoomType
        var price: StayPrice
        var available: Int

        var nightly: Int { price.roomTotal.amount / max(price.nights.count, 1) }

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
    /// and rooms given (the guest inventory), and the nights their stays hold read now, in one query.
    func offers(
        for places: [Property], _ query: Query, roomTypes: [Int: [RoomType]], rooms: [Int: [Room]]
    ) async throws -> [Int: [Offer]] {
        let holds = try await StayRepository(store: store).holds(
            propertyIDs: places.map(\.id), overlapping: query.nights)
        var offers: [Int: [Offer]] = [:]
        for place in places {
            let types = roomTypes[place.id] ?? []
            let availability = Availability(
                roomTypes: types, rooms: rooms[place.id] ?? [], holds: holds[place.id] ?? [])
            offers[place.id] = try types.compactMap { roomType in
                guard roomType.capacity >= query.guests else { return nil }
                let free = availability.freeCount(of: roomType.id, for: query.nights)
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

    /// `GET /api/v1/public/search?region=&arrival=&departure=&adults=&children=&minPrice=&maxPrice=&sort=`:
    /// places in a city or region (named in any of the guest site's languages) with a room free for the
    /// dates, each with every room type on offer and its distance from the area's centre, cheapest (or
    /// nearest) first, and a histogram of the nightly prices (before the price filter) for the slider.
    /// Prices are in minor units.
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
        let inventory = try await inventory()
        let places = inventory.hotels(matching: region)
        let centre =
            inventory.areas(matching: region).first?.centre ?? Coordinate.centre(of: places.map(\.coordinate))
        var results: [(result: SearchJSON.Result, distance: Double)] = []
        var nightlyPrices: [Int] = []
        var currency: Currency?
        let offersByPlace = try await offers(
            for: places, query, roomTypes: inventory.roomTypes, rooms: inventory.rooms)
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
                        propertyID: place.id, propertyJSON: try inventory.propertyJSON(place.id),
                        roomTypeId: cheapest.roomType.id, roomType: cheapest.roomType.name,
                        nightly: Money(cheapest.nightly, place.currency), total: cheapest.price.total,
                        nights: query.nights.count, roomTypes: inRange.count,
                        offers: offers.map { SearchJSON.Offer($0, currency: place.currency) },
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
            results: results.map(\.result)
        ).response()
    }

    // MARK: - A place

    /// `GET /api/v1/public/properties/{id}?arrival=&departure=&adults=&children=`: the place, and with
    /// dates, each room type's availability and itemised price (the total the folio will charge).
    @Sendable func property(_ request: Request, context: AppRequestContext) async throws -> PublicPropertyDetailJSON {
        let id = try context.parameters.requireID("id")
        guard let property = try await PropertyRepository(store: store).property(id: id), property.kind == .hotel else {
            throw DomainError(.notFound, "no place \(id)")
        }
        let roomTypes = try await PropertyRepository(store: store).roomTypes(propertyID: id)
        let hasDates = request.uri.queryParameters.get("arrival") != nil
        let query = try Query(request, requireDates: false)
        let offers = hasDates ? try await offers(for: property, query) : []
        return PublicPropertyDetailJSON(
            property: PublicPropertyJSON(property),
            policy: .init(
                freeCancellationDays: property.cancellationPolicy.freeUntilDaysBefore,
                lateCancellationPercent: property.cancellationPolicy.lateCancellationBasisPoints / 100),
            checkIn: PropertyJSON.clock(property.checkInMinute), checkOut: PropertyJSON.clock(property.checkOutMinute),
            roomTypes: roomTypes.map { roomType in
                let offer = offers.first { $0.roomType.id == roomType.id }
                return .init(
                    id: roomType.id, name: roomType.name, capacity: roomType.capacity,
                    baseRate: MoneyJSON(roomType.baseRate),
                    available: hasDates ? (offer?.available ?? 0) : nil, price: offer.map { PriceJSON($0.price) })
            })
    }

    // MARK: - Booking

    struct BookingRequest: Decodable {
        struct Guest: Decodable {
            var name: String
            var email: String
            var phone: String?
        }

        var propertyId: Int
        var roomTypeId: Int
        var arrival: String
        var departure: String
        var adults: Int
        var children: Int?
        /// Under-twos, who need a cot rather than a bed.
        var infants: Int?
        var guest: Guest
        /// When the guest expects to arrive, `15:30`.
        var arrivalTime: String?
        var requests: String?
    }

    /// `POST /api/v1/public/bookings` (an `Idempotency-Key` is required, so a double tap books once):
    /// books a free room of the type for the dates, or refuses cleanly when none is left.
    @Sendable func book(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await Idempotency(store: store).run(request, context: context, scope: "public", required: true) { request in
            try await place(try await request.decodeJSON(as: BookingRequest.self, context: context))
        }
    }

    private func place(_ body: BookingRequest) async throws -> Idempotency.Answer {
        guard let property = try await PropertyRepository(store: store).property(id: body.propertyId),
            property.kind == .hotel
        else { throw DomainError(.notFound, "no place \(body.propertyId)", field: "propertyId") }
        guard !body.guest.email.isEmpty else {
            throw DomainError.invalid("guest.email", "an email address is required")
        }
        if let time = body.arrivalTime {
            let parts = time.split(separator: ":")
            guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour),
                (0..<60).contains(minute)
            else { throw DomainError.invalid("arrivalTime", "'\(time)' is not a time like 15:30") }
        }
        let nights = try Nights(
            arrival: try Day.parse(body.arrival, field: "arrival"),
            departure: try Day.parse(body.departure, field: "departure"))
        guard nights.arrival >= property.today() else {
            throw DomainError.invalid("arrival", "the arrival date has passed")
        }
        try Stay.validate(nights: nights, limit: Stay.maxNightsOnline)
        try FreeText.validate(body.requests ?? "", field: "requests", limit: 1_000)
        let properties = PropertyRepository(store: store)
        guard
            let roomType = try await properties.roomTypes(propertyID: property.id).first(where: {
                $0.id == body.roomTypeId
            })
        else { throw DomainError(.notFound, "no room type \(body.roomTypeId) at this place", field: "roomTypeId") }
        try Stay.validateGuests(
            adults: body.adults, children: body.children ?? 0, infants: body.infants ?? 0, capacity: roomType.capacity)
        let price = try StayPrice.quote(roomType: roomType, nights: nights, property: property)
        // The guest books at the rates they were shown: the stay keeps them for its folio.
        let agreedRates = Dictionary(
            uniqueKeysWithValues: price.nights.compactMap { line in line.night.map { ($0, line.amount) } })
        var notes = body.requests ?? ""
        if let time = body.arrivalTime { notes = "Arriving at \(time). " + notes }
        // A specific free room is booked, so that the database's own guard makes overbooking
        // impossible: if another guest takes it first, the next free room is tried.
        let stays = StayRepository(store: store)
        for _ in 0..<5 {
            let availability = Availability(
                roomTypes: [roomType], rooms: try await properties.rooms(propertyID: property.id),
                holds: try await stays.holds(propertyIDs: [property.id], overlapping: nights)[property.id] ?? [])
            guard availability.freeCount(of: roomType.id, for: nights) > 0,
                let room = availability.freeRooms(of: roomType.id, for: nights).first
            else { break }
            do {
                let stay = try await stays.create(
                    NewStay(
                        propertyID: property.id, roomTypeID: roomType.id, roomID: room.id, nights: nights,
                        adults: body.adults, children: body.children ?? 0, infants: body.infants ?? 0,
                        guestName: body.guest.name, guestEmail: body.guest.email, guestPhone: body.guest.phone ?? "",
                        source: .online, notes: notes, agreedRates: agreedRates)
                )
                return try Idempotency.Answer(
                    status: .created,
                    json: BookingJSON(
                        confirmationCode: stay.confirmationCode, property: property.name, roomType: roomType.name,
                        arrival: nights.arrival.iso, departure: nights.departure.iso, nights: nights.count,
                        adults: stay.adults, children: stay.children, infants: stay.infants,
                        guestName: body.guest.name,
                        price: PriceJSON(price)))
            } catch let error as DomainError where error.code == .conflict {
                continue
            }
        }
        throw DomainError(
            .conflict,
            "\(roomType.name) is no longer available from \(nights.arrival) to \(nights.departure); search again",
            field: "roomTypeId")
    }
}

struct PublicPropertyJSON: Codable {
    var id: Int
    var name: String
    var city: String
    var region: String
    var latitude: Double
    var longitude: Double
    var currency: String
    var timeZone: String
    var summary: String
    var amenities: [String]
    var photos: [String]

    init(_ property: Property) {
        id = property.id
        name = property.name
        city = property.city
        region = property.region
        latitude = property.latitude
        longitude = property.longitude
        currency = property.currency.code
        timeZone = property.timeZoneID
        summary = property.summary
        amenities = property.amenities
        photos = property.photos
    }
}

/// A stay's price, itemised: nights, fees, taxes and the total.
struct PriceJSON: Codable {
    struct Line: Codable {
        var name: String
        var amount: MoneyJSON
        var night: String?
    }

    var nights: [Line]
    var fees: [Line]
    var taxes: [Line]
    var total: MoneyJSON

    init(_ price: StayPrice) {
        func lines(_ lines: [StayPrice.Line]) -> [Line] {
            lines.map { Line(name: $0.name, amount: MoneyJSON($0.amount), night: $0.night?.iso) }
        }
        nights = lines(price.nights)
        fees = lines(price.fees)
        taxes = lines(price.taxes)
        total = MoneyJSON(price.total)
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

        init(_ offer: PublicController.Offer, currency: Currency) {
            roomTypeId = offer.roomType.id
            roomType = offer.roomType.name
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
    /// "offers", "distanceKm"}`, the property as `PublicPropertyJSON` encoded once per inventory.
    struct Result {
        var propertyID: Int
        /// The place as `PublicPropertyJSON`, encoded.
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

    private enum CodingKeys: String, CodingKey {
        case region, arrival, departure, adults, children, sort, count, currency, centre, histogram
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

struct PublicPropertyDetailJSON: ResponseEncodable {
    struct Policy: Codable {
        var freeCancellationDays: Int
        var lateCancellationPercent: Int
    }

    struct RoomTypeOffer: Codable {
        var id: Int
        var name: String
        var capacity: Int
        var baseRate: MoneyJSON
        /// Rooms free for the dates asked (absent without dates).
        var available: Int?
        var price: PriceJSON?
    }

    var property: PublicPropertyJSON
    var policy: Policy
    var checkIn: String
    var checkOut: String
    var roomTypes: [RoomTypeOffer]
}

struct BookingJSON: Codable {
    var confirmationCode: String
    var property: String
    var roomType: String
    var arrival: String
    var departure: String
    var nights: Int
    var adults: Int
    var children: Int
    var infants: Int
    var guestName: String
    var price: PriceJSON
}
