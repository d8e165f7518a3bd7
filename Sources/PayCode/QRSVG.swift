extension QRCode {
    /// Modules of light margin required around the symbol by ISO/IEC 18004.
    public static let quietZone = 4

    /// Renders the symbol as a standalone SVG document.
    ///
    /// The image is one `<svg>` whose viewBox counts modules (symbol plus a 4-module quiet zone on each side),
    /// a white background `<rect>`, and a single black `<path>` in which each horizontal run of dark modules is
    /// one rectangle, which keeps the markup small. `shape-rendering="crispEdges"` stops anti-aliased seams.
    ///
    /// - Parameters:
    ///   - label: what the code is for, read by screen readers (`role="img"`, `aria-label` and `<title>`);
    ///     for example "PromptPay QR code, 100.00 THB". It is XML-escaped here.
    ///   - pixelsPerModule: when given, sets `width` and `height` so the image has an intrinsic pixel size;
    ///     when nil the SVG scales to whatever box the page gives it.
    public func svg(label: String, pixelsPerModule: Int? = nil) -> String {
        let side = size + 2 * Self.quietZone
        let escapedLabel = XMLText.escaped(label)
        var dimensions = ""
        if let pixelsPerModule, pixelsPerModule > 0 {
            dimensions = " width=\"\(side * pixelsPerModule)\" height=\"\(side * pixelsPerModule)\""
        }
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\"\(dimensions)"
        svg += " role=\"img\" aria-label=\"\(escapedLabel)\" shape-rendering=\"crispEdges\">"
        svg += "<title>\(escapedLabel)</title>"
        svg += "<rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/>"
        svg += "<path fill=\"#000\" d=\"\(pathData())\"/>"
        svg += "</svg>"
        return svg
    }

    /// Path data with one closed rectangle per horizontal run of dark modules, offset by the quiet zone:
    /// `M x y h run v1 h -run z`.
    func pathData() -> String {
        var commands: [String] = []
        for y in 0..<size {
            var x = 0
            while x < size {
                guard isDark(x: x, y: y) else {
                    x += 1
                    continue
                }
                let start = x
                while x < size && isDark(x: x, y: y) { x += 1 }
                let run = x - start
                commands.append("M\(start + Self.quietZone) \(y + Self.quietZone)h\(run)v1h-\(run)z")
            }
        }
        return commands.joined()
    }

}
