import Foundation

/// A salon's booking page: what a customer may choose, the free times of a day, a time held while they
/// fill in the form, the booking, and finding and cancelling it again by its code and their email.
///
/// Online bookings follow stricter rules than the desk's: only services and staff booked online, only a
/// time `FreeTimes` offers (never two visits at once on one member, never outside a shift or the opening
/// hours, never more of a resource than the salon has). The check and the write are one: the storage runs
/// them with the salon locked (`SalonStorage.exclusively`), so of two customers after one time, one wins.
extension SalonDesk {
    /// The most salons one search answers.
    public static var foundLimit: Int { 20 }

    /// Salons whose name, city or region (in any of the site's languages) matches `query`, best first, at
    /// most `foundLimit`; every salon by name for a blank query.
    public func salons(matching query: String, names: PlaceNames) async throws -> [Property] {
        guard query.count <= 100 else { throw DomainError.invalid("q", "at most 100 characters") }
        let text = query.trimmingCharacters(in: .whitespaces)
        let salons = try await storage.salons().sorted { $0.name < $1.name }
        guard !text.isEmpty else { return Array(salons.prefix(Self.foundLimit)) }
        let found = salons.compactMap { salon in
            [salon.name, salon.city, salon.region].compactMap { names.match(text, name: $0) }.min().map { (salon, $0) }
        }
        return Array(found.sorted { ($0.1, $0.0.name) < ($1.1, $1.0.name) }.map(\.0).prefix(Self.foundLimit))
    }

    /// The salon's booking page; `.notFound` for a property that is not a salon.
    public func page(of id: Int) async throws -> SalonPage {
        try await storage.readingTogether { try await readPage(of: id) }
    }

    private func readPage(of id: Int) async throws -> SalonPage {
        let salon = try await storage.salon(id, by: nil)
        let schedule = try await schedule(of: salon)
        let staff = try await storage.staff(propertyID: id).filter(\.bookableOnline)
        let online = Set(staff.map(\.id))
        let bookings = Dictionary(
            uniqueKeysWithValues: try await storage.bookableServices(propertyID: id).map { ($0.id, $0) })
        let services = try await storage.services(propertyID: id).compactMap { service in
            bookings[service.id].flatMap { booking in
                booking.bookableOnline && !booking.performers.isDisjoint(with: online) ? (service, booking) : nil
            }
        }
        return SalonPage(
            salon: salon, services: services, staff: staff, window: schedule.window,
            terms: try await SalonTerms.read(salon, from: storage),
            today: Day.today(in: salon.timeZone, now: now()))
    }

    /// The starts a customer may book for `request` on `day`, in order, each with who would do it; with the
    /// salon, on whose clock they are read.
    /// What it reads is remembered in `memory` while the salon's change number stands, but for the times
    /// held, read each time.
    public func freeTimes(_ request: VisitRequest, on day: Day) async throws -> (salon: Property, times: [FreeTime]) {
        let (context, occupancies) = try await storage.readingTogether {
            // The number first: what is read after it is at least as new, never older than it is kept as.
            let seq = memory.keeps ? try await storage.latestSeq(propertyID: request.propertyID) : nil
            let setUp = try await memory.remembered(request.propertyID, at: seq) {
                try await OnlineSetUp.read(request.propertyID, desk: self)
            }
            let context = try OnlineContext(request, setUp: setUp, now: now())
            let booked = try await memory.remembered(setUp.salon.id, on: day, at: seq) {
                try await setUp.booked(around: day, desk: self)
            }
            return (context, booked + (try await context.held(desk: self)))
        }
        let times = FreeTimes.offered(
            for: context.visit, staff: request.staff, on: day, in: context.salon.timeZone,
            schedule: context.schedule, occupancies: occupancies, now: context.nowMinute)
        return (context.salon, times)
    }

    /// Holds `request`'s time for the customer for `minutes` (`SalonHold.minutes` unless an offer from the
    /// waitlist holds it longer), releasing the hold they had
    /// (`replacing`, a time they chose before). Refused as a booking of that time would be.
    public func hold(_ request: VisitRequest, replacing token: String? = nil, minutes: Int = SalonHold.minutes)
        async throws -> SalonHold
    {
        if let token { try HoldToken.validate(token, field: "replaces") }
        return try await storage.exclusively(salon: request.propertyID) {
            if let token { try await storage.releaseHold(token: token, propertyID: request.propertyID) }
            let (context, placement) = try await place(request)
            let hold = SalonHold(
                token: HoldToken.make(), propertyID: context.salon.id, placement: placement,
                expiresAt: Int64(now().timeIntervalSince1970 * 1000) + Int64(minutes * 60_000))
            try await storage.insert(hold)
            return hold
        }
    }

