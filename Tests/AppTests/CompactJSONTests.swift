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
}
