import Foundation

/// What a salon's desk does to appointments, with their rules: book one, change it (a drag on the staff
/// board moves, resizes or gives it to another member; notes; its state through the day). The only
/// code that applies an appointment's rules, callable without HTTP, as `FrontDesk` is for stays: it reads
/// and writes through `SalonStorage`.
public struct SalonDesk<Storage: SalonStorage>: Sendable {
    public let storage: Storage
    /// The instant it is now: the clock every "today" and every hold's expiry is read from (a test sets it).
    public let now: @Sendable () -> Date

    /// What free times keep between requests (`SalonMemory`); by default nothing.
    let memory: SalonMemory

    public init(
        storage: Storage, now: @escaping @Sendable () -> Date, memory: SalonMemory = .keepingNothing
    ) {
        self.storage = storage
        self.now = now
        self.memory = memory
    }

    /// Books an appointment at the desk, for the customer's record `new.customerID`, or else the salon's
    /// record with the same phone number, or a new record. The desk may stack two appointments on one
    /// member (seed 004's lanes), and may book outside a member's hours when it says so
    /// (`new.outsideWorkingHours`). Refused with `.notFound` for a salon, a member, a service or a customer
    /// that is not the salon's, `.invalid` for a customer, a length or notes the rules never allow.
    public func book(_ asked: NewAppointment, by staff: Staff?) async throws -> Appointment {
        var asked = asked
        if let stayID = asked.stayID {
            let salon = try await storage.salon(asked.propertyID, by: staff)
            let guest = try await RoomCharges.guest(
                of: stayID, at: salon, today: salon.today(now: now()), storage: storage, field: "stayId")
            if asked.customerID == nil, asked.customerName.trimmingCharacters(in: .whitespaces).isEmpty {
                (asked.customerName, asked.customerPhone) = (guest.guestName, guest.guestPhone)
            }
        }
        let new = asked
        let booking = try await prepare(new, by: staff)
        if !new.outsideWorkingHours {
            let desk = try await DeskSchedule.read(booking.salon, from: self)
            try DeskSchedule.checkWorks(
                booking.member, try desk.visit(booking.service.id, lasting: booking.duration, by: booking.member.id),
                at: new.startMinute, schedule: desk.schedule, timeZone: booking.salon.timeZone)
        }
        return try await storage.exclusively(salon: booking.salon.id) {
            let (customer, contact) = try await self.customer(of: new, at: booking.salon, by: staff)
            var appointment = booking.appointment(at: new.startMinute, for: customer, notes: new.notes)
            appointment.stayID = new.stayID
            return try await storage.insert(appointment, bookedAs: contact, by: staff?.user.id)
        }
    }

    /// Books an appointment at the desk as `book(_:by:)` does and, when the desk chose a `language` for the
    /// customer, writes their confirmation in the booking's transaction.
    public func book(_ new: NewAppointment, by staff: Staff?, confirmingIn language: Language?) async throws
        -> Appointment
    {
        guard let language else { return try await book(new, by: staff) }
        return try await storage.inOneTransaction {
            let appointment = try await book(new, by: staff)
            try await notices.confirm(deskBooking: appointment, in: language)
            return appointment
        }
    }

    /// What the desk's and the customers' changes tell them, written in their transactions (`Notices`).
    var notices: Notices<Storage> { Notices(storage: storage) }

