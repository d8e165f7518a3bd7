import Booking
import SQLKit

/// A salon's operations (`SalonDesk`) keep its set-up with the property and its bookings with the
/// appointments.
extension Store: SalonStorage {
    public func appointment(id: Int) async throws -> Appointment? { try await appointments.appointment(id: id) }
    public func appointments(propertyID: Int, fromMinute: Int, toMinute: Int) async throws -> [Appointment] {
        try await appointments.appointments(propertyID: propertyID, fromMinute: fromMinute, toMinute: toMinute)
    }
    public func staff(propertyID: Int) async throws -> [StaffMember] {
        try await properties.staff(propertyID: propertyID)
    }
    public func insert(_ appointment: Appointment, bookedAs contact: BookingContact, by userID: Int?) async throws
        -> Appointment
    {
        try await appointments.create(appointment, bookedAs: contact, by: userID)
    }
    public func insertSeries(_ series: [Appointment], bookedAs contact: BookingContact, by userID: Int?)
        async throws -> [Appointment]
    {
        try await appointments.createSeries(series, bookedAs: contact, by: userID)
    }
    public func appointments(inSeries seriesID: Int) async throws -> [Appointment] {
        try await appointments.appointments(inSeries: seriesID)
    }
    public func change(
        _ id: Int, version: Int?, by userID: Int?, action: String,
        _ change: @escaping @Sendable (inout Appointment) throws -> Void
    ) async throws -> Appointment {
        try await appointments.update(id: id, expectedVersion: version, by: userID, action: action, change)
    }
    public func salonSchedule(propertyID: Int) async throws -> (SalonSchedule, [NamedResource])? {
        try await properties.salonSchedule(propertyID: propertyID)
    }
    public func setSalonSettings(
        propertyID: Int, openingHours: WeeklyHours, resources: [NamedResource], window: BookingWindow,
        by userID: Int?
    ) async throws {
        try await properties.setSalonSettings(
            propertyID: propertyID, openingHours: openingHours, resources: resources, window: window, by: userID)
    }
    public func setShifts(staffID: Int, _ shifts: WeeklyHours, by userID: Int?) async throws {
        try await properties.setShifts(staffID: staffID, shifts, by: userID)
    }
    public func bookableServices(propertyID: Int) async throws -> [BookableService] {
        try await properties.bookableServices(propertyID: propertyID)
    }
    public func visitTerms(propertyID: Int) async throws -> VisitTerms {
        try await properties.visitTerms(propertyID: propertyID)
    }
    public func setVisitTerms(_ terms: VisitTerms, propertyID: Int, by userID: Int?) async throws {
        try await properties.setVisitTerms(terms, propertyID: propertyID, by: userID)
    }
    public func setBooking(of service: BookableService, by userID: Int?) async throws {
        try await properties.setBooking(of: service, by: userID)
    }
    public func insert(_ service: Service, by userID: Int?) async throws -> Service {
        try await properties.insert(service, by: userID)
    }
    public func update(_ service: Service, by userID: Int?) async throws {
        try await properties.update(service, by: userID)
    }
    public func retire(serviceID: Int, by userID: Int?) async throws {
        try await properties.retire(serviceID: serviceID, by: userID)
    }
    public func insert(_ member: StaffMember, shifts: WeeklyHours, by userID: Int?) async throws -> StaffMember {
        try await properties.insert(member, shifts: shifts, by: userID)
    }
    public func update(_ member: StaffMember, by userID: Int?) async throws {
        try await properties.update(member, by: userID)
    }
    public func retire(staffID: Int, by userID: Int?) async throws {
        try await properties.retire(staffID: staffID, by: userID)
    }
    public func appointmentsToCome(propertyID: Int, from minute: Int, staffID: Int?, serviceID: Int?) async throws
        -> Int
    {
        try await properties.appointmentsToCome(
            propertyID: propertyID, from: minute, staffID: staffID, serviceID: serviceID)
    }
    /// A write with the salon's row locked: on PostgreSQL `SELECT … FOR UPDATE`, which a second such
    /// write waits on until the first commits; on SQLite every write already runs alone (`BEGIN IMMEDIATE`).
    public func exclusively<T: Sendable>(salon id: Int, _ body: @escaping @Sendable () async throws -> T)
        async throws -> T
    {
        try await write { [dialect] sql in
            if dialect == .postgres {
                _ = try await sql.raw("SELECT id FROM properties WHERE id = \(bind: id) FOR UPDATE").first()
            }
            return try await body()
        }
    }
    public func latestSeq(propertyID: Int) async throws -> Int? {
        try await eventLog.latestSeq(propertyID: propertyID)
    }
    public func salons() async throws -> [Property] {
        try await properties.properties().filter { $0.kind == .salon }
    }
    public func holds(propertyID: Int, liveAt millis: Int64) async throws -> [SalonHold] {
        try await appointments.holds(propertyID: propertyID, liveAt: millis)
    }
    public func insert(_ hold: SalonHold) async throws { try await appointments.insert(hold) }
    public func releaseHold(token: String, propertyID: Int) async throws {
        try await appointments.releaseHold(token: token, propertyID: propertyID)
    }
    public func insertVisit(_ appointments: [Appointment], customer: BookingContact) async throws -> StoredVisit {
        try await self.appointments.insertVisit(appointments, customer: customer)
    }
    public func visit(code: String) async throws -> StoredVisit? { try await appointments.visit(code: code) }
}

