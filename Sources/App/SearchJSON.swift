import API
import Booking
import Hummingbird

/// The guest search's answer (`Components.Schemas.Search`), written by hand: see `PublicController.search`.
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
        init(_ offer: GuestOffer, name: String, currency: Currency) {
            roomTypeId = offer.roomType.id
            roomType = name
            capacity = offer.roomType.capacity
            nightly = Money(offer.nightly, currency)
            total = Money(offer.total, currency)
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

    /// A room of a set a place offers for the party together: `{"roomTypeId","roomType","adults","children",
    /// "total"}`.
    struct SetRoom {
        var roomTypeId: Int
        var roomType: String
        var adults: Int
        var children: Int
        var total: Money

        func write(to buffer: inout ByteBuffer) {
            buffer.writeStaticString("{\"roomTypeId\":")
            buffer.writeString(String(roomTypeId))
            buffer.writeStaticString(",\"roomType\":")
            CompactJSON.appendString(roomType, to: &buffer)
            buffer.writeStaticString(",\"adults\":")
            buffer.writeString(String(adults))
            buffer.writeStaticString(",\"children\":")
            buffer.writeString(String(children))
            buffer.writeStaticString(",\"total\":")
            CompactJSON.append(money: total, to: &buffer)
            buffer.writeStaticString("}")
        }
    }

    /// A place found: `{"property", "roomTypeId", "roomType", "rooms"?, "nightly", "total", "nights",
    /// "roomTypes", "offers", "distanceKm"}`, the property as `Components.Schemas.PublicProperty` encoded once
    /// per inventory; `rooms` when it is listed by several rooms together (their prices the result's).
    struct Result {
        var propertyID: Int
        /// The place as `Components.Schemas.PublicProperty`, encoded.
        var propertyJSON: [UInt8]
        var roomTypeId: Int
        var roomType: String
        /// The set of rooms it is listed by; empty for one room type.
        var rooms: [SetRoom]
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
            if !rooms.isEmpty { CompactJSON.append("rooms", array: rooms, to: &buffer) { $0.write(to: &$1) } }
            buffer.writeStaticString(",\"nightly\":")
            CompactJSON.append(money: nightly, to: &buffer)
            buffer.writeStaticString(",\"total\":")
            CompactJSON.append(money: total, to: &buffer)
            buffer.writeStaticString(",\"nights\":")
            buffer.writeString(String(nights))
            buffer.writeStaticString(",\"roomTypes\":")
            buffer.writeString(String(roomTypes))
            CompactJSON.append("offers", array: offers, to: &buffer) { $0.write(to: &$1) }
            buffer.writeStaticString(",\"distanceKm\":")
            CompactJSON.appendFixed(distanceKm, decimals: 1, to: &buffer)
            buffer.writeStaticString("}")
        }
    }

    /// A place found, before the price filter, as the map and the price slider need it:
    /// `{"id","name","latitude","longitude","currency","distanceKm","nightly":[…],"total":[…]}`, its offers'
    /// nightly prices and totals (minor units) cheapest total first, as in `Result.offers`.
    struct Pin {
        /// The place's part that stands still while the inventory does (`opening(of:)`), kept in
        /// `GuestInventory`: the rest is the search's.
        var opening: [UInt8]
        var distanceKm: Double
        var nightly: [Int]
        var total: [Int]

        init(opening: [UInt8], nightly: [Int], total: [Int], distanceKm: Double) {
            self.opening = opening
            self.distanceKm = distanceKm
            self.nightly = nightly
            self.total = total
        }

        /// `{"id","name","latitude","longitude","currency"` of a place, without the closing brace.
        static func opening(of place: Property) -> [UInt8] {
            var buffer = ByteBuffer()
            buffer.writeStaticString("{\"id\":")
            CompactJSON.appendInteger(place.id, to: &buffer)
            buffer.writeStaticString(",\"name\":")
            CompactJSON.appendString(place.name, to: &buffer)
            let coordinate = CoordinateJSON(place.coordinate)
            buffer.writeStaticString(",\"latitude\":")
            CompactJSON.appendFixed(coordinate.latitude, decimals: 6, to: &buffer)
            buffer.writeStaticString(",\"longitude\":")
            CompactJSON.appendFixed(coordinate.longitude, decimals: 6, to: &buffer)
            buffer.writeStaticString(",\"currency\":")
            CompactJSON.appendString(place.currency.code, to: &buffer)
            return Array(buffer.readableBytesView)
        }

        func write(to buffer: inout ByteBuffer) {
            buffer.writeBytes(opening)
            buffer.writeStaticString(",\"distanceKm\":")
            CompactJSON.appendFixed(distanceKm, decimals: 1, to: &buffer)
            CompactJSON.append("nightly", integers: nightly, to: &buffer)
            CompactJSON.append("total", integers: total, to: &buffer)
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
    /// How many places are within the price range, on every page.
    var count: Int
    /// Where `results` start among them.
    var offset: Int
    /// The most `results` asked for.
    var limit: Int
    var currency: String?
    /// The centre of the city or region that best matches `region`; absent when nothing matches.
    var centre: CoordinateJSON?
    var histogram: [Bucket]
    /// One page of the places within the price range: `limit` of them from `offset`.
    var results: [Result]
    /// Every place found, before the price filter and unpaged, in id order.
    var pins: [Pin]
    /// The results' cities and regions in each language, by stored name.
    var labels: [String: Components.Schemas.PlaceLabel]

    private enum CodingKeys: String, CodingKey {
        case region, arrival, departure, adults, children, sort, count, offset, limit, currency, centre, histogram
        case labels
    }

    /// The JSON, with `results` and `pins` (hundreds of places, which `JSONEncoder` spent most of a
    /// search's time on) written by `CompactJSON`.
    func response() throws -> Response {
        let body = try CompactJSON.object(self, capacity: results.count * 1_024 + pins.count * 160) { buffer in
            CompactJSON.append("results", array: results, to: &buffer) { $0.write(to: &$1) }
            CompactJSON.append("pins", array: pins, to: &buffer) { $0.write(to: &$1) }
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
