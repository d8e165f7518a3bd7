import Testing

@testable import Booking

struct CoordinateTests {
    @Test func bangkokToChiangMaiIsAbout582KilometresAsTheCrowFlies() {
        let bangkok = Coordinate(latitude: 13.7563, longitude: 100.5018)
        let chiangMai = Coordinate(latitude: 18.7883, longitude: 98.9853)
        #expect(abs(bangkok.kilometres(to: chiangMai) - 582.5) < 0.5)
        #expect(bangkok.kilometres(to: bangkok) == 0)
    }

    @Test func theCentreIsTheMean() {
        let centre = Coordinate.centre(of: [.init(latitude: 10, longitude: 100), .init(latitude: 12, longitude: 104)])
        #expect(centre == Coordinate(latitude: 11, longitude: 102))
        #expect(Coordinate.centre(of: []) == nil)
    }
}
