import Testing

@testable import PayCode

@Suite("SVG rendering")
struct QRSVGTests {
    @Test("the SVG has a viewBox with a 4-module quiet zone, a white background, one path and crisp edges")
    func structure() throws {
        let code = try QRCode(text: "Frontdesk")
        let svg = code.svg(label: "Test code")
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 29 29\""))
        #expect(svg.hasSuffix("</svg>"))
        #expect(svg.contains("shape-rendering=\"crispEdges\""))
        #expect(svg.contains("<rect width=\"29\" height=\"29\" fill=\"#fff\"/>"))
        #expect(svg.ranges(of: "<path").count == 1)
        #expect(!svg.contains("width=\"29\" height=\"29\" role"))
    }

    @Test("pixelsPerModule sets an intrinsic width and height")
    func pixelSize() throws {
        let svg = try QRCode(text: "Frontdesk").svg(label: "x", pixelsPerModule: 10)
        #expect(svg.contains("viewBox=\"0 0 29 29\" width=\"290\" height=\"290\""))
    }

    @Test("the label is exposed as role=img, aria-label and title, XML-escaped")
    func accessibleLabelIsEscaped() throws {
        let svg = try QRCode(text: "Frontdesk").svg(label: "Pay <Room 1> & \"Spa\" 'now'\u{0}")
        let escaped = "Pay &lt;Room 1&gt; &amp; &quot;Spa&quot; &apos;now&apos;"
        #expect(svg.contains("role=\"img\""))
        #expect(svg.contains("aria-label=\"\(escaped)\""))
        #expect(svg.contains("<title>\(escaped)</title>"))
        #expect(!svg.contains("<Room"))
        #expect(!svg.unicodeScalars.contains("\u{0}"))
    }

    @Test("a Thai label passes through unchanged")
    func unicodeLabel() throws {
        let svg = try QRCode(text: "Frontdesk").svg(label: "ชำระเงิน 100 บาท")
        #expect(svg.contains("<title>ชำระเงิน 100 บาท</title>"))
    }

    @Test("the path's merged horizontal runs cover exactly the dark modules", arguments: [1, 5, 12])
    func pathCoversDarkModules(minimumVersion: Int) throws {
        let code = try QRCode(text: PublishedVectors.vietQRStatic, minimumVersion: minimumVersion)
        let side = code.size + 8
        var painted = [Bool](repeating: false, count: side * side)
        var runs = 0
        // Each command is "M<x> <y>h<run>v1h-<run>z".
        for command in code.pathData().split(separator: "z") {
            let numbers = command.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            try #require(numbers.count == 5)
            let (x, y, run) = (numbers[0], numbers[1], numbers[2])
            #expect(numbers[3] == 1 && numbers[4] == run)
            for column in x..<(x + run) {
                #expect(!painted[y * side + column], "module painted twice")
                painted[y * side + column] = true
            }
            runs += 1
        }
        for y in 0..<side {
            for x in 0..<side {
                #expect(painted[y * side + x] == code.isDark(x: x - 4, y: y - 4))
            }
        }
        // Merging must actually happen: far fewer rectangles than dark modules.
        let darkCount = painted.filter { $0 }.count
        #expect(runs < darkCount * 3 / 4)
    }
}