    /// What booking `new` needs, checked: its salon, member, service and length, and (unless only
    /// planning it) its customer's name, reading and notes as the rules allow them.
    func prepare(_ new: NewAppointment, by staff: Staff?, planning: Bool = false) async throws -> PreparedBooking {
        let salon = try await storage.salon(new.propertyID, by: staff)
        // With a record and no name, the booking is made under the record's name and contact.
        if !planning, new.customerID == nil || !new.customerName.isEmpty {
            guard !new.customerName.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw DomainError.invalid("customer.name", "a customer needs a name", reason: .textRequired)
            }
            try FreeText.validate(new.customerName, field: "customer.name", limit: Guest.nameLimit, lines: false)
            try Guest.validate(name: new.customerName, email: "", phone: new.customerPhone)
        }
        try FreeText.validate(
            new.customerReading, field: "customer.reading", limit: Customer.readingLimit, lines: false)
        try Appointment.validate(notes: new.notes)
        let member = try await member(new.staffID, of: salon)
        guard let service = try await storage.services(propertyID: salon.id).first(where: { $0.id == new.serviceID })
        else { throw DomainError(.notFound, "no service \(new.serviceID) at this property", field: "serviceId") }
        let duration = new.durationMinutes ?? service.durationMinutes
        try Appointment.validate(durationMinutes: duration)
        return PreparedBooking(salon: salon, member: member, service: service, duration: duration)
    }

    /// The customer's record a booking is for (`new.customerID`, else the salon's record with the same
    /// phone, else a new one), and the contact it is booked under.
    func customer(of new: NewAppointment, at salon: Property, by staff: Staff?) async throws
        -> (Customer, BookingContact)
    {
        let customer: Customer
        if let id = new.customerID {
            customer = try await self.customer(id, at: salon)
        } else {
            customer = try await self.customer(
                for: BookingContact(name: new.customerName, phone: new.customerPhone), reading: new.customerReading,
                at: salon, by: staff?.user.id)
        }
        return (
            customer,
            new.customerName.isEmpty
                ? BookingContact(name: customer.name, email: customer.email, phone: customer.phone)
                : BookingContact(name: new.customerName, phone: new.customerPhone)
        )
    }

    /// Changes an appointment: its member, start or length (refused once it is over or called off), its
    /// notes, its state (`Appointment.transition`), all or nothing; `.stale` when its version is not
    /// `version`.
    public func change(_ id: Int, version: Int?, _ change: AppointmentChange, by staff: Staff?) async throws
        -> Appointment
    {
        guard let current = try await storage.appointment(id: id), try staff?.worksAt(current.propertyID) ?? true
        else { throw DomainError(.notFound, "no appointment \(id)") }
        let salon = try await storage.salon(current.propertyID, by: staff)
        let team = try await storage.staff(propertyID: salon.id)
        if let staffID = change.staffID, !team.contains(where: { $0.id == staffID }) {
            throw DomainError(.notFound, "no staff member \(staffID) at this property", field: "staffId")
        }
        if let notes = change.notes { try Appointment.validate(notes: notes) }
        if let notes = change.visitNotes { try Appointment.validate(notes: notes, field: "visitNotes") }
        if let customerID = change.customerID { _ = try await customer(customerID, at: salon, field: "customerId") }
        // An erased person's visits stay for the accounts, and nothing more is written about them.
        if change.notes != nil || change.visitNotes != nil,
            try await storage.customer(id: current.customerID)?.erased == true
        {
            throw DomainError(.notAllowed, "the customer's details were erased", reason: .customerErased)
        }
        let moves = change.staffID != nil || change.startMinute != nil || change.durationMinutes != nil
        let desk = moves && !change.outsideWorkingHours ? try await DeskSchedule.read(salon, from: self) : nil
        return try await storage.change(id, version: version, by: staff?.user.id, action: "edit") { appointment in
            if moves {
                try appointment.reschedule(
                    staffID: change.staffID ?? appointment.staffID,
                    startMinute: change.startMinute ?? appointment.startMinute,
                    durationMinutes: change.durationMinutes ?? appointment.durationMinutes)
                if let desk, let member = team.first(where: { $0.id == appointment.staffID }) {
                    try DeskSchedule.checkWorks(
                        member,
                        try desk.visit(appointment.serviceID, lasting: appointment.durationMinutes, by: member.id),
                        at: appointment.startMinute, schedule: desk.schedule, timeZone: salon.timeZone)
                }
            }
            if let notes = change.notes { appointment.notes = notes }
            if let notes = change.visitNotes {
                guard appointment.hasVisit else {
                    throw DomainError(
                        .notAllowed, "a \(appointment.state.rawValue) appointment has no visit to write about")
                }
                appointment.visitNotes = notes
            }
            if let customerID = change.customerID { appointment.customerID = customerID }
            if let state = change.state, state != appointment.state { try appointment.transition(to: state) }
        }
    }

    /// The appointment with `id` and its customer, as `staff` may see it: one at a salon they do not work
    /// at does not exist for them.
    public func appointment(_ id: Int, by staff: Staff) async throws -> (appointment: Appointment, customer: Customer?)
    {
        guard let appointment = try await storage.appointment(id: id), try staff.worksAt(appointment.propertyID)
        else { throw DomainError(.notFound, "no appointment \(id)") }
        return (appointment, try await storage.customer(id: appointment.customerID))
    }

    func schedule(of salon: Property) async throws -> SalonSchedule {
        guard let (schedule, _) = try await storage.salonSchedule(propertyID: salon.id) else {
            throw DomainError(.notFound, "no salon \(salon.id)", field: "id")
        }
        return schedule
    }

    func member(_ id: Int, of salon: Property) async throws -> StaffMember {
        guard let member = try await storage.staff(propertyID: salon.id).first(where: { $0.id == id }) else {
            throw DomainError(.notFound, "no staff member \(id) at this property", field: "staffId")
        }
        return member
    }
}

