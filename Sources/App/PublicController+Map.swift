import Booking
import Hummingbird

extension PublicController {
    /// `GET /api/v1/public/properties/{id}/map.svg?lang=`: a hotel's surroundings as an SVG drawn here
    /// (`PlaceMap`): the hotel as a pin, the other hotels of its city as dots, the city named in
    /// `lang` (`en` when absent). Cached for an hour by anyone: it changes only with the inventory.
    @Sendable func map(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.parameters.requireID("id")
        let language = try request.language() ?? .en
        let inventory = try await inventory()
        guard let place = inventory.hotelByID[id] else { throw DomainError(.notFound, "no place \(id)") }
        let neighbours = inventory.hotels.filter {
            $0.id != place.id && $0.city == place.city && $0.region == place.region
        }
        let map = PlaceMap(
            place: place.coordinate, name: place.name,
            caption: inventory.names.name(place.city, in: language),
            neighbours: neighbours.map(\.coordinate))
        return Response(
            status: .ok, headers: [.contentType: "image/svg+xml", .cacheControl: "public, max-age=3600"],
            body: .init(byteBuffer: ByteBuffer(string: map.svg())))
    }
}
