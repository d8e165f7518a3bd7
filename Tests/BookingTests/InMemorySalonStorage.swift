import Booking

/// `SalonStorage` in memory, for testing `SalonDesk`'s operations without a database: what the database
/// keeps for them, an appointment's version (refusing stale changes) and all-or-nothing changes.
actor InMemorySalonStorage: SalonStorage {
    let salon: Property
    var team: [StaffMember]
    var catalogue: [Service]
    var appointments: [Int: Appointment] = [:]
    var settings: (WeeklyHours, [NamedResource], BookingWindow)?
    var shifts: [Int: WeeklyHours] = [:]
    var booking: [Int: BookableService] = [:]
    private var nextID = 100

    init(salon: Property, staff: [StaffMember], services: [Service]) {
        self.salon = salon
        self.team = staff
        self.catalogue = services
    }

    func property(id: Int) -> Property? { id == salon.id ? salon : nil }
    func staff(propertyID: Int) -> [StaffMember] { propertyID == salon.id ? team : [] }
    func services(propertyID: Int) -> [Service] { propertyID == salon.id ? catalogue : [] }
    func appointment(id: Int) -> Appointment? { appointments[id] }

    func insert(_ appointment: Appointment, customerName: String, customerPhone: String, by userID: Int?)
        -> Appointment
    {
        nextID += 1
        var stored = appointment
        stored.id = nextID
        stored.customerID = nextID
        appointments[stored.id] = stored
        return stored
    }

    func change(
        _ id: Int, version: Int?, by userID: Int?, action: String,
        _ change: @escaping @Sendable (inout Appointment) throws -> Void
    ) throws -> Appointment {
        guard var appointment = appointments[id] else { throw DomainError(.notFound, "no appointment \(id)") }
        if let version, version != appointment.version { throw DomainError(.stale, "appointment \(id) has changed") }
        try change(&appointment)
        appointment.version += 1
        appointments[id] = appointment
        return appointment
    }

    func salonSchedule(propertyID: Int) -> (SalonSchedule, [NamedResource])? {
        guard propertyID == salon.id else { return nil }
        let schedule = SalonSchedule(
            openingHours: settings?.0 ?? .everyDay([0..<1440]),
            shifts: Dictionary(
                uniqueKeysWithValues: team.map { ($0.id, shifts[$0.id] ?? .everyDay([$0.workingHours])) }),
            resources: settings?.1.map(\.resource) ?? [], window: settings?.2 ?? BookingWindow())
        return (schedule, settings?.1 ?? [])
    }

    func setSalonSettings(
        propertyID: Int, openingHours: WeeklyHours, resources: [NamedResource], window: BookingWindow
    ) {
        settings = (openingHours, resources, window)
    }

    func setShifts(staffID: Int, _ shifts: WeeklyHours) { self.shifts[staffID] = shifts }

    func bookableServices(propertyID: Int) -> [BookableService] {
        catalogue.map {
            booking[$0.id]
                ?? BookableService(id: $0.id, durationMinutes: $0.durationMinutes, performers: Set(team.map(\.id)))
        }
    }

    func setBooking(of service: BookableService) { booking[service.id] = service }
}