/// What a salon's operations read and write. Implemented on SQLite and PostgreSQL by Storage.
public protocol SalonStorage: CustomerStorage, MessageStorage, RoomChargeStorage {
    func property(id: Int) async throws -> Property?
    func staff(propertyID: Int) async throws -> [StaffMember]
    func services(propertyID: Int) async throws -> [Service]
    func appointment(id: Int) async throws -> Appointment?
    /// Stores a new appointment for its customer's record, with the name and contact it was booked under
    /// and its audit row, in one transaction.
    func insert(_ appointment: Appointment, bookedAs contact: BookingContact, by userID: Int?) async throws
        -> Appointment
    /// Runs `change` on the appointment in one transaction, refused (`.stale`) when its version is not
    /// `version`; journals it as `action`.
    func change(
        _ id: Int, version: Int?, by userID: Int?, action: String,
        _ change: @escaping @Sendable (inout Appointment) throws -> Void
    ) async throws -> Appointment
    /// The salon's schedule and its resources' names; nil for a property that is not a salon.
    func salonSchedule(propertyID: Int) async throws -> (SalonSchedule, [NamedResource])?
    /// The set-up's changes, each journaled (its audit row, and the salon's next event) in its transaction.
    func setSalonSettings(
        propertyID: Int, openingHours: WeeklyHours, resources: [NamedResource], window: BookingWindow,
        by userID: Int?
    ) async throws
    func setShifts(staffID: Int, _ shifts: WeeklyHours, by userID: Int?) async throws
    func bookableServices(propertyID: Int) async throws -> [BookableService]
    /// The salon's fees for appointments not kept (`VisitTerms.free` until stated), and a change of them,
    /// journaled.
    func visitTerms(propertyID: Int) async throws -> VisitTerms
    func setVisitTerms(_ terms: VisitTerms, propertyID: Int, by userID: Int?) async throws
    /// Stores a repeat series' appointments (`SalonDesk.bookSeries`) for one customer's record, booked
    /// under one contact, in one transaction: each's `seriesID` the first's id.
    func insertSeries(_ appointments: [Appointment], bookedAs contact: BookingContact, by userID: Int?) async throws
        -> [Appointment]
    /// A series' appointments, soonest first.
    func appointments(inSeries seriesID: Int) async throws -> [Appointment]
    /// The deposits held for some appointments (`VisitTerms.deposit`), by appointment: what the sales
    /// standing (not refunded) took as deposits, less what they took off a checkout or kept towards a
    /// fee. An appointment with none held is left out.
    func depositsHeld(appointmentIDs: [Int]) async throws -> [Int: Money]
    func setBooking(of service: BookableService, by userID: Int?) async throws

    /// A new service, a change of one, one taken off the menu (kept for the appointments it had).
    func insert(_ service: Service, by userID: Int?) async throws -> Service
    func update(_ service: Service, by userID: Int?) async throws
    func retire(serviceID: Int, by userID: Int?) async throws
    /// A new member of staff working `shifts`, a change of one, one taken off the board.
    func insert(_ member: StaffMember, shifts: WeeklyHours, by userID: Int?) async throws -> StaffMember
    func update(_ member: StaffMember, by userID: Int?) async throws
    func retire(staffID: Int, by userID: Int?) async throws
    /// How many appointments booked or under way end after `minute`, of a member or a service.
    func appointmentsToCome(propertyID: Int, from minute: Int, staffID: Int?, serviceID: Int?) async throws -> Int
    /// Every salon, for customers to find one.
    func salons() async throws -> [Property]
    /// Runs `body` in one write transaction with the salon locked against other such writes: the reads
    /// and writes it makes through this storage are in it, so a check and the write it allows are one.
    func exclusively<T: Sendable>(salon id: Int, _ body: @escaping @Sendable () async throws -> T) async throws -> T
    /// The salon's change number: its last event's, moved on by every change of its bookings or set-up in
    /// that change's transaction; nil for a property that does not exist.
    func latestSeq(propertyID: Int) async throws -> Int?
    /// Runs `body`, whose reads through this storage then cost one connection, not one each: what a page
    /// or a day's free times are read with. Each read sees at least what had committed when `body` began.
    func readingTogether<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T
    /// The salon's appointments starting in `[fromMinute, toMinute)`, whatever their state.
    func appointments(propertyID: Int, fromMinute: Int, toMinute: Int) async throws -> [Appointment]
    /// The salon's holds that have not expired at `millis`.
    func holds(propertyID: Int, liveAt millis: Int64) async throws -> [SalonHold]
    /// Stores a hold, forgetting the salon's expired ones.
    func insert(_ hold: SalonHold) async throws
    /// Forgets a hold; nothing when there is none.
    func releaseHold(token: String, propertyID: Int) async throws
    /// Stores a visit booked online for its appointments' customer: the contact it was booked under, its
    /// appointments under a new code, their audit rows.
    func insertVisit(_ appointments: [Appointment], customer: BookingContact) async throws -> StoredVisit
    /// The appointments booked online under `code`, with their customer.
    func visit(code: String) async throws -> StoredVisit?
}

