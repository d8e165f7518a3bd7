/// What a member of staff may do to an appointment now, as the desk offers it: each decided by the
/// transition the operation itself makes, tried on a copy, and by the role's work. The server answers
/// them with an appointment; the desk shows the buttons it is told.
public enum AppointmentAction: String, CaseIterable, Sendable {
    /// The customer has come (`checked_in`, shown as "arrived").
    case arrive
    /// The visit is done.
    case complete
    /// Call it off.
    case cancel
    /// Mark a customer who never came.
    case noShow
    /// Move, resize or give it to another member (a drag on the board), or change its notes.
    case change
    /// Write the stylist's notes on the visit (カルテ), before, during or after it.
    case record
    /// Check the visit out (お会計): see `Appointment.actions(for:sales:deposit:)`.
    case pay
    /// Take the deposit its terms ask (`Checkout.takeDeposit`): see `Appointment.actions(for:sales:deposit:)`.
    case deposit
}

extension Appointment {
    /// What a member of staff with `role` may do to the appointment, in `AppointmentAction`'s order;
    /// with the sales that checked it out, whether it may be paid: a visit not in a sale standing, for a
    /// role that does desk work and reads money; with its deposit, whether it may be taken: asked, none
    /// held, of a visit still to come, for the same roles.
    public func actions(for role: StaffRole, sales: [Sale]? = nil, deposit: VisitDeposit? = nil)
        -> [AppointmentAction]
    {
        guard role.may(.deskWork) else { return [] }
        return AppointmentAction.allCases.filter { action in
            switch action {
            case .arrive: allows(self) { try $0.transition(to: .checkedIn) }
            case .complete: allows(self) { try $0.transition(to: .completed) }
            case .cancel: allows(self) { try $0.transition(to: .cancelled) }
            case .noShow: allows(self) { try $0.transition(to: .noShow) }
            case .change:
                allows(self) {
                    try $0.reschedule(staffID: staffID, startMinute: startMinute, durationMinutes: durationMinutes)
                }
            case .record: hasVisit
            case .pay:
                hasVisit && role.readsMoney
                    && sales.map { $0.allSatisfy { $0.refund != nil || $0.isDeposit } } == true
            case .deposit:
                (state == .booked || state == .checkedIn) && role.readsMoney
                    && deposit.map { $0.asked.amount > 0 && $0.held.amount == 0 } == true
            }
        }
    }
}
