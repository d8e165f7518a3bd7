import Booking
import Foundation
import PayCode

/// A place's surroundings as a small SVG drawn by the server, with nothing fetched from a tile
/// server: a plain ground, a light graticule every 0.01°, the other hotels of its city as dots, the
/// place as a pin at the centre with its name, a scale bar, a north arrow and its coordinates.
///
/// Positions are projected with Web Mercator at a fixed zoom (13: about 19 m a pixel at the equator,
/// so the frame spans some 12 km by 6 km), centred on the place. The same input always draws the same
/// bytes: numbers are written with fixed decimals (`fixed`), never through a locale.
struct PlaceMap: Sendable {
    static let width = 640.0
    static let height = 320.0
    static let zoom = 13.0
    /// Degrees between graticule lines.
    static let graticuleStep = 0.01
    /// Scale bar lengths to choose from, in km: the longest that fits in `scaleBarMaxWidth`.
    static let scaleBarLengths = [0.2, 0.5, 1, 2, 5, 10, 20]
    static let scaleBarMaxWidth = 160.0

    var place: Coordinate
    var name: String
    /// A line under the coordinates: the city, in the reader's language.
    var caption: String
    var neighbours: [Coordinate]

    /// The size of the world in pixels at `zoom`.
    static var worldSize: Double { 256 * pow(2, zoom) }

    /// Web Mercator, in world pixels from the top left at `zoom`.
    static func project(_ point: Coordinate) -> (x: Double, y: Double) {
        let latitude = max(min(point.latitude, 85.051_128), -85.051_128) * .pi / 180
        let x = (point.longitude + 180) / 360 * worldSize
        let y = (1 - log(tan(latitude) + 1 / cos(latitude)) / .pi) / 2 * worldSize
        return (x, y)
    }

    /// The latitude at world pixel row `y`.
    static func latitude(atWorldY y: Double) -> Double {
        atan(sinh(.pi * (1 - 2 * y / worldSize))) * 180 / .pi
    }

    /// A point's position in the frame, the place at its centre.
    func position(of point: Coordinate) -> (x: Double, y: Double) {
        let origin = Self.project(place)
        let projected = Self.project(point)
        return (Self.width / 2 + projected.x - origin.x, Self.height / 2 + projected.y - origin.y)
    }

    /// Whether a position lies within the frame.
    static func isInside(_ position: (x: Double, y: Double)) -> Bool {
        (0...width).contains(position.x) && (0...height).contains(position.y)
    }

    /// Metres a pixel covers at the place's latitude.
    var metresPerPixel: Double {
        2 * .pi * 6_378_137 * cos(place.latitude * .pi / 180) / Self.worldSize
    }

    /// The scale bar: its length in km and in pixels.
    var scaleBar: (km: Double, pixels: Double) {
        let fitting = Self.scaleBarLengths.last { $0 * 1_000 / metresPerPixel <= Self.scaleBarMaxWidth }
        let km = fitting ?? Self.scaleBarLengths[0]
        return (km, km * 1_000 / metresPerPixel)
    }

