/// One customer's visit: one or several services done one after another by one member of staff, who
/// must be allowed to perform every one of them.
///
/// The customer arrives at `s₀`, the start a booking page offers. Service `i` starts at `sᵢ` and holds its
/// member of staff and its resource for `[sᵢ - beforeᵢ, sᵢ + durationᵢ + afterᵢ)`; the next starts once
/// that hold ends and its own buffer before has passed: `sᵢ₊₁ = sᵢ + durationᵢ + afterᵢ + beforeᵢ₊₁`. So
/// the holds follow each other without a gap, and the customer waits through the buffers between services.
public struct Visit: Hashable, Sendable {
    public let services: [BookableService]

    /// A visit of more services than this is a day at the spa, arranged by the desk.
    public static let maxServices = 5

    /// The services in the order they are done.
    public init(_ services: [BookableService]) throws(DomainError) {
        guard (1...Self.maxServices).contains(services.count) else {
            throw .invalid("services", "a visit has 1 to \(Self.maxServices) services, not \(services.count)")
        }
        for (index, service) in services.enumerated() {
            try service.validate(field: "services[\(index)]")
        }
        self.services = services
    }

    /// The staff who may perform every service of the visit.
    public var performers: Set<Int> {
        services.dropFirst().reduce(services[0].performers) { $0.intersection($1.performers) }
    }

    /// Each service's start `sᵢ`, in minutes after the customer arrives (`s₀` is 0).
    public var serviceOffsets: [Int] {
        var offsets: [Int] = []
        var start = 0
        for (index, service) in services.enumerated() {
            if index > 0 {
                let previous = services[index - 1]
                start += previous.durationMinutes + previous.bufferAfterMinutes + service.bufferBeforeMinutes
            }
            offsets.append(start)
        }
        return offsets
    }

    /// What each service holds, `[sᵢ - beforeᵢ, sᵢ + durationᵢ + afterᵢ)` in minutes after the customer
    /// arrives, with the resource it needs.
    var holds: [(minutes: Range<Int>, resourceID: Int?)] {
        zip(services, serviceOffsets).map { service, offset in
            (
                offset - service.bufferBeforeMinutes..<offset + service.durationMinutes + service.bufferAfterMinutes,
                service.resourceID
            )
        }
    }

    /// What the visit occupies when the customer arrives at `start` (minutes since 1970 at UTC) and
    /// `staffID` does it: one occupancy per service, in order.
    public func occupancies(arrivingAt start: Int, staffID: Int) -> [Occupancy] {
        holds.map { hold in
            Occupancy(
                staffID: staffID, resourceID: hold.resourceID, start: start + hold.minutes.lowerBound,
                end: start + hold.minutes.upperBound)
        }
    }
}
