import Foundation

/// An appointment called off: cancelled, by the desk or by its customer online, or marked a no-show, with
/// the salon's fee for it (`VisitTerms`) posted as a sale the customer owes, in the transaction that
/// changes the appointment. A fee the terms do not charge (a cancellation made in time) posts nothing.
extension SalonDesk where Storage: CheckoutStorage {
    /// What calling the appointment off now would charge (zero where the terms charge nothing): the desk
    /// states it before it asks. Nil for a role that does not read money (housekeeping), as a deposit is.
    public func callOffFees(_ id: Int, by staff: Staff) async throws -> CallOffFees? {
        let (appointment, _) = try await self.appointment(id, by: staff)
        guard staff.roles(appointment.propertyID)?.readsMoney == true else { return nil }
        let salon = try await storage.salon(appointment.propertyID, by: staff)
        let terms = try await SalonTerms.read(salon, from: storage)
        let price = try await price(of: appointment, at: salon)
        let held = try await storage.depositsHeld(appointmentIDs: [id])[id]
        let now = minute(now())
        return CallOffFees(
            cancellation: terms.fee(.lateCancellation, for: appointment, price: price, now: now, held: held),
            noShow: terms.fee(.noShow, for: appointment, price: price, now: now, held: held),
            lateFrom: appointment.startMinute - terms.of(serviceID: appointment.serviceID).lateCancellationMinutes)
    }

    /// Cancels a booked appointment at the desk (`kind` `.lateCancellation`), or marks its customer
    /// a no-show (`.noShow`): the fee its terms charge now is posted unless the desk waives it, for a
    /// reason kept in the appointment's notes. `.stale` when its version is not `version`.
    public func callOff(
        _ id: Int, version: Int?, as kind: VisitFee.Kind, terms decision: DeskCancellation = .applyTerms,
        by staff: Staff
    ) async throws -> (appointment: Appointment, fee: Sale?) {
        let (current, _) = try await appointment(id, by: staff)
        let salon = try await storage.salon(current.propertyID, by: staff)
        if case .waiveFee(let reason) = decision { try DeskCancellation.validate(reason: reason) }
        let terms = try await SalonTerms.read(salon, from: storage)
        let held = try await storage.depositsHeld(appointmentIDs: [id])
        let fee = terms.fee(
            kind, for: current, price: try await price(of: current, at: salon), now: minute(now()), held: held[id])
        guard fee.amount > 0, decision == .applyTerms else {
            var change = AppointmentChange(state: kind.state)
            if case .waiveFee(let reason) = decision, fee.amount > 0 {
                change.notes = DeskCancellation.note(waiving: reason, to: current.notes)
            }
            let changed = try await self.change(id, version: version, change, by: staff)
            try await refundDeposits(of: [changed], by: staff.user.id)
            return (changed, nil)
        }
        var appointment = current
        try appointment.transition(to: kind.state)
        appointment.version = version ?? current.version
        let sale = try await postFees([(appointment, kind, fee)], held: held, at: salon, by: staff.user.id)
        guard let stored = try await storage.appointment(id: id) else {
            throw DomainError(.notFound, "no appointment \(id)")
        }
        return (stored, sale)
    }

    /// Cancels the visit booked online under `code`, every service of it, while its terms allow
    /// (`.conflict` after); a cancellation made within the salon's late window posts its fee. The customer
    /// is told, in `language`, with the fee the terms charge, in the cancellation's transaction.
    public func cancelVisit(code: String, email: String, language: Language = .en) async throws -> SalonVisit {
        try await storage.inOneTransaction {
            let fee = try await visit(code: code, email: email).fees.cancellingNow
            let visit = try await cancelling(code: code, email: email)
            try await notices.send(.about(visit, kind: .cancellation, fee: fee, language: language))
            return visit
        }
    }

    private func cancelling(code: String, email: String) async throws -> SalonVisit {
        let current = try await visit(code: code, email: email)
        guard current.cancellation.allowed else {
            throw DomainError(
                .conflict, current.cancellation.reason ?? "the visit cannot be cancelled",
                reason: .visitCancelClosed,
                params: ["minutes": String(current.window.cancelNoticeMinutes)])
        }
        try await storage.exclusively(salon: current.salon.id) {
            let terms = try await SalonTerms.read(current.salon, from: storage)
            let now = minute(now())
            let services = try await storage.allServices(propertyID: current.salon.id)
            let held = try await storage.depositsHeld(appointmentIDs: current.appointments.map(\.id))
            var fees: [(Appointment, VisitFee.Kind, Money)] = []
            var free: [Appointment] = []
            for appointment in current.appointments where appointment.state == .booked {
                let fee = terms.fee(
                    .lateCancellation, for: appointment,
                    price: Self.price(of: appointment, among: services, currency: current.salon.currency), now: now,
                    held: held[appointment.id])
                guard fee.amount > 0 else {
                    free.append(
                        try await storage.change(
                            appointment.id, version: appointment.version, by: nil, action: "cancel-online"
                        ) { try $0.transition(to: .cancelled) })
                    continue
                }
                var cancelled = appointment
                try cancelled.transition(to: .cancelled)
                fees.append((cancelled, .lateCancellation, fee))
            }
            if !fees.isEmpty { _ = try await postFees(fees, held: held, at: current.salon, by: nil) }
            try await refundDeposits(of: free, by: nil)
        }
        return try await visit(code: code, email: email)
    }