    /// Lets a held time go (the customer chose another or left); nothing for a hold that is gone.
    public func release(hold token: String, propertyID: Int) async throws {
        try HoldToken.validate(token, field: "token")
        try await storage.releaseHold(token: token, propertyID: propertyID)
    }

    /// Books a visit for a customer online: one appointment per service, on the member `FreeTimes`
    /// places it with, under one code. `.conflict` (`appointment.taken`, `.resourceFull`) when the time was
    /// taken meanwhile; `.invalid` for a customer, terms or a time the rules never allow. The customer's
    /// confirmation, in `language`, is written in the booking's transaction.
    ///
    /// The time is looked at first without the salon's lock: one already taken is refused at once, so that of
    /// a burst of customers after one time only those who found it free wait their turn for the lock, under
    /// which the placement is decided again.
    public func bookOnline(_ new: NewOnlineVisit, language: Language = .en) async throws -> SalonVisit {
        try Self.validate(customer: new)
        guard new.request.start != nil else { throw DomainError.invalid("start", "choose a time") }
        _ = try await stay(of: new)
        _ = try await place(new.request, holdToken: new.holdToken)
        return try await confirmedBooking(online: new, language: language)
    }

    /// The booking and its confirmation in one transaction, the salon locked: what `bookOnline` and a
    /// waitlist's accepted offer (already under the lock) both do.
    func confirmedBooking(online new: NewOnlineVisit, language: Language) async throws -> SalonVisit {
        try await storage.inOneTransaction {
            let visit = try await booking(online: new)
            try await notices.send(.about(visit, kind: .confirmation, language: language))
            return visit
        }
    }

    private func booking(online new: NewOnlineVisit) async throws -> SalonVisit {
        try Self.validate(customer: new)
        guard new.request.start != nil else { throw DomainError.invalid("start", "choose a time") }
        let stored = try await storage.exclusively(salon: new.request.propertyID) {
            let (context, placement) = try await place(new.request, holdToken: new.holdToken)
            var appointments: [Appointment] = []
            for (service, occupancy) in zip(context.visit.services, placement.occupancies) {
                appointments.append(
                    Appointment(
                        id: 0, propertyID: context.salon.id, staffID: placement.staffID, serviceID: service.id,
                        customerID: 0, startMinute: occupancy.start + service.bufferBeforeMinutes,
                        durationMinutes: service.durationMinutes,
                        notes: appointments.isEmpty ? new.notes : ""))
            }
            if let token = new.holdToken {
                try await storage.releaseHold(token: token, propertyID: context.salon.id)
            }
            let contact = BookingContact(name: new.customerName, email: new.customerEmail, phone: new.customerPhone)
            let customer = try await customer(
                for: contact, reading: new.customerReading, at: context.salon, by: nil)
            let stayID = try await stay(of: new)
            for index in appointments.indices {
                appointments[index].customerID = customer.id
                appointments[index].stayID = stayID
            }
            return try await storage.insertVisit(appointments, customer: contact)
        }
        return try await visit(stored.code, found: stored)
    }

    /// The stay a visit online is for (`NewOnlineVisit.stayCode`), checked: the salon charges its hotel, it
    /// holds its room, and was booked with the customer's email (`.roomNotInHouse` naming `stay` otherwise).
    private func stay(of new: NewOnlineVisit) async throws -> Int? {
        guard let code = new.stayCode else { return nil }
        let salon = try await storage.salon(new.request.propertyID, by: nil)
        return try await RoomCharges.guest(
            booked: code, email: new.customerEmail, at: salon, today: salon.today(now: now()), storage: storage,
            field: "stay"
        ).stayID
    }

