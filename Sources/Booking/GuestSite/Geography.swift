import Foundation

/// A point on the Earth in degrees (WGS 84), as places are stored.
public struct Coordinate: Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The Earth's mean radius, in km.
    public static let earthRadiusKm = 6_371.0088

    /// The great-circle distance in km (haversine, on a sphere of the Earth's mean radius: within
    /// 0.5 % of the ellipsoid's, plenty to sort hotels by).
    public func kilometres(to other: Coordinate) -> Double {
        let radians = Double.pi / 180
        let dLatitude = (other.latitude - latitude) * radians
        let dLongitude = (other.longitude - longitude) * radians
        let a =
            sin(dLatitude / 2) * sin(dLatitude / 2) + cos(latitude * radians) * cos(other.latitude * radians)
            * sin(dLongitude / 2) * sin(dLongitude / 2)
        return 2 * Self.earthRadiusKm * asin(min(1, sqrt(a)))
    }

    /// The mean of some points: the centre of a city's places (which never straddle the 180th
    /// meridian); nil for none.
    public static func centre(of points: [Coordinate]) -> Coordinate? {
        guard !points.isEmpty else { return nil }
        let count = Double(points.count)
        return Coordinate(
            latitude: points.reduce(0) { $0 + $1.latitude } / count,
            longitude: points.reduce(0) { $0 + $1.longitude } / count)
    }
}

extension Property {
    public var coordinate: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }
}