    func svg() -> String {
        let (width, height) = (Self.width, Self.height)
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Self.number(width))" height="\(Self.number(height))" \
            viewBox="0 0 \(Self.number(width)) \(Self.number(height))" role="img" \
            aria-label="\(XMLText.escaped("Map of \(name)"))" font-family="sans-serif">\
            <title>\(XMLText.escaped("Map of \(name)"))</title>\
            <rect class="ground" width="\(Self.number(width))" height="\(Self.number(height))" fill="#f4f1e8"/>
            """
        svg += graticule()
        for neighbour in neighbours {
            let position = position(of: neighbour)
            guard Self.isInside(position) else { continue }
            svg += """
                <circle class="place" cx="\(Self.number(position.x))" cy="\(Self.number(position.y))" r="4" \
                fill="#6b7c93" stroke="#fff" stroke-width="1.5"/>
                """
        }
        svg += pin()
        svg += scaleBarMarkup()
        svg += northArrow()
        let coordinates = "\(Self.fixed(place.latitude, decimals: 4)), \(Self.fixed(place.longitude, decimals: 4))"
        svg += """
            <g class="caption" font-size="12" fill="#333" stroke="#fff" stroke-width="3" paint-order="stroke">\
            <text x="12" y="\(Self.number(height - 30))">\(XMLText.escaped(caption))</text>\
            <text class="coordinates" x="12" y="\(Self.number(height - 14))">\(coordinates)</text></g>\
            </svg>
            """
        return svg
    }

    private func graticule() -> String {
        let origin = Self.project(place)
        let perDegree = Self.worldSize / 360
        let west = place.longitude - Self.width / 2 / perDegree
        let east = place.longitude + Self.width / 2 / perDegree
        let north = Self.latitude(atWorldY: origin.y - Self.height / 2)
        let south = Self.latitude(atWorldY: origin.y + Self.height / 2)
        var path = ""
        // Strides rather than ranges: far north a frame may hold no line of latitude at all.
        for step in stride(
            from: Int((west / Self.graticuleStep).rounded(.up)),
            through: Int((east / Self.graticuleStep).rounded(.down)),
            by: 1)
        {
            let x = position(of: Coordinate(latitude: place.latitude, longitude: Double(step) * Self.graticuleStep)).x
            path += "M\(Self.number(x)) 0V\(Self.number(Self.height))"
        }
        for step in stride(
            from: Int((south / Self.graticuleStep).rounded(.up)),
            through: Int((north / Self.graticuleStep).rounded(.down)), by: 1)
        {
            let y = position(of: Coordinate(latitude: Double(step) * Self.graticuleStep, longitude: place.longitude)).y
            path += "M0 \(Self.number(y))H\(Self.number(Self.width))"
        }
        return ##"<path class="graticule" d="\##(path)" fill="none" stroke="#d9d3c3" stroke-width="1"/>"##
    }

    private func pin() -> String {
        let (x, y) = (Self.width / 2, Self.height / 2)
        return """
            <g class="pin"><path d="M\(Self.number(x)) \(Self.number(y))L\(Self.number(x - 9)) \(Self.number(y - 19))\
            A10 10 0 1 1 \(Self.number(x + 9)) \(Self.number(y - 19))Z" fill="#d2453b" stroke="#fff" stroke-width="1.5"/>\
            <circle cx="\(Self.number(x))" cy="\(Self.number(y - 23))" r="3.5" fill="#fff"/>\
            <text class="name" x="\(Self.number(x))" y="\(Self.number(y - 40))" text-anchor="middle" font-size="14" \
            font-weight="bold" fill="#222" stroke="#fff" stroke-width="4" paint-order="stroke">\(XMLText.escaped(name))</text></g>
            """
    }

    private func scaleBarMarkup() -> String {
        let (km, pixels) = scaleBar
        let right = Self.width - 16
        let left = right - pixels
        let y = Self.height - 18
        return """
            <g class="scale"><path d="M\(Self.number(left)) \(Self.number(y - 5))V\(Self.number(y))\
            H\(Self.number(right))V\(Self.number(y - 5))" fill="none" stroke="#333" stroke-width="2"/>\
            <text x="\(Self.number((left + right) / 2))" y="\(Self.number(y - 8))" text-anchor="middle" font-size="12" \
            fill="#333">\(Self.fixed(km, decimals: km < 1 ? 1 : 0)) km</text></g>
            """
    }

    private func northArrow() -> String {
        let (x, y) = (Self.width - 28, 22.0)
        return """
            <g class="north"><path d="M\(Self.number(x)) \(Self.number(y))L\(Self.number(x + 8)) \(Self.number(y + 22))\
            L\(Self.number(x)) \(Self.number(y + 17))L\(Self.number(x - 8)) \(Self.number(y + 22))Z" fill="#333"/>\
            <text x="\(Self.number(x))" y="\(Self.number(y + 36))" text-anchor="middle" font-size="12" fill="#333">N</text></g>
            """
    }

    /// A position or length in pixels: one decimal, none for a whole number. Written without a locale,
    /// so the output never varies.
    static func number(_ value: Double) -> String {
        let text = fixed(value, decimals: 1)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// A number with exactly `decimals` decimals, rounded half away from zero.
    static func fixed(_ value: Double, decimals: Int) -> String {
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((abs(value) * Double(scale)).rounded())
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard decimals > 0 else { return "\(sign)\(scaled)" }
        let digits = String(scaled % scale)
        return "\(sign)\(scaled / scale).\(String(repeating: "0", count: decimals - digits.count))\(digits)"
    }
}
