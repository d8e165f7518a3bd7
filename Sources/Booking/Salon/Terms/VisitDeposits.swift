/// The deposits a salon visit has yet to take: each of its booked appointments whose terms ask one and
/// that holds none, with what it asks. What a bank transfer naming the visit's code settles.
struct VisitDeposits: Sendable {
    var code: String
    var open: [(appointment: Appointment, amount: Money)]
    var total: Money

    /// The visit of `salon` whose code is `code`, with its deposits still open; nil when `salon` is no salon
    /// or has no such visit.
    static func open<Storage: CheckoutStorage>(code: String, at salon: Property, in storage: Storage) async throws
        -> VisitDeposits?
    {
        guard salon.kind == .salon, let found = try await storage.visit(code: code),
            found.appointments.contains(where: { $0.propertyID == salon.id })
        else { return nil }
        let booked = found.appointments.filter { $0.propertyID == salon.id && $0.state == .booked }
        let services = try await storage.allServices(propertyID: salon.id)
        let terms = try await SalonTerms.read(salon, from: storage)
        let held = try await storage.depositsHeld(appointmentIDs: booked.map(\.id))
        let open = booked.filter { held[$0.id] == nil }.map { appointment in
            let price = SalonDesk<Storage>.price(of: appointment, among: services, currency: salon.currency)
            return (appointment: appointment, amount: terms.deposit(for: appointment, price: price))
        }.filter { $0.amount.amount > 0 }
        return VisitDeposits(
            code: found.code, open: open, total: Money(open.map(\.amount.amount).saturatedSum(), salon.currency))
    }
}
