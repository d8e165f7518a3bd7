import Foundation

/// What every online visit to a salon is checked against, as its set-up stands: the salon, its schedule,
/// the members booked online and every service as it is booked. Read whole; remembered by `SalonMemory`
/// while the salon's change number stands.
struct OnlineSetUp: Sendable {
    let salon: Property
    let schedule: SalonSchedule
    /// The members customers may book.
    let online: Set<Int>
    /// Every service of the salon, by id, as it is booked now.
    let services: [Int: BookableService]

    static func read<Storage>(_ propertyID: Int, desk: SalonDesk<Storage>) async throws -> OnlineSetUp {
        let salon = try await desk.storage.salon(propertyID, by: nil)
        return OnlineSetUp(
            salon: salon, schedule: try await desk.schedule(of: salon),
            online: Set(try await desk.storage.staff(propertyID: salon.id).filter(\.bookableOnline).map(\.id)),
            services: Dictionary(
                uniqueKeysWithValues: try await desk.storage.bookableServices(propertyID: salon.id).map { ($0.id, $0) }
            ))
    }

    /// What the salon's appointments keep busy around `day`: every one still to be kept, with its
    /// service's buffers and resource as they are set now.
    func booked<Storage>(around day: Day, desk: SalonDesk<Storage>) async throws -> [Occupancy] {
        let midnight = Int(day.instant(atMinute: 0, in: salon.timeZone).timeIntervalSince1970) / 60
        // A day and its neighbours: a visit's buffers may reach across midnight.
        let around = (midnight - 1440)..<(midnight + 2 * 1440)
        let appointments = try await desk.storage.appointments(
            propertyID: salon.id, fromMinute: around.lowerBound - BookableService.durations.upperBound,
            toMinute: around.upperBound)
        return Occupancy.of(appointments, services: services)
    }
}

/// One online visit as asked, checked against the salon's set-up: its services booked online, performed
/// only by members booked online.
struct OnlineContext: Sendable {
    let setUp: OnlineSetUp
    let visit: Visit
    let nowMinute: Int

    var salon: Property { setUp.salon }
    var schedule: SalonSchedule { setUp.schedule }

    init(_ request: VisitRequest, setUp: OnlineSetUp, now: Date) throws(DomainError) {
        if case .member(let id) = request.staff, !setUp.online.contains(id) {
            throw DomainError(.notFound, "no member \(id) taking bookings online here", field: "staffId")
        }
        guard (1...Visit.maxServices).contains(request.serviceIDs.count) else {
            throw DomainError.invalid(
                "services", "a visit has 1 to \(Visit.maxServices) services, not \(request.serviceIDs.count)",
                reason: .visitServices, params: ["max": String(Visit.maxServices)])
        }
        self.setUp = setUp
        visit = try Visit(
            try request.serviceIDs.map { id throws(DomainError) in
                guard var service = setUp.services[id], service.bookableOnline else {
                    throw DomainError(.notFound, "no service \(id) booked online here", field: "services")
                }
                service.performers.formIntersection(setUp.online)
                return service
            })
        nowMinute = Int(now.timeIntervalSince1970) / 60
    }

    /// The times held for customers filling in the form, every live hold but `token`'s.
    func held<Storage>(desk: SalonDesk<Storage>, except token: String? = nil) async throws -> [Occupancy] {
        try await desk.storage.holds(propertyID: salon.id, liveAt: Int64(desk.now().timeIntervalSince1970 * 1000))
            .filter { $0.token != token }.flatMap(\.placement.occupancies)
    }
}