/// A salon's customer records are kept by `CustomerRepository`.
extension Store: CustomerStorage {
    public func customer(id: Int) async throws -> Customer? { try await customers.customer(id: id) }
    public func customer(propertyID: Int, phoneDigits: String, email: String) async throws -> Customer? {
        try await customers.customer(propertyID: propertyID, phoneDigits: phoneDigits, email: email)
    }
    public func insert(_ customer: Customer, by userID: Int?) async throws -> Customer {
        try await customers.insert(customer, by: userID)
    }
    public func change(
        customerID: Int, version: Int?, by userID: Int?,
        _ change: @escaping @Sendable (inout Customer) throws -> Void
    ) async throws -> Customer {
        try await customers.change(customerID: customerID, version: version, by: userID, change)
    }
    public func customers(propertyID: Int, containing folded: String, at minute: Int, limit: Int) async throws
        -> [CustomerSummary]
    {
        try await customers.customers(propertyID: propertyID, containing: folded, at: minute, limit: limit)
    }
    public func owing(customerID: Int) async throws -> [Sale] {
        try await sales.owing(customerID: customerID)
    }
    public func visits(customerID: Int) async throws -> [CustomerVisit] {
        try await customers.visits(customerID: customerID)
    }
    public func merge(_ otherID: Int, into merged: Customer, by userID: Int?) async throws -> Customer {
        try await customers.merge(otherID, into: merged, by: userID)
    }
    public func customerList(propertyID: Int, at minute: Int) async throws -> [CustomerListEntry] {
        try await customers.customerList(propertyID: propertyID, at: minute)
    }
    public func erase(customerID: Int, by userID: Int?) async throws {
        try await customers.erase(customerID: customerID, by: userID)
    }
}

/// A salon's checkout: its products and sales.
extension Store: CheckoutStorage {
    public func products(propertyID: Int) async throws -> [Product] {
        try await sales.products(propertyID: propertyID)
    }
    public func updateProducts(_ products: [Product], propertyID: Int, by userID: Int?) async throws -> [Product] {
        try await sales.updateProducts(products, propertyID: propertyID, by: userID)
    }
    public func allServices(propertyID: Int) async throws -> [Service] {
        try await properties.services(propertyID: propertyID, retired: true)
    }
    public func insertSale(
        _ quote: SaleQuote, salon: Property, customerName: String, changing: [Appointment], action: String,
        by userID: Int?
    ) async throws -> Sale {
        try await sales.insert(
            quote, salon: salon, customerName: customerName, changing: changing, action: action, by: userID)
    }
    public func sale(id: Int) async throws -> Sale? {
        try await sales.sale(id: id)
    }
    public func sales(appointmentIDs: [Int]) async throws -> [Sale] {
        try await sales.sales(appointmentIDs: appointmentIDs)
    }
    public func depositsHeld(appointmentIDs: [Int]) async throws -> [Int: Money] {
        try await sales.depositsHeld(appointmentIDs: appointmentIDs)
    }
    public func refund(saleID: Int, reason: String, by userID: Int?) async throws -> Sale {
        try await sales.refund(saleID: saleID, reason: reason, by: userID)
    }

    public func issueTaxInvoice(saleID: Int, to buyer: Buyer, by userID: Int?) async throws -> Sale {
        try await sales.issueTaxInvoice(saleID: saleID, to: buyer, by: userID)
    }
    public func collect(saleID: Int, payments: [SalePayment], by userID: Int?) async throws -> Sale {
        try await sales.collect(saleID: saleID, payments: payments, by: userID)
    }
}

/// A salon's ticket books.
extension Store: TicketStorage {
    public func ticketOffers(propertyID: Int) async throws -> [TicketOffer] {
        try await tickets.offers(propertyID: propertyID)
    }
    public func updateTicketOffers(_ offers: [TicketOffer], propertyID: Int, by userID: Int?) async throws
        -> [TicketOffer]
    {
        try await tickets.updateOffers(offers, propertyID: propertyID, by: userID)
    }
    public func ticketBooks(customerID: Int) async throws -> [TicketBook] {
        try await tickets.books(customerID: customerID)
    }
    public func ticketBooks(propertyID: Int, asOf day: Day) async throws -> [TicketBook] {
        try await tickets.books(propertyID: propertyID, asOf: day)
    }
}

extension Store: SaleEInvoiceStorage {
    public func eInvoiceNumberInYear(of sale: Sale) async throws -> Int {
        try await sales.eInvoiceNumberInYear(of: sale)
    }
}

/// A salon and the hotel whose guests it charges (`RoomCharges`).
extension Store: RoomChargeStorage {
    public func linkRoomCharges(salonID: Int, hotelID: Int?, by userID: Int?) async throws -> Booking.Property {
        try await roomCharges.link(salonID: salonID, hotelID: hotelID, by: userID)
    }
    public func roomGuests(hotelID: Int, today: Day, matching query: String, limit: Int) async throws -> [RoomGuest] {
        try await roomCharges.roomGuests(hotelID: hotelID, today: today, matching: query, limit: limit)
    }
    public func roomGuest(stayID: Int, today: Day) async throws -> RoomGuest? {
        try await roomCharges.roomGuest(stayID: stayID, today: today)
    }
    public func roomGuest(confirmationCode: String, today: Day) async throws -> RoomGuest? {
        try await roomCharges.roomGuest(confirmationCode: confirmationCode, today: today)
    }
    public func salons(chargingHotel hotelID: Int) async throws -> [Booking.Property] {
        try await roomCharges.salons(chargingHotel: hotelID)
    }
}