extension SalonStorage {
    /// The salon, for staff who work there (404 otherwise, as for a salon that does not exist); for
    /// anyone when `staff` is nil (a customer online).
    func salon(_ id: Int, by staff: Staff?) async throws -> Property {
        guard try staff?.worksAt(id) ?? true, let salon = try await property(id: id), salon.kind == .salon
        else { throw DomainError(.notFound, "no salon \(id)", field: "id") }
        return salon
    }
}

/// An appointment to book at the desk.
public struct NewAppointment: Sendable {
    public var propertyID: Int
    public var staffID: Int
    public var serviceID: Int
    /// Minutes since 1970-01-01 at UTC.
    public var startMinute: Int
    /// nil: the service's own length.
    public var durationMinutes: Int?
    /// The customer's record; nil: the record with `customerPhone`, or a new one.
    public var customerID: Int?
    /// The name the booking is made under: the record's when empty (with `customerID`).
    public var customerName: String
    public var customerReading: String
    public var customerPhone: String
    public var notes: String
    /// The desk books outside the member's hours on purpose (a regular's late visit).
    public var outsideWorkingHours: Bool
    /// A guest of the hotel the salon charges, whose stay the visit is for (`RoomGuest`): booked under their
    /// name and phone unless the desk names a customer, and charged to their room at checkout.
    public var stayID: Int?

    public init(
        propertyID: Int, staffID: Int, serviceID: Int, startMinute: Int, durationMinutes: Int? = nil,
        customerID: Int? = nil, customerName: String = "", customerReading: String = "", customerPhone: String = "",
        notes: String = "", outsideWorkingHours: Bool = false, stayID: Int? = nil
    ) {
        self.stayID = stayID
        self.customerID = customerID
        self.customerReading = customerReading
        self.propertyID = propertyID
        self.staffID = staffID
        self.serviceID = serviceID
        self.startMinute = startMinute
        self.durationMinutes = durationMinutes
        self.customerName = customerName
        self.customerPhone = customerPhone
        self.notes = notes
        self.outsideWorkingHours = outsideWorkingHours
    }
}

/// A booking checked by `SalonDesk.prepare`, to store.
struct PreparedBooking {
    var salon: Property
    var member: StaffMember
    var service: Service
    var duration: Int

    func appointment(at start: Int, for customer: Customer, notes: String) -> Appointment {
        Appointment(
            id: 0, propertyID: salon.id, staffID: member.id, serviceID: service.id, customerID: customer.id,
            startMinute: start, durationMinutes: duration, notes: notes)
    }
}

/// What a change to an appointment sets; nil leaves a field as it is.
public struct AppointmentChange: Sendable {
    public var staffID: Int?
    public var startMinute: Int?
    public var durationMinutes: Int?
    public var notes: String?
    /// The stylist's notes on the visit, in any state but cancelled or no-show.
    public var visitNotes: String?
    /// Another record of the salon's, for a booking made under the wrong one.
    public var customerID: Int?
    public var state: AppointmentState?
    public var outsideWorkingHours: Bool

    public init(
        staffID: Int? = nil, startMinute: Int? = nil, durationMinutes: Int? = nil, notes: String? = nil,
        visitNotes: String? = nil, customerID: Int? = nil, state: AppointmentState? = nil,
        outsideWorkingHours: Bool = false
    ) {
        self.visitNotes = visitNotes
        self.customerID = customerID
        self.staffID = staffID
        self.startMinute = startMinute
        self.durationMinutes = durationMinutes
        self.notes = notes
        self.state = state
        self.outsideWorkingHours = outsideWorkingHours
    }
}
