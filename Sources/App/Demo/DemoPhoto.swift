import Hummingbird

/// The demo's photos, drawn rather than downloaded: a sky, hills and a house in colours taken from the
/// photo's name, so that every place looks different and nothing is fetched from elsewhere.
enum DemoPhoto {
    static func response(named name: String) throws -> Response {
        guard name.hasSuffix(".svg"), name.count <= 120,
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") })
        else { throw APIError(.notFound, code: "not_found", "no photo \(name)") }
        var response = Response(
            status: .ok,
            headers: [.contentType: "image/svg+xml", .cacheControl: "public, max-age=86400"],
            body: .init(byteBuffer: ByteBuffer(string: svg(seed: fnv1a(name)))))
        response.headers[.contentLength] = nil
        return response
    }

    /// FNV-1a: stable across runs, unlike the standard library's seeded hashing.
    static func fnv1a(_ text: String) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in text.utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return hash
    }

    static func svg(seed: UInt32) -> String {
        let hue = Int(seed % 360)
        let hill = Int((seed >> 9) % 120) + 300
        let house = Int((seed >> 17) % 500) + 150
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">\
            <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">\
            <stop offset="0" stop-color="hsl(\(hue),65%,72%)"/><stop offset="1" stop-color="hsl(\((hue + 40) % 360),70%,88%)"/>\
            </linearGradient></defs>\
            <rect width="1200" height="800" fill="url(#sky)"/>\
            <circle cx="\(900 - house / 3)" cy="180" r="70" fill="hsl(45,95%,80%)"/>\
            <path d="M0 \(hill + 120) Q300 \(hill - 40) 600 \(hill + 80) T1200 \(hill + 20) V800 H0Z" fill="hsl(\((hue + 120) % 360),35%,45%)"/>\
            <path d="M0 620 Q400 540 800 600 T1200 580 V800 H0Z" fill="hsl(\((hue + 150) % 360),40%,32%)"/>\
            <rect x="\(house)" y="470" width="260" height="170" fill="hsl(30,35%,88%)"/>\
            <path d="M\(house - 30) 480 L\(house + 130) 370 L\(house + 290) 480Z" fill="hsl(\((hue + 200) % 360),40%,35%)"/>\
            <rect x="\(house + 105)" y="545" width="50" height="95" fill="hsl(25,40%,30%)"/>\
            </svg>
            """
    }
}