    /// The visit booked online under `code` with `email` (compared without regard to case); a wrong pair
    /// is `.notFound` as an unknown code is, so that codes cannot be probed.
    public func visit(code: String, email: String) async throws -> SalonVisit {
        guard !email.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw DomainError.invalid("email", "the email address the visit was booked with", reason: .emailRequired)
        }
        guard let found = try await storage.visit(code: code),
            found.customer.email.lowercased() == email.trimmingCharacters(in: .whitespaces).lowercased()
        else { throw DomainError(.notFound, "no visit \(code) for that email address", field: "code") }
        return try await visit(code, found: found)
    }

    /// Where `request` would go now: checked against the salon locked by the caller, with every time held
    /// but `holdToken`'s.
    func place(_ request: VisitRequest, holdToken: String? = nil) async throws -> (OnlineContext, Placement) {
        let context = try OnlineContext(
            request, setUp: try await OnlineSetUp.read(request.propertyID, desk: self), now: now())
        guard let start = request.start else { throw DomainError.invalid("start", "choose a time") }
        let day = Day.today(in: context.salon.timeZone, now: Date(timeIntervalSince1970: Double(start) * 60))
        let occupancies =
            try await context.setUp.booked(around: day, desk: self)
            + (try await context.held(desk: self, except: holdToken))
        return (
            context,
            try FreeTimes.placement(
                of: context.visit, staff: request.staff, arrivingAt: start, in: context.salon.timeZone,
                schedule: context.schedule, occupancies: occupancies, now: context.nowMinute)
        )
    }

    func visit(_ code: String, found: StoredVisit) async throws -> SalonVisit {
        let appointments = found.appointments.sorted { $0.startMinute < $1.startMinute }
        guard let first = appointments.first else { throw DomainError(.notFound, "no visit \(code)", field: "code") }
        let salon = try await storage.salon(first.propertyID, by: nil)
        let schedule = try await schedule(of: salon)
        let services = try await storage.services(propertyID: salon.id)
        let state = SalonVisit.state(of: appointments)
        let now = Int(now().timeIntervalSince1970) / 60
        let prices = appointments.map { appointment in
            services.first { $0.id == appointment.serviceID }?.price ?? .zero(salon.currency)
        }
        let terms = try await SalonTerms.read(salon, from: storage)
        let held = try await storage.depositsHeld(appointmentIDs: appointments.map(\.id))
        return SalonVisit(
            code: code, salon: salon, appointments: appointments,
            services: appointments.map { appointment in
                services.first { $0.id == appointment.serviceID }
                    ?? Service(
                        id: appointment.serviceID, propertyID: salon.id, name: "",
                        durationMinutes: appointment.durationMinutes,
                        price: Money(0, salon.currency))
            },
            staff: try await storage.staff(propertyID: salon.id).first { $0.id == first.staffID },
            customer: found.customer, window: schedule.window,
            cancellation: VisitCancellation(state: state, start: first.startMinute, window: schedule.window, now: now),
            fees: VisitFees(
                appointments, prices: prices, terms: terms, now: now, currency: salon.currency, held: held),
            deposit: VisitDeposit(
                asked: Money(
                    zip(appointments, prices).map { terms.deposit(for: $0, price: $1).amount }.saturatedSum(),
                    salon.currency),
                held: Money(held.values.map(\.amount).saturatedSum(), salon.currency)))
    }

    static func validate(customer new: NewOnlineVisit) throws(DomainError) {
        try BookingContact(name: new.customerName, email: new.customerEmail, phone: new.customerPhone).validateOnline()
        try FreeText.validate(
            new.customerReading, field: "customer.reading", limit: Customer.readingLimit, lines: false)
        try Appointment.validate(notes: new.notes)
        guard new.acceptsTerms else {
            throw .invalid("acceptTerms", "the customer must accept the cancellation terms", reason: .visitTerms)
        }
    }
}

/// The name and contact a booking is made under, kept with it as given (the customer's record may change).
public struct BookingContact: Sendable {
    public var name: String
    public var email: String
    public var phone: String

    public init(name: String, email: String = "", phone: String = "") {
        self.name = name
        self.email = email
        self.phone = phone
    }

    /// What a customer online must give (a name, an email and a phone, each well formed), each refusal
    /// naming its field under `customer.`.
    public func validateOnline() throws(DomainError) {
        for (field, text) in [("customer.name", name), ("customer.email", email), ("customer.phone", phone)]
        where text.trimmingCharacters(in: .whitespaces).isEmpty {
            throw .invalid(
                field, "the booking needs the customer's \(field.dropFirst(9))",
                reason: field == "customer.email" ? .emailRequired : .textRequired)
        }
        do {
            try Guest.validate(name: name, email: email, phone: phone)
        } catch {
            var error = error
            error.field = error.field.map { $0.replacingOccurrences(of: "guest.", with: "customer.") }
            throw error
        }
    }
}

/// A visit as storage finds it by its code.
public struct StoredVisit: Sendable {
    public var code: String
    public var appointments: [Appointment]
    public var customer: Guest

    public init(code: String, appointments: [Appointment], customer: Guest) {
        self.code = code
        self.appointments = appointments
        self.customer = customer
    }
}

/// Tokens of held times: 128 random bits, as hex.
enum HoldToken {
    /// The longest token a client may name: ours are 32 hexadecimal digits.
    static let limit = 64

    static func validate(_ token: String, field: String) throws(DomainError) {
        guard token.count <= limit else {
            throw .invalid(
                field, "at most \(limit) characters", reason: .textTooLong, params: ["limit": String(limit)])
        }
    }

    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(format: "%08x", UInt32.random(in: .min ... .max, using: &generator)) }
            .joined()
    }
}
