import Booking
import Foundation
import Hummingbird

extension PublicController {
    /// The most suggestions sent at once.
    static let suggestionLimit = 8

    /// `GET /api/v1/public/regions?q=`: the cities and regions with bookable hotels whose name, in any
    /// of the guest site's languages, matches what the guest is typing; best matches first (a whole
    /// name, a name's start, a word's start, then anywhere; then most places), at most eight. A blank
    /// `q` suggests the cities and regions with the most places.
    @Sendable func regions(_ request: Request, context: AppRequestContext) async throws -> RegionSuggestionsJSON {
        guard let text = request.uri.queryParameters.get("q") else {
            throw DomainError.invalid("q", "give the start of a city or region")
        }
        guard text.count <= 100 else { throw DomainError.invalid("q", "at most 100 characters") }
        let query = text.trimmingCharacters(in: .whitespaces)
        let inventory = try await inventory()
        let areas = query.isEmpty ? inventory.areas : inventory.areas(matching: query)
        return RegionSuggestionsJSON(
            suggestions: areas.prefix(Self.suggestionLimit).map {
                RegionSuggestionsJSON.Suggestion($0, names: inventory.names)
            })
    }
}

struct RegionSuggestionsJSON: ResponseEncodable {
    /// A name in each of the guest site's languages.
    struct Label: Codable, Equatable {
        var en: String
        var th: String
        var ja: String
        var ko: String
        var vi: String

        init(_ name: String, names: PlaceNames) {
            en = names.name(name, in: .en)
            th = names.name(name, in: .th)
            ja = names.name(name, in: .ja)
            ko = names.name(name, in: .ko)
            vi = names.name(name, in: .vi)
        }
    }

    struct Suggestion: Codable {
        /// `city` or `region`.
        var kind: String
        /// The stored (English) name: what to search for.
        var name: String
        var label: Label
        /// A city's region.
        var region: String?
        /// How many bookable hotels it has.
        var places: Int
        /// Its centre: the mean of its places' positions.
        var latitude: Double
        var longitude: Double

        init(_ area: GuestInventory.Area, names: PlaceNames) {
            kind = area.kind.rawValue
            name = area.name
            label = Label(area.name, names: names)
            region = area.region
            places = area.places
            let centre = CoordinateJSON(area.centre)
            latitude = centre.latitude
            longitude = centre.longitude
        }
    }

    var suggestions: [Suggestion]
}
