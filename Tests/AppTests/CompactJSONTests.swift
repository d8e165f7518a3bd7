import Foundation
import Hummingbird
import Testing

@testable import App

struct CompactJSONTests {
    @Test func writtenArraysReadBackAsTheSameNumbersAndNames() throws {
        struct Head: Encodable { var kind = "hotel" }
        let names = ["Ann Lee", "Nguyễn \"Bé\" Thị", "back\\slash", "tab\tand\nline", "\u{1}", "", "สมชาย ใจดี"]
        let numbers = [0, -17, 42, Int.max, Int.min]
        let body = try CompactJSON.object(Head(), capacity: 0) { buffer in
            CompactJSON.append("items", integers: numbers, to: &buffer)
            CompactJSON.append("guests", strings: names, to: &buffer)
        }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any])
        #expect(json["kind"] as? String == "hotel")
        #expect(json["items"] as? [Int] == numbers)
        #expect(json["guests"] as? [String] == names)
    }

    @Test func fixedPointNumbersAreWrittenAsThePlaceMapWritesThem() {
        var generator = SystemRandomNumberGenerator()
        let edges = [0, -0.0, 0.05, -0.05, 0.000_000_4, -0.000_000_6, 18.7883, -33.868_82, 179.999_999_9, 1e-7, 12.35]
        let values = edges + (0..<500).map { _ in Double.random(in: -181...181, using: &generator) }
        for value in values {
            for decimals in [1, 6] {
                var buffer = ByteBuffer()
                CompactJSON.appendFixed(value, decimals: decimals, to: &buffer)
                #expect(String(buffer: buffer) == PlaceMap.fixed(value, decimals: decimals), "\(value)")
            }
        }
    }
}
