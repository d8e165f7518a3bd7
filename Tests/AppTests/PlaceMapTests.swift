import Booking
import Foundation
import Testing

@testable import App

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The server-drawn map of a place: well-formed whatever the name, the place at the centre, its
/// neighbours where they are or left out beyond the frame, the same bytes every time.
struct PlaceMapTests {
    /// The elements of an SVG document, parsed as XML (so unescaped text fails to parse).
    final class Elements: NSObject, XMLParserDelegate {
        struct Element {
            var name: String
            var attributes: [String: String]
            var text = ""
        }

        var all: [Element] = []
        private var open: [Int] = []

        static func parse(_ svg: String) throws -> [Element] {
            let elements = Elements()
            let parser = XMLParser(data: Data(svg.utf8))
            parser.delegate = elements
            guard parser.parse() else { throw parser.parserError ?? CocoaError(.coderReadCorrupt) }
            return elements.all
        }

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            open.append(all.count)
            all.append(Element(name: name, attributes: attributes))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let index = open.last { all[index].text += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            open.removeLast()
        }
    }

    static let centre = Coordinate(latitude: 18.79, longitude: 98.98)

    static func map(name: String = "Baan Suan", neighbours: [Coordinate] = []) -> PlaceMap {
        PlaceMap(place: centre, name: name, caption: "เชียงใหม่", neighbours: neighbours)
    }

    @Test func aNameWithMarkupInItIsEscapedAndShownAsWritten() throws {
        let name = #"Tom & Jerry's <Inn> "Best""#
        let svg = Self.map(name: name).svg()
        #expect(!svg.contains("<Inn>"))
        let elements = try Elements.parse(svg)
        #expect(elements.first { $0.attributes["class"] == "name" }?.text == name)
        #expect(elements.first { $0.name == "title" }?.text == "Map of \(name)")
        #expect(elements.first?.attributes["aria-label"] == "Map of \(name)")
    }

    @Test func thePinPointsAtTheCentreOfTheFrame() throws {
        let elements = try Elements.parse(Self.map().svg())
        #expect(elements.first?.attributes["viewBox"] == "0 0 640 320")
        let pin = try #require(elements.first { $0.name == "path" && $0.attributes["fill"] == "#d2453b" })
        #expect(pin.attributes["d"]?.hasPrefix("M320 160L") == true)
        #expect(Self.map().position(of: Self.centre) == (320, 160))
    }

    @Test func neighboursInsideTheFrameAreDotsAndThoseBeyondItAreLeftOut() throws {
        let east = Coordinate(latitude: 18.79, longitude: 99.0)  // about 2.1 km east: 117 px right
        let north = Coordinate(latitude: 18.80, longitude: 98.98)  // about 1.1 km north: above the centre
        let far = Coordinate(latitude: 18.70, longitude: 99.10)  // 16 km away, beyond the frame
        let elements = try Elements.parse(Self.map(neighbours: [east, north, far]).svg())
        let dots = elements.filter { $0.attributes["class"] == "place" }
        #expect(dots.count == 2)
        let positions = dots.compactMap { dot in
            Double(dot.attributes["cx"] ?? "").flatMap { x in Double(dot.attributes["cy"] ?? "").map { (x, $0) } }
        }
        #expect(positions.allSatisfy { (0...640).contains($0.0) && (0...320).contains($0.1) })
        #expect(positions.contains { $0.0 > 420 && abs($0.1 - 160) < 1 })
        #expect(positions.contains { abs($0.0 - 320) < 1 && $0.1 < 160 })
    }

    @Test func theScaleBarIsARoundNumberOfKilometresThatFits() throws {
        let map = Self.map()
        let (km, pixels) = map.scaleBar
        #expect(km == 2)  // at zoom 13 and 18.8° north a kilometre is about 55 px
        #expect(pixels <= PlaceMap.scaleBarMaxWidth && pixels > PlaceMap.scaleBarMaxWidth / 2.5)
        let elements = try Elements.parse(map.svg())
        #expect(elements.contains { $0.name == "text" && $0.text == "2 km" })
        #expect(elements.contains { $0.name == "text" && $0.text == "N" })
        #expect(elements.contains { $0.attributes["class"] == "coordinates" && $0.text == "18.7900, 98.9800" })
        #expect(elements.contains { $0.name == "text" && $0.text == "เชียงใหม่" })
    }

    @Test func theSameInputDrawsTheSameBytesAndTheGraticuleIsThere() throws {
        let neighbours = [Coordinate(latitude: 18.7812, longitude: 98.9733)]
        let svg = Self.map(neighbours: neighbours).svg()
        #expect(svg == Self.map(neighbours: neighbours).svg())
        let graticule = try #require(try Elements.parse(svg).first { $0.attributes["class"] == "graticule" })
        #expect((graticule.attributes["d"]?.filter { $0 == "M" }.count ?? 0) >= 10)
    }

    @Test func farNorthAFrameMayHoldNoLineOfLatitudeAndStillDraws() throws {
        let map = PlaceMap(
            place: Coordinate(latitude: 84.9, longitude: 10), name: "Polar Station", caption: "", neighbours: [])
        #expect(try Elements.parse(map.svg()).contains { $0.attributes["class"] == "pin" })
    }

    @Test(arguments: [(12.0, "12"), (12.25, "12.3"), (-0.04, "0"), (-3.5, "-3.5")])
    func pixelsAreWrittenWithOneDecimalAtMost(value: Double, text: String) {
        #expect(PlaceMap.number(value) == text)
    }
}
