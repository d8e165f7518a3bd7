import Booking

/// `SalonStorage` in memory, for testing `SalonDesk`'s operations without a database: what the database
/// keeps for them, an appointment's version (refusing stale changes) and all-or-nothing changes.
actor InMemorySalonStorage: SalonStorage, InMemoryOutbox {
    let salon: Property
    var team: [StaffMember]
    var catalogue: [Service]
    var appointments: [Int: Appointment] = [:]
    var settings: (WeeklyHours, [NamedResource], BookingWindow)?
    var shifts: [Int: WeeklyHours] = [:]
    var booking: [Int: BookableService] = [:]
    var terms: [Int: VisitTerms] = [:]
    var holds: [String: SalonHold] = [:]
    var customers: [Int: Customer] = [:]
    /// Each online visit's code, and the contact it was booked under.
    var codes: [Int: String] = [:]
    var contacts: [String: Guest] = [:]
    var outbox: [NewMessage] = []
    var messageSettings: [Int: MessageSettings] = [:]
    private var nextID = 100

    /// What a transaction puts back when it fails.
    struct Snapshot: Sendable {
        var appointments: [Int: Appointment]
        var holds: [String: SalonHold]
        var customers: [Int: Customer]
        var codes: [Int: String]
        var contacts: [String: Guest]
        var outbox: [NewMessage]
    }

    var snapshot: Snapshot {
        Snapshot(
            appointments: appointments, holds: holds, customers: customers, codes: codes, contacts: contacts,
            outbox: outbox)
    }

    func restore(_ snapshot: Snapshot) {
        (appointments, holds, customers, codes, contacts, outbox) = (
            snapshot.appointments, snapshot.holds, snapshot.customers, snapshot.codes, snapshot.contacts,
            snapshot.outbox
        )
    }

    init(salon: Property, staff: [StaffMember], services: [Service]) {
        self.salon = salon
        self.team = staff
        self.catalogue = services
    }

    /// The hotel the salon charges (`RoomCharges.link`), and that hotel's guests.
    var chargesHotelID: Int?
    var roomGuests: [RoomGuest] = []

    func property(id: Int) -> Property? {
        guard id == salon.id else { return nil }
        var salon = salon
        salon.chargesHotelID = chargesHotelID
        return salon
    }
    func linkRoomCharges(salonID: Int, hotelID: Int?, by userID: Int?) -> Property {
        chargesHotelID = hotelID
        return property(id: salonID)!
    }
    func roomGuests(hotelID: Int, today: Day, matching query: String, limit: Int) -> [RoomGuest] {
        Array(roomGuests.filter { $0.hotelID == hotelID && $0.roomName.hasPrefix(query) }.prefix(limit))
    }
    func roomGuest(stayID: Int, today: Day) -> RoomGuest? { roomGuests.first { $0.stayID == stayID } }
    func setRoomGuests(_ guests: [RoomGuest]) { roomGuests = guests }
    func roomGuest(confirmationCode: String, today: Day) -> RoomGuest? {
        roomGuests.first { $0.confirmationCode == confirmationCode }
    }
    func salons(chargingHotel hotelID: Int) -> [Property] {
        chargesHotelID == hotelID ? [property(id: salon.id)!] : []
    }
    func staff(propertyID: Int) -> [StaffMember] { propertyID == salon.id ? team : [] }
    func services(propertyID: Int) -> [Service] { propertyID == salon.id ? catalogue : [] }
    func appointment(id: Int) -> Appointment? { appointments[id] }
    func customer(id: Int) -> Customer? { customers[id] }

    func customer(propertyID: Int, phoneDigits: String, email: String) -> Customer? {
        let records = customers.values.filter { $0.propertyID == propertyID && !$0.erased }.sorted { $0.id < $1.id }
        if !phoneDigits.isEmpty, let found = records.first(where: { Customer.digits($0.phone) == phoneDigits }) {
            return found
        }
        guard !email.isEmpty else { return nil }
        return records.first { Customer.matchingEmail($0.email) == email }
    }

    func insert(_ customer: Customer, by userID: Int?) -> Customer {
        nextID += 1
        var stored = customer
        (stored.id, stored.version) = (nextID, 1)
        customers[stored.id] = stored
        return stored
    }

    func change(
        customerID id: Int, version: Int?, by userID: Int?,
        _ change: @escaping @Sendable (inout Customer) throws -> Void
    ) throws -> Customer {
        guard var customer = customers[id] else { throw DomainError(.notFound, "no customer \(id)") }
        if let version, version != customer.version { throw DomainError(.stale, "customer \(id) has changed") }
        try change(&customer)
        customer.version += 1
        customers[id] = customer
        return customer
    }

    func customers(propertyID: Int, containing folded: String, at minute: Int, limit: Int) -> [CustomerSummary] {
        customers.values.filter { $0.propertyID == propertyID && !$0.erased && $0.searchText.contains(folded) }
            .sorted { $0.id > $1.id }.prefix(limit).map {
                CustomerSummary(customer: $0, lastVisitMinute: nil, nextVisitMinute: nil)
            }
    }

    func owing(customerID: Int) -> [Sale] { [] }
    func visits(customerID: Int) -> [CustomerVisit] {
        appointments.values.filter { $0.customerID == customerID }.sorted { $0.startMinute > $1.startMinute }.map {
            appointment in
            let service = catalogue.first { $0.id == appointment.serviceID }
            return CustomerVisit(
                appointment: appointment, serviceName: service?.name ?? "",
                staffName: team.first { $0.id == appointment.staffID }?.name ?? "", price: service?.price)
        }
    }

    func merge(_ otherID: Int, into merged: Customer, by userID: Int?) -> Customer {
        for (id, appointment) in appointments where appointment.customerID == otherID {
            appointments[id]?.customerID = merged.id
        }
        var stored = merged
        stored.version = (customers[merged.id]?.version ?? 0) + 1
        customers[merged.id] = stored
        customers[otherID] = nil
        return stored
    }

    func customerList(propertyID: Int, at minute: Int) -> [CustomerListEntry] {
        customers.values.filter { $0.propertyID == propertyID && !$0.erased }.sorted { $0.id < $1.id }.map { customer in
            let visits = appointments.values.filter { $0.customerID == customer.id }
            let completed = visits.filter { $0.state == .completed }
            return CustomerListEntry(
                customer: customer, completedVisits: completed.count,
                lastVisitMinute: visits.filter {
                    $0.startMinute <= minute && $0.state != .cancelled && $0.state != .noShow
                }
                .map(\.startMinute).max(),
                nextVisitMinute: visits.filter {
                    $0.startMinute > minute && ($0.state == .booked || $0.state == .checkedIn)
                }
                .map(\.startMinute).min(),
                spent: completed.compactMap { appointment in
                    catalogue.first { $0.id == appointment.serviceID }?.price.amount
                }
                .reduce(0, +))
        }
    }

    func erase(customerID: Int, by userID: Int?) {
        guard let customer = customers[customerID] else { return }
        customers[customerID] = Customer(
            id: customerID, propertyID: customer.propertyID, name: "", erased: true, version: customer.version + 1)
        for (id, appointment) in appointments where appointment.customerID == customerID {
            appointments[id]?.notes = ""
            appointments[id]?.visitNotes = ""
        }
    }

    func insert(_ appointment: Appointment, bookedAs contact: BookingContact, by userID: Int?) -> Appointment {
        nextID += 1
        var stored = appointment
        stored.id = nextID
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
        propertyID: Int, openingHours: WeeklyHours, resources: [NamedResource], window: BookingWindow,
        by userID: Int?
    ) {
        settings = (openingHours, resources, window)
    }

    func setShifts(staffID: Int, _ shifts: WeeklyHours, by userID: Int?) { self.shifts[staffID] = shifts }

    func bookableServices(propertyID: Int) -> [BookableService] {
        catalogue.map {
            booking[$0.id]
                ?? BookableService(id: $0.id, durationMinutes: $0.durationMinutes, performers: Set(team.map(\.id)))
        }
    }

    func setBooking(of service: BookableService, by userID: Int?) { booking[service.id] = service }
    func visitTerms(propertyID: Int) -> VisitTerms { terms[propertyID] ?? .free }
    func setVisitTerms(_ terms: VisitTerms, propertyID: Int, by userID: Int?) { self.terms[propertyID] = terms }
    /// It keeps no sales, so no deposits.
    func depositsHeld(appointmentIDs: [Int]) -> [Int: Money] { [:] }

    /// The tests call one operation at a time: nothing else runs between its check and its write.
    nonisolated func exclusively<T: Sendable>(salon id: Int, _ body: @escaping @Sendable () async throws -> T)
        async throws -> T
    { try await body() }

    func latestSeq(propertyID: Int) -> Int? { nil }

    nonisolated func readingTogether<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await body()
    }

    func insertSeries(_ series: [Appointment], bookedAs contact: BookingContact, by userID: Int?) -> [Appointment] {
        var stored: [Appointment] = []
        for appointment in series {
            stored.append(insert(appointment, bookedAs: contact, by: userID))
        }
        let first = stored.first?.id
        for index in stored.indices {
            stored[index].seriesID = first
            appointments[stored[index].id] = stored[index]
        }
        return stored
    }

    func appointments(inSeries seriesID: Int) -> [Appointment] {
        appointments.values.filter { $0.seriesID == seriesID }.sorted { $0.startMinute < $1.startMinute }
    }

    func appointments(propertyID: Int, fromMinute: Int, toMinute: Int) -> [Appointment] {
        appointments.values.filter { $0.propertyID == propertyID && (fromMinute..<toMinute).contains($0.startMinute) }
            .sorted { ($0.startMinute, $0.id) < ($1.startMinute, $1.id) }
    }

    func salons() -> [Property] { [salon] }

    func insert(_ service: Service, by userID: Int?) -> Service {
        nextID += 1
        var stored = service
        stored.id = nextID
        catalogue.append(stored)
        return stored
    }

    func update(_ service: Service, by userID: Int?) {
        catalogue = catalogue.map { $0.id == service.id ? service : $0 }
    }

    func retire(serviceID: Int, by userID: Int?) { catalogue.removeAll { $0.id == serviceID } }

    func insert(_ member: StaffMember, shifts: WeeklyHours, by userID: Int?) -> StaffMember {
        nextID += 1
        var stored = member
        stored.id = nextID
        team.append(stored)
        self.shifts[stored.id] = shifts
        return stored
    }

    func update(_ member: StaffMember, by userID: Int?) { team = team.map { $0.id == member.id ? member : $0 } }

    func retire(staffID: Int, by userID: Int?) { team.removeAll { $0.id == staffID } }

    func appointmentsToCome(propertyID: Int, from minute: Int, staffID: Int?, serviceID: Int?) -> Int {
        appointments.values.filter { appointment in
            [.booked, .checkedIn].contains(appointment.state) && appointment.endMinute > minute
                && staffID.map { $0 == appointment.staffID } ?? true
                && serviceID.map { $0 == appointment.serviceID } ?? true
        }.count
    }

    func holds(propertyID: Int, liveAt millis: Int64) -> [SalonHold] {
        holds.values.filter { $0.propertyID == propertyID && $0.expiresAt > millis }
    }

    func insert(_ hold: SalonHold) { holds[hold.token] = hold }

    func releaseHold(token: String, propertyID: Int) { holds[token] = nil }

    func insertVisit(_ appointments: [Appointment], customer: BookingContact) -> StoredVisit {
        nextID += 1
        let code = "FD-\(nextID)"
        let guest = Guest(id: nextID, name: customer.name, email: customer.email, phone: customer.phone)
        contacts[code] = guest
        let stored = appointments.map { appointment in
            nextID += 1
            var stored = appointment
            stored.id = nextID
            self.appointments[stored.id] = stored
            codes[stored.id] = code
            return stored
        }
        return StoredVisit(code: code, appointments: stored, customer: guest)
    }

    func visit(code: String) -> StoredVisit? {
        let found = appointments.values.filter { codes[$0.id] == code }.sorted { $0.startMinute < $1.startMinute }
        guard !found.isEmpty, let customer = contacts[code] else { return nil }
        return StoredVisit(code: code, appointments: found, customer: customer)
    }
}
