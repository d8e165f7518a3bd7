import Foundation

/// A salon's deposits (予約金), asked by its terms (`VisitTerms.deposit`) and taken at the desk before
/// the visit: a sale of its own, with a receipt, whose one line (`ChargeCategory.deposit`) holds the
/// deposit against the appointment. What is held is the sum of the appointment's deposit lines in the
/// sales standing: the checkout takes it off the visit's total with a line of its own (`applied`), a fee
/// keeps it (`kept`), and a refund of either sale puts it back as it was.
public enum Deposit {
    /// The line of the deposit taken; the desk words these in its own language.
    public static let taken = "Deposit"
    /// The line taking it off the checkout's total, negative.
    public static let applied = "Deposit paid"
    /// The line of a fee's sale keeping it towards the fee, negative.
    public static let kept = "Deposit kept"
    /// The reason of the refund of a deposit's sale when the visit is called off in time, or its fee waived.
    public static let refunded = "Deposit refunded"
}

/// What an appointment asks as a deposit and holds of it.
public struct VisitDeposit: Hashable, Sendable {
    /// What the terms ask of it now: zero once it is no longer to come, or when they ask none.
    public var asked: Money
    /// What its customer has paid and the salon holds.
    public var held: Money

    public init(asked: Money, held: Money) {
        self.asked = asked
        self.held = held
    }
}

extension SalonDesk where Storage: CheckoutStorage {
    /// The deposit of an appointment, for those whose role reads money (nil for others).
    public func deposit(of id: Int, by staff: Staff) async throws -> VisitDeposit? {
        let (appointment, _) = try await self.appointment(id, by: staff)
        guard staff.roles(appointment.propertyID)?.readsMoney == true else { return nil }
        let salon = try await storage.salon(appointment.propertyID, by: staff)
        let terms = try await SalonTerms.read(salon, from: storage)
        let price = Self.price(
            of: appointment, among: try await storage.allServices(propertyID: salon.id), currency: salon.currency)
        return VisitDeposit(
            asked: terms.deposit(for: appointment, price: price),
            held: try await storage.depositsHeld(appointmentIDs: [id])[id] ?? .zero(salon.currency))
    }

    /// Refunds the deposits held for `appointments` (their sales reversed whole, `Deposit.refunded`):
    /// what calling them off in time, or waiving their fee, gives back.
    func refundDeposits(of appointments: [Appointment], by userID: Int?) async throws {
        let held = try await storage.depositsHeld(appointmentIDs: appointments.map(\.id))
        guard !held.isEmpty else { return }
        for sale in try await storage.sales(appointmentIDs: Array(held.keys))
        where sale.refund == nil && sale.isDeposit {
            _ = try await storage.refund(saleID: sale.id, reason: Deposit.refunded, by: userID)
        }
    }
}

extension Checkout {
    /// Takes the deposit an appointment's terms ask (`VisitTerms.deposit`), paid whole by `payments`,
    /// as a sale of its own with a receipt: refused when they ask none (`.depositNone`), when one is
    /// held already (`.depositTaken`, checked again in the transaction), or when the payments do not
    /// come to it (`.saleUnpaid`).
    public func takeDeposit(appointmentID: Int, payments: [SalePayment], by staff: Staff) async throws -> Sale {
        guard let appointment = try await storage.appointment(id: appointmentID),
            try staff.worksAt(appointment.propertyID)
        else { throw DomainError(.notFound, "no appointment \(appointmentID)") }
        let salon = try await storage.salon(appointment.propertyID, by: staff)
        try SaleOrder(propertyID: salon.id, payments: payments).validate(currency: salon.currency)
        guard appointment.state == .booked || appointment.state == .checkedIn else {
            throw DomainError(
                .notAllowed, "the appointment is \(appointment.state.rawValue): no deposit is taken for it",
                reason: .depositNone)
        }
        let price = SalonDesk<Storage>.price(
            of: appointment, among: try await storage.allServices(propertyID: salon.id), currency: salon.currency)
        let asked = try await SalonTerms.read(salon, from: storage).deposit(for: appointment, price: price)
        guard asked.amount > 0 else {
            throw DomainError(.notAllowed, "the appointment's terms ask no deposit", reason: .depositNone)
        }
        guard try await storage.depositsHeld(appointmentIDs: [appointmentID]).isEmpty else {
            throw DomainError.depositTaken
        }
        let quote = SaleQuote(
            customerID: appointment.customerID,
            lines: [
                SaleLine(
                    category: .deposit, description: Deposit.taken, unitPrice: asked, appointmentID: appointment.id,
                    serviceID: appointment.serviceID, staffID: appointment.staffID)
            ], taxes: [], includedTaxes: [], payments: payments, currency: salon.currency)
        try Self.checkPaid(quote)
        let customer = try await storage.customer(id: appointment.customerID)
        return try await storage.insertSale(
            quote, salon: salon, customerName: customer.map { $0.erased ? "" : $0.name } ?? "", changing: [],
            action: "deposit", by: staff.user.id)
    }
}

extension Sale {
    /// Whether the sale is a deposit taken (its lines deposits only, none negative).
    public var isDeposit: Bool {
        !lines.isEmpty && lines.allSatisfy { $0.category == .deposit && $0.amount.amount > 0 }
    }
}

extension DomainError {
    /// A deposit's sale refunded once the deposit was taken off a checkout or kept towards a fee.
    public static var depositApplied: DomainError {
        DomainError(
            .conflict, "the deposit was taken off a checkout or kept towards a fee: refund that sale first",
            reason: .depositApplied)
    }

    /// A deposit held already for the appointment: refused before, and again in the transaction.
    public static var depositTaken: DomainError {
        DomainError(.conflict, "a deposit is already held for the appointment", reason: .depositTaken)
    }
}