    /// Stores the appointments called off with their fees as one sale to their customer, each's deposit
    /// `held` kept towards its fee (a line taking it off), in one transaction (`CheckoutStorage.insertSale`).
    private func postFees(
        _ fees: [(Appointment, VisitFee.Kind, Money)], held: [Int: Money], at salon: Property, by userID: Int?
    ) async throws -> Sale {
        let customerID = fees[0].0.customerID
        let customer = try await storage.customer(id: customerID)
        let quote = SaleQuote(
            customerID: customerID,
            lines: fees.flatMap { appointment, kind, fee in
                let line = { (category: ChargeCategory, description: String, amount: Money) in
                    SaleLine(
                        category: category, description: description, unitPrice: amount,
                        appointmentID: appointment.id, serviceID: appointment.serviceID, staffID: appointment.staffID)
                }
                return [line(.fee, kind.description, fee)]
                    + (held[appointment.id].map { [line(.deposit, Deposit.kept, $0.negated)] } ?? [])
            }, taxes: [], includedTaxes: [], payments: [], currency: salon.currency)
        return try await storage.insertSale(
            quote, salon: salon, customerName: customer.map { $0.erased ? "" : $0.name } ?? "",
            changing: fees.map(\.0), action: fees[0].1 == .noShow ? "no-show" : "cancel", by: userID)
    }

    /// What the appointment's service is priced at now (a retired service's last price).
    private func price(of appointment: Appointment, at salon: Property) async throws -> Money {
        Self.price(
            of: appointment, among: try await storage.allServices(propertyID: salon.id), currency: salon.currency)
    }

    static func price(of appointment: Appointment, among services: [Service], currency: Currency) -> Money {
        services.first { $0.id == appointment.serviceID }?.price ?? .zero(currency)
    }

    private func minute(_ date: Date) -> Int { Int(date.timeIntervalSince1970.rounded(.down)) / 60 }
}

/// What calling an appointment off would charge now.
public struct CallOffFees: Hashable, Sendable {
    /// Cancelling it now: zero before `lateFrom`, or when the terms charge nothing.
    public var cancellation: Money
    /// Marking its customer a no-show.
    public var noShow: Money
    /// The minute (since 1970 at UTC) from which a cancellation is late.
    public var lateFrom: Int
}

/// The terms each of a salon's services is booked on: the salon's, or the service's own.
public struct SalonTerms: Hashable, Sendable {
    public var salon: VisitTerms
    /// The services that state their own.
    public var services: [Int: VisitTerms]

    public init(salon: VisitTerms, services: [Int: VisitTerms]) {
        self.salon = salon
        self.services = services
    }

    public func of(serviceID: Int) -> VisitTerms { services[serviceID] ?? salon }

    /// What calling `appointment` off as `kind` at minute `now` charges, its service priced `price` and
    /// `held` of its deposit paid (`VisitTerms.fee`).
    public func fee(_ kind: VisitFee.Kind, for appointment: Appointment, price: Money, now: Int, held: Money? = nil)
        -> Money
    {
        guard appointment.state == .booked else { return .zero(price.currency) }
        return of(serviceID: appointment.serviceID).fee(
            kind, price: price, start: appointment.startMinute, now: now, held: held)
    }

    /// The deposit `appointment` asks, its service priced `price`: zero once it is no longer to come.
    public func deposit(for appointment: Appointment, price: Money) -> Money {
        guard appointment.state == .booked || appointment.state == .checkedIn else { return .zero(price.currency) }
        return of(serviceID: appointment.serviceID).deposit(price: price)
    }

    static func read(_ salon: Property, from storage: some SalonStorage) async throws -> SalonTerms {
        var services: [Int: VisitTerms] = [:]
        for service in try await storage.bookableServices(propertyID: salon.id) {
            if let terms = service.terms { services[service.id] = terms }
        }
        return SalonTerms(salon: try await storage.visitTerms(propertyID: salon.id), services: services)
    }
}
